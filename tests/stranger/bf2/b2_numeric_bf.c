#include <stdio.h>
#include <stdlib.h>
#include "../programs/b2_numeric.c"
int main(void) {
  unsigned long long n; int d, e, b, k;
  srand(7);
  for (k = 0; k < 10000000; k++) { n = 4000000000000000ULL + ((unsigned long long)rand() * 1000003ULL + rand()) % 1000000000000000ULL; if (luhn(n) == 1) { printf("visa %llu\n", n); break; } }
  for (d = 0; d < 10; d++) printf("%d", luhn(d)); printf(" singles\n");
  printf("powmod(2,1000002)=%d\n", powmod(2, 1000002));
  for (b = 2; b < 3; b++) for (e = 1; e < 3000000; e++) if (powmod(b, e) == 2) { printf("r999999: b=%d e=%d\n", b, e); break; }
  return 0;
}
