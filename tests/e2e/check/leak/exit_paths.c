/* exit() ends the run: what a running call still holds is not lost; what
   nothing holds is. */
#include <stdlib.h>

static void fail(int code) { exit(code); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  char *kept = malloc(8);                       /* @ leak unknown: still held at exit */
  kept[0] = 'a';
  char *lost = malloc(8);                       /* @ leak found */
  lost[0] = 'b';
  if (x == 77) {
    lost = 0;
    fail(3);
  }
  free(lost);
  if (x > 1000) fail(1);
  free(kept);
  return 0;
}
