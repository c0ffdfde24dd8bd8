#define VMAX(a, ...) ((a) > (__VA_ARGS__) ? (a) : (__VA_ARGS__))
int f(int x, int y) {
  int z = 0;
  z = VMAX(x, y);
  return z;
}
