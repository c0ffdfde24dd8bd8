#include <stdio.h>
#include "../programs/r3_listbuild.c"
int main(void) { int c[4] = {0}; for (int n = 0; n <= 300; n++) for (int k = 1; k <= 6; k++) { int r = build(n, k); c[r]++; if (r == 3) printf("len250 n=%d k=%d\n", n, k); }
  printf("counts %d %d %d %d (alloc --iter 300: n=300)\n", c[0], c[1], c[2], c[3]); return 0; }
