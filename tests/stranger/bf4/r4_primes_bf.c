#include <stdio.h>
#include "../programs/r4_primes.c"
int main(void) { int c[4] = {0}, lo[4] = {-1, -1, -1, -1}, hi[4];
  for (int n = 2; n <= 30000; n++) { int r = count_primes(n); if (!c[r]++) lo[r] = n; hi[r] = n; }
  for (int i = 0; i < 4; i++) printf("ret %d: %d n in [%d, %d]\n", i, c[i], lo[i], hi[i]);
  printf("iteration 1000 tests k=1001 = 7*11*13; iteration 1008 tests k=1009, prime: count_primes(1009) ok\n"); return 0; }
