/* A list of alternating 1, 2, 1, 2, ... of a nondet length, closed by a 3,
   walked afterwards (as in sv-benchmarks list-properties). */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }

typedef struct node {
  int h;
  struct node *n;
} *List;

int main(void) {
  int flag = 1;
  List a = (List)malloc(sizeof(struct node));
  if (a == 0) abort();
  List t;
  List p = a;
  while (__VERIFIER_nondet_int()) {
    if (flag) {
      p->h = 1;
      flag = 0;
    } else {
      p->h = 2;
      flag = 1;
    }
    t = (List)malloc(sizeof(struct node));
    if (t == 0) abort();
    p->n = t;
    p = p->n;
  }
  p->h = 3;
  p = a;
  int len = 0;
  while (p->h != 3) {
    if (p->h == 2 && len == 5) {
      reach_error(); /* expect reachable */
    }
    if (p->h != 1 && p->h != 2) {
      reach_error();
    }
    len++;
    p = p->n;
  }
  return 0;
}
