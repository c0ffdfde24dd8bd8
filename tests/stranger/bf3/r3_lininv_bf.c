#include <stdio.h>
#include <stdlib.h>
#include "../programs/r3_lininv.c"
int main(void) {
  int c[5] = {0}; srand(1);
  for (int n = 0; n <= 200; n++) for (int t = 0; t < 5000; t++) {
    int cc = t < 3 ? (t == 0 ? 0 : t == 1 ? -1 : 0x7fffffff) : (rand() << 1) ^ rand();
    c[lin(n, cc)]++;
  }
  /* witness: exactly one double step: n = 41, bit 20 clear (used once for i < 41), every other bit set */
  printf("counts %d %d %d %d %d  lin(41, ~(1<<20))=%d\n", c[0], c[1], c[2], c[3], c[4], lin(41, ~(1 << 20)));
  return 0;
}
