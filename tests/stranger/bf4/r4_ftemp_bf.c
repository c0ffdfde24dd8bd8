#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <math.h>
#include "../programs/r4_ftemp.c"
/* the bounds used by the dead-target arguments, then a sweep over 2^26
   doubles of [-273.15, 1000] (evenly spaced bit patterns per sign) plus
   both endpoints and their neighbours */
int main(void) {
  volatile double lo = -273.15, hi = 1000.0;
  double fl = lo * 1.8 + 32.0, fh = hi * 1.8 + 32.0, kl = lo + 273.15;
  printf("f(-273.15) = %.17g  (>= -459.67: %d)  f(1000) = %.17g  k(-273.15) = %.17g\n", fl, fl >= -459.67, fh, kl);
  long c[6] = {0}; double w[6] = {0};
  double ends[4] = {-273.15, nextafter(-273.15, 0), 1000.0, nextafter(1000.0, 0)};
  for (int i = 0; i < 4; i++) { int r = convert(ends[i]); if (r >= 0 && !c[r]++) w[r] = ends[i]; }
  uint64_t b0, b1; double x;
  /* positive part [0, 1000] and negative part [-273.15, -0] by bit patterns */
  x = 1000.0; memcpy(&b1, &x, 8);
  for (uint64_t b = 0; b <= b1; b += b1 / (1 << 25)) { memcpy(&x, &b, 8); int r = convert(x); if (r >= 0 && !c[r]++) w[r] = x; }
  x = -273.15; memcpy(&b1, &x, 8); x = -0.0; memcpy(&b0, &x, 8);
  for (uint64_t b = b0; b <= b1; b += (b1 - b0) / (1 << 25)) { memcpy(&x, &b, 8); int r = convert(x); if (r >= 0 && !c[r]++) w[r] = x; }
  for (int i = 0; i < 6; i++) printf("ret %d: %ld first %.17g\n", i, c[i], w[i]);
  printf("convert(37.0)=%d\n", convert(37.0));
  return 0; }
