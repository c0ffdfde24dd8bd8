/* Equalities that only combine by elimination: the same value written two
   ways through several assignments, loops whose variables move in
   lock-step, and sums that wrap around. */
int sum_difference(int x, int y) {
  int a = x + y;
  int b = x - y;
  if (a - b != 2 * y)
    return 1;                      /* expect unreachable */
  if (a + b != 2 * x)
    return 2;                      /* expect unreachable */
  if (a - b == 2 * x)
    return 3;                      /* expect reachable */
  return 0;
}

int chain(int x, int z) {
  int a = x + 3;
  int b = a * 2;
  int c = b - x;
  int d = c - z;
  if (d + z != x + 6)
    return 1;                      /* expect unreachable */
  if (3 * (d - x) + 3 * z != 18)
    return 2;                      /* expect unreachable */
  return 0;
}

int three(int x, int y, int z) {
  int p = x + 2 * y;
  int q = y + 3 * z;
  int r = p - 2 * q;
  if (r != x - 6 * z)
    return 1;                      /* expect unreachable */
  if (r == x - 6 * z + 1)
    return 2;                      /* expect unreachable */
  return 0;
}

int lock_step(int n) {
  int i = 0, j = 10, k = 100;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    i++;
    j++;
    k -= 2;
  }
  if (j - i != 10)
    return 1;                      /* expect unreachable */
  if (k + 2 * j != 120)
    return 2;                      /* expect unreachable */
  if (j == 1000010)
    return 3;                      /* expect reachable */
  return 0;
}

int down_steps(int n) {
  int k = 0, s = 7;
  if (n < 0 || n > 1000000)
    return -1;
  while (k < n) {
    k++;
    s -= 3;
  }
  if (s + 3 * k != 7)
    return 1;                      /* expect unreachable */
  if (s == 7 - 3 * n + 1)
    return 2;                      /* expect not-reachable (a gap: k == n only once the search splits on entering the loop) */
  return 0;
}

unsigned wraps(unsigned u, unsigned v) {
  unsigned w = u + v;              /* may wrap: the congruence still holds */
  unsigned d = w - v;
  if (d != u)
    return 1;                      /* expect unreachable */
  return 0;
}

long longs(long x, int y) {
  long a = x + y;
  long b = a - x;
  if (b != y)
    return 1;                      /* expect unreachable */
  return 0;
}

int parity(int n) {
  int i = 0, u1 = 327, u2 = -99;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    i++;
    u2 += 5;
    u1 -= 9;
  }
  if (-u1 + 2 * u2 + i == 10617014)  /* 20 * n - 525: odd */
    return 1;                      /* expect unreachable */
  return 0;
}
