/* Float averaging, compound growth and float/int conversions.
   Witnesses and checks in bf3/r3_fmix_bf.c.
   shrank is dead: 1 + rate >= 1 in float, so b * (1 + rate) >= b (rounding
   is monotone) and b never drops below 1000.
   trunc_above is dead: for 0 <= x < 2^31 the truncation (int)x is <= x. */
int mean3(float a) {
  float m;
  if (!(a >= 1.0f && a <= 1000.0f))
    return -1;
  m = (a + a + a) / 3.0f;
  if (m != a)
    return 1;                                   /*@ mean_off */
  return 0;
}

int grow(float rate, int years) {
  float b = 1000.0f;
  int y;
  if (!(rate > 0.0f && rate <= 0.5f) || years < 1 || years > 100)
    return -1;
  for (y = 0; y < years; y++) {
    b = b * (1.0f + rate);
    if (b >= 2000.0f && y < 2)
      return 1;                                 /*@ fast_double */
  }
  if (b < 1000.0f)
    return 2;                                   /*@ shrank */
  return 0;
}

int conv(double x) {
  int q, r;
  if (!(x >= 0.0 && x <= 1.0))
    return -1;
  q = (int)((float)x * 100.0f);
  r = (int)(x * 100.0);
  if (q != r)
    return 1;                                   /*@ float_vs_double */
  if ((double)(int)(x * 1e9) > x * 1e9)
    return 2;                                   /*@ trunc_above */
  return 0;
}
