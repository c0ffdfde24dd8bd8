#include <stdio.h>
#include "../programs/r4_runs.c"
int main(void) { int c[6] = {0}, w[6], it16 = 0, w16 = -1;
  for (int i = 0; i < 6; i++) w[i] = -1;
  for (int x = 0; x <= 65535; x++) { int r = runs(x); c[r + 1]++; if (w[r + 1] < 0) w[r + 1] = x;
    if (((x >> 15) & 1) != ((x >> 14) & 1)) { it16++; if (w16 < 0) w16 = x; } }
  for (int i = 0; i < 6; i++) printf("ret %d: %d inputs, first %d (%#x)\n", i - 1, c[i], w[i], w[i]);
  printf("newrun in iteration 16: %d inputs, first %#x\n", it16, w16); return 0; }
