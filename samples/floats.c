/* floats.c - IEEE 754 float and double as gcc -O0 computes them on x86-64:
 * every rounding is the machine's (round to nearest even, subnormals,
 * signed zeros, infinities, NaN), so the verdicts below are exact.
 *   inka-ng --reach samples/floats.c:LINE samples/floats.c
 * Each target line is marked with what the answer is. */
#include <math.h>

int ties(float x) {
  if (x > 0.0f && 1.0f + x == 1.0f && x >= 5.9604645e-08f)
    return 1;                                   /*@ tie: reachable, x = 2^-24 exactly (tie to even) */
  if (1.0f + x == 1.0f && x > 5.9604645e-08f)
    return 2;                                   /*@ above_tie: unreachable */
  return 0;
}

int narrow(double d) {
  float f = (float)d;
  if (f == 1.0f && d != 1.0)
    return 1;                                   /*@ inexact: reachable */
  if (f == 1.0f && (d > 1.0000001 || d < 0.99999997))
    return 2;                                   /*@ too_far: unreachable */
  return 0;
}

int special(double d) {
  if (d != d)
    return 1;                                   /*@ nan: reachable, d is NaN */
  if (d == 0.0 && 1.0 / d < 0.0)
    return 2;                                   /*@ negzero: reachable, d = -0 */
  return 0;
}

int overflow(float x) {
  float y = x * x;
  if (x < 2e19f && y == INFINITY)
    return 1;                                   /*@ overflow: reachable */
  return 0;
}

int to_int(float f) {
  int i = (int)f;                               /* undefined (ends the path) beyond int */
  if (f > 3e9f)
    return 1;                                   /*@ past_trap: unreachable */
  if (i == 7 && f != 7.0f)
    return 2;                                   /*@ seven: reachable, f in (7, 8) */
  return 0;
}

int roots(double x) {
  double r = sqrt(x);
  if (r > 2.0 && x < 4.0)
    return 1;                                   /*@ bad_root: unreachable */
  if (r * r != x && x > 0.0)
    return 2;                                   /*@ inexact_root: reachable */
  return 0;
}

int accumulate(float limit) {
  float s = 0.0f;
  int n = 0;
  while (s < limit && n < 100) {
    s += 0.1f;
    n++;
  }
  if (n == 10 && s > 1.0f)
    return 1;                                   /*@ drift: reachable, ten 0.1f add up past 1 */
  return 0;
}

int convert(int i) {
  float f = (float)i;
  if ((int)f != i)
    return 1;                                   /*@ int_inexact: reachable, |i| > 2^24 */
  return 0;
}

int classify(float x) {
  float y = x * 1e30f;
  if (isinf(y) && x < 1e9f)
    return 1;                                   /*@ to_inf: reachable, the product overflows */
  if (!isfinite(x) && !isinf(x) && !isnan(y))
    return 2;                                   /*@ nan_in_nan_out: unreachable */
  if (isnormal(x) && x < 1e-38f && x > 0)
    return 3;                                   /*@ below_normal: unreachable, 1e-38f is subnormal */
  return 0;
}
