#include <stdio.h>
#include "../programs/r3_lang_ctl.c"
int main(void) { int c[6] = {0}, w[6][2];
  for (int a = -20; a <= 20; a++) for (int b = -20; b <= 20; b++) { int r = mix(a, b); c[r]++; w[r][0] = a; w[r][1] = b; }
  for (int r = 0; r < 6; r++) printf("code %d: %d inputs, last a=%d b=%d\n", r, c[r], w[r][0], w[r][1]); return 0; }
