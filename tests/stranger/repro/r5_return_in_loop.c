/* Set 5, class 2: a `return` in a loop body turns off loop summaries and
   invariants.  k == i + 1 is a loop invariant, so k != n + 1 is dead (the
   return never happens: k <= 100001 < m + 200000).  UNKNOWN at 30 s
   (invariants 0, polyhedra 0, loop summaries 0 in --stats); with `break`
   instead of `return 1` it is UNREACHABLE in 0.03 s.  `continue` does the
   same: r5_continue_in_loop.c. */
int f(int n, int m) {
  int i = 0, k = 1;
  if (n < 0 || n > 100000 || m < 0 || m > 100000)
    return -1;
  while (i < n) {
    i++;
    k++;
    if (k > m + 200000)
      return 1;
  }
  if (k != n + 1)
    return 3;
  return 0;
}
