int g(int x) { return x; }
int f(int x) {
  int (*p)(int) = g;
  return p(x);
}
