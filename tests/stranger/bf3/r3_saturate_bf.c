#include <stdio.h>
#include "../programs/r3_saturate.c"
int main(void) { int c[4] = {0}, w = 0; for (int n = 0; n <= 50; n++) for (int v = 1; v <= 1000; v++) { int r = sat(n, v); c[r]++; if (r == 3 && !w) { w = 1; printf("cap40 n=%d v0=%d\n", n, v); } }
  printf("counts %d %d %d %d (cap --iter 50: n=50 v0=1000 caps every iteration)\n", c[0], c[1], c[2], c[3]); return 0; }
