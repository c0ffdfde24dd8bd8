/* Temperature conversions in double and float. Checks in
   bf4/r4_ftemp_bf.c.
   below_abs is dead: c >= -273.15 and rounding is monotone, so
   f >= fl(fl(-273.15 * 1.8) + 32.0) == -459.67 (the double nearest it,
   checked by the harness).
   above_max is dead: c <= 1000 gives f <= fl(fl(1000 * 1.8) + 32) == 1832.
   kelvin_neg is dead: k = c + 273.15 >= fl(-273.15 + 273.15) == 0. */
int convert(double c) {
  double f, back, k;
  float ff;
  if (!(c >= -273.15 && c <= 1000.0))
    return -1;
  f = c * 1.8 + 32.0;
  k = c + 273.15;
  if (f < -459.67)
    return 1;                                   /*@ below_abs */
  if (f > 1832.0)
    return 2;                                   /*@ above_max */
  if (k < 0.0)
    return 3;                                   /*@ kelvin_neg */
  back = (f - 32.0) / 1.8;
  ff = (float)f;
  if (c == 37.0 && (double)ff != f)
    return 4;                                   /*@ body_temp */
  if (back != c && c > 100.0)
    return 5;                                   /*@ roundtrip_off */
  return 0;
}
