/* p(x) = 2x^3 - 3x^2 + 1 = (x - 1)^2 (2x + 1) in Horner form, on [0, 2].
   above_one_early is dead: for 0 <= x < 1.4, 2x - 3 < -0.2 is computed
   exactly enough to stay negative, so (2x - 3) * x * x rounds to a value
   <= 0 and adding 1.0 gives at most 1.0 (rounding is monotone).
   out_of_byte is dead: lo <= c <= hi, so 0 <= fl(c - lo) <= fl(hi - lo)
   (monotone rounding), the quotient is in [0, 1] and times 255 in
   [0, 255].  Witnesses: tests/stranger/bf2/b2_fpoly_bf.c. */
static double horner(double x) {
  return ((2.0 * x - 3.0) * x + 0.0) * x + 1.0;
}

int poly(double x) {
  double y;
  if (x < 0.0 || x > 2.0)
    return -1;
  y = horner(x);
  if (y == 1.0 && x > 0.0)
    return 1;                                   /*@ back_to_one */
  if (y > 1.0 && x < 1.4)
    return 2;                                   /*@ above_one_early */
  if (y == 5.0)
    return 3;                                   /*@ at_two */
  if (y == 0.0 && x != 1.0)
    return 4;                                   /*@ false_root */
  return 0;
}

/* Clamps v into [lo, hi] and scales it to 0..255. */
int to_byte(float v, float lo, float hi) {
  float c;
  int b;
  if (!(lo < hi) || !(hi - lo >= 1.0f) || lo < -1e6f || hi > 1e6f)
    return -1;
  c = v < lo ? lo : (v > hi ? hi : v);
  b = (int)((c - lo) / (hi - lo) * 255.0f);
  if (b < 0 || b > 255)
    return 1;                                   /*@ out_of_byte */
  if (b == 255 && v < hi)
    return 2;                                   /*@ full_below */
  if (b == 128 && lo == 0.0f && hi == 1.0f)
    return 3;                                   /*@ half */
  return 0;
}
