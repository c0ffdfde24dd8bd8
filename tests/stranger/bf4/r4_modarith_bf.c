#include <stdio.h>
#include "../programs/r4_modarith.c"
/* all 2^32 values */
int main(void) { long ci[3] = {0}, cs[5] = {0}; unsigned wi[3] = {0}, ws[5] = {0}; unsigned x = 0;
  do { int r = inv3(x); if (!ci[r]++) wi[r] = x; r = squares((int)x); if (!cs[r]++) ws[r] = x; x++; } while (x != 0);
  for (int i = 0; i < 3; i++) printf("inv3 ret %d: %ld first %#x\n", i, ci[i], wi[i]);
  for (int i = 0; i < 5; i++) printf("squares ret %d: %ld first %#x (%d)\n", i, cs[i], ws[i], (int)ws[i]);
  return 0; }
