/* Counting loops with big constant and input bounds. */
int power(int e) {
  unsigned p = 1;
  int i, k = 0;
  if (e < 0 || e > 100000)
    return -1;
  for (i = 0; i < e; i++) {
    p = p * 3u;                                 /*@ mul */
    if (p % 1000u == 1u)
      k++;
  }
  if (i != e)
    return 1;                                   /*@ i_not_e */
  if (e == 90000 && k > 0)
    return 2;                                   /*@ ninety_k */
  return 0;
}
