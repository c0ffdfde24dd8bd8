/* Swaps through pointers that may designate the same variable. */
static void swap(int *p, int *q) {
  int t = *p;
  *p = *q;
  *q = t;
}

static void xswap(int *p, int *q) {
  *p ^= *q;
  *q ^= *p;
  *p ^= *q;
}

int swaps(int x, int y, int k) {
  int u = x, v = y;
  int *p = &u, *q = k > 0 ? &v : &u;
  swap(p, q);
  if (u == y && v == x && x != y && k <= 0)
    return 1;                                   /*@ swapped_self */
  xswap(p, q);
  if (u == 0 && x == 5 && k <= 0)
    return 2;                                   /*@ xor_zeroed */
  if (u != x && k > 0)
    return 3;                                   /*@ not_restored */
  return 0;
}
