/* A 16-bit Galois LFSR with taps 0xB400 (x^16 + x^14 + x^13 + x^11 + 1,
   maximal: every nonzero state lies on one cycle of length 65535).
   early_return is dead: from any nonzero seed the state first comes back
   after exactly 65535 steps (tests/stranger/bf2/b2_lfsr_bf.c runs the
   cycle from seed 1 and finds every nonzero state once). */
int lfsr_period(unsigned short seed) {
  unsigned short s = seed;
  int i;
  if (seed == 0)
    return -1;
  for (i = 1; i <= 70000; i++) {
    unsigned lsb = s & 1u;
    s >>= 1;
    if (lsb)
      s ^= 0xB400u;                             /*@ tap */
    if (s == seed)
      break;
  }
  if (i < 65535)
    return 1;                                   /*@ early_return */
  if (i == 65535 && seed == 0xACE1)
    return 2;                                   /*@ full_period */
  return 0;
}

/* Fletcher-16 over n bytes generated from a start value. */
int fletcher(int n, unsigned char start) {
  unsigned s1 = 0, s2 = 0;
  unsigned char b = start;
  int i;
  if (n < 0 || n > 20000)
    return -1;
  for (i = 0; i < n; i++) {
    s1 = (s1 + b) % 255;                        /*@ mix */
    s2 = (s2 + s1) % 255;
    b = (unsigned char)(b * 5 + 1);
  }
  if (s1 > 254 || s2 > 254)
    return 1;                                   /*@ out_of_range */
  if (((s2 << 8) | s1) == 0x1234 && n > 100)
    return 2;                                   /*@ sum1234 */
  return 0;
}
