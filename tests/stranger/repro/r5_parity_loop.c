/* Set 5, class 8: parity two ways: Kernighan's popcount loop and the
   nibble-table fold; equal for all 2^32 x (bf5/r5_gray_bf.c), so the
   target is dead.  UNKNOWN at 30 s; with __builtin_popcount(x) instead of
   popk(x) UNREACHABLE in 2.3 s, and popk(x) != __builtin_popcount(x) is
   UNREACHABLE in 3.9 s: the parity (xor) equivalence is what the CDCL
   search cannot do. */
static int popk(unsigned x) {
  int c = 0;
  while (x != 0) {
    x &= x - 1;
    c++;
  }
  return c;
}
int parity(unsigned x) {
  unsigned p = x;
  p ^= p >> 16;
  p ^= p >> 8;
  p ^= p >> 4;
  p = (0x6996u >> (p & 0xfu)) & 1u;
  if (p != (unsigned)(popk(x) & 1))
    return 1;
  return 0;
}
