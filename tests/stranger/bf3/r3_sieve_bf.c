#include <stdio.h>
#include "../programs/r3_sieve.c"
int main(void) { int c[3] = {0}; for (int n = 2; n <= 5000; n++) { int r = primes_below(n); c[r]++; if (r == 1) printf("500 primes below n=%d\n", n); }
  printf("counts %d %d %d\n", c[0], c[1], c[2]); return 0; }
