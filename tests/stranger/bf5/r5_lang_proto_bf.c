#include <stdio.h>
#include "../programs/r5_lang_proto.c"
/* every header word, with the payload word that passes both tests:
   low byte = seq, next byte = (flags - seq) & 0xff */
int main(void) {
  long c[110] = {0}; unsigned w[110]; unsigned w0 = 0;
  do {
    unsigned seq = (w0 >> 11) & 31u, fl = (w0 >> 16) & 0xffu;
    unsigned w1 = seq | (((fl - seq) & 0xffu) << 8);
    int r = handle(w0, w1); if (!c[r + 5]++) w[r + 5] = w0;
    w0++;
  } while (w0 != 0);
  for (int i = 0; i < 110; i++) if (c[i] || (i >= 105 && i <= 108)) printf("handle ret %d: %ld first w0=%#x\n", i - 5, c[i], c[i] ? w[i] : 0);
  printf("handle(0x12340006 (ping), 0) = %d\n", handle(0x12340006u, 0));
  printf("handle(ack seq 3 flags 0x0010, w1 = 0x0000000f) = %d\n", handle(0x0010180eu, 0x0000000fu));
  printf("handle(ack flags 0xa500, w1 ok) = %d\n", handle(0xa500000eu, 0));
  return 0;
}
