/* Set 5, class 6: a prescaler.  t == fires * pre + p and 0 <= p < pre
   hold at the loop head, so fires * pre <= n and the target is dead
   (bf5/r5_repro_bf.c runs n <= 5000, pre <= 100).  UNKNOWN at 30 s:
   the invariant is of degree 2 in a local and an input, and the reset
   branch needs p + 1 == pre (from p <= pre - 1 and p + 1 >= pre). */
int f(int n, int pre) {
  int t, p = 0, fires = 0;
  if (n < 0 || n > 100000 || pre < 1 || pre > 100)
    return -1;
  for (t = 0; t < n; t++) {
    if (++p >= pre) {
      p = 0;
      fires++;
    }
  }
  if (fires * pre > n)
    return 1;
  return 0;
}
