/* Operations that undo each other give back their operand (translate/
   expr.c, cancellation): the xor swap, (p + q) - q, (p - q) + q, in the
   C type of the operation. */
int xor_swap(int u, int x) {
  int a = u, b = x;
  a ^= b;
  b ^= a;
  a ^= b;
  if (a != x || b != u)
    return 1; /* expect unreachable */
  if (a == b)
    return 2; /* expect reachable */
  return 0;
}

int half_swap(int u, int x) {
  int a = u, b = x;
  a ^= b;
  b ^= a;
  if (a != x)
    return 1; /* expect reachable */
  return 0;
}

unsigned char narrow(unsigned char p, unsigned char q) {
  unsigned char s = p + q;
  unsigned char d = s - q;
  if (d != p)
    return 1; /* expect unreachable */
  unsigned char e = q - p;
  if ((unsigned char)(e + p) != q)
    return 2; /* expect unreachable */
  return 0;
}

long back(long p, long q) {
  long d = p - q;
  if (p - d != q)
    return 1; /* expect unreachable */
  return 0;
}

/* The same through memory: a load after a store to the same cell is the
   stored value itself, so the cancellation sees it. */
static void xswap(int *p, int *q) {
  if (p != q) {
    *p ^= *q;
    *q ^= *p;
    *p ^= *q;
  }
}

int swapped_cells(int u, int x) {
  int s[2] = {u, x};
  xswap(&s[0], &s[1]);
  if (s[0] != x || s[1] != u)
    return 1; /* expect unreachable */
  xswap(&s[0], &s[0]);
  if (s[0] != x)
    return 2; /* expect unreachable */
  return 0;
}
