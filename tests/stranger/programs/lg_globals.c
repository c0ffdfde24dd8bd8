/* Globals: state kept between calls, a static local, a global table. */
static int calls;
int limit = 3;
static const unsigned short crc_tab[4] = {0x0000, 0x1021, 0x2042, 0x3063};

static int tick(void) {
  static int n = 0;
  n++;
  calls++;
  return n;
}

int state(int k) {
  int i, t = 0;
  if (k < 0 || k > 20)
    return -1;
  for (i = 0; i < k; i++)
    t = tick();
  if (t == 5 && calls == 5 && limit == 3)
    return 1;                                   /*@ five */
  if ((crc_tab[k & 3] ^ crc_tab[(k >> 2) & 3]) == 0x1021 && k > 8)
    return 2;                                   /*@ crc */
  return 0;
}
