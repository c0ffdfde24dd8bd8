#include <stdio.h>
#include "../programs/r3_grid.c"
int main(void) { int c[4] = {0}, w = 0; for (int r = 1; r <= 12; r++) for (int co = 1; co <= 12; co++) for (int s = -5; s <= 5; s++) { int x = grid(r, co, s); c[x]++; if (x == 1 && !w) { w = 1; printf("total100 rows=%d cols=%d seed=%d\n", r, co, s); } }
  printf("counts %d %d %d %d\n", c[0], c[1], c[2], c[3]); return 0; }
