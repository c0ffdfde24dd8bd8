#include <stdio.h>
#include <string.h>
#include "../programs/r5_fround.c"
int main(void) {
  long c[8] = {0}; float w[8], l[8]; unsigned u = 0;
  do { float x; memcpy(&x, &u, 4); int r = rnd(x); if (r >= 0) { if (!c[r]++) w[r] = x; l[r] = x; } u++; } while (u != 0);
  for (int i = 0; i < 8; i++) printf("rnd ret %d: %ld first x=%a (%.9g) last x=%a (%.9g)\n", i, c[i], c[i] ? w[i] : 0.0f, c[i] ? w[i] : 0.0f, c[i] ? l[i] : 0.0f, c[i] ? l[i] : 0.0f);
  return 0;
}
