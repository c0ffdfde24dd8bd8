#include <stdio.h>
#include <string.h>
#include "../programs/r5_fema.c"
/* For each float x in [0, 1000]: a copy of ema's loop run up to 500 steps,
   stopped when y == prev (from then on y never changes); the state after
   step k is exactly what ema(x, k) tests.  Spot checks call ema itself. */
int main(void) {
  long over = 0, neg = 0, conv = 0, below = 0, s56 = 0; float wconv = -1, wbelow = -1, w56 = -1; int wbn = -1, wcn = -1, maxstuck = -1; float wstuck = 0;
  long nostuck = 0;
  unsigned u = 0;
  do { float x; memcpy(&x, &u, 4); u++;
    if (!(x >= 0.0f && x <= 1000.0f)) continue;
    float y = 0.0f, prev; int stuck = -1;
    for (int i = 0; i < 500; i++) {
      prev = y; y = y + 0.25f * (x - y);
      if (y > x) over++; if (y < 0.0f) neg++;
      if (y == x && x > 0.0f) { if (!conv++) { wconv = x; wcn = i + 1; } }
      if (y == prev) { stuck = i; break; }
    }
    if (stuck < 0) nostuck++;
    if (stuck > maxstuck) { maxstuck = stuck; wstuck = x; }
    if (stuck == 56 && !s56++) w56 = x;
    if (stuck >= 0 && y < x) { if (!below++) { wbelow = x; wbn = stuck + 1; } }
  } while (u != 0);
  printf("y > x: %ld, y < 0: %ld, never stuck in 500: %ld, largest stuck index %d (x=%a)\n", over, neg, nostuck, maxstuck, wstuck);
  printf("y == x > 0 after some step: %ld (first x=%a n=%d)\n", conv, wconv, wcn);
  printf("stuck at index 56: %ld floats (first x=%a)\n", s56, w56);
  printf("stuck below x: %ld floats (first x=%a %.9g, n >= %d)\n", below, wbelow, wbelow, wbn);
  printf("ema(1000, 500) = %d, ema(%a, 500) = %d\n", ema(1000.0f, 500), w56, ema(w56, 500));
  return 0;
}
