#include <stdio.h>
#include "../programs/b2_relate.c"
int main(void) {
  int a, b, c, e[5] = {0}, w[5] = {0}, o[4] = {0}, m[4] = {0};
  for (a = -300; a <= 300; a++) for (b = -300; b <= 300; b++) e[eqs(a, b)]++;
  for (a = 0; a <= 100000; a++) w[walk(a)]++;
  for (a = 0; a <= 50000; a++) o[odd_sum(a)]++;
  for (a = -4; a <= 4; a++) for (b = -4; b <= 4; b++) for (c = -4; c <= 4; c++) m[max3(a, b, c)]++;
  printf("eqs %d %d %d %d %d (complement %d)\nwalk %d %d %d %d %d\nodd %d %d %d %d\nmax3 %d %d %d %d\nabs %d\n",
         e[0], e[1], e[2], e[3], e[4], eqs(12345, ~12345), w[0], w[1], w[2], w[3], w[4], o[0], o[1], o[2], o[3], m[0], m[1], m[2], m[3],
         abs_trap(-2147483647 - 1));
  return 0;
}
