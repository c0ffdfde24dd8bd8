/* Q16.16 fixed point: a saturating add and a rounding multiply through a
   64-bit intermediate.
   grew_neg is dead: for b < 0 the exact sum a + b is below a, and the
   saturation can only raise it to INT32_MIN <= a.
   mul_neg is dead: for a, b > 0 the 64-bit product is positive (at most
   2^62), +0x8000 and >> 16 keep it non-negative, and the clamp keeps the
   sign.
   neg_sat is dead: for a == -65536 (-1.0) the product is -b * 2^16, so
   p == -b >= -(2^31 - 1) > INT32_MIN (checked for all b by
   tests/stranger/bf2/b2_fixed_bf.c). */
typedef int fix;
#define FIX_MAX 0x7fffffff
#define FIX_MIN (-0x7fffffff - 1)

static fix fix_add(fix a, fix b) {
  long long s = (long long)a + b;
  if (s > FIX_MAX)
    return FIX_MAX;
  if (s < FIX_MIN)
    return FIX_MIN;
  return (fix)s;
}

static fix fix_mul(fix a, fix b) {
  long long p = (long long)a * b;
  p += 0x8000;
  p >>= 16;
  if (p > FIX_MAX)
    return FIX_MAX;
  if (p < FIX_MIN)
    return FIX_MIN;
  return (fix)p;
}

int fixed_ops(int a, int b) {
  fix s = fix_add(a, b);
  fix m;
  if (s == FIX_MAX && a < 0x40000000)
    return 1;                                   /*@ sat_high */
  if (s > a && b < 0)
    return 2;                                   /*@ grew_neg */
  m = fix_mul(a, b);
  if (a == 0x00018000 && m == 0x00030000)
    return 3;                                   /*@ one_half_times */
  if (m == 1 && a > 0 && b > 0 && a < 256 && b < 256)
    return 4;                                   /*@ tiny_round */
  if (m < 0 && a > 0 && b > 0)
    return 5;                                   /*@ mul_neg */
  if (m == FIX_MIN && a == -65536)
    return 6;                                   /*@ neg_sat */
  return 0;
}
