#include <stdio.h>
#include "../programs/b2_crc8.c"
int main(void) {
  int w, cnt[4] = {0}, f[4] = {0}; int w1=-1,w2=-1,w3=-1;
  printf("crc(0x0100)=0x%02x\n", crc16bits(0x0100));
  for (w = 0; w < 65536; w++) {
    int r = crc_check(w); cnt[r]++; if (r==1 && w1<0) w1=w; if (r==2 && w2<0) w2=w;
    r = crc_flip(w); f[r]++; if (r==3 && w3<0) w3=w;
  }
  printf("crc_check %d %d %d (w1=%d w2=%d)\ncrc_flip %d %d %d %d (w3=%d)\n", cnt[0],cnt[1],cnt[2],w1,w2,f[0],f[1],f[2],f[3],w3);
  return 0;
}
