#include <stdio.h>
#include "../programs/r4_matrix.c"
int main(void) { int c[5] = {0}, wp[5], wq[5], wr[5];
  for (int i = 0; i < 5; i++) wp[i] = -99;
  for (int p = -50; p <= 50; p++) for (int q = -50; q <= 50; q++) for (int r = 0; r <= 9; r++) { int x = check(p, q, r);
    if (!c[x]++) { wp[x] = p; wq[x] = q; wr[x] = r; } }
  for (int i = 0; i < 5; i++) printf("ret %d: %d first p=%d q=%d r=%d\n", i, c[i], wp[i], wq[i], wr[i]); return 0; }
