#include <stdio.h>
#include "../programs/b2_lfsr.c"
int main(void) {
  static unsigned char seen[65536];
  unsigned short s = 1; int i, dup = 0, n, st, found = 0;
  for (i = 0; i < 65535; i++) { if (seen[s]++) dup++; unsigned l = s & 1u; s >>= 1; if (l) s ^= 0xB400u; }
  printf("back to 1: %d, dups %d, lfsr_period(0xACE1)=%d\n", s == 1, dup, lfsr_period(0xACE1));
  for (n = 101; n <= 20000 && found < 3; n++) for (st = 0; st < 256; st++) if (fletcher(n, st) == 2) { printf("sum1234 n=%d start=%d\n", n, st); found++; break; }
  return 0;
}
