/* Checks an input doubly linked list (prev pointers consistent with next
   pointers, at most 8 nodes), then walks it back from the last node.
   Witnesses in bf4/r4_dlist_bf.c.
   back_mismatch is dead: the forward walk checked h->prev == NULL and
   p->next->prev == p for every node, so the backward walk from the last
   node visits the same n nodes and stops at NULL.
   reinsert: splices node x after node a in a consistent list; bad_link is
   dead since the splice keeps the links consistent when x is not in the
   list (checked by the first loop). */
#include <stddef.h>

struct dn {
  int v;
  struct dn *prev, *next;
};

int check(struct dn *h) {
  int n = 0, m = 0, sum = 0;
  struct dn *p = h, *last = NULL;
  while (p != NULL) {
    if (p->prev != last)
      return -1;
    sum += p->v;
    last = p;
    p = p->next;
    if (++n > 8)
      return -2;
  }
  for (p = last; p != NULL; p = p->prev)
    m++;
  if (m != n)
    return 1;                                   /*@ back_mismatch */
  if (n == 3 && sum == 30 && h->v == 10 && last->v == 15)
    return 2;                                   /*@ three30 */
  if (n == 6 && sum == -6 && h->v == last->v)
    return 3;                                   /*@ six_neg */
  return 0;
}

int reinsert(struct dn *a, struct dn *x) {
  struct dn *p;
  int n = 0;
  if (a == NULL || x == NULL || a->prev != NULL)
    return -1;
  for (p = a; p != NULL; p = p->next) {
    if (p == x || (p->next != NULL && p->next->prev != p))
      return -2;
    if (++n > 6)
      return -3;
  }
  x->next = a->next;
  x->prev = a;
  if (a->next != NULL)
    a->next->prev = x;
  a->next = x;
  if (x->next != NULL && x->next->prev != x)
    return 1;                                   /*@ bad_link */
  if (n == 3 && x->next != NULL && x->next->next != NULL && x->next->next->v == x->v + 7)
    return 2;                                   /*@ spliced3 */
  return 0;
}
