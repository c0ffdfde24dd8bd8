#include <stdio.h>
#include "../programs/b2_fnewton.c"
int main(void) {
  double a; int c[5] = {0}; double w[5] = {0};
  for (a = 1.0; a <= 100.0; a += 1.0 / 4096) { int r = newton(a); c[r]++; if (!w[r]) w[r] = a; }
  printf("%d %d %d %d %d  w2=%g w3=%g w4=%g\n", c[0], c[1], c[2], c[3], c[4], w[2], w[3], w[4]);
  return 0;
}
