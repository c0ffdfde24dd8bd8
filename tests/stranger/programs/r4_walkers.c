/* Two loops with linear invariants.
   In split: a + 2 * b == 2 * i (a grows by 2 when i % 3 == 0, else b by 1),
   so sum_off is dead; a - b is 3 * ceil(i/3) - i, in 0..2, so gap_big is
   dead; a is always even, so a_odd is dead.
   In meet: lo == 2 * s and hi == n - s after s steps, so lo + 2 * hi == 2 * n
   (meet_off dead), and the loop stops at the first s with 3s >= n, so
   lo - hi is in 0..2 (overshoot dead).
   Every n run by bf4/r4_walkers_bf.c. */
int split(int n) {
  int i = 0, a = 0, b = 0;
  if (n < 0 || n > 100000)
    return -1;
  while (i < n) {
    if (i % 3 == 0)
      a += 2;
    else
      b += 1;
    i++;
  }
  if (a + 2 * b != 2 * n)
    return 1;                                   /*@ sum_off */
  if (a > b + 2)
    return 2;                                   /*@ gap_big */
  if (a & 1)
    return 3;                                   /*@ a_odd */
  if (a == b + 2 && n > 99990)
    return 4;                                   /*@ gap_two */
  return 0;
}

int meet(int n) {
  int lo = 0, hi = n, steps = 0;
  if (n < 0 || n > 200000)
    return -1;
  while (lo < hi) {
    lo += 2;
    hi -= 1;
    steps++;
  }
  if (lo + 2 * hi != 2 * n)
    return 1;                                   /*@ meet_off */
  if (lo - hi > 2)
    return 2;                                   /*@ overshoot */
  if (steps == 66667)
    return 3;                                   /*@ steps66667 */
  return 0;
}
