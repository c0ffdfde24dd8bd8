#include <stdio.h>
#include "../programs/r3_roman.c"
/* iteration numbers of the emit line: copy of the loop */
int main(void) {
  int c[4] = {0}, maxit = 0, it20 = 0, maxemit_it = 0;
  for (int n0 = 1; n0 <= 3999; n0++) {
    int r = roman(n0); c[r]++;
    if (r == 1) printf("longest n=%d\n", n0);
    int n = n0, i = 0, it = 0;
    while (n > 0) { it++; if (n >= val[i]) { n -= val[i]; if (it > maxemit_it) maxemit_it = it; if (it == 20 && !it20) it20 = n0; } else i++; }
    if (it > maxit) maxit = it;
  }
  printf("counts %d %d %d %d  max loop iterations %d  last iteration with emit %d  first n emitting in iteration 20: %d\n", c[0], c[1], c[2], c[3], maxit, maxemit_it, it20);
  return 0;
}
