#include <stdio.h>
#include "../programs/r4_arrscan.c"
static int a[8]; static long ck[4], ci[3];
static void gen(int len, int max) {
  if (len > 0) { int r = kadane(a, len); if (r >= 0) ck[r]++; }
  { int r = inversions(a, len); if (r >= 0) ci[r]++; }
  if (len == max) return;
  for (int v = -3; v <= 3; v++) { a[len] = v; gen(len + 1, max); } }
int main(void) {
  int w[4] = {40, 30, 30, -5}; printf("kadane(40,30,30,-5)=%d\n", kadane(w, 4));
  int big[32]; for (int i = 0; i < 32; i++) big[i] = 1000; printf("kadane(32 x 1000)=%d\n", kadane(big, 32));
  int r5[5] = {5, 4, 3, 2, 1}; printf("inversions(5,4,3,2,1)=%d\n", inversions(r5, 5));
  gen(0, 6);
  printf("every array of length <= 6 over -3..3: kadane ret %ld %ld %ld %ld, inversions ret %ld %ld %ld\n", ck[0], ck[1], ck[2], ck[3], ci[0], ci[1], ci[2]);
  return 0; }
