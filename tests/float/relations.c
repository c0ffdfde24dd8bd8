/* Float facts a test writer expects proved, written as a stranger would,
 * and their near misses.  Each marked line states its verdict; the
 * argument for every "unreachable" is in the comment above it, the
 * "reachable" ones are validated by running the inputs found.
 * (tests/float/relations.sh; the rules: operators/float/fp_relate.c.)
 */
#include <math.h>

/* Scaling by a power of two is exact away from overflow and underflow;
   by 3 it is not. */
int scale_back(double x) {
  if (!(x > 1e-300 && x < 1e300))
    return -1;
  if ((x / 4.0) * 4.0 != x)
    return 1;                                   /*@ unreachable */
  if ((x / 3.0) * 3.0 != x)
    return 2;                                   /*@ reachable */
  return 0;
}

/* x + 0.25f is exact for 1 <= x <= 1.5 (both on the grid 2^-23, the sum
   below 2), so subtracting 0.25f gives x back; above 1.75 the sum reaches
   the binade of 2 and loses x's last bit. */
int quarter(float x) {
  if (x >= 1.0f && x <= 1.5f && (x + 0.25f) - 0.25f != x)
    return 1;                                   /*@ unreachable */
  if (x >= 1.75f && x < 2.0f && (x + 0.25f) - 0.25f != x)
    return 2;                                   /*@ reachable */
  return 0;
}

/* Bucketing a time: t + 1 >= t (rounding is monotone), so the bucket of
   t + 1 is never below the bucket of t. */
int bucket(double t) {
  int lo, hi;
  if (!(t >= 0.0 && t < 1000.0))
    return -1;
  lo = (int)(t * 0.1);
  hi = (int)((t + 1.0) * 0.1);
  if (hi < lo)
    return 1;                                   /*@ unreachable */
  if (hi > lo + 1)
    return 2;                                   /*@ unreachable */
  if (hi == lo + 1)
    return 3;                                   /*@ reachable */
  return 0;
}

/* A percentage of a range: lo <= v <= hi, so 0 <= fl(v - lo) <=
   fl(hi - lo) and the ratio is in [0, 1], times 100 in [0, 100]. */
int percent(float v, float lo, float hi) {
  float p;
  if (!(lo < hi) || !(v >= lo && v <= hi))
    return -1;
  p = (v - lo) / (hi - lo) * 100.0f;
  if (p > 100.0f)
    return 1;                                   /*@ unreachable */
  if (p < 0.0f)
    return 2;                                   /*@ unreachable */
  if (p == 100.0f && v < hi)
    return 3;                                   /*@ reachable */
  return 0;
}

/* Widening to double and rounding back once: for products with few
   significant bits and for sums of floats of bounded range the double
   operation is exact, so the float result is the float operation's. */
int widen(float f, float g) {
  double d = f;
  if (d * 5.0 > 0.0 && (float)(d * 5.0) != f * 5.0f)
    return 1;                                   /*@ unreachable */
  if (f >= 1.0f && f <= 1000.0f && g >= 1.0f && g <= 1000.0f && (float)(d + g) != f + g)
    return 2;                                   /*@ unreachable */
  if (f > 1.0f && f < 2.0f && (float)(d * 0.1) != f * 0.1f)
    return 3;                                   /*@ reachable */
  return 0;
}

/* Decay: x - x * k <= x when x * k >= 0. */
int decay(float x, float k) {
  float y;
  if (!(x > 0.0f && k >= 0.0f && k <= 1.0f))
    return -1;
  y = x - x * k;
  if (y > x)
    return 1;                                   /*@ unreachable */
  if (y < x && k < 1e-7f)
    return 2;                                   /*@ reachable */
  return 0;
}
