#include <stdio.h>
#include "../programs/r4_lang_bits2.c"
int main(void) { long c[7] = {0}; unsigned w[7] = {0}, x = 0;
  do { int r = decode(x); if (!c[r]++) w[r] = x; x++; } while (x != 0);
  for (int i = 0; i < 7; i++) printf("ret %d: %ld first %#x\n", i, c[i], w[i]); return 0; }
