/* A fixed 200000-step LCG, then compared with the input; and a modular
   accumulator whose trip count is the input. bf3/r3_lcg_bf.c computes the
   state and runs every n of acc. */
int lcg(unsigned int x) {
  unsigned int s = 12345u;
  int i;
  for (i = 0; i < 200000; i++)
    s = s * 1103515245u + 12345u;
  if (x == s)
    return 1;                                   /*@ match */
  if (x == s + 1u && (s & 1u) == 0u)
    return 2;                                   /*@ next_odd */
  return 0;
}

int acc(int n) {
  int a = 0, i;
  if (n < 0 || n > 1000000)
    return -1;
  for (i = 0; i < n; i++)
    a = (a + i % 1000 * (i % 1000)) % 1009;    /*@ add */
  if (a >= 1009 || a < 0)
    return 1;                                   /*@ out_of_range */
  if (a == 1000 && n > 500000)
    return 2;                                   /*@ thousand */
  return 0;
}
