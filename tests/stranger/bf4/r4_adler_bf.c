#include <stdio.h>
#include "../programs/r4_adler.c"
/* one pass per seed, every prefix length checked with the same recurrence;
   spot checks against the program */
int main(void) { long c[4] = {0}; int wn[4] = {-1, -1, -1, -1}, ws[4], bad = 0;
  for (int s = 0; s <= 255; s++) { unsigned a = 1, b = 0, x = s;
    for (int n = 0; n <= 100000; n++) {
      if (n > 0) { x = x * 1103515245u + 12345u; unsigned ch = (x >> 16) & 0xffu; a = (a + ch) % 65521u; b = (b + a) % 65521u; }
      int r = (a >= 65521u || b >= 65521u) ? 1 : ((b << 16) | a) == 0xb9a98ef2u ? 2 : (a == b && n > 50000) ? 3 : 0;
      if (!c[r]++) { wn[r] = n; ws[r] = s; }
      if (r == 2) printf("ret %d at n=%d seed=%d\n", r, n, s);
      if ((n % 9973 == 0 || r) && s % 37 == 0) { unsigned v = adler(n, s); if ((r == 0 && v != ((b << 16) | a)) || (r && v != (unsigned)r)) bad++; } } }
  for (int i = 0; i < 4; i++) printf("ret %d: %ld first n=%d seed=%d\n", i, c[i], wn[i], ws[i]);
  printf("mismatches %d\n", bad); return 0; }
