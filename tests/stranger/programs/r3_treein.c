/* Input binary trees. Witnesses in bf3/r3_treein_bf.c.
   small_big is dead: a tree of height <= 2 has at most 3 nodes counted by
   size (sharing allowed, cycles excluded by --acyclic; a shared child counts
   twice but there are only two child slots below the root). */
#include <stddef.h>

struct tree {
  int key;
  struct tree *l, *r;
};

int depth_of(struct tree *t, int k) {
  int d = 0;
  while (t != NULL) {
    if (k == t->key)
      return d;
    t = k < t->key ? t->l : t->r;
    d++;
    if (d > 20)
      return -2;
  }
  return -1;
}

int probe(struct tree *t) {
  if (depth_of(t, 7) == 3)
    return 1;                                   /*@ depth3 */
  return 0;
}

static int size(struct tree *t) {
  if (t == NULL)
    return 0;
  return 1 + size(t->l) + size(t->r);
}

static int height(struct tree *t) {
  int a, b;
  if (t == NULL)
    return 0;
  a = height(t->l);
  b = height(t->r);
  return 1 + (a > b ? a : b);
}

int shape(struct tree *t) {
  int h = height(t), s = size(t);
  if (h <= 2 && s > 3)
    return 1;                                   /*@ small_big */
  if (h == 3 && s == 3 && t->key == 5)
    return 2;                                   /*@ chain3 */
  return 0;
}
