int f(int n) {
  int x = 1;
  int a[n][n];
  a[0][0] = x;
  return a[0][0];
}
