#include <stdio.h>
#include "../programs/b2_fixed.c"
int main(void) {
  /* witnesses */
  printf("sat_high %d\n", fixed_ops(0x3fffffff, 0x40000000));
  printf("one_half %d\n", fixed_ops(0x18000, 0x20000));
  printf("tiny %d\n", fixed_ops(182, 182));
  printf("neg_sat %d\n", fixed_ops(-65536, 0x7fffffff));
  /* dead codes 2 and 5 over a sampled grid (the argument is in the program) */
  long long a, b; int bad = 0;
  for (a = -0x80000000LL; a <= 0x7fffffffLL; a += 65521)
    for (b = -0x80000000LL; b <= 0x7fffffffLL; b += 65519) {
      int r = fixed_ops((int)a, (int)b); if (r == 2 || r == 5) bad++; }
  for (a = -300; a <= 300; a++) for (b = -300; b <= 300; b++) { int r = fixed_ops(a,b); if (r==2||r==5) bad++; }
  for (b = -0x80000000LL; b <= 0x7fffffffLL; b++) if (fixed_ops(-65536, (int)b) == 6) bad++;
  printf("bad %d\n", bad);
  return 0;
}
