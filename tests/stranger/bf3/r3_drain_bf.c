#include <stdio.h>
#include "../programs/r3_drain.c"
/* closed form of the loop checked against the program on a sample, then used
   for every input: cnt = ceil(n / step), final n = n - cnt * step */
int main(void) { int c[4] = {0}, w = -1, bad = 0;
  for (int st = 1; st <= 16; st++) for (int n = 0; n <= 1000000; n++) {
    int cnt = (n + st - 1) / st, fin = n - cnt * st;
    int r = cnt == 62500 && st == 7 ? 1 : fin < -15 ? 2 : cnt * st < 0 ? 3 : 0;
    if (n % 997 == 0 || (n > 437400 && n < 437510)) if (drain(n, st) != r) bad++;
    c[r]++; if (r == 1 && w < 0) w = n; }
  printf("counts %d %d %d %d  mismatches %d  exact: step 7 n=%d  (tick --iter 1000000: n=1000000 step=1)\n", c[0], c[1], c[2], c[3], bad, w); return 0; }
