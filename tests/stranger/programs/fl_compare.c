/* Tolerances and comparisons near a value. 
   neg_abs, outside and high_below are unreachable: a NaN fails every
   comparison, and otherwise the clamps and the sign test decide. */
static double fabs_(double v) { return v < 0 ? -v : v; }

int near(double x) {
  if (fabs_(x - 0.1) < 1e-12 && x != 0.1)
    return 1;                                   /*@ close_not_equal */
  if (fabs_(x) < 0.0)
    return 2;                                   /*@ neg_abs */
  if (x > 0.0 && x < 1e-300 && x * 1e300 > 0.5)
    return 3;                                   /*@ tiny */
  return 0;
}

int clampf(float x) {
  float y = x;
  if (y < -1.0f) y = -1.0f;
  if (y > 1.0f) y = 1.0f;
  if (y > 1.0f || y < -1.0f)
    return 1;                                   /*@ outside */
  if (y == 1.0f && x < 1.0f)
    return 2;                                   /*@ high_below */
  return 0;
}
