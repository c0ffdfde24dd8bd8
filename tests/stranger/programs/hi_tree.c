/* An input binary tree. */
#include <stddef.h>

struct tree { int v; struct tree *l, *r; };

int probe(const struct tree *t) {
  if (t == NULL)
    return -1;
  if (t->l != NULL && t->l->r != NULL && t->l->r->v == 5 && t->v == 9)
    return 1;                                   /*@ left_right5 */
  if (t->l != NULL && t->l == t->r && t->l->v != t->r->v)
    return 2;                                   /*@ shared_differs */
  return 0;
}

static int count(const struct tree *t, int depth) {
  if (t == NULL || depth > 4)
    return 0;
  return 1 + count(t->l, depth + 1) + count(t->r, depth + 1);
}

int size_is_4(const struct tree *t) {
  if (count(t, 0) == 4 && t->r == NULL)
    return 1;                                   /*@ four */
  return 0;
}
