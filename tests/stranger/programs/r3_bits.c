/* Bit reversal of a 16-bit word and Kernighan's popcount.
   pop_differs is dead (all 65536 words, bf3/r3_bits_bf.c).
   popk's loop clears one set bit per iteration, so it runs popcount(x) <= 32
   times: clear --iter 33 is dead for every 32-bit x. */
int popk(unsigned int x) {
  int c = 0;
  while (x != 0) {
    x &= x - 1;
    c++;                                        /*@ clear */
  }
  return c;
}

int bits(unsigned int x) {
  unsigned int y = 0, t = x;
  int i;
  if (x > 0xFFFFu)
    return -1;
  for (i = 0; i < 16; i++) {
    y = (y << 1) | (t & 1u);
    t >>= 1;
  }
  if (popk(x) != popk(y))
    return 1;                                   /*@ pop_differs */
  if (y == x && popk(x) == 6)
    return 2;                                   /*@ sym6 */
  if ((x ^ y) == 0xFFFFu && (x & 0xFu) == 0x5u)
    return 3;                                   /*@ anti */
  if ((((x << 3) | (x >> 13)) & 0xFFFFu) == 0x1234u)
    return 4;                                   /*@ rot1234 */
  return 0;
}
