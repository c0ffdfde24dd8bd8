#include <stdio.h>
#include <string.h>
#include "../programs/r4_kvparse.c"
/* witnesses by hand; the dead targets checked over every string of length
   <= 7 over the alphabet "ai=1;9" (plus id) */
static const char al[] = "ai=1;9d";
static char buf[16]; static long c[5];
static void gen(int len, int max) {
  buf[len] = '\0'; int r = parse(buf); if (r >= 0) c[r]++;
  if (r == 2 || r == 4) printf("dead target hit by \"%s\"\n", buf);
  if (len == max) return;
  for (int k = 0; al[k]; k++) { buf[len] = al[k]; gen(len + 1, max); }
}
int main(void) {
  printf("parse(\"id=4242;x=1\")=%d\n", parse("id=4242;x=1"));
  printf("parse(\"a=1;b=2;c=3\")=%d\n", parse("a=1;b=2;c=3"));
  printf("parse(\"a=9999999\")=%d\n", parse("a=9999999"));
  gen(0, 8);
  printf("all strings <= 8 over \"%s\": ret0 %ld ret1 %ld ret2 %ld ret3 %ld ret4 %ld\n", al, c[0], c[1], c[2], c[3], c[4]);
  return 0; }
