/* Degree-two loop invariants (translate/polyhedra.c, "Monomials") and the
   parity split of a cut root (label/objective.c, parity_split_refutes).
   Every dead line here needs a product of two locals: s == i * i, t == a * k,
   r * r <= n, cells == i * w; the last one also a case split on n's parity. */

int odd_squares(int n) {
  int i = 0, s = 0;
  if (n < 0 || n > 40000)
    return -1;
  while (i < n) {
    s += 2 * i + 1;
    i++;
  }
  if (s != i * i)
    return 1; /* expect unreachable */
  if (s == 1522756)
    return 2; /* expect reachable (n == 1234) */
  return 0;
}

int times_by_adding(int a, int b) {
  int t = 0, k = 0;
  if (a < 0 || a > 30000 || b < 0 || b > 30000)
    return -1;
  while (k < b) {
    t += a;
    k++;
  }
  if (t != a * b)
    return 1; /* expect unreachable */
  if (t == 391 && a > 1 && b > 1)
    return 2; /* expect reachable (17 * 23) */
  return 0;
}

int int_sqrt(int n) {
  int r = 0;
  if (n < 0 || n > 1000000000)
    return -1;
  while ((r + 1) * (r + 1) <= n)
    r++;
  if (r * r > n)
    return 1; /* expect unreachable */
  if (r == 1000)
    return 2; /* expect reachable */
  return 0;
}

int grid(int w, int h) {
  int cells = 0, i = 0;
  if (w < 0 || w > 2000 || h < 0 || h > 2000)
    return -1;
  while (i < h) {
    int j = 0;
    while (j < w) {
      j++;
      cells++;
    }
    i++;
  }
  if (cells != w * h)
    return 1; /* expect unreachable */
  return 0;
}

/* s is n * n, so it has n's parity: each parity of n refutes the target at
   the root, where without the split every exit of the loop is refuted one
   at a time (50,000 of them). */
int square_parity(unsigned n) {
  unsigned s = 0, i;
  if (n > 50000)
    return -1;
  for (i = 0; i < n; i++)
    s += 2 * i + 1;
  if (s % 2 != n % 2)
    return 1; /* expect unreachable */
  return 0;
}

/* The int product wraps past i = 46340 under --wrapv: no invariant may
   claim s == i * i. */
int squares_wrap(int n) {
  int i = 0;
  long s = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    s += 2000L * i + 1000000;
    i += 1000;
  }
  if (s != (long)(i * i))
    return 1; /* expect reachable --wrapv */
  return 0;
}

/* The same under ISO C: i * i past 46340 overflows, which ends the path,
   and below it s == i * i. */
int squares_iso(int n) {
  int i = 0;
  long s = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    s += 2000L * i + 1000000;
    i += 1000;
  }
  if (s != (long)(i * i))
    return 1; /* expect unreachable */
  return 0;
}
