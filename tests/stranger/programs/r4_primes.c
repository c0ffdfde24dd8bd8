/* Counting primes up to n by trial division. Every n in 2..30000 run by
   bf4/r4_primes_bf.c. prime --iter 1000 is dead: iteration 1000 tests
   k = 1001 = 7 * 11 * 13. too_many is dead: above 2 only odd numbers can be
   prime, so c <= 1 + (n - 1) / 2. */
int count_primes(int n) {
  int c = 0, k, d, isp;
  if (n < 2 || n > 30000)
    return -1;
  for (k = 2; k <= n; k++) {
    isp = 1;
    for (d = 2; d * d <= k; d++)
      if (k % d == 0) {
        isp = 0;
        break;
      }
    if (isp)
      c++;                                      /*@ prime */
  }
  if (c == 1000)
    return 1;                                   /*@ thousand */
  if (c > n / 2 + 1)
    return 2;                                   /*@ too_many */
  if (c == 3245)
    return 3;                                   /*@ all3245 */
  return 0;
}
