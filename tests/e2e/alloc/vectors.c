/* realloc: a dynamic array grown by doubling, shrinking, and realloc(NULL, n).
   The new block holds the old one's first min(old, new) elements; the old
   block is freed (a use of it is a use after free, even where a library
   would have grown it in place). */
#include <stdlib.h>

struct vec {
  int *data;
  int len, cap;
};

static int push(struct vec *v, int x) {
  if (v->len == v->cap) {
    int cap = v->cap ? 2 * v->cap : 2;
    int *d = realloc(v->data, cap * sizeof *d);
    if (!d)
      return 0;
    v->data = d;
    v->cap = cap;
  }
  v->data[v->len++] = x;
  return 1;
}

int grow(int n) {
  struct vec v = {0, 0, 0};
  if (n < 0 || n > 20)
    return 0;
  for (int i = 0; i < n; i++)
    if (!push(&v, 3 * i))
      return -1; /* expect unreachable */
  int r = 0;
  if (n > 5 && v.data[5] == 15 && v.cap == 8)
    r = 1; /* expect reachable */
  if (n > 0 && v.data[n - 1] != 3 * (n - 1))
    r = 2; /* expect unreachable */
  if (n > 0 && v.data[0] != 0)
    r = 3; /* expect unreachable */
  free(v.data);
  return r;
}

int resize(int n) {
  int *a = malloc(4 * sizeof *a);
  if (!a)
    return 0;
  a[0] = 7;
  a[1] = 8;
  a[2] = 9;
  a[3] = 10;
  int *b = realloc(a, n * sizeof *b);
  if (!b)
    return n < 0 ? 1 /* expect reachable */ : 2; /* n == 0 is the library's choice: no verdict there */
  int r = 0;
  if (n >= 2 && b[1] != 8)
    r = 3; /* expect not-reachable (n may ask for more than the model handles: no proof) */
  if (n >= 2 && n <= 1000 && b[1] != 8)
    r = 6; /* expect not-reachable */
  if (n == 6 && b[3] == 10)
    r = 4; /* expect reachable */
  if (n == 3 && b[2] == 9)
    r = 5; /* expect reachable */
  free(b);
  return r;
}

int from_null(int n) {
  if (n < 1 || n > 8)
    return 0;
  int *a = realloc(NULL, n * sizeof *a);
  if (!a)
    return 1; /* expect unreachable */
  a[n - 1] = n;
  int r = a[n - 1] == 7 ? 2 /* expect reachable */ : 3;
  free(a);
  return r;
}

int stale(int n) {
  if (n < 1 || n > 8)
    return 0;
  int *a = malloc(sizeof *a);
  if (!a)
    return 0;
  *a = 1;
  int *b = realloc(a, n * sizeof *b);
  if (!b)
    return 0;
  free(a); /* a was freed by realloc: the path ends */
  return 1; /* expect unreachable */
}
