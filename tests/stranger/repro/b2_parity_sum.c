/* Timeout with 0 search nodes (6000 unfoldings at the root in 20 s): the sum
   of the first n odd numbers has the parity of n (s == i (mod 2) at the
   loop head: each iteration adds an odd number and one to i), and equals
   n * n.  The increment 2 * i + 1 is not constant, so neither the loop
   summary nor the pair invariants apply; polyhedra keep nothing modular.
   From b2_relate.c (p2_odd_parity; p2_odd_notsq asks s == n * n).
   inka-ng --stats --reach b2_parity_sum.c:15 b2_parity_sum.c */
int odd_sum(unsigned n) {
  unsigned s = 0, i;
  if (n > 50000)
    return -1;
  for (i = 0; i < n; i++)
    s += 2 * i + 1;
  if (s % 2 != n % 2)
    return 2;
  return 0;
}
