#include <stdio.h>
#include "../programs/r4_pisano.c"
int main(void) { int c[5] = {0}, w[5] = {-1, -1, -1, -1, -1}, maxk = 0, wm = 0;
  for (int m = 2; m <= 2000; m++) { int r = pisano(m); if (!c[r]++) w[r] = m;
    int a = 0, b = 1, t, k = 0; do { t = (a + b) % m; a = b; b = t; k++; } while (!(a == 0 && b == 1));
    if (k > maxk) { maxk = k; wm = m; } if (k == 6 * m) printf("period 6m at m=%d\n", m); if (k == 1500) printf("period 1500 at m=%d\n", m); }
  for (int i = 0; i < 5; i++) printf("ret %d: %d first m=%d\n", i, c[i], w[i]);
  printf("max period %d at m=%d (step --iter %d reachable, --iter %d dead)\n", maxk, wm, maxk, maxk + 1); return 0; }
