union u { int i; float f; } gu;
int g(void) { return 0; }
int f(int x) {
  x = g();
  gu.i = x;
  return gu.f > 0;
}
