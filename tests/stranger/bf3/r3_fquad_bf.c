#include <stdio.h>
#include "../programs/r3_fquad.c"
int main(void) {
  printf("roots(1,0,1)=%d roots(1,-6,9)=%d roots(2,-3,-2)=%d\n", roots(1, 0, 1), roots(1, -6, 9), roots(2, -3, -2));
  /* neg_disc_real: all integer coefficients -100..100, and a grid of halves */
  int c3 = 0;
  for (int a = -200; a <= 200; a++) for (int b = -200; b <= 200; b++) for (int c = -200; c <= 200; c += 1) if (roots(a / 2.0, b / 2.0, c / 2.0) == 3) c3++;
  printf("neg_disc_real hits on the half grid: %d\n", c3);
  return 0;
}
