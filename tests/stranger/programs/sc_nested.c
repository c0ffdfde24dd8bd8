/* Big nested loops with data-dependent bounds. */
int grid(int rows, int cols) {
  int r, c, diag = 0;
  long cells = 0;
  if (rows < 0 || rows > 1000 || cols < 0 || cols > 1000)
    return -1;
  for (r = 0; r < rows; r++)
    for (c = 0; c < cols; c++) {
      cells++;                                  /*@ cell */
      if (r == c)
        diag++;
    }
  if (diag == 500 && cells == 250000)
    return 1;                                   /*@ square500 */
  if (cells > 1000000)
    return 2;                                   /*@ too_many */
  return 0;
}
