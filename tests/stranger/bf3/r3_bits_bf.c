#include <stdio.h>
#include "../programs/r3_bits.c"
int main(void) {
  int c[5] = {0}, w[5] = {-1, -1, -1, -1, -1};
  for (unsigned x = 0; x <= 0xFFFF; x++) { int r = bits(x); c[r]++; if (w[r] < 0) w[r] = x; }
  printf("counts %d %d %d %d %d  witnesses sym6=%#x anti=%#x rot=%#x\n", c[0], c[1], c[2], c[3], c[4], w[2], w[3], w[4]);
  printf("popk(0xffffffff)=%d (clear --iter 32 reachable)\n", popk(0xffffffffu));
  return 0;
}
