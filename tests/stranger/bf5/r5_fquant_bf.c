#include <stdio.h>
#include <string.h>
#include "../programs/r5_fquant.c"
/* every float bit pattern (NaNs and out-of-range values return -1) */
int main(void) {
  long c[7] = {0}; float w[7]; unsigned u = 0;
  do { float x; memcpy(&x, &u, 4); int r = quant(x); if (r >= 0 && !c[r]++) w[r] = x; u++; } while (u != 0);
  for (int i = 0; i < 7; i++) printf("quant ret %d: %ld first x=%a (%.9g)\n", i, c[i], c[i] ? w[i] : 0.0f, c[i] ? w[i] : 0.0f);
  return 0;
}
