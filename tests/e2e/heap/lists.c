/* Lists given as input: lengths, values, sharing and cycles. */
#include <stddef.h>
#include <stdlib.h>

struct node { int val; struct node *next; };

int length_is(struct node *l, int k) {
  int n = 0;
  while (l != NULL) {
    n = n + 1;
    l = l->next;
  }
  if (n == 4 && k == n)
    return 1; /* expect reachable */
  return 0;
}

int sorted3(struct node *l) {
  if (l && l->next && l->next->next && l->val < l->next->val && l->next->val < l->next->next->val &&
      l->next->next->next == NULL && l->val > 100)
    return 1; /* expect reachable */
  return 0;
}

int self_differs(struct node *l) {
  if (l && l->next == l && l->val != l->next->val)
    return 1; /* expect unreachable */
  return 0;
}

int two_cycle(struct node *a) {
  if (a && a->next && a->next != a && a->next->next == a && a->val == -a->next->val && a->val == 9)
    return 1; /* expect reachable */
  return 0;
}

int shared_tail(struct node *a, struct node *b) {
  if (a && b && a != b && a->next && a->next == b->next && a->next->val == 3)
    return 1; /* expect reachable */
  return 0;
}

int no_alias_shared(struct node *a, struct node *b) {
  if (a && b && a->next && a->next == b->next)
    return 1; /* expect unreachable --no-alias */
  return 0;
}

int no_alias_list(struct node *a, struct node *b) {
  if (a && b && a->next && b->next && a->next->val == b->next->val + 1)
    return 1; /* expect reachable --no-alias */
  return 0;
}

/* Writes through one pointer are seen through its aliases. */
int write_read(struct node *a, struct node *b) {
  if (!a || !b)
    return 0;
  a->val = 5;
  b->val = 6;
  if (a == b && a->val == 5)
    return 1; /* expect unreachable */
  if (a != b && a->val == 6)
    return 2; /* expect unreachable */
  if (a->val == 6)
    return 3; /* expect reachable */
  return 0;
}

int freed(struct node *l) {
  if (l && l->next) {
    struct node *n = l->next;
    free(l);
    if (n->val == 4)
      return 1; /* expect reachable */
  }
  return 0;
}

int acyclic_loop(struct node *l) {
  if (l && l->next && l->next->next == l)
    return 1; /* expect unreachable --acyclic */
  return 0;
}

int acyclic_shared(struct node *a, struct node *b) {
  if (a && b && a != b && a->next == b && b->next && b->next->val == 2 && a->val == 1)
    return 1; /* expect reachable --acyclic */
  return 0;
}
