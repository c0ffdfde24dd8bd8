#include <stdio.h>
#include "../programs/r5_divide.c"
int main(void) {
  long c[4] = {0}; int wa[4], wb[4];
  for (int a = 0; a <= 0xffff; a++) for (int b = 1; b <= 0xff; b++) { int r = shiftdiv(a, b); if (!c[r]++) { wa[r] = a; wb[r] = b; } }
  for (int i = 0; i < 4; i++) printf("shiftdiv ret %d: %ld first a=%d b=%d\n", i, c[i], c[i] ? wa[i] : 0, c[i] ? wb[i] : 0);
  long d[4] = {0}; int xa[4], xb[4];
  for (int a = 0; a <= 100000; a++) for (int b = 1; b <= 1000; b++) { int r = subdiv(a, b); if (!d[r]++) { xa[r] = a; xb[r] = b; } }
  for (int i = 0; i < 4; i++) printf("subdiv ret %d: %ld first a=%d b=%d\n", i, d[i], d[i] ? xa[i] : 0, d[i] ? xb[i] : 0);
  printf("subtraction count a/b >= 100000 only for a=100000 b=1 (a <= 100000, b >= 1)\n");
  return 0;
}
