#include <stdio.h>
static int probes, maxprobes;
#define PROBE probes++
#include "../programs/b2_lbound.c"
int main(void) {
  int k, c[5] = {0}, t[3] = {0}, tw = 0;
  for (k = -100; k <= 100; k++) c[lower_bound(k)]++;
  for (k = -100000; k <= 100000; k++) { int r = twins_below(k); t[r]++; if (r == 1 && !tw) tw = k; }
  printf("lb %d %d %d %d %d  twins %d %d %d first5=%d\n", c[0], c[1], c[2], c[3], c[4], t[0], t[1], t[2], tw);
  /* max probes: copy of the loop */
  for (k = -100; k <= 100; k++) { int lo = 0, hi = 16, n = 0; while (lo < hi) { int mid = (lo + hi) / 2; n++; if (primes[mid] < k) lo = mid + 1; else hi = mid; } if (n > maxprobes) maxprobes = n; }
  printf("max probes %d\n", maxprobes);
  return 0;
}
