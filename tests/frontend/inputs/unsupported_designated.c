struct pt { int x, y; };
int f(int x) {
  struct pt p = {.y = 2};
  return p.x;
}
