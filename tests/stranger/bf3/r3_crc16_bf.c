#include <stdio.h>
#include "../programs/r3_crc16.c"
int main(void) {
  int c[4] = {0}; static int seen[65536]; int dup = 0;
  for (unsigned a = 0; a < 256; a++) for (unsigned b = 0; b < 256; b++) {
    int r = check(a, b); c[r]++;
    if (r == 1) printf("beef a=%u b=%u\n", a, b);
    if (r == 2) printf("zero_twin a=%u b=%u\n", a, b);
    if (seen[crc16(a, b)]++) dup++;
  }
  printf("counts %d %d %d %d  duplicates %d\n", c[0], c[1], c[2], c[3], dup);
  return 0;
}
