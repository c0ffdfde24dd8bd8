#include <stdio.h>
#include "../programs/b2_bigsort.c"
int main(void) {
  unsigned s; int c[5] = {0}, n; unsigned w3 = 0, w4 = 0; int f3 = 0, f4 = 0;
  for (s = 0; s < 20000; s++) { int r = bigsort(s); c[r]++; if (r == 3 && !f3++) w3 = s; if (r == 4 && !f4++) w4 = s; }
  printf("bigsort %d %d %d %d %d  w3=%u w4=%u\n", c[0], c[1], c[2], c[3], c[4], w3, w4);
  for (n = 0; n <= 400; n++) { int r = lattice(n); if (r) printf("lattice(%d)=%d\n", n, r); }
  return 0;
}
