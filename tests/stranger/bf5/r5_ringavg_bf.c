#include <stdio.h>
#include "../programs/r5_ringavg.c"
/* every (n, seed) through movavg, and per seed the step statistics */
int main(void) {
  long c[7] = {0}; int wn[7], ws[7]; int lowest = 1000, wls = -1, hmax = -1; long hot1000 = 0; int wh = -1;
  for (int seed = 0; seed <= 65535; seed++) {
    for (int n = 8; n <= 1000; n++) { int r = movavg(n, seed); if (!c[r]++) { wn[r] = n; ws[r] = seed; } }
    /* copy of the loop: lowest average after the buffer is full; hot in iteration 1000 */
    int buf[8] = {0}, head = 0, sum = 0; unsigned s = seed;
    for (int i = 0; i < 1000; i++) { s = s * 1103515245u + 12345u; int x = (s >> 16) & 0xff; sum += x - buf[head]; buf[head] = x; head = (head + 1) & 7;
      int avg = sum / 8; if (i >= 7 && avg < lowest) { lowest = avg; wls = seed; } if (i == 999 && avg >= 200 && !hot1000++) wh = seed; }
  }
  for (int i = 0; i < 7; i++) printf("movavg ret %d: %ld first n=%d seed=%d\n", i, c[i], c[i] ? wn[i] : 0, c[i] ? ws[i] : 0);
  printf("lowest full-window average %d (seed %d); seeds hot in iteration 1000: %ld (first %d)\n", lowest, wls, hot1000, wh);
  return 0;
}
