/* Trees whose children may be shared (a DAG given as input): a recursive
 * count visits a shared child twice.  Small input memories with a shared
 * child, found by the first small stage (4 acyclic objects). */
#include <stddef.h>

struct node { int v; struct node *a, *b; };

static int nodes(const struct node *n) {
  if (!n)
    return 0;
  return 1 + nodes(n->a) + nodes(n->b);
}

static int height(const struct node *n) {
  if (!n)
    return 0;
  int l = height(n->a), r = height(n->b);
  return 1 + (l > r ? l : r);
}

int dag(const struct node *n) {
  if (n && n->a && n->a == n->b && nodes(n) == 7)
    return 1; /* expect reachable (a shared child of size 3) */
  if (n && n->b && n->b == n->a && n->a->a == NULL && nodes(n) == 5)
    return 2; /* expect reachable (the shared child's only child on the right) */
  if (n && n->a && n->a == n->b && height(n) == 3 && nodes(n) == 5)
    return 3; /* expect reachable */
  return 0;
}
