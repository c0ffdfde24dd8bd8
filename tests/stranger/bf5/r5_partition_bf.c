#include <stdio.h>
#include <string.h>
#include "../programs/r5_partition.c"
static int a[16], b[16], wl[16], wlen; static long cl[6], cd[4];
static void genl(int len, int max) {
  if (len > 0) { memcpy(b, a, sizeof a); int r = lomuto(b, len); if (r >= 0 && !cl[r]++ && r == 5) { memcpy(wl, a, sizeof a); wlen = len; } }
  if (len == max) return;
  for (int v = -3; v <= 3; v++) { a[len] = v; genl(len + 1, max); } }
static void gend(int len, int max, int lo) {
  if (len > 0) { memcpy(b, a, sizeof a); int r = dedup(b, len); if (r >= 0) cd[r]++; }
  if (len == max) return;
  for (int v = lo; v <= 5; v++) { a[len] = v; gend(len + 1, max, v); } }
int main(void) {
  genl(0, 7);
  printf("lomuto over every array of length 1..7 of -3..3: ret 0..5: %ld %ld %ld %ld %ld %ld\n", cl[0], cl[1], cl[2], cl[3], cl[4], cl[5]);
  gend(0, 9, 0);
  printf("dedup over every sorted array of length 1..9 of 0..5: ret 0..3: %ld %ld %ld %ld\n", cd[0], cd[1], cd[2], cd[3]);
  printf("first mid3 witness:"); for (int i = 0; i < wlen; i++) printf(" %d", wl[i]); printf(" -> %d\n", lomuto(wl, wlen));
  int d[9] = {4, 4, 5, 6, 6, 6, 7, 7, 7}; printf("dedup(4,4,5,6,6,6,7,7,7) = %d\n", dedup(d, 9));
  return 0;
}
