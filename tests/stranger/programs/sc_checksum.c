/* A checksum over a large local buffer filled from a seed. */
int checksum(int n, unsigned seed) {
  unsigned char buf[4096];
  unsigned sum = 0, x = seed;
  int i;
  if (n < 0 || n > 4096)
    return -1;
  for (i = 0; i < n; i++) {
    x = x * 1664525u + 1013904223u;
    buf[i] = (unsigned char)(x >> 24);
  }
  for (i = 0; i < n; i++) {
    sum = (sum << 1 | sum >> 31) ^ buf[i];      /*@ mix */
  }
  if (n == 4000 && (sum & 0xff) == 0x5a)
    return 1;                                   /*@ tag */
  if (n > 4096)
    return 2;                                   /*@ too_long */
  return 0;
}
