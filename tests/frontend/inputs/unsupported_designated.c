struct pt { int x, y; }; struct seg { struct pt a; };
int f(int x) {
  struct seg s = {.a.y = 2};
  return s.a.x;
}
