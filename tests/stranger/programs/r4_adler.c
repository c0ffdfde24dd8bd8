/* Adler-32 of a pseudo-random byte stream of length n drawn from an LCG
   seeded with seed. Every (n, seed) run by bf4/r4_adler_bf.c (one pass per
   seed, checking every prefix length).
   out_of_mod is dead: both sums are reduced modulo 65521 at every step. */
unsigned adler(int n, int seed) {
  unsigned a = 1, b = 0, x = (unsigned)seed;
  int i;
  if (n < 0 || n > 100000 || seed < 0 || seed > 255)
    return 0;
  for (i = 0; i < n; i++) {
    unsigned c;
    x = x * 1103515245u + 12345u;
    c = (x >> 16) & 0xffu;
    a = (a + c) % 65521u;
    b = (b + a) % 65521u;                       /*@ byte */
  }
  if (a >= 65521u || b >= 65521u)
    return 1;                                   /*@ out_of_mod */
  if (((b << 16) | a) == 0xb9a98ef2u)
    return 2;                                   /*@ magic */
  if (a == b && n > 50000)
    return 3;                                   /*@ a_eq_b */
  return (b << 16) | a;
}
