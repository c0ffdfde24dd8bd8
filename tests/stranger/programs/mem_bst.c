/* A binary search tree built on the heap from three keys. */
#include <stdlib.h>

struct tree { int key; struct tree *left, *right; };

static struct tree *insert(struct tree *t, int key) {
  if (t == NULL) {
    t = malloc(sizeof *t);
    t->key = key;
    t->left = t->right = NULL;
    return t;
  }
  if (key < t->key)
    t->left = insert(t->left, key);
  else
    t->right = insert(t->right, key);
  return t;
}

static int height(struct tree *t) {
  int l, r;
  if (t == NULL)
    return 0;
  l = height(t->left);
  r = height(t->right);
  return 1 + (l > r ? l : r);
}

int shape(int a, int b, int c) {
  struct tree *t = NULL;
  t = insert(t, a);
  t = insert(t, b);
  t = insert(t, c);
  if (height(t) == 3 && t->left != NULL && t->left->right != NULL)
    return 1;                                   /*@ zigzag */
  if (t->left != NULL && t->left->key >= t->key)
    return 2;                                   /*@ left_big */
  if (height(t) == 2 && t->key == 5 && t->left->key == 3)
    return 3;                                   /*@ balanced */
  return 0;
}
