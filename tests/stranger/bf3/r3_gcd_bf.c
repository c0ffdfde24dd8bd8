#include <stdio.h>
#include "../programs/r3_gcd.c"
int main(void) { int c[5] = {0}, w3 = 0, w4 = 0, maxs = 0;
  for (int a = 1; a <= 2000; a++) for (int b = 1; b <= 2000; b++) { int r = gl(a, b); c[r]++;
    if (r == 3 && !w3) { w3 = 1; printf("g97 a=%d b=%d\n", a, b); }
    if (r == 4 && !w4) { w4 = 1; printf("fifteen a=%d b=%d\n", a, b); }
    int x = a, y = b, s = 0; while (y) { int t = x % y; x = y; y = t; s++; } if (s > maxs) maxs = s; }
  printf("counts %d %d %d %d %d max steps %d\n", c[0], c[1], c[2], c[3], c[4], maxs); return 0; }
