/* Division for a CPU without a divider: restoring shift-subtract division
   of a 16-bit dividend by an 8-bit divisor, and division by repeated
   subtraction.  All (a, b) of shiftdiv (2^24) and of subdiv (a <= 100000,
   b <= 1000: 10^8 pairs) run by bf5/r5_divide_bf.c.
   shiftdiv:
     wrong_quot: dead, the loop computes a / b and a % b exactly.
     q257_r254: dead, r = 254 needs b >= 255, then a = 257 b + 254 >= 65789.
     q257_r253: reachable, only a = 65531, b = 254.
   subdiv:
     the subtraction line runs a / b times: --iter 100000 only for
       a = 100000, b = 1; --iter 100001 dead.
     subdiv_off: dead, q * b + r == a is a loop invariant.
     rem_range: dead, the loop leaves 0 <= r < b.
     q5000_r7: reachable, a = 5000 b + 7 with 8 <= b <= 19. */

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
  if (q != (unsigned)(a / b) || r != (unsigned)(a % b))
    return 1;                                   /*@ wrong_quot */
  if (q == 257 && r == 254)
    return 2;                                   /*@ q257_r254 */
  if (q == 257 && r == 253)
    return 3;                                   /*@ q257_r253 */
  return 0;
}

int subdiv(int a, int b) {
  int q = 0, r = a;
  if (a < 0 || a > 100000 || b < 1 || b > 1000)
    return -1;
  while (r >= b) {
    r -= b;                                     /*@ sub */
    q++;
  }
  if (q * b + r != a)
    return 1;                                   /*@ subdiv_off */
  if (r < 0 || r >= b)
    return 2;                                   /*@ rem_range */
  if (q == 5000 && r == 7)
    return 3;                                   /*@ q5000_r7 */
  return 0;
}
