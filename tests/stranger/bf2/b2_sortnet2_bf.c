#include <stdio.h>
#include "../programs/b2_sortnet2.c"
int main(void) {
  int a, b, c, d, n[5] = {0};
  for (a = 0; a <= 5; a++) for (b = 0; b <= 5; b++) for (c = 0; c <= 5; c++) for (d = 0; d <= 5; d++) n[net4p(a, b, c, d)]++;
  printf("net %d %d %d %d  spread %d\n", n[0], n[1], n[2], n[3], net4p(5, 0, 1, -5));
  return 0;
}
