#include <stdio.h>
#include "../programs/r4_dates.c"
/* every (y, m, d) with d <= 40; leap_add runs only when i == 2 (iteration 2) */
int main(void) { int c[7] = {0}, wy[7], wm[7], wd[7];
  for (int i = 0; i < 7; i++) wy[i] = -1;
  for (int y = 1; y <= 9999; y++) for (int m = 1; m <= 12; m++) for (int d = 1; d <= 40; d++) {
    int r = when(y, m, d); c[r + 1]++; if (wy[r + 1] < 0) { wy[r + 1] = y; wm[r + 1] = m; wd[r + 1] = d; } }
  for (int i = 0; i < 7; i++) printf("ret %d: %d inputs, first y=%d m=%d d=%d\n", i - 1, c[i], wy[i], wm[i], wd[i]);
  for (int m = 7; m <= 12; m++) printf("2026-%d-13 -> %d\n", m, when(2026, m, 13));
  return 0; }
