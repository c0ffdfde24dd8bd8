/* Preprocessed by gcc -E in language.sh: glibc headers (unions, function
   pointers, _Float128) that main never uses must not stop it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <pthread.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error() { abort(); }
union u { int a; float b; };
static void (*handler)(int) = 0;
int helper(union u x) { return x.a; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10 && x < 20) {
    if (x * 2 == 30) reach_error();
  }
  return 0;
}
