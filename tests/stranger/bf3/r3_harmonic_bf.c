#include <stdio.h>
#include "../programs/r3_harmonic.c"
int main(void) { float s = 0; int first10 = 0; for (int k = 1; k <= 1000000; k++) { s += 1.0f / (float)k; if (s > 10.0f && !first10) first10 = k; }
  printf("first n with s > 10: %d, s(10^6)=%.6f; harm(first)=%d harm(1000000)=%d\n", first10, s, harm(first10), harm(1000000)); return 0; }
