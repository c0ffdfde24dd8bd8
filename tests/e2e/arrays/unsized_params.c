/* Array parameters written without a size (`int a[]`, `char s[]`,
 * `int m[][3]`): C adjusts each to a pointer to its element type. */

int sum(int a[], int n) {
  int s = 0;
  if (n < 1 || n > 4)
    return -1;
  for (int i = 0; i < n; i++)
    s += a[i];
  if (s == 17 && n == 3)
    return 1;                      /* expect reachable */
  if (sizeof(a) != sizeof(int *))
    return 2;                      /* expect unreachable */
  return 0;
}

int starts_x(const char s[]) {
  if (s[0] == 'x' && s[1] == 0)
    return 1;                      /* expect reachable */
  return 0;
}

int corner(int m[][3], int rows) {
  if (rows < 1 || rows > 2)
    return -1;
  if (m[rows - 1][2] == 5 && m[0][0] == -5)
    return 1;                      /* expect reachable */
  return 0;
}

int walk(int a[], int n) {
  int i = 0;
  if (n < 0 || n > 3)
    return -1;
  while (i < n && a[i] != 0)
    i++;
  if (i > n)
    return 1;                      /* expect unreachable */
  return 0;
}
