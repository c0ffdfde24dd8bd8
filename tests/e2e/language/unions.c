/* Unions: one member, integers of one width, or views of a carrier word. */
union num { int i; unsigned u; };
union big { long l; double d; };
union num gn = {-1};

int same(int x) {
  union num n;
  n.i = x;
  if (n.u == 4294967295u)
    return 1;                            /* line 10: x == -1 */
  if (n.u > 3000000000u && x > 0)
    return 2;                            /* line 12: never */
  n.u = 7;
  if (gn.u == 4294967295u && n.i == 7 && sizeof(union num) == 4 && x == 12)
    return 3;                            /* line 15 */
  return 0;
}

int one(long x) {
  union big b;                           /* only ever used as a long */
  b.l = x;
  if (b.l == 12345678901L)
    return 1;                            /* line 23 */
  return 0;
}

struct tagged { int tag; union { int i; float f; } v; };

int tagged(int x) {                      /* an int and a float: views of one word */
  struct tagged t;
  t.tag = 0;
  t.v.i = x;
  if (t.tag == 1 && t.v.f > 1.0f)
    return 2;                            /* line 34: never (the tag is 0) */
  return t.v.i == 5;
}

union word { unsigned int u; unsigned char b[4]; };

int bytes(unsigned int v, int k) {        /* line 40 */
  union word w;
  w.u = v;
  if (w.b[0] == 0x78 && w.b[3] == 0x12)
    return 1;                            /* line 44: little endian */
  if (w.b[1] == 0xff && v < 0xff00)
    return 2;                            /* line 46: never */
  return 0;
}

int byte_store(unsigned int v) {         /* a store into the bytes */
  union word w;
  w.u = v;
  w.b[2] = 0;
  if (w.u == 0x00ff00ffu || w.u == 0x12003456u)
    return 1;                            /* line 55: v = 0x12??3456 */
  return 0;
}
