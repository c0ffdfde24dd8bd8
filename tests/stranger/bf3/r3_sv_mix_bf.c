#include <stdio.h>
/* the loop of r3_sv_mix.c over every n <= 16 and every choice sequence */
int main(void) { int err = 0, found = 0;
  for (int n = 0; n <= 16; n++) for (long m = 0; m < (1L << n); m++) { int x = 0, y = 0;
    for (int i = 0; i < n; i++) if (m >> i & 1) x += 2; else { x += 1; y += 1; }
    if (x == 2 * y + 5 && n == 10) found++; else if (x < y) err++; }
  printf("found %d err %d\n", found, err); return 0; }
