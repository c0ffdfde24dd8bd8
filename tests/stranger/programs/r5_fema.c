/* An exponential moving average (one-pole low-pass, alpha = 0.25) of a
   constant sensor reading x, in float, over n samples, as a sensor
   driver smooths its input.  Every float x in [0, 1000] (about 1.15e9)
   with every n <= 500 run by bf5/r5_fema_bf.c (one run of 500 steps per
   x, the state tested after each step; the state is constant once
   y == prev, the run stops there).
   overshoot: dead, y <= x is invariant: d = fl(x - y) is at most
     (x - y)(1 + 2^-24), so y + fl(d / 4) <= x exactly and rounding
     (monotone, x representable) keeps it <= x.
   negative: dead, y >= 0 likewise (y and d / 4 >= 0).
   stuck_below: reachable, the update stops changing y while y < x
     (0.25 (x - y) is below half an ulp of y).
   converged: dead, y never reaches x > 0: it gets stuck one or two ulps
     below (for every x in (0, 1000], bf5).
   slow: dead, y stops changing at step index 56 at the latest;
   slowest: reachable, index 56 (needs n >= 57): 205509102 floats, the
     first x = 0x1.a2ff7ap-125.
   update --iter 500: reachable (n = 500). */

int ema(float x, int n) {
  float y = 0.0f, prev;
  int i, stuck = -1;
  if (!(x >= 0.0f && x <= 1000.0f) || n < 0 || n > 500)
    return -1;
  for (i = 0; i < n; i++) {
    prev = y;
    y = y + 0.25f * (x - y);                    /*@ update */
    if (y == prev && stuck < 0)
      stuck = i;
  }
  if (y > x)
    return 1;                                   /*@ overshoot */
  if (y < 0.0f)
    return 2;                                   /*@ negative */
  if (stuck > 56)
    return 3;                                   /*@ slow */
  if (stuck == 56)
    return 6;                                   /*@ slowest */
  if (y == x && x > 0.0f)
    return 4;                                   /*@ converged */
  if (stuck >= 0 && y < x)
    return 5;                                   /*@ stuck_below */
  return 0;
}
