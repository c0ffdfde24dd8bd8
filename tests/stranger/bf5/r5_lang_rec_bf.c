#include <stdio.h>
#include "../programs/r5_lang_rec.c"
int main(void) {
  long c[6] = {0}; int w[6]; int maxcalls = 0, wmc = 0;
  for (int n = -1000; n <= 1000; n++) { int r = mc91(n); if (calls > maxcalls) { maxcalls = calls; wmc = n; } if (!c[r]++) w[r] = n; }
  for (int i = 0; i < 6; i++) printf("mc91 ret %d: %ld first n=%d\n", i, c[i], c[i] ? w[i] : 0);
  printf("most calls %d at n=%d\n", maxcalls, wmc);
  long d[4] = {0}; int wa[4], wb[4];
  for (int a = 1; a <= 3000; a++) for (int b = 1; b <= 3000; b++) { int r = bezout(a, b); if (!d[r]++) { wa[r] = a; wb[r] = b; } }
  for (int i = 0; i < 4; i++) printf("bezout ret %d: %ld first a=%d b=%d\n", i, d[i], d[i] ? wa[i] : 0, d[i] ? wb[i] : 0);
  long f[4] = {0}; int wk[4]; int maxd = 0;
  for (int key = 2; key <= 173; key++) { int r = find(key); if (depth > maxd) maxd = depth; if (!f[r]++) wk[r] = key; }
  for (int i = 0; i < 4; i++) printf("find ret %d: %ld first key=%d\n", i, f[i], f[i] ? wk[i] : 0);
  printf("deepest search: %d\n", maxd);
  return 0;
}
