/* Set 4, pr_many: counting loop whose increment is guarded by a parity
   test. c == 1 + (k - 1) / 2 numbers counted up to k, so c <= n / 2 + 1 and
   the target (line 15) is dead; the invariant 2c <= k + 1 needs the parity
   of k, the polyhedra give only c <= k - 1, and 30000 values of n with
   O(n) loops are too many to enumerate: UNKNOWN after the budget.
   (r4_primes.c is the same with a primality test.) */
int f(int n) {
  int c = 0, k;
  if (n < 2 || n > 30000)
    return -1;
  for (k = 2; k <= n; k++)
    if (k == 2 || k % 2 == 1)
      c++;
  if (c > n / 2 + 1)
    return 2;
  return 0;
}
