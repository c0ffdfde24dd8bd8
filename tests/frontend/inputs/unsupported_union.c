union u { int i; float f; };
int f(int x) {
  union u v;
  v.i = x;
  return v.i;
}
