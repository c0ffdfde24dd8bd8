#include <stdio.h>
#include "../programs/r4_fbisect.c"
int main(void) { int c[4] = {0}, w[4] = {-1, -1, -1, -1};
  for (int cc = 1; cc <= 1000; cc++) { int r = bisect(cc); if (!c[r]++) w[r] = cc; if (r == 2) printf("near_ten at c=%d\n", cc);
    double lo = 0, hi = 20, mid; int k = 0; while (hi - lo > 1e-9) { mid = (lo + hi) / 2; if (mid * mid * mid - mid - cc > 0) hi = mid; else lo = mid; k++; }
    if (k != 35) printf("c=%d: %d halvings\n", cc, k); }
  for (int i = 0; i < 4; i++) printf("ret %d: %d first c=%d\n", i, c[i], w[i]); return 0; }
