#include <stdio.h>
#include "../programs/r5_lang_rdp.c"
static char s[20]; static long c[9];
static void gen(const char *al, int na, int len, int max) {
  s[len] = '\0'; int r = eval(s); if (r >= 0) c[r]++;
  if (len == max) return;
  for (int i = 0; i < na; i++) { s[len] = al[i]; gen(al, na, len + 1, max); } }
int main(void) {
  /* every string of length <= 3 over all non-zero bytes */
  char all[255]; for (int i = 0; i < 255; i++) all[i] = (char)(i + 1);
  gen(all, 255, 0, 3);
  printf("all strings <= 3 bytes: ret 0..8: "); for (int i = 0; i < 9; i++) printf("%ld ", c[i]); printf("\n");
  for (int i = 0; i < 9; i++) c[i] = 0;
  gen("0129+-*()", 9, 0, 7);
  printf("strings <= 7 over 0129+-*(): ret 0..8: "); for (int i = 0; i < 9; i++) printf("%ld ", c[i]); printf("\n");
  for (int i = 0; i < 9; i++) c[i] = 0;
  gen("(1)", 3, 0, 16);
  printf("strings <= 16 over (1): ret 0..8: "); for (int i = 0; i < 9; i++) printf("%ld ", c[i]); printf("\n");
  printf("eval(\"6*7\")=%d eval(\"(((5)))\")=%d eval(\"(9*4)+(2*2)+0\")=%d eval(\"(((((((1)))))))\")=%d\n",
         eval("6*7"), eval("(((5)))"), eval("(9*4)+(2*2)+0"), eval("(((((((1)))))))"));
  return 0;
}
