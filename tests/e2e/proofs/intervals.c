/* Loop invariants that need more than affine images of every assignment:
 * non-linear steps bounded by an interval, nested loops whose product
 * bound is linear in the outer counter, rates that a plain widening
 * drops, and a required disjunction whose sides are refuted one by one.
 * Every bound is large enough that unfolding cannot answer in time. */

/* A pseudo-random walk: each step is within [-2, 2]. */
int walk(int steps, int start) {
  int pos = start, i, max = start;
  if (steps < 0 || steps > 20000 || start < 0 || start > 100)
    return -1;
  for (i = 0; i < steps; i++) {
    pos += (i * 7 + 3) % 5 - 2;
    if (pos > max)
      max = pos;
  }
  if (max - start > 2 * steps)
    return 1;                      /* expect unreachable */
  if (pos - start < -2 * i)
    return 2;                      /* expect unreachable */
  if (pos - start == -1 && steps == 2)
    return 3;                      /* expect reachable */
  return 0;
}

/* rows * cols cells, beside a counter of the diagonal. */
int grid(int rows, int cols) {
  int r, c, diag = 0;
  long cells = 0;
  if (rows < 0 || rows > 1000 || cols < 0 || cols > 1000)
    return -1;
  for (r = 0; r < rows; r++)
    for (c = 0; c < cols; c++) {
      cells++;
      if (r == c)
        diag++;
    }
  if (cells > 1000000)
    return 1;                      /* expect unreachable */
  if (cells == 6 && diag == 2)
    return 2;                      /* expect reachable */
  return 0;
}

/* A remainder by 7 summed: |s| grows by at most 6 per step (the widening
   sees 4 i, 5 i, ... before the rate). */
int remainders(int n, int c) {
  int i = 0, u = 0, s = 0;
  if (n < 0 || n > 1000000 || c < -3 || c > 3)
    return -1;
  while (i < n) {
    i++;
    u = (u * 5 + i + c) % 7;
    s += u;
  }
  if (s > 6 * i || s < -6 * i)
    return 1;                      /* expect unreachable */
  if (s == 8 && i == 2)
    return 2;                      /* expect reachable */
  return 0;
}

/* A digit sum: at most 9 per digit, and a 32-bit int has at most 10. */
int digits(int x) {
  int sum = 0, count = 0;
  if (x < 0)
    return -1;
  while (x > 0) {
    sum += x % 10;
    x /= 10;
    count++;
  }
  if (sum > 9 * count)
    return 1;                      /* expect unreachable */
  if (sum == 27 && count == 3)
    return 2;                      /* expect reachable */
  return 0;
}
