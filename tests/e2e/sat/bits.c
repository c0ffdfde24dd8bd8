/* Bit-level and non-linear facts that intervals cannot see: the bounded
   check with the SAT solver settles them (tests/e2e/sat.sh). */
int identities(int a, int b) {
  if ((a | b) - (a & b) != (a ^ b))
    return 1; /* dead: the xor identity */
  if ((a & b) + (a | b) != a + b)
    return 2; /* dead: and plus or is the sum */
  if ((a ^ b) == -1 && a == 12345)
    return 3; /* reachable: b == ~12345 */
  return 0;
}

unsigned popcount(unsigned x) {
  unsigned c = 0;
  while (x) {
    x &= x - 1;
    c++;
  }
  return c;
}

int counts(unsigned x) {
  unsigned c = popcount(x);
  if (c > 32)
    return 1; /* dead */
  if (c == 31 && (x & 0x80000001u) == 0x80000000u)
    return 2; /* reachable: every bit but the lowest */
  return 0;
}

int pow2(unsigned x) {
  if (x != 0 && (x & (x - 1)) == 0 && popcount(x) != 1)
    return 1; /* dead: a power of two has one bit */
  return 0;
}

/* A multiplicative hash: only one input gives this value. */
int hashed(unsigned x) {
  unsigned h = (x ^ (x >> 15)) * 2654435761u;
  h ^= h >> 13;
  if (h == 0xdeadbeefu)
    return 1; /* reachable */
  return 0;
}

int table(unsigned char i) {
  static const unsigned char par[16] = {0, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0};
  int p = par[i & 15] ^ par[i >> 4];
  if (p != (int)(popcount(i) & 1))
    return 1; /* dead: the table is the parity of a nibble */
  return 0;
}

/* A CRC of the input's bits: linear over GF(2), a puzzle for intervals. */
unsigned crc32_word(unsigned x) {
  unsigned c = 0xffffffffu;
  for (int i = 0; i < 32; i++) {
    c ^= (x >> i) & 1u;
    c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return c;
}

int crc(unsigned x) {
  if (crc32_word(x) == 0x12345678u)
    return 1; /* reachable */
  return 0;
}

/* Sums of squares with 8-bit inputs in a 16-bit product. */
int squares(unsigned char a, unsigned char b) {
  unsigned short s = (unsigned short)(a * a + b * b);
  if (a > b && b > 100 && s == 52933)
    return 1; /* dead (no pair of the 65536) */
  return 0;
}
