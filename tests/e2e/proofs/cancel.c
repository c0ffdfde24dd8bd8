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
