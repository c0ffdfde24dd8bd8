/* Trip counts: the objective in iteration N of a loop whose condition reads
   induction variables demands the condition at check N before anything is
   unfolded (translate/trip_count.c).  Each verdict follows from the bounds
   written in the code. */
int up(int n) {
  int i, s = 0;
  if (n < 0 || n > 100) return -1;
  for (i = 0; i < n; i++)
    s += i; /* expect unreachable --iter 101 */
  return s;
}

int up_hit(int n) {
  int i, s = 0;
  if (n < 0 || n > 100) return -1;
  for (i = 0; i < n; i++)
    s += i; /* expect reachable --iter 100 */
  return s;
}

int by_two(int n) {
  int i = 1, c = 0;
  if (n > 50) return -1;
  while (i < n) {
    c++; /* expect reachable --iter 25 */
    i += 2;
  }
  return c;
}

int by_two_past(int n) {
  int i = 1, c = 0;
  if (n > 50) return -1;
  while (i < n) {
    c++; /* expect unreachable --iter 26 */
    i += 2;
  }
  return c;
}

int down(int n) {
  int s = 0;
  if (n > 10) return 0;
  while (n > 0) {
    n--;
    s += 3; /* expect unreachable --iter 11 */
  }
  return s;
}

int down_hit(int n) {
  int s = 0;
  if (n > 10) return 0;
  while (n > 0) {
    n--;
    s += 3; /* expect reachable --iter 10 */
  }
  return s;
}

int meet(int n) {
  int i = 0, j = n, c = 0;
  if (n > 20) return 0;
  while (i < j) {
    i++;
    j--;
    c++; /* expect reachable --iter 10 */
  }
  return c;
}

int meet_past(int n) {
  int i = 0, j = n, c = 0;
  if (n > 20) return 0;
  while (i < j) {
    i++;
    j--;
    c++; /* expect unreachable --iter 11 */
  }
  return c;
}

int doubled(int n) {
  int i = 0, c = 0;
  if (n > 1000000) return 0;
  while (2 * i < n) {
    c++; /* expect unreachable --iter 500001 */
    i++;
  }
  return c;
}

int million(int n) {
  int i, c = 0;
  if (n > 1000000) return 0;
  for (i = 0; i < n; i++)
    c++; /* expect unreachable --iter 1000001 */
  return c;
}
