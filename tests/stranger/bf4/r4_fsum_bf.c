#include <stdio.h>
#include "../programs/r4_fsum.c"
int main(void) { int c[5] = {0}, w[5] = {-1, -1, -1, -1, -1};
  for (int n = 0; n <= 100000; n++) { int r = accumulate(n); if (!c[r]++) w[r] = n; }
  for (int i = 0; i < 5; i++) printf("ret %d: %d first n=%d\n", i, c[i], w[i]); return 0; }
