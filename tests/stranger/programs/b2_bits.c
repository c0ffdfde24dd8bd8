/* Bit tricks a tester of driver code writes: Kernighan's popcount, the
   round-up-to-a-power-of-two cascade, a parity fold.
   not32 is dead: x and ~x have complementary bits, so their popcounts add
   up to 32.  not_pow2 is dead: for 0 < x <= 2^31 the cascade sets every
   bit below the top bit of x - 1, and + 1 gives a single bit.
   parity_mismatch is dead (all 65536 inputs, tests/stranger/bf2/b2_bits_bf.c). */
int popcount(unsigned x) {
  int n = 0;
  while (x != 0) {
    x &= x - 1;
    n++;                                        /*@ clear */
  }
  return n;
}

int bits(unsigned x) {
  int p = popcount(x);
  int q = popcount(~x);
  if (p + q != 32)
    return 1;                                   /*@ not32 */
  if (p == 31 && (x & 1) == 0)
    return 2;                                   /*@ all_but_low */
  return 0;
}

int round_pow2(unsigned x) {
  unsigned v = x - 1;
  v |= v >> 1;
  v |= v >> 2;
  v |= v >> 4;
  v |= v >> 8;
  v |= v >> 16;
  v++;
  if (x > 0 && x <= 0x80000000u && (v & (v - 1)) != 0)
    return 1;                                   /*@ not_pow2 */
  if (v == 1024 && x != 1024)
    return 2;                                   /*@ up_to_1024 */
  if (x > 0 && v < x)
    return 3;                                   /*@ v_below */
  return 0;
}

int parity16(unsigned short x) {
  unsigned y = x;
  int p;
  y ^= y >> 8;
  y ^= y >> 4;
  y ^= y >> 2;
  y ^= y >> 1;
  p = popcount(x);
  if ((y & 1) != (unsigned)(p & 1))
    return 1;                                   /*@ parity_mismatch */
  if ((y & 1) && (x & 0xff00) == 0 && p == 7)
    return 2;                                   /*@ odd7 */
  return 0;
}
