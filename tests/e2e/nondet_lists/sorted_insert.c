/* Values inserted in order into a sorted list, then freed from the front;
   the error needs five values with the largest at 40 and a sum of 100. */
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }

struct node {
  int v;
  struct node *next;
};

static struct node *insert(struct node *l, int v) {
  struct node *x = malloc(sizeof *x);
  if (!x) abort();
  x->v = v;
  if (!l || v <= l->v) {
    x->next = l;
    return x;
  }
  struct node *p = l;
  while (p->next && p->next->v < v) p = p->next;
  x->next = p->next;
  p->next = x;
  return l;
}

int main(void) {
  struct node *l = 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) return 0;
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v > 100) return 0;
    l = insert(l, v);
  }
  int sum = 0, len = 0, last = -1;
  while (l) {
    struct node *next = l->next;
    if (l->v < last) {
      reach_error();
    }
    last = l->v;
    sum += l->v;
    len++;
    free(l);
    l = next;
  }
  if (len == 5 && last == 40 && sum == 100) {
    reach_error(); /* expect reachable */
  }
  return 0;
}
