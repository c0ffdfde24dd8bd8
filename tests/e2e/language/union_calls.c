/* Calls (direct and through a pointer) whose results are stored into views of a union. */
union fb { float f; unsigned u; unsigned char b[4]; };
float g(int x) { return (float)x * 2.0f; }
unsigned char k(int x) { return (unsigned char)(x + 1); }
float (*fp)(int) = g;
int h(int x) {
  union fb w;
  w.f = fp(x);
  w.b[0] = k(x);
  w.b[1] += k(x);
  if (w.u == 0x40800303u)
    return 1;   /* line 12: x == 2 */
  return 0;
}
