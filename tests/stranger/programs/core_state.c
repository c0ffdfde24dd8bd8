/* A state machine fed by the bits of a word, least significant first:
   it accepts once it has seen 1,0,1,1 in a row. */
int detect(unsigned w) {
  int state = 0, i, hits = 0;
  for (i = 0; i < 16; i++) {
    int b = (w >> i) & 1;
    switch (state) {
    case 0: state = b ? 1 : 0; break;
    case 1: state = b ? 1 : 2; break;
    case 2: state = b ? 3 : 0; break;
    case 3:
      if (b) {
        state = 1;
        hits++;                                 /*@ accept */
      } else {
        state = 2;
      }
      break;
    }
  }
  if (hits == 3 && (w & 0xffff) < 0x2000)
    return 1;                                   /*@ three_hits */
  if (hits > 5)
    return 2;                                   /*@ six_hits */
  return 0;
}
