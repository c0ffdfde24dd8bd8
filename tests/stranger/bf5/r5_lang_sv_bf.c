#include <stdio.h>
/* the program's main renamed; nondet values served from a table */
static int nd[16], ndi;
int __VERIFIER_nondet_int(void) { return nd[ndi++]; }
static int errs;
void reach_error(void) { errs++; }
#define main prog_main
#include "../programs/r5_lang_sv.c"
#undef main
static long c[8], e; static int firstw[8][14], fe[14];
static void reset_globals(void) { ns = GREEN; ew = RED; phase = 0; timer = 2; saved = 0; cycles = 0; }
int main(void) {
  for (int n = 0; n <= 12; n++) {
    long total = 1; for (int i = 0; i < n; i++) total *= 4;
    for (long code = 0; code < total; code++) {
      long cc = code; nd[0] = n; for (int i = 0; i < n; i++) { nd[1 + i] = cc % 4; cc /= 4; }
      reset_globals(); ndi = 0; errs = 0;
      int r = prog_main();
      if (errs && !e++) for (int i = 0; i <= n; i++) fe[i] = nd[i];
      if (r >= 0 && r < 8 && !c[r]++) for (int i = 0; i <= n; i++) firstw[r][i] = nd[i];
    }
  }
  printf("reach_error: %ld sequences, first:", e); if (e) for (int i = 0; i <= fe[0]; i++) printf(" %d", fe[i]); printf("\n");
  for (int r = 0; r < 8; r++) { printf("main ret %d: %ld first:", r, c[r]); if (c[r]) for (int i = 0; i <= firstw[r][0]; i++) printf(" %d", firstw[r][i]); printf("\n"); }
  return 0;
}
