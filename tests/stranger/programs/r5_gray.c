/* Gray code, bit reversal and two popcounts over a 32-bit word, as a bit
   manipulation library for an encoder driver would have them.  All 2^32
   words run by bf5/r5_gray_bf.c.
   gray_check:
     gray_top: reachable, only x = 0xffffffff (gray(x) = x ^ (x >> 1) has its
       top bit = bit 31 of x and bit k = x_k ^ x_(k+1): all zero below).
     degray_off: dead, the prefix-xor loop inverts gray exactly.
     not_adjacent: dead, gray(x) and gray(x + 1) differ in exactly one bit
       (also across the wrap 0xffffffff -> 0).
     gray_magic: reachable, x = degray(0x12345678) = 0x1c279baf (one x).
   palindrome:
     odd_palindrome: dead, a 32-bit palindrome pairs bit i with bit 31 - i
       (16 disjoint pairs of equal bits), so its popcount is even.
     palin6: reachable (6 set bits in 3 mirrored pairs inside bits 4..27).
     anti_not16: dead, rev(x) == ~x makes every pair one 1 and one 0: 16.
     rev_twice: dead, rev is an involution.
   kernighan: the clear loop runs popcount(x) times: --iter 32 only for
     x = 0xffffffff, --iter 33 dead.
   parity: parity_off dead (the nibble-table parity equals popcount & 1). */

static unsigned gray(unsigned x) { return x ^ (x >> 1); }

static unsigned degray(unsigned g) {
  unsigned x = g;
  int s;
  for (s = 1; s < 32; s <<= 1)
    x ^= x >> s;
  return x;
}

static unsigned rev(unsigned x) {
  unsigned r = 0;
  int i;
  for (i = 0; i < 32; i++) {
    r = (r << 1) | (x & 1u);
    x >>= 1;
  }
  return r;
}

static int popk(unsigned x) {
  int c = 0;
  while (x != 0) {
    x &= x - 1;
    c++;
  }
  return c;
}

int gray_check(unsigned x) {
  unsigned g = gray(x), h = gray(x + 1u);
  if (g == 0x80000000u)
    return 1;                                   /*@ gray_top */
  if (degray(g) != x)
    return 2;                                   /*@ degray_off */
  if (popk(g ^ h) != 1)
    return 3;                                   /*@ not_adjacent */
  if (g == 0x12345678u)
    return 4;                                   /*@ gray_magic */
  return 0;
}

int palindrome(unsigned x) {
  unsigned r = rev(x);
  int c = popk(x);
  if (r == x && (c & 1))
    return 1;                                   /*@ odd_palindrome */
  if (r == x && c == 6 && x < 0x10000000u)
    return 2;                                   /*@ palin6 */
  if (r == ~x && c != 16)
    return 3;                                   /*@ anti_not16 */
  if (rev(r) != x)
    return 4;                                   /*@ rev_twice */
  return 0;
}

int kernighan(unsigned x) {
  int c = 0;
  while (x != 0) {
    x &= x - 1;
    c++;                                        /*@ clear */
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
    return 1;                                   /*@ parity_off */
  return (int)p;
}
