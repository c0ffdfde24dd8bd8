#include <stdio.h>
#include "../programs/r5_timer.c"
/* every input through timer(); a copy of its loop says whether the fire
   line runs in iteration 1000 (t == 999) */
static int fire_at(int n, int pre, int period, int it) {
  int t, p = 0, phase = 0, f = 0;
  for (t = 0; t < n; t++) { if (++p < pre) continue; p = 0; if (++phase < period) continue; phase = 0; if (t == it - 1) f = 1; }
  return f;
}
int main(void) {
  long c[5] = {0}; int w[5][3]; long it1000 = 0, it5001 = 0;
  for (int n = 0; n <= 5000; n++) for (int pre = 1; pre <= 8; pre++) for (int per = 1; per <= 32; per++) {
    int r = timer(n, pre, per); if (!c[r]++) { w[r][0] = n; w[r][1] = pre; w[r][2] = per; }
    if (fire_at(n, pre, per, 1000)) it1000++;
    if (fire_at(n, pre, per, 5001)) it5001++;
  }
  for (int i = 0; i < 5; i++) printf("timer ret %d: %ld first n=%d pre=%d period=%d\n", i, c[i], c[i] ? w[i][0] : 0, c[i] ? w[i][1] : 0, c[i] ? w[i][2] : 0);
  printf("inputs firing in iteration 1000: %ld; with n >= 5001: %ld\n", it1000, it5001);
  return 0;
}
