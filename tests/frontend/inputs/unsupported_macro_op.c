#define MAX(a, b) ((a) > (b) ? (a) : (b))
int f(int x, int y) {
  int z = 0;
  z = MAX(x, y);
  return z;
}
