/* Facts about remainders and masks.
   x % 10 lies in -9..9, and in 0..9 for x >= 0; x & 0xff lies in 0..255;
   x | 1 is odd; (x >> 4) << 4 clears the low bits. */
int mods(int x, unsigned u) {
  int r = x % 10;
  if (x >= 0 && r > 9)
    return 1;                                   /*@ rem_big */
  if (r < -9)
    return 2;                                   /*@ rem_small */
  if ((int)(u & 0xffu) > 255)
    return 3;                                   /*@ mask_big */
  if ((u | 1u) % 2u == 0u)
    return 4;                                   /*@ or_even */
  if ((((u >> 4) << 4) & 15u) != 0u)
    return 5;                                   /*@ low_bits */
  if (r == -9 && x > -20)
    return 6;                                   /*@ minus_nine */
  return 0;
}
