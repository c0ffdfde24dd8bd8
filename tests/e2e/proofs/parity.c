/* Parity relations (translate/parity.c): affine equalities over GF(2)
 * between the lowest bits of a loop's locals, kept by every iteration
 * whatever the trip count (here up to 10^6: unfolding cannot do it). */
int steps(int n, int a) {
  int x = a, y = 0;
  if (n < 0 || n > 1000000 || a % 2 != 0)
    return -1;
  for (int i = 0; i < n; i++) {
    if (i % 3 == 0) { /* x + y moves by 4 or 6: its parity stays a's */
      x += 1;
      y += 3;
    } else {
      x += 2;
      y += 4;
    }
  }
  if (y % 2 == 0 && x % 2 != 0)
    return 1;                      /* expect unreachable */
  if (y % 2 != 0 && x % 2 == 0)
    return 2;                      /* expect unreachable */
  if (y % 2 != 0 && x % 2 != 0)
    return 3;                      /* expect reachable */
  return 0;                        /* expect reachable */
}

/* s += 2 * i + 1 keeps s + i even; entering with s = b, s - b + i stays
   even, so s and b + n agree in parity at the exit. */
int odd_steps(unsigned n, unsigned b) {
  unsigned s = b, i;
  if (n > 1000000)
    return -1;
  for (i = 0; i < n; i++)
    s += 2 * i + 1;
  if (b % 2 == 0 && n % 2 == 0 && s % 2 != 0)
    return 1;                      /* expect unreachable */
  if (b % 2 == 0 && n % 2 != 0 && s % 2 != 0)
    return 2;                      /* expect reachable */
  return 0;
}

/* A multiplication by an odd number keeps the parity, by an even one
   clears it; a shift clears it; x % 4 keeps it.  (Entering with z = 0
   instead, z would have x's parity only after an iteration: a disjunction,
   which no affine space holds.) */
int mixes(int n, int a) {
  int x = a, z = a;
  if (n < 0 || n > 1000000)
    return -1;
  for (int i = 0; i < n; i++) {
    x = 3 * x + (i << 1);
    z = (x % 4) + 5 * z * 2;
  }
  if (a % 2 == 0 && x % 2 != 0)
    return 1;                      /* expect unreachable */
  if (a % 2 == 0 && z % 2 != 0)
    return 2;                      /* expect unreachable (z has x's parity, and x a's) */
  if (n > 0 && a % 2 != 0 && z % 2 != 0)
    return 3;                      /* expect reachable */
  return 0;
}
