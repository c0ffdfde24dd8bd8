#include <stdio.h>
#include "../programs/r5_bitalloc.c"
int main(void) {
  long c[8] = {0}; int w[8];
  for (int ops = 0; ops <= 0xffffff; ops++) { int r = alloc_run(ops); if (!c[r]++) w[r] = ops; }
  for (int i = 0; i < 8; i++) printf("alloc_run ret %d: %ld first ops=%#x\n", i, c[i], c[i] ? w[i] : 0);
  return 0;
}
