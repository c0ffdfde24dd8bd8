/* Recursion: fact(x) == 120.  Expected to fail: see assume_bounds_root. */

static int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int rec(int x) {
  if (fact(x) == 120) {
    /*T1*/ return 1;
  }
  return 0;
}
