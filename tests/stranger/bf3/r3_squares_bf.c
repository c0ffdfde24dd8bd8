#include <stdio.h>
#include "../programs/r3_squares.c"
int main(void) { int c[5] = {0}; for (int n = 0; n <= 1000; n++) { int r = sq(n); c[r]++; if (r == 2) printf("is961 n=%d\n", n); }
  printf("counts %d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4]); return 0; }
