#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include "../programs/b2_fpoly.c"
int main(void) {
  double x; int k, c[5] = {0};
  printf("poly(1.5)=%d poly(2)=%d\n", poly(1.5), poly(2.0));
  /* false roots near 1 */
  x = 1.0; for (k = 0; k < 2000000; k++) { x = nextafter(x, 2.0); if (poly(x) == 4) { printf("false root %.17g (%a)\n", x, x); break; } }
  x = 1.0; for (k = 0; k < 2000000; k++) { x = nextafter(x, 0.0); if (poly(x) == 4) { printf("false root below %.17g (%a)\n", x, x); break; } }
  srand(1);
  for (k = 0; k < 3000000; k++) { double r = (double)rand() / RAND_MAX * 1.4; c[poly(r)]++; }
  for (x = 0; x < 1.4; x = nextafter(x, 2.0) + 1e-9) if (poly(x) == 2) c[2]++;
  printf("random: %d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4]);
  /* to_byte */
  { float v; int n2 = 0, n1 = 0; float w2 = 0;
    for (k = 0; k < 5000000; k++) { float lo = (float)(rand() % 2000 - 1000) / 8, hi = lo + 1 + rand() % 1000 / 3.0f; v = hi - (float)(rand() % 100) * 1e-5f * hi; int r = to_byte(v, lo, hi); if (r == 1) n1++; if (r == 2 && !n2++) w2 = v; }
    printf("to_byte out %d full_below %d (e.g. %a)\n", n1, n2, w2);
    printf("half: %d\n", to_byte(0.502f, 0.0f, 1.0f)); }
  return 0;
}
