#include <stdio.h>
#include "../programs/r4_queue.c"
int main(void) { int c[7] = {0}, w[7] = {-1, -1, -1, -1, -1, -1, -1}, m20 = 0, wm20 = -1;
  for (int ops = 0; ops < (1 << 20); ops++) { int r = drive(ops); if (!c[r]++) w[r] = ops;
    int len = 0, miss19 = 0; for (int i = 0; i < 20; i++) { if ((ops >> i) & 1) len++; else if (len) len--; else if (i == 19) miss19 = 1; }
    if (miss19) { m20++; if (wm20 < 0) wm20 = ops; } }
  for (int i = 0; i < 7; i++) printf("ret %d: %d first ops=%#x\n", i, c[i], w[i]);
  printf("miss in iteration 20: %d inputs, first %#x\n", m20, wm20); return 0; }
