#include <stdio.h>
#include "../programs/r3_digits.c"
int main(void) {
  int c[5] = {0}, w[5] = {0}, maxk = 0;
  for (int n = 0; n <= 99999; n++) {
    int r = digits(n);
    c[r]++; if (!w[r]) w[r] = n;
    int k = 0; for (int m = n; m > 0; m /= 10) k++;
    if (k > maxk) maxk = k;
  }
  printf("counts %d %d %d %d %d  witnesses pal27=%d four=%d  max digit iterations %d\n", c[0], c[1], c[2], c[3], c[4], w[2], w[3], maxk);
  for (int n = 0; n <= 99999; n++) if (digits(n) == 3) printf("four_times n=%d\n", n);
  return 0;
}
