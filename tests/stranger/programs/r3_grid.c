/* A heap matrix of rows (int **) filled with i * j + seed, and its 2-D
   prefix sums. All inputs (rows, cols 1..12, seed -5..5) run by
   bf3/r3_grid_bf.c. */
#include <stdlib.h>

int grid(int rows, int cols, int seed) {
  int **g, i, j, r = 0;
  if (rows < 1 || rows > 12 || cols < 1 || cols > 12 || seed < -5 || seed > 5)
    return -1;
  g = malloc(rows * sizeof(int *));
  for (i = 0; i < rows; i++) {
    g[i] = malloc(cols * sizeof(int));
    for (j = 0; j < cols; j++)
      g[i][j] = i * j + seed;
  }
  for (i = 0; i < rows; i++)
    for (j = 0; j < cols; j++) {
      if (i > 0)
        g[i][j] += g[i - 1][j];
      if (j > 0)
        g[i][j] += g[i][j - 1];
      if (i > 0 && j > 0)
        g[i][j] -= g[i - 1][j - 1];
    }
  if (g[rows - 1][cols - 1] == 100)
    r = 1;                                      /*@ total100 */
  else if (rows == cols && g[rows - 1][0] != g[0][cols - 1])
    r = 2;                                      /*@ asym */
  else if (g[0][0] != seed)
    r = 3;                                      /*@ corner */
  for (i = 0; i < rows; i++)
    free(g[i]);
  free(g);
  return r;
}
