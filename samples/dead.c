/* Dead code that inka-ng proves dead: the sum of two numbers in (0, 1000)
   never overflows, so it is never negative.  Line 9 is unreachable. */
int g(int x, int y) {
  int s;
  if (x <= 0 || y <= 0 || x >= 1000 || y >= 1000)
    return -1;
  s = x + y;
  if (s < 0)
    return 1;
  return s > 1500 ? 2 : 0;
}
