/* Timeouts on word identities of bitwise operators, true for every 32-bit
   a and b (they hold bit by bit with the carries):
     (a | b) - (a & b) == a ^ b      line 12 (19k search nodes in 20 s)
     (a & b) + (a | b) == a + b      line 14
   The known bits of the bitwise operators and the congruences modulo 2^k
   do not relate a ^ b to a | b and a & b.  From b2_relate.c (p2_rel_xor,
   p2_rel_andor); b2_bits.c's not_pow2 (or-shift cascade) and not32
   (popcount(x) + popcount(~x)) are of the same family.
   inka-ng --reach b2_bit_identity.c:12 b2_bit_identity.c */
int eqs(int a, int b) {
  if ((a ^ b) != (a | b) - (a & b))
    return 1;
  if ((a & b) + (a | b) != a + b)
    return 2;
  return 0;
}
