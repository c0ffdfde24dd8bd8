/* &a[N], the address one past the end, is one C allows (C11 6.5.6p8): a
 * path that takes it goes on; an access through it is what ends a path. */
int span(int n, int k) {
  int buf[8] = {0};
  if (n < 0 || n > 8)
    return 0;
  int *end = &buf[n];
  if (n == 8 && k == 1)
    return end - buf;                           /* expect reachable --no-concrete --no-sat */
  if (n == 8 && k == 2)
    return end != buf;                          /* expect reachable */
  return 0;
}

int rows(int i, int j) {
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  if (i < 0 || i > 1 || j < 0 || j > 3)
    return 0;
  int *p = &m[i][j];
  if (j == 3 && i == 1)
    return p == &m[1][3];                       /* expect reachable */
  if (j == 3)
    return *p;                                  /* expect reachable: m[0][3] reads m[1][0], inside the object */
  return 0;
}

int past_row(int i) {
  int m[2][3] = {{0}};
  int *p = &m[i][0];
  if (i == 2)
    return p != 0;                              /* expect unreachable: m[2] is not a row of m */
  return 0;
}
