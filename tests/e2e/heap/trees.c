/* Trees given as input: depth, shape, sharing. */
#include <stddef.h>

struct tree { int key; struct tree *left, *right; };

static int depth(struct tree *t) {
  if (t == NULL)
    return 0;
  int l = depth(t->left), r = depth(t->right);
  return 1 + (l > r ? l : r);
}

static int count(struct tree *t) {
  if (!t)
    return 0;
  return 1 + count(t->left) + count(t->right);
}

int deep3(struct tree *t) {
  if (depth(t) == 3)
    return 1; /* expect reachable */
  return 0;
}

int five(struct tree *t) {
  if (count(t) == 5 && t->key == 3)
    return 1; /* expect reachable */
  return 0;
}

int shared_children(struct tree *t) {
  if (t && t->left && t->left == t->right && t->left->key == 7)
    return 1; /* expect reachable */
  return 0;
}

int bst_path(struct tree *t) {
  if (t && t->key == 10 && t->left && t->left->key == 5 && t->left->right && t->left->right->key == 7 &&
      t->left->right->left == NULL)
    return 1; /* expect reachable */
  return 0;
}
