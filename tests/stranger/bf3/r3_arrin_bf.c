#include <stdio.h>
#include "../programs/r3_arrin.c"
static int a[8], c[3];
static void gen(int len, int max) {
  if (len > 0) { int r = maxsub(a, len); if (r >= 0) c[r]++; }
  if (len == max) return;
  for (int v = -3; v <= 3; v++) { a[len] = v; gen(len + 1, max); }
}
/* bsearch: every sequence of comparison outcomes, for every n <= 16 */
static int maxprobes;
static void path(int n, int lo, int hi, int probes) {
  if (lo > hi) { if (probes > maxprobes) maxprobes = probes; return; }
  int mid = lo + (hi - lo) / 2;
  path(n, mid + 1, hi, probes + 1); path(n, lo, mid - 1, probes + 1);
}
int main(void) {
  int b[4] = {-5, 100, -1, -7};
  printf("maxsub(-5,100,-1,-7)=%d\n", maxsub(b, 4));
  gen(0, 5); printf("maxsub over -3..3, n<=5: %d %d %d\n", c[0], c[1], c[2]);
  int p[6] = {5, 1, 3, 2, 4, 0}; printf("is_perm(5,1,3,2,4,0)=%d\n", is_perm(p, 6));
  int s[15]; for (int i = 0; i < 15; i++) s[i] = i * 10;
  /* probes: mid 7, 3, 1, 0 -> key 0 found at the 4th probe */
  printf("bsearch_in(0,10,..,140; 0)=%d\n", bsearch_in(s, 15, 0));
  for (int n = 1; n <= 16; n++) path(n, 0, n - 1, 0);
  printf("max probes of a miss over n <= 16: %d\n", maxprobes);
  return 0;
}
