#include <stdio.h>
#include "../programs/r4_walkers.c"
int main(void) { int c[2][5] = {{0}}, w[2][5];
  for (int i = 0; i < 5; i++) w[0][i] = w[1][i] = -1;
  for (int n = 0; n <= 200000; n++) { int r = split(n); if (r >= 0) { if (!c[0][r]++) w[0][r] = n; }
    r = meet(n); if (r >= 0) { if (!c[1][r]++) w[1][r] = n; if (r == 3) printf("steps66667 at n=%d\n", n); } }
  for (int i = 0; i < 5; i++) printf("split ret %d: %d first %d | meet ret %d: %d first %d\n", i, c[0][i], w[0][i], i, c[1][i], w[1][i]);
  for (int n = 99991; n <= 100000; n++) if (split(n) == 4) printf("gap_two at n=%d\n", n);
  return 0; }
