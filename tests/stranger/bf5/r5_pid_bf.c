#include <stdio.h>
#include "../programs/r5_pid.c"
/* every input through pi_run; and a copy of its loop recording whether the
   saturation line runs in iteration 600 (t == 599), and the largest
   overshoot / lowest position regardless of the earlier returns */
static int sat_last(int sp, int kp, int ki, int *ovs, int *lo, int *lng) {
  int pos = 0, vel = 0, integ = 0, u, e, t, s = 0, mx = 0, mn = 0, run = 0, longest = 0;
  for (t = 0; t < 600; t++) {
    e = sp - pos; integ += ki * e; if (integ > 8000) integ = 8000; if (integ < -8000) integ = -8000;
    u = (kp * e + integ) / 16;
    if (u > 100) { u = 100; run++; if (run > longest) longest = run; if (t == 599) s = 1; } else { run = 0; if (u < -100) u = -100; }
    vel += (u - vel) / 4; pos += vel / 8; if (pos > mx) mx = pos; if (pos < mn) mn = pos;
  }
  *ovs = mx - sp; *lo = mn; *lng = longest; return s;
}
int main(void) {
  long c[8] = {0}; int w[8][3]; long last = 0; int wl[3] = {-1, -1, -1}, gov = -1000000, gw[3], glo = 0, glng = 0;
  for (int sp = 0; sp <= 1000; sp++) for (int kp = 0; kp <= 15; kp++) for (int ki = 0; ki <= 15; ki++) {
    int r = pi_run(sp, kp, ki); if (!c[r]++) { w[r][0] = sp; w[r][1] = kp; w[r][2] = ki; }
    int ov, lo, lng;
    if (sat_last(sp, kp, ki, &ov, &lo, &lng) && !last++) { wl[0] = sp; wl[1] = kp; wl[2] = ki; }
    if (ov > gov) { gov = ov; gw[0] = sp; gw[1] = kp; gw[2] = ki; }
    if (lo < glo) glo = lo; if (lng > glng) glng = lng;
  }
  for (int i = 0; i < 8; i++) printf("pi_run ret %d: %ld first sp=%d kp=%d ki=%d\n", i, c[i], c[i] ? w[i][0] : 0, c[i] ? w[i][1] : 0, c[i] ? w[i][2] : 0);
  printf("saturated in iteration 600: %ld inputs, first sp=%d kp=%d ki=%d\n", last, wl[0], wl[1], wl[2]);
  printf("largest overshoot %d (sp=%d kp=%d ki=%d), lowest position %d, longest saturation run %d\n", gov, gw[0], gw[1], gw[2], glo, glng);
  return 0;
}
