/* Structs given by value to the function under test: each is its own
   input object (never reached by an input pointer), copied by the driver. */
struct cfg { int n; int step; unsigned char mode; };
struct acc { long total; int hist[4]; double w; };
struct node { int v; struct node *next; };

int run(struct cfg c) {
  int s = 0;
  for (int i = 0; i < c.n && i < 100; i += c.step > 0 ? c.step : 1)
    s += i;
  if (c.mode == 'x' && s == 45)
    return 1;                            /* line 12 */
  return 0;
}

int alias(struct cfg a, struct cfg *p) {
  a.n = 1;
  if (p)
    p->n = 2;
  if (a.n == 2)
    return 1;                            /* line 21: never (p is not &a) */
  if (p && p->n == 2 && a.step == 3)
    return 2;                            /* line 23 */
  return 0;
}

int nested(struct acc a) {
  int k = 0;
  for (int i = 0; i < 4; i++)
    k += a.hist[i];
  if (k == 10 && a.total < 0 && a.w > 0.5)
    return 1;                            /* line 32 */
  struct acc b = a;
  b.total++;
  if (b.total == a.total)
    return 2;                            /* line 36: never */
  return 0;
}

int ptrs(struct node nd) {               /* a struct input holding a pointer: refused */
  return nd.v;
}
