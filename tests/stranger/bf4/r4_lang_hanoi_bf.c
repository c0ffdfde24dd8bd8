#include <stdio.h>
#include "../programs/r4_lang_hanoi.c"
int main(void) { int c[5] = {0}, wn[5], wk[5]; for (int i = 0; i < 5; i++) wn[i] = -1;
  for (int n = 1; n <= 10; n++) for (int k = 0; k <= 1023; k++) { int r = solve(n, k); if (!c[r]++) { wn[r] = n; wk[r] = k; }
    if (r == 3 || r == 4) printf("ret %d at n=%d k=%d\n", r, n, k); }
  for (int i = 0; i < 5; i++) printf("ret %d: %d first n=%d k=%d\n", i, c[i], wn[i], wk[i]); return 0; }
