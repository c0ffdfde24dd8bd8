struct pt { int x, y; };
int g(struct pt p) { return p.x; }
int f(int x) {
  struct pt p;
  p.x = x;
  return g(p);
}
