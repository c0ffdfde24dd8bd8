#include <stdio.h>
#include "../programs/r4_minheap.c"
/* every (n, seed); the longest sift-up of one insertion recomputed */
int main(void) { long c[4] = {0}; int wn[4] = {-1, -1, -1, -1}, ws[4], maxsift = 0, mn = 0, ms = 0;
  for (int n = 1; n <= 64; n++) for (int s = 0; s <= 10000; s++) { int r = heap_sort(n, s); if (!c[r]++) { wn[r] = n; ws[r] = s; }
    int h[64], size = 0, x = s; for (int i = 0; i < n; i++) { x = (x * 75 + 74) % 65537; int j = size++, k = 0; h[j] = x % 1000;
      while (j > 0 && h[(j - 1) / 2] > h[j]) { int t = h[j]; h[j] = h[(j - 1) / 2]; h[(j - 1) / 2] = t; j = (j - 1) / 2; k++; }
      if (k > maxsift) { maxsift = k; mn = n; ms = s; } } }
  for (int i = 0; i < 4; i++) printf("ret %d: %ld first n=%d seed=%d\n", i, c[i], wn[i], ws[i]);
  printf("longest sift-up %d steps (n=%d seed=%d): siftup --iter %d reachable, --iter %d dead\n", maxsift, mn, ms, maxsift, maxsift + 1); return 0; }
