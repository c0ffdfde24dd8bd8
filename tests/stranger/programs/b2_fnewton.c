/* Six Newton steps for the square root of a in [1, 100], from x = a.
   negative is dead: x > 0 and a > 0 keep a / x and the mean positive
   (no underflow: every iterate stays >= 1 up to rounding).
   not_converged is dead: with x0 = a the ratio x_k / sqrt(a) grows with a
   (r -> (r + 1/r) / 2 is increasing for r >= 1), so the error below a = 50
   is below the one at a = 50, where x6 * x6 - a is 2.4e-6 (and 1e-3 is
   first exceeded near a = 99.25: tests/stranger/bf2/b2_fnewton_bf.c). */
#include <math.h>

int newton(double a) {
  double x;
  int i;
  if (!(a >= 1.0 && a <= 100.0))
    return -1;
  x = a;
  for (i = 0; i < 6; i++)
    x = 0.5 * (x + a / x);                      /*@ step */
  if (x <= 0.0)
    return 1;                                   /*@ negative */
  if (x == 3.0)
    return 2;                                   /*@ exact3 */
  if (fabs(x * x - a) > 1e-3 && a < 50.0)
    return 3;                                   /*@ not_converged */
  if (fabs(x * x - a) > 1e-3)
    return 4;                                   /*@ slow_big */
  return 0;
}
