#include <stdio.h>
#include "../programs/r3_lang_rec.c"
int main(void) {
  for (int m = 0; m <= 2; m++) for (int n = 0; n <= 10; n++) { int r = test_ack(m, n); if (r) printf("test_ack(%d,%d)=%d calls=%d\n", m, n, r, calls); }
  int pc[3] = {0}; for (unsigned n = 0; n <= 1000; n++) { int r = parity(n); pc[r]++; if (r == 2) printf("odd_seven n=%u\n", n); }
  printf("parity counts %d %d %d\n", pc[0], pc[1], pc[2]);
  printf("ids(6)=%d (first call in a fresh process)\n", ids(6));
  return 0; }
