/* Bit-fields: stores convert to the field's width, reads promote to int. */
struct flags {
  unsigned ready : 1;
  unsigned mode : 3;
  unsigned count : 4;
  int delta : 5;
  _Bool on : 1;
  unsigned wide : 32;
};
struct flags g = {1, 9, 17, -17, 2, 5};

int fields(int m, int c) {
  struct flags f;
  f.ready = 1;
  f.mode = m;
  f.count = c;
  f.delta = m;
  if (f.mode == 5 && f.count == 15 && m > 8)
    return 1;                            /* line 19: m % 8 == 5, c % 16 == 15 */
  if (f.delta == -3 && m > 100)
    return 2;                            /* line 21: m % 32 == 29 */
  if (f.mode - 6 < 0 && m == 14)
    return 3;                            /* line 23: never (mode is 6, promoted to int) */
  if (g.mode == 1 && g.count == 1 && g.delta == 15 && g.on == 1 && sizeof(struct flags) == 8 && m == 77)
    return 4;                            /* line 25 */
  f.count += 10;
  if (f.count == 2 && c == 8)
    return 5;                            /* line 28 */
  if (f.count > 15)
    return 6;                            /* line 30: never */
  f.on = c;
  if (f.on == 1 && (c & 1) == 0 && c > 1000)
    return 7;                            /* line 33 */
  return 0;
}

int input(struct flags *p) {             /* a bit-field struct as input: refused */
  return p->mode == 3;
}

int bytes(int m) {
  struct flags f = {0};
  unsigned char *b = (unsigned char *)&f; /* the bytes of a bit-field struct: refused */
  f.mode = m;
  return b[0] == 6;
}
