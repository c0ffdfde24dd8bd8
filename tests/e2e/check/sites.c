/* Run-time error sites for --check, one line per query: the comment of
   each marked line says which kinds and what the answer is, and why. */
#include <limits.h>
#include <stdlib.h>

struct item { int key; struct item *next; };

long long wide_sum(long long a, long long b) {
  if (a < 0)
    return 0;
  return a + b;                  /* @ overflow found: a = LLONG_MAX, b = 1 */
}

long long wide_sum_safe(long long a, long long b) {
  if (a < 0 || b < 0 || a > LLONG_MAX / 2 || b > LLONG_MAX / 2)
    return 0;
  return a + b;                  /* @ overflow proved: both at most LLONG_MAX / 2 */
}

long wide_product(long a, long b) {
  if (a > -4 && a < 4)
    return 0;
  return a * b;                  /* @ overflow found: |a| >= 4, b large */
}

long wide_difference(long a, long b) {
  if (b > 0)
    return a - b;                /* @ overflow found: a = LONG_MIN */
  return 0;
}

int negate(int x) {
  return -x;                     /* @ overflow found: x = INT_MIN */
}

int negate_safe(int x) {
  if (x == INT_MIN)
    return 0;
  return -x;                     /* @ overflow proved */
}

int small_product(short a, short b) {
  return a * b;                  /* @ overflow proved: shorts promote to int */
}

int shift_signed(int x, int k) {
  if (k < 0 || k > 30)
    return 0;
  return x << k;                 /* @ overflow found: x negative; shift proved: k in [0, 30] */
}

unsigned shift_masked(unsigned x, int k) {
  return x >> (k & 31);          /* @ shift proved: k & 31 is in [0, 31] */
}

int divide_in_loop(int n, int d) {
  int steps = 0;
  while (n / d > 1) {            /* @ div found: d = 0 when the loop condition runs */
    n = n / 2;
    steps++;
  }
  return steps;
}

int guarded_quotient(int n, int d) {
  int q = d != 0 ? n / d : 0;    /* @ div proved: the division runs only where d != 0 */
  return q;
}

int corner(int i, int j) {
  int grid[3][4] = {{0}};
  if (i < 0 || j < 0 || i > 3 || j > 3)
    return -1;
  return grid[i][j];             /* @ bounds found: i = 3 */
}

int last_address(int n) {
  int buf[8] = {0};
  if (n < 0 || n > 8)
    return 0;
  int *end = &buf[n];            /* @ bounds proved: &buf[8] is one past the end, allowed */
  return end != buf;
}

int chained(struct item *l) {
  if (l && l->key > 0)           /* @ null proved: l->key is read only where l is not NULL */
    return 1;
  return 0;
}

unsigned to_unsigned(double d) {
  if (d < -2.0 || d > 5.0)
    return 0;
  return (unsigned)d;            /* @ float-cast found: d in (-2, -1] */
}

unsigned to_unsigned_safe(double d) {
  if (d > -1.0 && d < 4294967296.0)
    return (unsigned)d;          /* @ float-cast proved: (-1, 2^32) converts */
  return 0;
}

long to_long(double d) {
  return (long)d;                /* @ float-cast found: NaN, infinities, |d| >= 2^63 */
}

void release_alias(int k) {
  int *p = malloc(sizeof *p);
  if (p == NULL)
    return;
  int *q = p;
  free(p);
  if (k == 7)
    free(q);                     /* @ free found: q is p, freed */
}

int field_after_free(int k) {
  struct item *a = malloc(sizeof *a);
  if (a == NULL)
    return 0;
  a->key = k;
  a->next = NULL;
  if (k > 10)
    free(a);
  return a->key;                 /* @ free found: k > 10 */
}

int *keep_or_free(int k) {
  int *p = malloc(2 * sizeof *p);
  if (p == NULL)
    return NULL;
  p[0] = k;
  if (k < 0) {
    free(p);
    return NULL;
  }
  p[1] = -k;                     /* @ free proved: p was freed only on the path that returned */
  return p;
}

int local_free(int k) {
  int x = k;
  int *p = &x;
  if (k == 99)
    free(p);                     /* @ free found: p is a local's address */
  return x;
}

int sum_inclusive(const int *v, int n) {
  int s = 0;
  for (int i = 0; i <= n; i++)
    s += v[i];                   /* @ bounds found: the input array is as long as the solver chooses */
  return s;
}

int heap_index(int n) {
  int *p = malloc(4 * sizeof *p);
  if (p == NULL)
    return 0;
  int x = 0;
  if (n >= 0 && n < 4)
    x = p[n] = n;                /* @ bounds proved: n in [0, 4) */
  if (n == 9)
    x = *(p + n);                /* @ bounds found: n = 9 */
  free(p);
  return x;
}

int record_field(struct item *r, int i) {
  if (i < 0 || i > 2)
    return 0;
  return r[i].key;               /* @ bounds found: r holds fewer than 3 items */
}

int maybe_set(int c, int v) {
  int x;
  if (c > 0)
    x = v;
  int y = 0;
  if (c >= 0)
    y = x;                       /* @ uninit found: c = 0 */
  return y;                      /* @ uninit proved: y is assigned first */
}

int set_in_loop(int n) {
  int last;
  int i = 0;
  do {
    last = i;
    i++;
  } while (i < n);
  return last;                   /* @ uninit proved: a do-while body runs once */
}
