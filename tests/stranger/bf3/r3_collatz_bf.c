#include <stdio.h>
#include "../programs/r3_collatz.c"
int main(void) { int c[4] = {0}, w3 = 0, maxk = 0, at = 0; unsigned peak = 0;
  for (int n = 1; n < 100000; n++) { int r = steps(n); c[r]++; if (r == 1) printf("longest n=%d\n", n); if (r == 3 && !w3) w3 = n;
    unsigned m = n; int k = 0; while (m != 1) { m = m % 2 ? 3 * m + 1 : m / 2; if (m > peak) peak = m; k++; } if (k > maxk) { maxk = k; at = n; } }
  printf("counts %d %d %d %d first hundred_big n=%d  max steps %d at %d, peak %u (no 32-bit overflow)\n", c[0], c[1], c[2], c[3], w3, maxk, at, peak); return 0; }
