union u { int i; float f; };
int f(int x) {
  union u v;
  v.i = x;
  v.f = 1.0f;
  return v.i;
}
