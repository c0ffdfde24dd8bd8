/* Singly and doubly linked lists given as inputs.
   In rev_check the first loop only lets through lists that reach NULL in at
   most 5 steps (no cycle); reversing such a list makes the old head the
   last node, so old_head_linked is dead. */
#include <stddef.h>

struct node {
  int val;
  struct node *next;
};

static struct node *reverse(struct node *l) {
  struct node *prev = NULL;
  while (l != NULL) {
    struct node *n = l->next;
    l->next = prev;
    prev = l;
    l = n;
  }
  return prev;
}

int rev_check(struct node *l) {
  struct node *p, *r;
  int n = 0;
  for (p = l; p != NULL && n < 5; p = p->next)
    n++;
  if (p != NULL || l == NULL)
    return -1;
  r = reverse(l);
  if (n == 3 && r->val == 30 && r->next->val == 20 && r->next->next->val == 10)
    return 1;                                   /*@ rev3 */
  if (l->next != NULL)
    return 2;                                   /*@ old_head_linked */
  if (n == 5 && r->val < l->val && r->next->val > l->val)
    return 3;                                   /*@ five_mixed */
  return 0;
}

/* Removes the first node holding v; *head may change. */
int remove_first(struct node **head, int v) {
  struct node **pp = head;
  while (*pp != NULL && (*pp)->val != v)
    pp = &(*pp)->next;
  if (*pp == NULL)
    return 0;
  *pp = (*pp)->next;
  if (pp == head && *head != NULL && (*head)->val == v)
    return 1;                                   /*@ removed_head_dup */
  if (pp != head && *pp == NULL)
    return 2;                                   /*@ removed_tail */
  return 3;
}

struct dnode {
  int key;
  struct dnode *prev, *next;
};

/* Checks the back links of a doubly linked list of at most 6 nodes. */
int dcheck(struct dnode *d) {
  int n = 0, bad = 0;
  struct dnode *p = d;
  if (d == NULL || d->prev != NULL)
    return -1;
  while (p->next != NULL && n < 6) {
    if (p->next->prev != p)
      bad++;
    p = p->next;
    n++;
  }
  if (bad == 0 && n == 3 && p->key == d->key + 3)
    return 1;                                   /*@ good3 */
  if (bad == 2 && n == 2)
    return 2;                                   /*@ both_bad */
  if (bad > n)
    return 3;                                   /*@ more_bad */
  return 0;
}
