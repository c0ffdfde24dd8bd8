#include <stdio.h>
#include <stdlib.h>
/* the program's main with nondet values from a table; every n <= 12 and
   every op sequence over {0, 1, 2} (other values act as 0) */
static int tab[16], pos;
int __VERIFIER_nondet_int(void) { return tab[pos++]; }
#include <setjmp.h>
static int err; static jmp_buf jb;
void __assert_fail(const char *a, const char *b, unsigned int c, const char *d) { err++; longjmp(jb, 1); }
#define main prog_main
#include "../programs/r4_sv_bank.c"
#undef main
int main(void) { long rich = 0, runs = 0; int first = 1;
  for (int n = 0; n <= 12; n++) { long tot = 1; for (int i = 0; i < n; i++) tot *= 3;
    for (long s = 0; s < tot; s++) { long t = s; tab[0] = n; for (int i = 0; i < n; i++) { tab[1 + i] = t % 3; t /= 3; }
      pos = 0; if (setjmp(jb)) continue; int r = prog_main(); runs++; if (r == 1) { rich++; if (first) { first = 0; printf("rich:"); for (int i = 0; i <= n; i++) printf(" %d", tab[i]); printf("\n"); } } } }
  printf("%ld runs, rich %ld, errors %d\n", runs, rich, err); return 0; }
