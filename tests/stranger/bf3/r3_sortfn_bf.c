#include <stdio.h>
#include "../programs/r3_sortfn.c"
int main(void) { int c[4] = {0};
  for (int a = -6; a <= 6; a++) for (int b = -6; b <= 6; b++) for (int x = -6; x <= 6; x++) for (int d = -6; d <= 6; d++) c[sort4(a, b, x, d)]++;
  printf("counts %d %d %d %d  sort4(5,2,-1,-5)=%d\n", c[0], c[1], c[2], c[3], sort4(5, 2, -1, -5)); return 0; }
