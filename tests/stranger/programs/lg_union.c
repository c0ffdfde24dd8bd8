/* A union and bit-fields. */
union word { unsigned int u; unsigned char b[4]; };
struct flags { unsigned ready : 1; unsigned mode : 3; unsigned count : 4; };

int bytes(unsigned int v) {
  union word w;
  w.u = v;
  if (w.b[0] == 0x78 && w.b[3] == 0x12)
    return 1;                                   /*@ little */
  return 0;
}

int fields(int m, int c) {
  struct flags f;
  f.ready = 1;
  f.mode = m;
  f.count = c;
  if (f.mode == 5 && f.count == 15 && m > 8)
    return 1;                                   /*@ truncated */
  return 0;
}
