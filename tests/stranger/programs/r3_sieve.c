/* Counts the primes below n with a sieve on the stack (n <= 5000, every n
   run by bf3/r3_sieve_bf.c: 669 primes below 5000). */
int primes_below(int n) {
  char comp[5000];
  int i, j, cnt = 0;
  if (n < 2 || n > 5000)
    return -1;
  for (i = 0; i < n; i++)
    comp[i] = 0;
  for (i = 2; i * i < n; i++)
    if (!comp[i])
      for (j = i * i; j < n; j += i)
        comp[j] = 1;                            /*@ strike */
  for (i = 2; i < n; i++)
    if (!comp[i])
      cnt++;
  if (cnt == 500)
    return 1;                                   /*@ five_hundred */
  if (cnt > 669)
    return 2;                                   /*@ too_many */
  return 0;
}
