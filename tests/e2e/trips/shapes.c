/* Trip counts on loops whose shape the deduction must refuse or respect:
   do-while, continue before the update, break, nested --iter lists,
   unsigned wraparound.  Each verdict follows from the code. */
int dw(int n) {
  int k = 0, c = 0;
  if (n > 5) return 0;
  do {
    c++; /* expect reachable --iter 5 */
    k++;
  } while (k < n);
  return c;
}

int dw_past(int n) {
  int k = 0, c = 0;
  if (n > 5) return 0;
  do {
    c++; /* expect unreachable --iter 6 */
    k++;
  } while (k < n);
  return c;
}

/* The continue skips the update: i is no induction variable, and x keeps
   the loop going for up to 100 more iterations. */
int skips(int n, int x) {
  int i = 0, c = 0;
  if (n < 0 || n > 3 || x < 0 || x > 100) return 0;
  while (i < n) {
    c++; /* expect reachable --iter 50 */
    if (x > 0) {
      x--;
      continue;
    }
    i++;
  }
  return c;
}

/* A break ends the loop early: the bound still holds for the iterations that run. */
int stops(int n, int a) {
  int i, c = 0;
  if (n > 10) return 0;
  for (i = 0; i < n; i++) {
    if (a == i) break;
    c++; /* expect reachable --iter 10 */
  }
  return c;
}

int stops_past(int n, int a) {
  int i, c = 0;
  if (n > 10) return 0;
  for (i = 0; i < n; i++) {
    if (a == i) break;
    c++; /* expect unreachable --iter 11 */
  }
  return c;
}

int grid(int n, int m) {
  int i, j, c = 0;
  if (n > 5 || m > 7) return 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      c += i * j; /* expect reachable --iter 5,7 */
  return c;
}

int grid_outer(int n, int m) {
  int i, j, c = 0;
  if (n > 5 || m > 7) return 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      c += i * j; /* expect unreachable --iter 6,1 */
  return c;
}

int grid_inner(int n, int m) {
  int i, j, c = 0;
  if (n > 5 || m > 7) return 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      c += i * j; /* expect unreachable --iter 1,8 */
  return c;
}

/* The inner bound grows with the outer counter: iteration 4 of the inner
   loop needs i >= 4, that is outer iteration 5 at least. */
int triangle(int n) {
  int i, j, c = 0;
  if (n > 6) return 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++)
      c++; /* expect reachable --iter 5,4 */
  return c;
}

int triangle_past(int n) {
  int i, j, c = 0;
  if (n > 6) return 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < i; j++)
      c++; /* expect unreachable --iter 4,4 */
  return c;
}

/* c runs 250, ..., 255, 0, ..., 3: ten iterations. */
int wraps(int x) {
  int k = 0;
  unsigned char c;
  for (c = 250; c != 4; c++)
    k += x; /* expect reachable --iter 10 */
  return k;
}

int wraps_past(int x) {
  int k = 0;
  unsigned char c;
  for (c = 250; c != 4; c++)
    k += x; /* expect unreachable --iter 11 */
  return k;
}

/* The loop header itself as the target, with an input start. */
int header(int s, int n) {
  int c = 0;
  if (s < 0 || n > 40) return 0;
  while (s < n) { /* expect unreachable --iter 41 */
    s++;
    c++;
  }
  return c;
}
