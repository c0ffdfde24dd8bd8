/* Bubble sort of 64 values from a linear congruential generator seeded by
   the input, counting swaps.  A pass without a swap ends the sort.
   too_many_swaps is dead: a bubble sort does one swap per inversion and 64
   values have at most 64 * 63 / 2 == 2016 inversions.  unsorted_after is
   dead: the loop only stops after a pass without a swap (or 64 passes,
   enough for 64 values). */
#define LEN 64

int bigsort(unsigned seed) {
  int a[LEN];
  int i, pass, swaps = 0, swapped = 1;
  unsigned x = seed;
  for (i = 0; i < LEN; i++) {
    x = x * 1103515245u + 12345u;
    a[i] = (int)((x >> 16) & 1023);
  }
  for (pass = 0; pass < LEN && swapped; pass++) {
    swapped = 0;
    for (i = 0; i + 1 < LEN - pass; i++) {
      if (a[i] > a[i + 1]) {
        int t = a[i];
        a[i] = a[i + 1];
        a[i + 1] = t;
        swaps++;                                /*@ swap */
        swapped = 1;
      }
    }
  }
  if (swaps > 2016)
    return 1;                                   /*@ too_many_swaps */
  for (i = 0; i + 1 < LEN; i++)
    if (a[i] > a[i + 1])
      return 2;                                 /*@ unsorted_after */
  if (swaps == 1000 && a[0] == 0)
    return 3;                                   /*@ thousand_swaps */
  if (pass == 64)
    return 4;                                   /*@ all_passes */
  return 0;
}

/* Counts lattice points (i, j), 1 <= i, j <= n, with i * j a multiple of 7. */
int lattice(int n) {
  int i, j, c = 0;
  if (n < 0 || n > 400)
    return -1;
  for (i = 1; i <= n; i++)
    for (j = 1; j <= n; j++)
      if ((i * j) % 7 == 0)
        c++;                                    /*@ hit */
  if (c == 10000)
    return 1;                                   /*@ ten_k */
  if (c > n * n)
    return 2;                                   /*@ over_square */
  if (c == 2604)
    return 3;                                   /*@ c2604 */
  return 0;
}
