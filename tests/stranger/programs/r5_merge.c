/* Merging two sorted input lists by relinking their nodes (the merge step
   of a list merge sort), with a local dummy head.  The lists are input
   memories of at most 6 nodes each (longer ones, or unsorted ones, are
   rejected).  bf5/r5_merge_bf.c runs every pair of separate lists of
   length <= 4 over keys 0..2, the shared cases below, and the witnesses.
   With --no-alias (the lists share no node):
     len_off: dead, every node of a and b is linked exactly once: the
       merged list has la + lb nodes.
     unsorted: dead, the merge takes the smaller head each time.
     alt6: reachable, 3 + 3 nodes whose sources alternate a, b, a, b, a, b
       (keys 1..6 with a = 1, 3, 5).
   Without --no-alias, len_off is reachable: a and b may be the same list
   (a == b == one node: the node is linked twice and its next points to
   itself, so the count runs to the bound).  Shared nodes can also make
   the merge loop cycle: it gives up after 12 steps. */
#include <stddef.h>

struct node {
  int key;
  struct node *next;
};

int merge_check(struct node *a, struct node *b) {
  struct node head, *t = &head, *p;
  int la = 0, lb = 0, lm = 0, alt = 1, last_a = -1, from_a, steps = 0;
  for (p = a; p != NULL; p = p->next) {
    if (++la > 6)
      return -1;
    if (p->next != NULL && p->next->key < p->key)
      return -2;
  }
  for (p = b; p != NULL; p = p->next) {
    if (++lb > 6)
      return -1;
    if (p->next != NULL && p->next->key < p->key)
      return -2;
  }
  while (a != NULL && b != NULL) {
    if (++steps > 12)
      return -3;
    if (a->key <= b->key) {
      t->next = a;
      a = a->next;
      from_a = 1;
    } else {
      t->next = b;
      b = b->next;
      from_a = 0;
    }
    if (from_a == last_a)
      alt = 0;
    last_a = from_a;
    t = t->next;
  }
  t->next = a != NULL ? a : b;
  for (p = head.next; p != NULL && lm <= 12; p = p->next) {
    lm++;
    if (p->next != NULL && p->next->key < p->key && lm <= 12)
      return 2;                                 /*@ unsorted */
  }
  if (lm != la + lb)
    return 1;                                   /*@ len_off */
  if (alt && la == 3 && lb == 3 && head.next->key == 1)
    return 4;                                   /*@ alt6 */
  return 0;
}
