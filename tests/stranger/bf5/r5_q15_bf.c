#include <stdio.h>
#include "../programs/r5_q15.c"
/* every (a, b) in [-32768, 32767]^2; every (x, n) of smooth */
int main(void) {
  long c[7] = {0}; int wa[7], wb[7];
  for (int a = -32768; a <= 32767; a++)
    for (int b = -32768; b <= 32767; b++) {
      int r = q15_check(a, b);
      if (!c[r]++) { wa[r] = a; wb[r] = b; }
    }
  for (int i = 0; i < 7; i++) printf("q15_check ret %d: %ld first a=%d b=%d\n", i, c[i], c[i] ? wa[i] : 0, c[i] ? wb[i] : 0);
  long cs[3] = {0}; int wx[3], wn[3];
  for (int x = 8; x <= 30000; x++)
    for (int n = 0; n <= 400; n++) {
      int r = smooth(x, n);
      if (!cs[r]++) { wx[r] = x; wn[r] = n; }
    }
  for (int i = 0; i < 3; i++) printf("smooth ret %d: %ld first x=%d n=%d\n", i, cs[i], cs[i] ? wx[i] : 0, cs[i] ? wn[i] : 0);
  printf("mul_zero witness a=101 b=101: %d\n", q15_check(101, 101));
  return 0;
}
