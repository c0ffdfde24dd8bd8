#include <stdio.h>
#include "../programs/r3_lcg.c"
int main(void) { unsigned s = 12345u; for (int i = 0; i < 200000; i++) s = s * 1103515245u + 12345u;
  printf("s=%u (lcg match: x = s) parity %u; lcg(s)=%d lcg(s+1)=%d\n", s, s & 1u, lcg(s), lcg(s + 1u));
  int c[3] = {0}, w = -1; int a = 0;
  /* acc for every n, incrementally */
  for (int n = 0; n <= 1000000; n++) { if (a == 1000 && n > 500000 && w < 0) w = n; if (a >= 1009 || a < 0) c[1]++; a = (a + n % 1000 * (n % 1000)) % 1009; }
  printf("acc out_of_range count %d; first n > 500000 with a == 1000: %d, acc(n)=%d\n", c[1], w, acc(w)); return 0; }
