/* Calls inside expressions, recursion, struct pointers, static functions. */
struct node { int key; struct node *next; };

static int len(struct node *l) {
  if (l == 0)
    return 0;
  return 1 + len(l->next);
}

int twice(int x) { return 2 * x; }

int use(struct node *l, int k) {
  int a = twice(k) + twice(k + 1);
  int b = len(l) > 2 ? twice(a) : a;
  if (l && len(l) == 3)
    return a;
  return b + twice(twice(k));
}
