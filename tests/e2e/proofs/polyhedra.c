/* Loops whose facts are linear inequalities between their locals: the
   invariants over polyhedra of translate/polyhedra.c (bounds of 10^6: no
   enumeration of the iterations can prove them).  The reachable targets are
   false assertions next to the true ones. */
int more_than_count(int n) {
  int i = 0, s = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    i++;
    s += i > 0 ? 1 : 2;
  }
  if (s < i)
    return 1;                      /* expect unreachable */
  if (s == i && i == 7)
    return 2;                      /* expect reachable */
  return 0;
}

int two_counters(int n) {
  int x = 0, y = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (x < n) {
    if (x % 3 == 0) {
      x += 1;
      y += 1;
    } else {
      x += 2;
      y += 1;
    }
  }
  if (x > 2 * y)
    return 1;                      /* expect unreachable */
  if (2 * x == 3 * y - 1 && x > 4)
    return 2;                      /* expect reachable */
  return 0;
}

int overshoot(int n) {
  int x = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (x < n)
    x += 3;
  if (x > n + 2)
    return 1;                      /* expect unreachable */
  if (x == n + 2 && n > 100)
    return 2;                      /* expect reachable */
  return 0;
}

int nested(int n) {
  int i = 0, t = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    int j = 0;
    while (j < 10) {
      j++;
      t++;
    }
    i++;
  }
  if (t > 10 * i)
    return 1;                      /* expect unreachable */
  if (t == 30)
    return 2;                      /* expect reachable */
  return 0;
}

int branchy(int n, int c) {
  int a = 0, b = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (a + b < n) {
    if (c > a)
      a += 2;
    else
      b += 1;
  }
  if (a + b > n + 1)
    return 1;                      /* expect not-reachable (proved in search, some 16 s: the wrapping sum a + b and the invariant's linear row meet only there) */
  if (a < 0 || b < 0)
    return 2;                      /* expect unreachable */
  if (a + b == n + 1 && a == 4)
    return 3;                      /* expect reachable */
  return 0;
}

int countdown(int n) {
  int a = n, b = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (a > 0) {
    a -= 2;
    b += 1;
  }
  if (b > n)
    return 1;                      /* expect unreachable */
  if (a < -1)
    return 2;                      /* expect unreachable */
  if (a == -1 && b == 3)
    return 3;                      /* expect reachable */
  return 0;
}

/* A search loop whose body reads a table (an access that may trap, as far
   as the analysis knows) and halves the range: `mid = (lo + hi) / 2` keeps
   lo <= mid < hi, a relation an interval of mid cannot hold. */
static const int ramp[16] = {1, 4, 9, 16, 25, 36, 49, 64, 81, 100, 121, 144, 169, 196, 225, 256};

int halving(int key, int n) {
  int lo = 0, hi = n;
  if (n < 1 || n > 1000000)
    return -1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (ramp[mid % 16] + mid < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo > n)
    return 1;                      /* expect unreachable */
  if (lo != hi)
    return 2;                      /* expect unreachable */
  return 0;                        /* expect reachable */
}
