/* Walks of input lists, trees and strings whose targets need a few hundred
   nodes of search, where one early choice (b == NULL, a spine of fresh tree
   nodes) unfolds without end: the node budget and the small input memories
   of the search stages (label/objective.c). */
#include <stddef.h>

struct node { int val; struct node *next; };
struct tree { int v; struct tree *l, *r; };

int intersect(struct node *a, struct node *b) {
  int count = 0;
  for (struct node *p = a; p != NULL; p = p->next)
    for (struct node *q = b; q != NULL; q = q->next)
      if (p->val == q->val) {
        count++;
        break;
      }
  if (count == 2)
    return 1; /* expect reachable */
  return 0;
}

int leaves(struct tree *t) {
  if (t == NULL)
    return 0;
  if (t->l == NULL && t->r == NULL)
    return 1;
  return leaves(t->l) + leaves(t->r);
}

int three_leaves(struct tree *t) {
  if (leaves(t) == 3)
    return 1; /* expect reachable */
  return 0;
}

int count_a(const char *s) {
  int i = 0, c = 0;
  while (s[i]) {
    if (s[i] == 'a')
      c++;
    i++;
  }
  if (c == 3)
    return 1; /* expect reachable */
  return 0;
}

int tree_sum(struct tree *t) { return t ? t->v + tree_sum(t->l) + tree_sum(t->r) : 0; }

int sum_thirty(struct tree *t) {
  if (t && t->l && t->r && tree_sum(t) == 30 && t->l->v == 12)
    return 1; /* expect reachable */
  return 0;
}

int list_max(struct node *l) {
  int m = -1000, n = 0;
  for (; l; l = l->next) {
    if (l->val > m)
      m = l->val;
    n++;
  }
  if (m == 50 && n == 4)
    return 1; /* expect reachable */
  return 0;
}
