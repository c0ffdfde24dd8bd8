/* Two reads of the same cell through the same undecided pointer (t->left
 * may be NULL-checked, shared with t, or fresh): a check in a callee and a
 * comparison after it read one value, so the callee's `key < hi` refutes
 * the caller's `key >= hi` before any pointer is labeled. */
#include <stddef.h>

struct tree { int key; struct tree *left, *right; };

static int in_range(const struct tree *t, int lo, int hi) {
  if (t == NULL)
    return 1;
  if (t->key <= lo || t->key >= hi)
    return 0;
  return 1;
}

static int two_levels(const struct tree *t, int lo, int hi) {
  if (t == NULL)
    return 1;
  if (t->key <= lo || t->key >= hi)
    return 0;
  return in_range(t->left, lo, t->key) && in_range(t->right, t->key, hi);
}

int left_child(const struct tree *t) {
  if (t == NULL || t->left == NULL)
    return -2;
  if (!in_range(t->left, -1000, t->key))
    return -1;
  if (t->left->key >= t->key)
    return 1; /* expect unreachable */
  if (t->left->key == t->key - 1)
    return 2; /* expect reachable */
  return 0;
}

int ordered(const struct tree *t) {
  if (!two_levels(t, -1000, 1000))
    return -1;
  if (t != NULL && t->left != NULL && t->left->key >= t->key)
    return 1; /* expect unreachable */
  if (t != NULL && t->right != NULL && t->right->key <= t->key)
    return 2; /* expect unreachable */
  if (t != NULL && t->left != NULL && t->right != NULL && t->right->key - t->left->key == 2)
    return 3; /* expect reachable */
  return 0;
}

struct item { int w; struct item *next; };

static int first_light(const struct item *p, int limit) {
  return p != NULL && p->w < limit;
}

int list_head(const struct item *l) {
  if (l == NULL || !first_light(l->next, 10))
    return -1;
  if (l->next->w > 20)
    return 1; /* expect unreachable */
  if (l->next->w == 9)
    return 2; /* expect reachable */
  return 0;
}
