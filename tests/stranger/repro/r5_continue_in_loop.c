/* Set 5, class 2 (continue): as r5_return_in_loop.c with a `continue`
   in the body: UNKNOWN at 30 s, no loop summary or invariant; without the
   two lines of the if it is UNREACHABLE at once. */
int f(int n, int m) {
  int i = 0, k = 1;
  if (n < 0 || n > 100000 || m < 0 || m > 100000)
    return -1;
  for (i = 0; i < n; i++) {
    k++;
    if (k > m + 200000)
      continue;
  }
  if (k != n + 1)
    return 3;
  return 0;
}
