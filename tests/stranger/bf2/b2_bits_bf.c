#include <stdio.h>
#include "../programs/b2_bits.c"
int main(void) {
  int x, c[3] = {0};
  for (x = 0; x < 65536; x++) c[parity16(x)]++;
  printf("parity16: %d %d %d\n", c[0], c[1], c[2]);
  printf("bits(0xfffffffe)=%d round(1000)=%d round(0x80000001)=%d\n", bits(0xfffffffeu), round_pow2(1000), round_pow2(0x80000001u));
  return 0;
}
