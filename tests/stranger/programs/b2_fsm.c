/* A session protocol driven by 16 events, two bits each of a word, low
   bits first: 0 hello, 1 login, 2 data, 3 bye.
   data is counted only in OPEN, which takes a hello and a login first, so
   at most 14 data events fit: too_much_data is dead.  No transition leads
   back to IDLE, and data only grows in OPEN: data_idle is dead. */
enum state { IDLE, AUTH, OPEN, CLOSED, ERR };

int session(unsigned x) {
  enum state st = IDLE;
  int i, data = 0;
  for (i = 0; i < 16 && st != CLOSED && st != ERR; i++) {
    int ev = (x >> (2 * i)) & 3;
    switch (st) {
    case IDLE:
      if (ev == 0)
        st = AUTH;
      else if (ev != 3)
        st = ERR;
      break;
    case AUTH:
      if (ev == 1)
        st = OPEN;
      else if (ev == 3)
        st = CLOSED;
      else
        st = ERR;
      break;
    case OPEN:
      if (ev == 2) {
        data++;                                 /*@ data */
      } else if (ev == 3) {
        st = CLOSED;
      } else if (ev == 1) {
        st = ERR;
      }
      break;
    default:
      break;
    }
  }
  if (st == CLOSED && data == 5)
    return 1;                                   /*@ five_data */
  if (st == OPEN && data > 14)
    return 2;                                   /*@ too_much_data */
  if (st == ERR && i == 1)
    return 3;                                   /*@ err_first */
  if (data > 0 && st == IDLE)
    return 4;                                   /*@ data_idle */
  if (st == OPEN && data == 14)
    return 5;                                   /*@ all_data */
  return 0;
}
