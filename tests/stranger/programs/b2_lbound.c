/* lower_bound over a constant table of the first 16 primes.
   past_small is dead: lo == 16 means every prime is below key, so key >= 54.
   not_lower is dead: everything left of lo is below key.
   The loop halves hi - lo from 16: at most 5 probes, so probe --iter 6 is
   dead (all checked over keys -100..100, tests/stranger/bf2/b2_lbound_bf.c). */
static const int primes[16] = {2, 3, 5, 7, 11, 13, 17, 19,
                               23, 29, 31, 37, 41, 43, 47, 53};

int lower_bound(int key) {
  int lo = 0, hi = 16;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (primes[mid] < key)                      /*@ probe */
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < 16 && primes[lo] == key && key % 2 == 0)
    return 1;                                   /*@ even_prime */
  if (lo == 16 && key < 54)
    return 2;                                   /*@ past_small */
  if (lo > 0 && primes[lo - 1] >= key)
    return 3;                                   /*@ not_lower */
  if (lo == 9 && primes[lo] != key)
    return 4;                                   /*@ gap_9 */
  return 0;
}

/* Counts the twin prime pairs (p, p + 2) of the table below a bound. */
int twins_below(int bound) {
  int i, n = 0;
  for (i = 0; i + 1 < 16 && primes[i + 1] < bound; i++)
    if (primes[i + 1] - primes[i] == 2)
      n++;
  if (n == 5)
    return 1;                                   /*@ five_twins */
  if (n > 6)
    return 2;                                   /*@ seven_twins */
  return 0;
}
