/* Unions whose members are views of one carrier (frontend/unions.c):
   floats read as their bits, bytes and halves written and read back,
   globals and locals initialized through their first member. */
union fbits { float f; unsigned u; };
union dbytes { double d; unsigned char c[8]; };
union word { unsigned u; unsigned char b[4]; struct { unsigned short lo, hi; } h; };
union fbits one = {1.0f};

int float_bits(float x, unsigned n) {
  union fbits v;
  v.f = x;
  if ((v.u >> 23 & 0xff) == 0xff && (v.u & 0x7fffff) == 0 && x < 0)
    return 1;                            /* line 13: x == -inf */
  if (v.u == 0x80000000u && x == 0.0f)
    return 2;                            /* line 15: x == -0.0 */
  if (v.u == 0 && x != 0.0f)
    return 3;                            /* line 17: never */
  v.u = n;
  if (v.f == 2.5f)
    return 4;                            /* line 20: n == 0x40200000 */
  if (v.f > 1.0f && n < 0x3f800000u)
    return 5;                            /* line 22: never */
  return 0;
}

int bytes(unsigned char a, int k) {
  union word w = {0};
  w.b[0] = a;
  w.b[1] = 0;
  w.b[2] = 0;
  w.b[3] = 0x80;
  if (w.u == 0x800000ffu)
    return 1;                            /* line 33: a == 0xff */
  for (int i = 0; i < 4; i++)
    w.b[i] = (unsigned char)(k + i);
  if (w.u == 0x04030201u)
    return 2;                            /* line 37: k == 1 */
  w.h.hi = 0;
  if (w.u > 0xffffu)
    return 3;                            /* line 40: never */
  w.h.lo += 0x8000;
  if (w.b[1] >= 0x80 && w.h.lo < 0x8000)
    return 4;                            /* line 43: never */
  return 0;
}

int doubles(double y, int x) {
  union dbytes d;
  d.d = y;
  if (d.c[7] == 0x40 && d.c[6] == 0x08 && y < 3.5)
    return 1;                            /* line 51: y in [3, 3.5) */
  if (one.u == 0x3f800000u && x == 7)
    return 2;                            /* line 53 */
  if (one.u != 0x3f800000u)
    return 3;                            /* line 55: never */
  union fbits l = {y > 0 ? 2.0f : -2.0f};
  if (l.u == 0xc0000000u && x == 8)
    return 4;                            /* line 58: y <= 0 */
  return 0;
}

union pi { int *p; long l; };

long pointer_bits(int *q) {              /* a pointer member: refused */
  union pi u;
  u.p = q;
  return u.l;
}

int hidden_input(union dbytes *in) {    /* no integer member holds its 8 bytes */
  return in->c[0] == 1;
}

float q_rsqrt(float number) {            /* designated initializers of a union */
  union { float f; unsigned int i; } conv = { .f = number };
  conv.i = 0x5f3759df - (conv.i >> 1);
  conv.f *= 1.5F - (number * 0.5F * conv.f * conv.f);
  if (conv.f > 0.49f && conv.f < 0.51f)
    return 1.0f;                         /* line 79: number near 4 */
  return conv.f;
}

union cfg { double d; unsigned long long bits; };
union cfg limits = { .bits = 0x7ff0000000000000ull };

int is_limit(double x) {
  union cfg c = { x };
  if (c.bits == limits.bits)
    return 1;                            /* line 89: x == inf */
  if (c.bits == 0x7ff0000000000001ull)
    return 2;                            /* line 91: a NaN's bits: unknown */
  return 0;
}

int signaling(unsigned n) {
  union fbits v;
  v.u = n;
  if (v.f != v.f && n < 0x7fc00000u)
    return 1;                            /* line 99: a signaling NaN: no verdict */
  if (v.f != v.f && n > 0xffc00000u)
    return 2;                            /* line 101: a quiet NaN */
  return 0;
}

struct holder { int tag; union word v; };

int nested_zero(unsigned char a) {      /* bytes never written: the stack's, no verdict */
  union word w[2];
  struct holder h;
  w[1].b[0] = a;
  h.v.b[3] = a;
  if (w[1].u == 7 && h.v.u == 0x07000000u)
    return 1;                            /* line 113: a == 7 and zeros left on the stack */
  return 0;
}
