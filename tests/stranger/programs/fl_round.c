/* Rounding by adding one half, and conversions to int. 
   early_three is unreachable: for x in [2, 2.5) both x and x + 0.5 lie in
   the binade [2, 4), so the sum is exact and below 3.  f_early_one is
   reachable (0.5f - 2^-25 plus 0.5f ties to 1.0f), checked exhaustively. */
int round_half(double x) {
  int r;
  if (x < -1000.0 || x > 1000.0)
    return -1;
  r = (int)(x + 0.5);
  if (r == 3 && x < 2.5)
    return 1;                                   /*@ early_three */
  if (r == 0 && x < -0.5)
    return 2;                                   /*@ trunc_zero */
  if (r == 7 && x - 6.5 < 0.25)
    return 3;                                   /*@ just_seven */
  return 0;
}

int roundf_half(float x) {
  int r;
  if (!(x > 0.0f && x < 100.0f))
    return -1;
  r = (int)(x + 0.5f);
  if (r == 1 && x < 0.5f)
    return 1;                                   /*@ f_early_one */
  return 0;
}
