#include <stdio.h>
#include "../programs/b2_ring.c"
int main(void) {
  unsigned ops; int base, c[5] = {0}, w2 = -1, w4o = -1, w4b = 0;
  for (ops = 0; ops < 4096; ops++) {
    int r = ring_run(ops, 0); c[r]++; if (r == 2 && w2 < 0) w2 = ops;
    for (base = -200; base <= 200; base++) { int r2 = ring_run(ops, base); if (r2 == 1 || r2 == 3) c[r2]++; if (r2 == 4 && w4o < 0) { w4o = ops; w4b = base; } }
  }
  printf("%d %d %d %d %d  drops3 ops=%d  sum100 ops=%d base=%d\n", c[0], c[1], c[2], c[3], c[4], w2, w4o, w4b);
  return 0;
}
