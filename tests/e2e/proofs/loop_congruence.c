/* Congruence invariants (translate/loop_summary.c): a local changed only by
   constants keeps its residue modulo the largest power of two dividing
   them all, whatever the number of iterations.  (Residues only: the
   relation (x - n) % 2 == 0 with neither side's parity known is not seen.) */
int steps(int n, int k) {
  int x = n, y = 0;
  while (x > k) {
    if (x % 3 == 0)
      x -= 4;
    else
      x -= 6;
    y += 12;
  }
  if (n % 2 == 0 && x % 2 != 0)
    return 1; /* expect unreachable */
  if (y % 4 != 0)
    return 2; /* expect unreachable */
  if (n % 4 == 0 && x % 4 != 0)
    return 3; /* expect reachable */
  return 0;
}

int down(int n) {
  int x = n;
  if (n < 0)
    return -1;
  while (x > 0)
    x -= 2;
  if (x == -1 && n % 2 == 0)
    return 1; /* expect unreachable */
  if (x == -1)
    return 2; /* expect reachable */
  return 0;
}

/* A step that is not a constant (x = x + d) gives no congruence. */
int varying(int n, int d) {
  int x = 0, i;
  for (i = 0; i < n; i++)
    x = x + d;
  if (n == 3 && x % 2 != 0)
    return 1; /* expect reachable */
  return 0;
}
