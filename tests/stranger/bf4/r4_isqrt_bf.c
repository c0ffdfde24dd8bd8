#include <stdio.h>
#include <math.h>
#include "../programs/r4_isqrt.c"
/* every n; steps recomputed by a copy of the loop */
int main(void) { int c[8] = {0}, w[8], maxs = 0, wmax = -1, bad = 0;
  for (int i = 0; i < 8; i++) w[i] = -1;
  for (int n = 0; n <= 2000000; n++) { int r = isqrt(n); int k = r >= 0 ? 0 : -r; if (k > 7) k = 7;
    if (r >= 0 && ((long)r * r > n || (long)(r + 1) * (r + 1) <= n)) bad++;
    c[k]++; if (w[k] < 0) w[k] = n;
    if (n >= 2) { int x = n, y = (x + n / x) / 2, s = 0; while (y < x) { x = y; y = (x + n / x) / 2; s++; } if (s > maxs) { maxs = s; wmax = n; } } }
  for (int i = 0; i < 6; i++) printf("%s%d: %d inputs, first %d\n", i ? "ret -" : "ret >=0 ", i, c[i], w[i]);
  printf("wrong roots %d; max steps %d first at n=%d (newton --iter %d reachable, --iter %d dead)\n", bad, maxs, wmax, maxs, maxs + 1);
  return 0; }
