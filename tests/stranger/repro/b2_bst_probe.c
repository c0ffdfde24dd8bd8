/* Timeout (20 s, ~2000 search nodes, 140k trials) for a 3-node input tree:
   root 49, root->right with key in (50, 1000), root->right->left 50.  The
   recursion of is_bst over a free input shape; the same file's three()
   (size 3 by recursion) is found in 0.02 s.  From b2_treeshape.c
   (h2_bst_inner50; also h2_tree_shared5, and the --acyclic proofs
   h2_tree_slh, h2_tree_wide, h2_bst_left time out in the same recursion).
   inka-ng --reach b2_bst_probe.c:18 b2_bst_probe.c */
#include <stddef.h>
struct tree { int key; struct tree *left, *right; };
static int is_bst(const struct tree *t, int lo, int hi) {
  if (t == NULL) return 1;
  if (t->key <= lo || t->key >= hi) return 0;
  return is_bst(t->left, lo, t->key) && is_bst(t->right, t->key, hi);
}
int probe(const struct tree *t) {
  if (!is_bst(t, -1000, 1000)) return -1;
  if (t != NULL && t->right != NULL && t->right->left != NULL && t->key == 49 && t->right->left->key == 50)
    return 1;
  return 0;
}
static int size(const struct tree *t) {
  if (t == NULL) return 0;
  return 1 + size(t->left) + size(t->right);
}
int three(const struct tree *t) {
  if (t != NULL && size(t) == 3 && t->left == NULL)
    return 1;
  return 0;
}
