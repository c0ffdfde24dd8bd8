/* A sum of nonnegative terms bounded by the loop:
   s <= 9 * i at the head, so s <= 9 * n <= 900. */
int bounded(int n, int seed) {
  int i, s = 0, v = seed;
  if (n < 0 || n > 100)
    return -1;
  for (i = 0; i < n; i++) {
    v = (v * 1103515245 + 12345) & 0x7fffffff;
    s += v % 10;
  }
  if (s > 900)
    return 1;                                   /*@ over */
  if (s < 0)
    return 2;                                   /*@ negative */
  if (s == 9 && n == 1)
    return 3;                                   /*@ one_nine */
  return 0;
}
