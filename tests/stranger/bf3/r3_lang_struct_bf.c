#include <stdio.h>
#include "../programs/r3_lang_struct.c"
int main(void) { int c[6] = {0}, w[6][2];
  for (int x = -200; x <= 200; x++) for (int v = 0; v <= 100; v++) { int r = boxes(x, v); c[r]++; w[r][0] = x; w[r][1] = v; }
  for (int r = 0; r < 6; r++) printf("code %d: %d inputs, last x0=%d w=%d\n", r, c[r], w[r][0], w[r][1]); return 0; }
