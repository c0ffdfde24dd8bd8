/* Runs of equal bits in a 16-bit word, and the position of the longest run.
   Every x in 0..65535 run by bf4/r4_runs_bf.c.
   one_run_mixed is dead: one run means all 16 bits are equal; too_long is
   dead: the other r - 1 runs hold at least one bit each, so best + r - 1 <= 16. */
int runs(int x) {
  unsigned u;
  int i, r = 0, prev = -1, len = 0, best = 0, at = -1;
  if (x < 0 || x > 65535)
    return -1;
  u = (unsigned)x;
  for (i = 0; i < 16; i++) {
    int b = u & 1;
    if (b != prev) {
      r++;                                      /*@ newrun */
      len = 0;
    }
    len++;
    if (len > best) {
      best = len;
      at = i - len + 1;
    }
    prev = b;
    u >>= 1;
  }
  if (r == 16)
    return 1;                                   /*@ alternating */
  if (r == 1 && x != 0 && x != 65535)
    return 2;                                   /*@ one_run_mixed */
  if (best == 5 && at == 11 && r == 8)
    return 3;                                   /*@ top5_eight */
  if (best + r > 17)
    return 4;                                   /*@ too_long */
  return 0;
}
