/* Quadratic roots in double. Witnesses in bf3/r3_fquad_bf.c.
   neg_disc_real is dead: the branch is taken only when d >= 0, and sqrt of
   a non-negative double is non-negative, so r1 >= r2 whenever a > 0
   (division by the positive 2a and the subtraction of the same -b keep
   the order: (-b + s) >= (-b - s) when s >= 0, and rounding is monotone). */
#include <math.h>

int roots(double a, double b, double c) {
  double d, s, r1, r2;
  if (!(a >= -100.0 && a <= 100.0 && b >= -100.0 && b <= 100.0 && c >= -100.0 && c <= 100.0))
    return -1;
  if (a == 0.0)
    return 0;
  d = b * b - 4.0 * a * c;
  if (d < 0.0)
    return 1;                                   /*@ complex */
  if (d == 0.0 && -b / (2.0 * a) == 3.0)
    return 2;                                   /*@ double3 */
  s = sqrt(d);
  r1 = (-b + s) / (2.0 * a);
  r2 = (-b - s) / (2.0 * a);
  if (a > 0.0 && r1 < r2)
    return 3;                                   /*@ neg_disc_real */
  if (r1 == 2.0 && r2 == -0.5)
    return 4;                                   /*@ two_half */
  return 0;
}
