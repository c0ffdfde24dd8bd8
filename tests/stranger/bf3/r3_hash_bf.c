#include <stdio.h>
#include "../programs/r3_hash.c"
int main(void) { int c[5] = {0}; int w1 = 0, w4 = 0;
  for (int a = 0; a < 64; a++) for (int b = 0; b < 64; b++) for (int x = 0; x < 64; x++) for (int d = 0; d < 64; d++) { int r = table(a, b, x, d); c[r]++;
    if (r == 1 && !w1) { w1 = 1; printf("chain4 %d %d %d %d\n", a, b, x, d); }
    if (r == 4 && !w4) { w4 = 1; printf("k1_at7 %d %d %d %d\n", a, b, x, d); } }
  printf("counts %d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4]); return 0; }
