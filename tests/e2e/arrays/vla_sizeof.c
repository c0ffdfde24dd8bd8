/* sizeof of a variable length array: the length its declaration computed
   (not the length expression's value now) times the element's size. */
int vla_bytes(int n) {
  if (n < 1 || n > 10)
    return 0;
  int a[n];
  n = n + 5;
  unsigned long s = sizeof a;
  int r = 0;
  if (s / sizeof a[0] == 7)
    r = 1; /* expect reachable */
  if (s != (unsigned long)(n - 5) * sizeof(int))
    r = 2; /* expect unreachable */
  for (unsigned long i = 0; i < sizeof a / sizeof a[0]; i++)
    a[i] = (int)i;
  if (a[n - 6] != n - 6)
    r = 3; /* expect unreachable */
  return r;
}

struct pair {
  short lo, hi;
};

int vla_of_structs(int n) {
  if (n < 1 || n > 6)
    return 0;
  struct pair p[n + 1];
  if (sizeof p == 5 * sizeof(struct pair))
    return 1; /* expect reachable */
  if (sizeof p < 2 * sizeof p[0])
    return 2; /* expect unreachable */
  return 0;
}
