/* Drains n by steps of 1..16: the trip count is ceil(n / step).
   All inputs run by bf3/r3_drain_bf.c. */
int drain(int n, int step) {
  int cnt = 0;
  if (n < 0 || n > 1000000 || step < 1 || step > 16)
    return -1;
  while (n > 0) {
    n -= step;
    cnt++;                                      /*@ tick */
  }
  if (cnt == 62500 && step == 7)
    return 1;                                   /*@ exact */
  if (n < -15)
    return 2;                                   /*@ under */
  if (cnt * step < 0)
    return 3;                                   /*@ neg_prod */
  return 0;
}
