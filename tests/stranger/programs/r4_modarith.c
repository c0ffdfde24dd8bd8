/* Arithmetic modulo 2^32: multiplicative inverse of 3, squares mod 8,
   products of consecutive numbers. All 2^32 values of x run by
   bf4/r4_modarith_bf.c.
   not_inverse is dead: 3 * 0xAAAAAAAB == 1 (mod 2^32).
   sq_mod8 is dead: an odd square is 1 mod 8, an even one 0 or 4.
   odd_pronic is dead: x * (x + 1) is even, also after wrapping. */
int inv3(unsigned x) {
  unsigned y = x * 3u;
  unsigned z = y * 0xAAAAAAABu;
  if (z != x)
    return 1;                                   /*@ not_inverse */
  if (y == 1u)
    return 2;                                   /*@ three_is_one */
  return 0;
}

int squares(int x) {
  unsigned s = (unsigned)x * (unsigned)x;
  if ((s & 7u) == 2u || (s & 7u) == 3u || (s & 7u) >= 5u)
    return 1;                                   /*@ sq_mod8 */
  if (((unsigned)x * ((unsigned)x + 1u)) & 1u)
    return 2;                                   /*@ odd_pronic */
  if (s == 1u && x != 1 && x != -1 && x > 0)
    return 3;                                   /*@ other_root */
  if (s == 0u && x != 0 && (x & 0xffff) != 0 && x > 0)
    return 4;                                   /*@ zero_square */
  return 0;
}
