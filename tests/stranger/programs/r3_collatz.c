/* Collatz trajectory lengths for n below 100000 (every n run by
   bf3/r3_collatz_bf.c: the longest is 350 steps, at n = 77031). */
int steps(int n) {
  unsigned int m;
  int k = 0;
  if (n < 1 || n >= 100000)
    return -1;
  m = (unsigned int)n;
  while (m != 1) {
    if (m % 2 == 0)
      m = m / 2;
    else
      m = 3 * m + 1;
    k++;                                        /*@ step */
  }
  if (k == 350)
    return 1;                                   /*@ longest */
  if (k > 350)
    return 2;                                   /*@ longer */
  if (k == 100 && n > 20000)
    return 3;                                   /*@ hundred_big */
  return 0;
}
