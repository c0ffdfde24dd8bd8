/* Values read from the user into a list, kept only when they are 1 or 2;
   then the list is checked to alternate: a break in the alternation is the
   error. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }

struct node {
  int val;
  struct node *next;
};

int main(void) {
  struct node *head = NULL;
  int n = 0;
  while (n < 6 && __VERIFIER_nondet_int()) {
    int v = __VERIFIER_nondet_int();
    if (v != 1 && v != 2) continue;
    struct node *p = malloc(sizeof *p);
    if (!p) abort();
    p->val = v;
    p->next = head;
    head = p;
    n++;
  }
  if (n < 4) return 0;
  int prev = head->val;
  for (struct node *q = head->next; q; q = q->next) {
    if (q->val == prev) {
      reach_error(); /* expect reachable */
    }
    prev = q->val;
  }
  return 0;
}
