/* Size and height of an input binary tree, by recursion (the inputs are
   asked acyclic: --acyclic; subtrees may be shared, then counted twice).
   size >= height by induction (1 + sl + sr >= 1 + max(hl, hr)), so
   size_lt_height is dead; a tree of height 2 has a root and at most two
   leaf children, so size <= 3 and wide is dead (also with sharing). */
#include <stddef.h>

struct tree {
  int key;
  struct tree *left, *right;
};

static int size(const struct tree *t) {
  if (t == NULL)
    return 0;
  return 1 + size(t->left) + size(t->right);
}

static int height(const struct tree *t) {
  int l, r;
  if (t == NULL)
    return 0;
  l = height(t->left);
  r = height(t->right);
  return 1 + (l > r ? l : r);
}

int shape(const struct tree *t) {
  int s, h;
  if (t == NULL)
    return -1;
  s = size(t);
  h = height(t);
  if (s < h)
    return 1;                                   /*@ size_lt_height */
  if (h == 3 && s == 3 && t->left == NULL)
    return 2;                                   /*@ right_chain */
  if (s == 4 && h == 2)
    return 3;                                   /*@ wide */
  if (t->left != NULL && t->left == t->right && s == 5)
    return 4;                                   /*@ shared_five */
  return 0;
}

/* Is t a binary search tree with keys strictly inside (lo, hi)? */
static int is_bst(const struct tree *t, int lo, int hi) {
  if (t == NULL)
    return 1;
  if (t->key <= lo || t->key >= hi)
    return 0;
  return is_bst(t->left, lo, t->key) && is_bst(t->right, t->key, hi);
}

int bst_probe(const struct tree *t) {
  if (!is_bst(t, -1000, 1000))
    return -1;
  if (t != NULL && t->left != NULL && t->left->key >= t->key)
    return 1;                                   /*@ left_not_less */
  if (t != NULL && t->right != NULL && t->right->left != NULL && t->right->left->key == 50 && t->key == 49)
    return 2;                                   /*@ inner50 */
  return 0;
}
