#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include "../programs/r3_fmix.c"
int main(void) {
  /* every float in [1, 1000] */
  uint32_t lo, hi, u; float f; long off = 0; float first = 0;
  f = 1.0f; memcpy(&lo, &f, 4); f = 1000.0f; memcpy(&hi, &f, 4);
  for (u = lo; u <= hi; u++) { memcpy(&f, &u, 4); if (mean3(f) == 1) { if (!off) first = f; off++; } }
  printf("mean_off: %ld floats, first %.9g (bits %#x)\n", off, first, 0);
  printf("grow(0.42, 2)=%d grow(0.41, 2)=%d\n", grow(0.42f, 2), grow(0.41f, 2));
  /* shrank: all rates on a grid of 2^20 points and all tiny rates */
  int sh = 0; for (int k = 1; k <= (1 << 20); k++) if (grow(k / (float)(1 << 21), 100) == 2) sh++;
  for (u = 1; u < 0x34000000u; u += 4099) { memcpy(&f, &u, 4); if (grow(f, 100) == 2) sh++; }
  printf("shrank hits: %d\n", sh);
  int fv = 0; double w = 0;
  for (int k = 0; k <= 1000000; k++) { double x = k / 1000000.0; int r = conv(x); if (r == 1 && !fv) { fv = 1; w = x; } if (r == 2) printf("trunc_above at %.17g\n", x); }
  printf("float_vs_double first witness x=%.17g conv=%d\n", w, conv(w));
  return 0;
}
