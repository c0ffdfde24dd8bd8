/* sv-benchmarks conventions, assert, malloc/calloc/free. */
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void __VERIFIER_assume(int);
extern void __VERIFIER_error(void);
void reach_error(void) { __assert_fail("0", "builtins.c", 8, "reach_error"); }
struct node { int v; struct node *next; };

int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  __VERIFIER_assume(x > 0 && x < 100);
  struct node *n = malloc(sizeof(struct node));
  struct node *m = (struct node *)calloc(2, sizeof *m);
  int *buf = malloc(10 * sizeof(int));
  assert(x != 42);
  if (c == 7) {
  ERROR: { reach_error(); abort(); }
  }
  if (x == 13)
    __VERIFIER_error();
  n->next = m;
  free(n);
  free(m);
  free(buf);
  if (x < 0)
    exit(1);
  return 0;
}
