#include <stdio.h>
#include "../programs/b2_lang.c"
int main(void) {
  int a, b, k, c[4] = {0}, i[4] = {0}, cl[4] = {0}; unsigned n;
  for (a = -300; a <= 300; a += 7) for (b = a; b <= 300; b += 5) for (k = 0; k <= 1000; k += 37) if (ranges(a, b, k) == 1) c[1]++;
  for (n = 0; n < 3000000; n++) { int r = runs(n); if (r == 2) c[2]++; }
  for (k = 0; k < 3; k++) for (a = -1000; a <= 1000; a++) { int r = inventory(k, a); if (r >= 0) i[r]++; }
  for (a = -128; a < 128; a++) cl[classify(a)]++;
  printf("ranges bad %d around %d; runs eleven(<3e6) %d one_run7 %d; inv %d %d %d %d; classify %d %d %d %d\n",
         c[1], ranges(-2, 2, 3), c[2], runs(7777), i[0], i[1], i[2], i[3], cl[0], cl[1], cl[2], cl[3]);
  return 0;
}
