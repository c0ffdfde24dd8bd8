/* A recursive function under test: only its outermost call ends the run,
   so a block the inner calls return to the outer ones is no leak. */
#include <stdlib.h>

struct tree { int key; struct tree *left, *right; };

struct tree *build(int depth, int skip) {
  if (depth <= 0) return 0;
  struct tree *t = malloc(sizeof *t);           /* @ leak found from build unvalidated */
  t->key = depth;
  t->left = build(depth - 1, skip);
  t->right = build(depth - 2, skip);
  if (depth == skip) {
    t->left = 0;                                /* a subtree is lost */
  }
  return t;
}

int sum_list(int n) {
  if (n <= 0 || n > 6) return 0;
  int *cell = malloc(sizeof *cell);             /* @ leak proved from sum_list */
  *cell = n;
  int rest = sum_list(n - 1);
  int v = *cell;
  free(cell);
  return v + rest;
}
