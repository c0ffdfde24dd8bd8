#include <stdio.h>
#include "../programs/r4_luhn.c"
/* every n in 0..9999999; digits counted for the --iter targets */
int main(void) { int c[6] = {0}, w[6], maxpos = 0;
  for (int i = 0; i < 6; i++) w[i] = -1;
  for (int n = 0; n <= 9999999; n++) { int r = luhn(n); int p = 0; for (int m = n; m > 0; m /= 10) p++;
    if (p > maxpos) maxpos = p; c[r + 1]++; if (w[r + 1] < 0) w[r + 1] = n; }
  for (int i = 0; i < 6; i++) printf("ret %d: %d inputs, first %d\n", i - 1, c[i], w[i]);
  printf("max digits %d (digit --iter 7 reachable with n >= 1000000, --iter 8 dead)\n", maxpos); return 0; }
