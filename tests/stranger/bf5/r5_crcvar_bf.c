#include <stdio.h>
#include "../programs/r5_crcvar.c"
int main(void) {
  long c[4] = {0}; int wc[4], wb[4];
  for (int crc = 0; crc <= 0xffff; crc++)
    for (int b = 0; b <= 255; b++) { int r = crc_same(crc, b); if (!c[r]++) { wc[r] = crc; wb[r] = b; } }
  for (int i = 0; i < 4; i++) printf("crc_same ret %d: %ld first crc=%#x b=%#x\n", i, c[i], c[i] ? wc[i] : 0, c[i] ? wb[i] : 0);
  long cm[3] = {0}; int w0[3], w1[3];
  for (int b0 = 0; b0 <= 255; b0++) for (int b1 = 0; b1 <= 255; b1++) { int r = crc_msg(b0, b1); if (!cm[r]++) { w0[r] = b0; w1[r] = b1; } }
  for (int i = 0; i < 3; i++) printf("crc_msg ret %d: %ld first b0=%#x b1=%#x\n", i, cm[i], cm[i] ? w0[i] : 0, cm[i] ? w1[i] : 0);
  /* crc_stream by prefix: for each seed, one run of 4000 bytes, tested after every byte,
     then the first witness re-run through crc_stream itself */
  long hits = 0; int wn = -1, ws = -1;
  for (int seed = 0; seed <= 255; seed++) {
    unsigned short cc = 0xffff; unsigned s = seed;
    for (int i = 1; i <= 4000; i++) { s = s * 1103515245u + 12345u; cc = crc_tab(cc, (unsigned char)(s >> 16));
      if (cc == 0xbeef) { hits++; if (wn < 0 || i < wn) { wn = i; ws = seed; } } } }
  printf("crc_stream beef: %ld (n, seed) pairs, smallest n: n=%d seed=%d, crc_stream(%d,%d)=%d\n", hits, wn, ws, wn, ws, crc_stream(wn, ws));
  for (int seed = 0; seed <= 255; seed++) for (int n = 1; n <= 4000; n += 1) if (crc_stream(n, seed) == 1) { printf("  witness by crc_stream: n=%d seed=%d\n", n, seed); seed = 256; break; }
  /* crc_detect: L(1 << k) with zero init over 4 bytes, and every m < 2^20, every k */
  for (int k = 0; k < 32; k++) { unsigned short l = 0; unsigned e = 1u << k;
    for (int i = 0; i < 4; i++) l = crc_bit(l, (unsigned char)(e >> (8 * i)));
    if (l == 0) printf("L(1<<%d) == 0!\n", k); }
  long same = 0;
  for (unsigned m = 0; m < (1u << 20); m++) for (int k = 0; k < 32; k++) same += crc_detect(m, k) == 1;
  for (unsigned m = 0xfff00000u; m != 0; m++) for (int k = 0; k < 32; k++) same += crc_detect(m, k) == 1;
  printf("crc_detect same over m < 2^20 and m >= 0xfff00000, all k: %ld\n", same);
  return 0;
}
