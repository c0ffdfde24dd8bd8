union u { int *p; long l; };
long f(int *x) {
  union u v;
  v.p = x;
  return v.l;
}
