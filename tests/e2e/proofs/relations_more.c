/* Relational facts of other shapes than the acceptance suite's: equal
   expressions written differently, congruences through shifts, loop
   invariants counting down, and max/min clamps.  Each target's expected
   verdict is in its comment. */
int stored_product(int i, int x) {
  int b[8];
  if (i < 0 || i > 7)
    return -1;
  b[i] = x * 3;
  if (b[i] != 3 * x)
    return 1;                      /* expect unreachable */
  return 0;
}

int shifted(int x, int y) {
  if ((x << 1) == 2 * y + 1)
    return 1;                      /* expect unreachable */
  if (4 * x + 2 == 8 * y)
    return 2;                      /* expect unreachable */
  if (4 * x + 4 == 8 * y)
    return 3;                      /* expect reachable */
  return 0;
}

int countdown(int n) {
  int m = n, c = 0;
  if (n < 0 || n > 100000)
    return -1;
  while (m > 0) {
    m = m - 1;
    c = c + 5;
  }
  if (c == 5 * n + 1)
    return 1;                      /* expect unreachable */
  if (c == 5000)
    return 2;                      /* expect reachable */
  return 0;
}

int steps(int n) {
  int k = 0, s = 7;
  if (n < 0 || n > 1000000)
    return -1;
  while (k < n) {
    k++;
    s -= 3;
  }
  if (s + 3 * k != 7)
    return 1;                      /* expect unreachable (elimination of the equalities) */
  return 0;
}

int biggest(int a, int b) {
  int mx = a > b ? a : b;
  if (mx < a || mx < b)
    return 1;                      /* expect unreachable */
  if (mx == a && a < b)
    return 2;                      /* expect unreachable */
  if (mx == b && b > a + 5)
    return 3;                      /* expect reachable */
  return 0;
}
