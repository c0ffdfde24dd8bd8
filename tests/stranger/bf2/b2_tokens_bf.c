#include <stdio.h>
#include "../programs/b2_tokens.c"
/* every string of length <= 7 over {'a','1','2',' ',','} */
static const char al[] = "a12 ,";
static int c[5];
static void gen(char *buf, int len, int max) {
  buf[len] = 0;
  c[scan(buf)]++;
  if (len == max) return;
  for (int k = 0; k < 5; k++) { buf[len] = al[k]; gen(buf, len + 1, max); }
}
int main(void) {
  char buf[40];
  gen(buf, 0, 7);
  printf("%d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4]);
  printf("witnesses %d %d\n", scan("ab,cd 250"), scan("007"));
  return 0;
}
