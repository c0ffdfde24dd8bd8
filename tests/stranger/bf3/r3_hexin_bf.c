#include <stdio.h>
#include <string.h>
#include "../programs/r3_hexin.c"
static int wc[3];
static void gen(char *buf, int len, int max) {
  buf[len] = 0; wc[words(buf)]++;
  if (len == max) return;
  buf[len] = 'a'; gen(buf, len + 1, max); buf[len] = ' '; gen(buf, len + 1, max);
}
int main(void) {
  printf("parse_hex(0xBEEF)=%d parse_hex(0xffffffff)=%d\n", parse_hex("0xBEEF"), parse_hex("0xffffffff"));
  const char *dig = "0123456789abcdefABCDEF"; int big = 0; char s[5] = "0x__";
  for (int i = 0; i < 22; i++) for (int j = 0; j < 22; j++) { s[2] = dig[i]; s[3] = dig[j]; if (parse_hex(s) == 2) big++; }
  printf("two_big over all 2-digit strings: %d\n", big);
  char buf[16]; gen(buf, 0, 9);
  printf("words over {a,' '}^<=9: %d %d %d; words(\"a b cde\")=%d\n", wc[0], wc[1], wc[2], words("a b cde"));
  return 0;
}
