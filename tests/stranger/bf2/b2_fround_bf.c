#include <stdio.h>
#include <math.h>
#include "../programs/b2_fround.c"
int main(void) {
  int n; float s = 0;
  printf("bad_round %d  neg_to_zero %d\n", naive_round(0.49999999999999994), naive_round(-0.75));
  for (n = 0; n <= 100000; n++) { int r = accumulate(n); if (r == 1) printf("neg at %d\n", n); if (n == 10 || n == 1000) printf("acc(%d)=%d\n", n, r); }
  for (n = 0; n < 1000; n++) s += 0.1f; printf("s1000=%.9g\n", s);
  printf("near %d %d %d\n", near(1e-9f), near(nextafterf(0.25f, 1)), near(nextafterf(1.0f, 2)));
  return 0;
}
