/* Functions over input lists. Witnesses in bf3/r3_listin_bf.c.
   cycle with --no-alias is dead: without cycles fast reaches NULL first.
   gap_neg is dead: the loop returns early unless each value is >= the one
   before it, so every gap is >= 0. */
#include <stddef.h>

struct node {
  int v;
  struct node *next;
};

int has_cycle(struct node *l) {
  struct node *slow = l, *fast = l;
  while (fast != NULL && fast->next != NULL) {
    slow = slow->next;
    fast = fast->next->next;
    if (slow == fast)
      return 1;                                 /*@ cycle */
  }
  return 0;
}

int sorted_sum(struct node *l) {
  int n = 0, sum = 0, prev = -1000, gap = 0;
  while (l != NULL) {
    if (l->v < prev || l->v > 1000)
      return -1;
    gap = l->v - prev;
    prev = l->v;
    sum += l->v;
    n++;
    l = l->next;
    if (n > 10)
      return -2;
  }
  if (n == 4 && sum == 100 && prev == 40)
    return 1;                                   /*@ four100 */
  if (n > 0 && gap < 0)
    return 2;                                   /*@ gap_neg */
  return 0;
}

int remove_all(struct node **pl, int key) {
  int removed = 0;
  while (*pl != NULL) {
    if ((*pl)->v == key) {
      *pl = (*pl)->next;
      removed++;
    } else {
      pl = &(*pl)->next;
    }
    if (removed > 5)
      return -1;
  }
  if (removed == 3)
    return 1;                                   /*@ removed3 */
  return 0;
}
