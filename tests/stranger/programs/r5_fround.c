/* Rounding a float reading to an integer: the classic (int)(x + 0.5f)
   against roundf, and floor/ceil/trunc facts, as a display driver's
   formatting code relies on them.  Every float in (-1e6, 1e6) run by
   bf5/r5_fround_bf.c.
   half_bug: reachable, x >= 0 where (int)(x + 0.5f) != roundf(x): only
     x = 0.49999997f (x + 0.5f rounds up to 1.0f) in [0, 1e6).
   floor_above: dead, floorf(x) <= x.
   ceil_gap: dead, ceilf(x) - floorf(x) is 0 or 1.
   trunc_cast: dead, truncf(x) equals (float)(int)x for |x| < 1e6.
   half_up: reachable, roundf(x) - x == 0.5f with x > 0: x = k + 0.5
     (roundf rounds halves away from zero).
   half_neg: dead, roundf(x) - x == 0.5f with x < 0: a negative half
     rounds away from zero, to x - 0.5; other x give |roundf(x) - x| < 0.5.
   neg_bug: reachable, x < 0 where (int)(x - 0.5f) != roundf(x): only the
     mirror case, x = -0.49999997f. */
#include <math.h>

int rnd(float x) {
  int a;
  if (!(x > -1.0e6f && x < 1.0e6f))
    return -1;
  a = x >= 0.0f ? (int)(x + 0.5f) : (int)(x - 0.5f);
  if (floorf(x) > x)
    return 1;                                   /*@ floor_above */
  if (ceilf(x) - floorf(x) > 1.0f)
    return 2;                                   /*@ ceil_gap */
  if (truncf(x) != (float)(int)x)
    return 3;                                   /*@ trunc_cast */
  if (x < 0.0f && roundf(x) - x == 0.5f)
    return 4;                                   /*@ half_neg */
  if (x >= 0.0f && (float)a != roundf(x))
    return 5;                                   /*@ half_bug */
  if (x < 0.0f && (float)a != roundf(x))
    return 6;                                   /*@ neg_bug */
  if (x > 0.0f && roundf(x) - x == 0.5f)
    return 7;                                   /*@ half_up */
  return 0;
}
