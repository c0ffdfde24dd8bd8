#include <stdio.h>
#include "../programs/r5_bresenham.c"
/* every line through line(); and a copy of its loop that records in which
   iterations of the while loop the y-step line runs (for --iter) */
static int step_at(int dx, int dy, int it) {
  int x = 0, err = 2 * dy - dx, k = 0;
  while (x < dx) { k++; int st = 0; if (err > 0) { st = 1; err -= 2 * dx; } err += 2 * dy; x++; if (k == it) return st; }
  return 0;
}
int main(void) {
  long c[5] = {0}; int wx[5], wy[5]; long it1500 = 0, it2000 = 0, it2001 = 0; int m2000 = -1;
  for (int dx = 0; dx <= 2000; dx++) for (int dy = 0; dy <= dx; dy++) {
    int r = line(dx, dy); if (!c[r]++) { wx[r] = dx; wy[r] = dy; }
    if (step_at(dx, dy, 1500)) it1500++;
    if (step_at(dx, dy, 2000)) { if (!it2000++) m2000 = dy; }
    if (step_at(dx, dy, 2001)) it2001++;
  }
  for (int i = 0; i < 5; i++) printf("line ret %d: %ld first dx=%d dy=%d\n", i, c[i], c[i] ? wx[i] : 0, c[i] ? wy[i] : 0);
  printf("lines with a y step in iteration 1500: %ld, in 2000: %ld (smallest dy %d), in 2001: %ld\n", it1500, it2000, m2000, it2001);
  return 0;
}
