#include <stdio.h>
#include "../programs/b2_sortnet.c"
int main(void) {
  int a, b, c, d, e, n[4] = {0}, s[4] = {0};
  for (a = 0; a <= 5; a++) for (b = 0; b <= 5; b++) for (c = 0; c <= 5; c++) for (d = 0; d <= 5; d++) n[net4(a, b, c, d)]++;
  for (a = 0; a <= 4; a++) for (b = 0; b <= 4; b++) for (c = 0; c <= 4; c++) for (d = 0; d <= 4; d++) for (e = 0; e <= 4; e++) s[sel_sort(a, b, c, d, e)]++;
  printf("net %d %d %d %d  sel %d %d %d  median7 %d\n", n[0], n[1], n[2], n[3], s[0], s[1], s[2], sel_sort(7, 8, 1, -1, 9));
  return 0;
}
