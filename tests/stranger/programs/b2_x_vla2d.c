/* A two-dimensional VLA and a goto backward into a block. */
int vla2(int n) {
  int i, j, s = 0;
  if (n < 1 || n > 5)
    return -1;
  {
    int m[n][n];
    for (i = 0; i < n; i++)
      for (j = 0; j < n; j++)
        m[i][j] = i * j;
    for (i = 0; i < n; i++)
      s += m[i][n - 1 - i];
  }
  if (s == 10)
    return 1;                                   /*@ anti10 */
  return 0;
}
