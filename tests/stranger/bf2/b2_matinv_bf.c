#include <stdio.h>
#include "../programs/b2_matinv.c"
int main(void) {
  int a, b, c, d, bad = 0;
  for (a = -12; a <= 12; a++) for (b = -12; b <= 12; b++) for (c = -12; c <= 12; c++) for (d = -12; d <= 12; d++)
    if (matinv(a, b, c, d) == 1) bad++;
  printf("bad %d sym %d swap %d\n", bad, matinv(181, 200, 200, 221), matinv(0, 1, 1, 0));
  printf("table: %d (seed 55)\n", table(55));
  return 0;
}
