/* Bisection for the real root of x^3 - x - c on [0, 20]. Every c in
   1..1000 run by bf4/r4_fbisect_bf.c.
   The interval width is 20 / 2^k exactly (halving dyadic numbers is exact),
   and 20 / 2^34 > 1e-9 >= 20 / 2^35, so the loop runs exactly 35 times for
   every c: halve --iter 36 and not35 are dead. */
int bisect(int c) {
  double lo = 0.0, hi = 20.0, mid;
  int k = 0;
  if (c < 1 || c > 1000)
    return -1;
  while (hi - lo > 1e-9) {
    mid = (lo + hi) / 2.0;
    if (mid * mid * mid - mid - c > 0.0)
      hi = mid;
    else
      lo = mid;
    k++;                                        /*@ halve */
  }
  if (k != 35)
    return 1;                                   /*@ not35 */
  if (lo > 9.999 && lo < 10.001)
    return 2;                                   /*@ near_ten */
  if (lo * lo * lo - lo > c + 1e-6)
    return 3;                                   /*@ past_root */
  return 0;
}
