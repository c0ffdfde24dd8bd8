#include <stdio.h>
#include "../programs/r3_vmstack.c"
int main(void) { int c[5] = {0}, w[5] = {-1, -1, -1, -1, -1};
  for (unsigned p = 0; p <= 0xFFFF; p++) { int r = vm(p); c[r]++; if (w[r] < 0) w[r] = p; }
  printf("counts %d %d %d %d %d  witnesses overflow5=%#x top20=%#x full6=%#x\n", c[0], c[1], c[2], c[3], c[4], w[1], w[2], w[4]); return 0; }
