#include <stdio.h>
#include "../programs/r5_fkahan.c"
int main(void) {
  long c[6] = {0}; int w[6], last[6];
  for (int n = 0; n <= 20000; n++) { int r = sums(n); if (!c[r]++) w[r] = n; last[r] = n; }
  for (int i = 0; i < 6; i++) printf("sums ret %d: %ld first n=%d last n=%d\n", i, c[i], c[i] ? w[i] : -1, c[i] ? last[i] : -1);
  printf("naive_exact n:"); for (int n = 0; n <= 20000; n++) if (sums(n) == 4) printf(" %d", n); printf("\n");
  return 0;
}
