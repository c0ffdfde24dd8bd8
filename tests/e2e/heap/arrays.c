/* Arrays and strings given through pointers: the length is the solver's. */
#include <stddef.h>

int count_pos(const int *a, int n) {
  int c = 0;
  if (a == NULL || n < 0 || n > 16)
    return -1;
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      c++;
  if (c == 4 && n == 7)
    return 1; /* expect reachable */
  if (c > n)
    return 2; /* expect unreachable */
  return 0;
}

int prefix(const char *s, const char *p) {
  int i = 0;
  while (p[i] != '\0') {
    if (s[i] != p[i])
      return 0;
    i++;
  }
  if (i == 3 && s[i] == 'x')
    return 1; /* expect reachable */
  return 2;
}

int store_load(int *a, int n) {
  if (n < 3 || n > 10)
    return 0;
  a[n - 1] = 7;
  a[0] = a[n - 1] + 1;
  if (a[0] != 8)
    return 1; /* expect unreachable */
  if (a[2] == 7 && a[0] == 8)
    return 2; /* expect reachable */
  return 0;
}

int overlap(int *a, int *b) {
  a[0] = 1;
  b[0] = 2;
  if (a[0] == 2)
    return 1; /* expect reachable */
  if (a[0] == 3)
    return 2; /* expect unreachable */
  return 0;
}

int matrix(int (*m)[3]) {
  if (m[1][2] == 5 && m[0][0] == -5)
    return 1; /* expect reachable */
  return 0;
}

struct point { int x, y; };

int twins(const struct point *p, const struct point *q) {
  if (p != q && p->x == q->x && p->y == q->y && p->x > 1000)
    return 1; /* expect reachable */
  if (p == q && p->x != q->x)
    return 2; /* expect unreachable */
  return 0;
}

int argv_like(int argc, char **argv) {
  if (argc == 2 && argv[1][0] == '-' && argv[1][1] == 'v' && argv[1][2] == '\0')
    return 1; /* expect reachable */
  return 0;
}
