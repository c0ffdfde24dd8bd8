/* 5x == 3y after a loop whose branch tests a bit picked by a variable shift.
     inka-ng --reach r3_shift_cond_inv.c:23 --timeout 20 r3_shift_cond_inv.c     UNKNOWN (timeout)
   --stats: loop summaries 0, elimination 0 (a 0.007 s proof, loop summaries 1 and
   elimination 1, with the condition `(c ^ i) & 1`, `c > i` or `i % 3 == c`).
   Any shift by a loop-variant amount in the condition (`c >> (i & 15)`,
   `c >> (i % 31)`, `(1 << (i % 7)) & c`) loses it, though x and y do not
   depend on the branch taken in their ratio. */
int lin(int n, int c) {
  int i = 0, x = 0, y = 0;
  if (n < 0 || n > 100000)
    return -1;
  while (i < n) {
    if ((c >> (i & 15)) & 1) {
      x += 3;
      y += 5;
    } else {
      x += 6;
      y += 10;
    }
    i++;
  }
  if (5 * x != 3 * y)
    return 1;
  return 0;
}
