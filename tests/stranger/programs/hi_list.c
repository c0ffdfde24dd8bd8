/* Functions over an input singly linked list. */
#include <stddef.h>

struct node { int val; struct node *next; };

int sorted4(const struct node *l) {
  int n = 0;
  const struct node *p;
  for (p = l; p != NULL && n < 10; p = p->next) {
    if (p->next != NULL && p->val > p->next->val)
      return 0;
    n++;
  }
  if (n == 4 && l->val == 1)
    return 1;                                   /*@ sorted_four */
  return -1;
}

int sum_list(const struct node *l) {
  int s = 0, n = 0;
  while (l != NULL && n < 8) {
    s += l->val;
    n++;
    l = l->next;
  }
  if (s == 10 && n == 3 && l == NULL)
    return 1;                                   /*@ sum10 */
  return 0;
}

int second_last(struct node *l) {
  if (l == NULL || l->next == NULL)
    return -1;
  while (l->next->next != NULL)
    l = l->next;
  if (l->val == 42 && l->next->val == 43)
    return 1;                                   /*@ tail_pair */
  return 0;
}
