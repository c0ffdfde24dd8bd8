/* Rounding doubles to int the naive way, (int)(d + 0.5), and float sums.
   round_below is dead: d + 0.5 > d and rounding is monotone, so
   fl(d + 0.5) >= d, and truncation is monotone.
   three_below is dead: for 2 <= d < 2.5, d + 0.5 is exact (both are
   multiples of 2^-51 and the sum is below 4), so it is below 3; for
   d < 2 the sum is below 2.5. */
int naive_round(double d) {
  int i;
  if (!(d > -1e6 && d < 1e6))
    return -1;
  i = (int)(d + 0.5);
  if (d >= 0.0 && i != (int)d && d - (int)d < 0.5)
    return 1;                                   /*@ bad_round */
  if (i < (int)d)
    return 2;                                   /*@ round_below */
  if (i == 3 && d < 2.5)
    return 3;                                   /*@ three_below */
  if (i == 0 && d < -0.5)
    return 4;                                   /*@ neg_to_zero */
  return 0;
}

/* Adds 0.1f n times.  The sum is never negative (positive terms). */
int accumulate(int n) {
  float s = 0.0f;
  int i;
  if (n < 0 || n > 100000)
    return -1;
  for (i = 0; i < n; i++)
    s += 0.1f;                                  /*@ acc */
  if (s < 0.0f)
    return 1;                                   /*@ negative_sum */
  if (n == 10 && s != 1.0f)
    return 2;                                   /*@ ten_not_one */
  if (s > 100.0f && n == 1000)
    return 3;                                   /*@ thousand_over */
  return 0;
}

/* x + 1.0f - 1.0f against x. */
int near(float x) {
  float y = x + 1.0f;
  if (x > 0.0f && y == 1.0f)
    return 1;                                   /*@ absorbed */
  if (x > 0.25f && x < 0.5f && y - 1.0f != x)
    return 2;                                   /*@ inexact_quarter */
  if (x >= 1.0f && x <= 2.0f && y - 1.0f != x)
    return 3;                                   /*@ inexact_12 */
  if (x > 0.0f && x < 1e30f && (x * 2.0f) / 2.0f != x)
    return 4;                                   /*@ dbl_half */
  return 0;
}
