/* Bit tricks on an unsigned word. */
int bits(unsigned x) {
  unsigned c = 0, y = x;
  while (y) {
    y &= y - 1;                                 /*@ clear */
    c++;
  }
  if (x > 1000 && (x & (x - 1)) == 0 && (x >> 20) == 1)
    return 1;                                   /*@ pow2 */
  if (c == 7 && (x & 0xff) == 0x7f)
    return 2;                                   /*@ seven_low */
  if (c > 32)
    return 3;                                   /*@ too_many */
  if (((x ^ (x >> 1)) & 0xf) == 0xf && (x & 1))
    return 4;                                   /*@ alternating */
  return 0;
}
