/* Sieve of Eratosthenes up to n; count the primes. */
int primes(int n) {
  char comp[2001];
  int i, j, cnt = 0;
  if (n < 2 || n > 2000)
    return -1;
  for (i = 0; i <= n; i++)
    comp[i] = 0;
  for (i = 2; i * i <= n; i++)
    if (!comp[i])
      for (j = i * i; j <= n; j += i)
        comp[j] = 1;
  for (i = 2; i <= n; i++)
    if (!comp[i])
      cnt++;                                    /*@ prime */
  if (cnt == 100)
    return 1;                                   /*@ hundred */
  if (cnt > 400)
    return 2;                                   /*@ too_many */
  return 0;
}
