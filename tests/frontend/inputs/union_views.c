/* The lowering of views of a union's carrier (frontend/unions.c). */
union word { float f; unsigned char b[4]; struct { unsigned short lo, hi; } h; };
union word g = {1.0f};

float f(unsigned char k, int i) {
  union word w;
  w.b[i] = k;
  w.h.hi += 1;
  return w.f + g.f;
}
