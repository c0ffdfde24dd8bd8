union u { int *p; long l; } gu;
int g(void) { return 0; }
int f(int x) {
  x = g();
  gu.l = x;
  return gu.p != 0;
}
