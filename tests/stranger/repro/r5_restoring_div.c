/* Set 5, class 9: restoring shift-subtract division (16-bit by 8-bit):
   q * b + r == a for all 2^24 inputs (bf5/r5_divide_bf.c runs the full
   check), so the target is dead.  UNKNOWN at 30 s (1.1M concrete runs of
   16.7M).  Invariant: (a >> i) == (q >> i) * b + r and r < b at the loop
   head (shift-indexed, degree 2). */
int shiftdiv(int a, int b) {
  unsigned q = 0, r = 0;
  int i;
  if (a < 0 || a > 0xffff || b < 1 || b > 0xff)
    return -1;
  for (i = 15; i >= 0; i--) {
    r = (r << 1) | ((unsigned)(a >> i) & 1u);
    if (r >= (unsigned)b) {
      r -= (unsigned)b;
      q |= 1u << i;
    }
  }
  if (q * (unsigned)b + r != (unsigned)a)
    return 1;
  return 0;
}
