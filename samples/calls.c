/* Calls are translated in place: the objective reaches through them. */
static int clamp(int v, int lo, int hi) {
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}

static int score(int x, int y) {
  return clamp(x, 0, 10) * 10 + clamp(y, 0, 9);
}

int grade(int x, int y) {
  int s = score(x, y);
  if (s == 99)
    return 1;
  if (s > 109)
    return 2;
  return 0;
}
