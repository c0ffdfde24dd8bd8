/* Set 4, cause "disequality over a loop invariant": the invariant
   a + 2b == 2i (a branch inside the loop picks which variable grows) is
   enough to refute a + 2b < 2n and a + 2b > 2n one at a time (0.01 s each),
   but the target below (line 19), a + 2b != 2n, times out: the disequality is not
   split into its two strict halves. With n <= 1000 it is proved by
   enumeration.  Reduced from r4_walkers.c (walk_sum). */
int f(int n) {
  int i = 0, a = 0, b = 0;
  if (n < 0 || n > 100000)
    return -1;
  while (i < n) {
    if (i & 1)
      a += 2;
    else
      b += 1;
    i++;
  }
  if (a + 2 * b != 2 * n)
    return 1;                                   /* target: dead */
  return 0;
}
