#include <stdio.h>
#include "../programs/r3_fsm.c"
int main(void) {
  int c[5] = {0}, w[5] = {-1, -1, -1, -1, -1};
  for (unsigned w0 = 0; w0 <= 0xFFFF; w0++) { int r = session(w0); c[r]++; if (w[r] < 0) w[r] = w0; }
  printf("counts %d %d %d %d %d  witnesses closed3=%d err4=%d\n", c[0], c[1], c[2], c[3], c[4], w[1], w[4]);
  return 0;
}
