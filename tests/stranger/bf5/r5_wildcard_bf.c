#include <stdio.h>
#include "../programs/r5_wildcard.c"
static const char pa[] = "abx?*", ta[] = "abx";
static char p[8], s[10]; static long c[6];
static void texts(int len, int max) {
  s[len] = '\0'; int r = glob(p, s); if (r >= 0) c[r]++;
  if (len == max) return;
  for (int i = 0; i < 3; i++) { s[len] = ta[i]; texts(len + 1, max); } }
static void pats(int len, int max) {
  p[len] = '\0'; texts(0, 7);
  if (len == max) return;
  for (int i = 0; i < 5; i++) { p[len] = pa[i]; pats(len + 1, max); } }
int main(void) {
  pats(0, 5);
  printf("every pattern <= 5 over abx?* against every text <= 7 over abx: ret 0..5: %ld %ld %ld %ld %ld %ld\n", c[0], c[1], c[2], c[3], c[4], c[5]);
  printf("glob(\"a*x*b\", \"aaaxaaab\") = %d, glob(\"?bc\", \"abc\") = %d, glob(\"*\", \"\") = %d\n", glob("a*x*b", "aaaxaaab"), glob("?bc", "abc"), glob("*", ""));
  return 0;
}
