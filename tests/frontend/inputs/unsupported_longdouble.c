int f(int x) {
  long double d = x;
  return d > 1;
}
