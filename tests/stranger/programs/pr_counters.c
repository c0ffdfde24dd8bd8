/* Counters that move in lockstep; the proofs need a linear invariant.
   k == 3 * i, d == n - i and parity of e hold at every loop head. */
int lockstep(int n) {
  int i = 0, k = 0, d = n, e = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    i++;
    k += 3;
    d--;
    e += 2;
  }
  if (k != 3 * n)
    return 1;                                   /*@ not_triple */
  if (d != 0)
    return 2;                                   /*@ d_left */
  if (e % 2 == 1)
    return 3;                                   /*@ odd_e */
  if (k == 2999997)
    return 4;                                   /*@ near_max */
  return 0;
}
