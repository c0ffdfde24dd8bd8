#include <stdio.h>
#include "../programs/r5_memmove.c"
int main(void) {
  long c[6] = {0}; int w[6][4];
  for (int src = 0; src <= 32; src++) for (int dst = 0; dst <= 32; dst++) for (int len = 0; len <= 32; len++)
    for (int seed = 0; seed <= 255; seed++) { int r = mm(src, dst, len, seed); if (r < 0) continue;
      if (!c[r]++) { w[r][0] = src; w[r][1] = dst; w[r][2] = len; w[r][3] = seed; } }
  for (int i = 0; i < 6; i++) printf("mm ret %d: %ld first src=%d dst=%d len=%d seed=%d\n", i, c[i], c[i] ? w[i][0] : 0, c[i] ? w[i][1] : 0, c[i] ? w[i][2] : 0, c[i] ? w[i][3] : 0);
  return 0;
}
