/* A small session protocol driven by the 2-bit symbols of a 16-bit word,
   lowest symbol first. data6 and closed5 are dead (every word run by
   tests/stranger/bf3/r3_fsm_bf.c). */
enum state { IDLE, OPEN, AUTH, DATA, CLOSED, ERR };

int session(unsigned int w) {
  enum state s = IDLE;
  int i, bytes = 0;
  if (w > 0xFFFFu)
    return -1;
  for (i = 0; i < 8; i++) {
    unsigned int sym = (w >> (2 * i)) & 3u;
    switch (s) {
    case IDLE:
      s = sym == 1 ? OPEN : IDLE;
      break;
    case OPEN:
      if (sym == 2)
        s = AUTH;
      else if (sym == 3)
        s = ERR;
      break;
    case AUTH:
      if (sym == 0)
        s = DATA;
      else if (sym == 3)
        s = CLOSED;
      break;
    case DATA:
      if (sym == 0)
        bytes++;
      else if (sym == 3)
        s = CLOSED;
      else if (sym == 1)
        s = ERR;
      break;
    case CLOSED:
      if (sym != 3)
        s = ERR;
      break;
    default:
      break;
    }
  }
  if (s == CLOSED && bytes == 3)
    return 1;                                   /*@ closed3 */
  if (s == DATA && bytes > 5)
    return 2;                                   /*@ data6 */
  if (s == CLOSED && bytes > 4)
    return 3;                                   /*@ closed5 */
  if (s == ERR && bytes == 4)
    return 4;                                   /*@ err4 */
  return 0;
}
