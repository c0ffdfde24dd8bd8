/* Three nested loops with data-dependent bounds. */
int cube(int a, int b, int c) {
  int i, j, k, n = 0;
  for (i = 0; i < a; i++)
    for (j = i; j < b; j++)
      for (k = 0; k < c; k += 2) {
        n++;                                    /*@ inner */
        if (i == 2 && j == 5 && k == 6)
          n += 100;                             /*@ spot */
      }
  if (n == 7 && a == 1)
    return 1;                                   /*@ seven */
  return n;
}
