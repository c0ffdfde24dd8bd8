/* Unsigned wraparound and mixed signed/unsigned comparisons. */
int wrap(unsigned a, unsigned b, int s) {
  unsigned sum = a + b;
  if (sum < a && b < 10)
    return 1;                                   /*@ carry_small */
  if (s < 0 && (unsigned)s < 5u)
    return 2;                                   /*@ neg_small */
  if (s == -1 && (unsigned)s == 4294967295u && a == 3 && b == 4)
    return 3;                                   /*@ all_ones */
  if ((unsigned short)a == 65535 && (a >> 16) == 0x1234)
    return 4;                                   /*@ low_half */
  return 0;
}
