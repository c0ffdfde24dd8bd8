/* Loops that are not simple counting loops, or whose locals change on
   several paths: the invariants of translate/invariant.c, combined by the
   elimination of operators/arith/gauss.c. */
int both(int n, int c) {
  int i = 0, j = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    i++;
    if (c)
      j += 2;
    else
      j += 2;
  }
  if (j != 2 * i)
    return 1;                      /* expect unreachable */
  return 0;
}
int by_two(int n) {
  int x = 0, y = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (x < n) {
    x += 2;
    y += 6;
  }
  if (y == 3 * x + 1)
    return 1;                      /* expect unreachable */
  if (x < n)
    return 2;                      /* expect unreachable */
  return 0;
}
int uneven(int n, int c) {
  int i = 0, j = 0, k = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (i < n) {
    if (c > i) {
      i += 2;
      j += 4;
    } else {
      i += 3;
      j += 6;
    }
    k = k + 1;
  }
  if (j != 2 * i)
    return 1;                      /* expect unreachable */
  if (j == 2 * n + 11)
    return 2;                      /* expect unreachable */
  return 0;
}
int by_one(int n) {
  int x = 0, y = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while (x < n) {
    x++;
    y += 3;
  }
  if (y == 3 * x + 1)
    return 1;                      /* expect unreachable */
  return 0;
}

int countdown_pair(int n) {
  int a = n, b = 0, c = 5;
  if (n < 0 || n > 100000)
    return -1;
  while (a > 0) {
    if (a % 2)
      b += 3, c -= 3;
    else
      b += 3, c -= 3;
    a--;
  }
  if (b + c != 5)
    return 1;                      /* expect unreachable */
  if (b == 3 * n && c == 5 - 3 * n)
    return 2;                      /* expect reachable */
  return 0;
}
