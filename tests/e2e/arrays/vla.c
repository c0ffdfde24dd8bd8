/* Variable length arrays, and parameters declared as arrays (pointers). */
struct pt { int x, y; };

int squares(int n) {
  int a[n + 1];
  for (int i = 0; i <= n; i++)
    a[i] = i * i;
  if (n > 3 && a[n] == 49)
    return 1; /* expect reachable */
  return 0;
}

int chars(int n, int k) {
  char s[n];
  s[k] = 'x';
  if (k == 7 && s[k] == 'x')
    return 1; /* expect reachable */
  return 0;
}

int bad_length(int n) {
  int a[n];
  a[0] = 1;
  if (n < 1)
    return 1; /* expect unreachable */
  return a[0];
}

int out_of_bounds(int n, int k) {
  if (n > 10)
    return 0;
  int a[n];
  a[k] = 5;
  if (k >= n)
    return 1; /* expect unreachable */
  return 0;
}

int per_iteration(int n) {
  int s = 0;
  for (int r = 0; r < 3; r++) {
    int a[n + r];
    a[n + r - 1] = r;
    s += a[n + r - 1];
  }
  if (s == 3 && n == 2)
    return 1; /* expect reachable */
  return 0;
}

int structs(int n) {
  struct pt p[n];
  p[n - 1].y = 4;
  p[0].x = p[n - 1].y + 1;
  if (n == 3 && p[0].x == 5)
    return 1; /* expect reachable */
  if (p[0].x != 5)
    return 2; /* expect unreachable */
  return 0;
}

int pointer_end(int n) {
  int a[n];
  int *p = a + n;
  if (n == 5 && p - a == 5)
    return 1; /* expect reachable */
  return 0;
}

int array_param(int n, int a[n]) {
  if (n == 2 && a[1] == 9)
    return 1; /* expect reachable */
  return 0;
}

int fixed_param(int a[4]) {
  if (a[1] == 3 && a[0] == -3)
    return 1; /* expect reachable */
  return 0;
}
