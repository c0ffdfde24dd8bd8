/* Allocations of a size the inputs decide: malloc(n * sizeof *a),
   malloc(len + 1), calloc(n, size), realloc(p, n).  A request above
   PTRDIFF_MAX (calloc's product included) gives NULL, as the C library
   does, and the program's own check runs; more than 2^20 elements is more
   than the model handles (no verdict rests on such a path). */
#include <stdlib.h>
#include <string.h>

int squares(int n) {
  int *a = malloc(n * sizeof *a);
  if (!a)
    return n < 0 ? -1 /* expect reachable */ : -2; /* n * 4 as a size_t: past PTRDIFF_MAX only for n < 0 */
  for (int i = 0; i < n; i++)
    a[i] = i * i;
  int r = 0;
  if (n > 3 && a[3] == 9)
    r = 1; /* expect reachable */
  if (n > 3 && a[n - 1] != (n - 1) * (n - 1))
    r = 2; /* expect not-reachable (n up to 2^31: no proof over every n) */
  free(a);
  return r;
}

int never_null(int n) {
  if (n < 0 || n > 100000)
    return 0;
  int *a = malloc(n * sizeof *a);
  if (!a)
    return 1; /* expect unreachable */
  free(a);
  return 0;
}

int too_large(unsigned long n) {
  char *a = malloc(n);
  if (a && n > (1UL << 63))
    return 1; /* expect unreachable */
  if (a && n > (1UL << 40))
    return 2; /* expect unknown (a real malloc may give 2^40 bytes or not) */
  free(a);
  return 0;
}

int zeroed(unsigned long n) {
  long *a = calloc(n, sizeof *a);
  if (!a)
    return n > 1000 ? 1 /* expect reachable */ : 2; /* past PTRDIFF_MAX / 8 */
  if (n > 2 && n < 50 && a[n - 1] == 0)
    return 3; /* expect reachable */
  if (n > 2 && n < 50 && a[n - 2] != 0)
    return 4; /* expect not-reachable (n may ask for more than the model handles: no proof) */
  free(a);
  return 0;
}

int product_overflow(unsigned long n, unsigned long size) {
  if (size != 16)
    return 0;
  char *a = calloc(n, size); /* n * 16 wraps for n >= 2^60: calloc says NULL */
  if (!a && n == (1UL << 60) + 1)
    return 1; /* expect reachable */
  free(a);
  return 0;
}

char *copy(const char *s, int len) {
  if (len < 0 || len > 12)
    return 0;
  char *d = malloc(len + 1);
  if (!d)
    return 0; /* expect unreachable */
  memcpy(d, s, len);
  d[len] = '\0';
  if (len == 3 && d[0] == 'a' && d[2] == 'c')
    return d; /* expect reachable */
  return d;
}

int empty(int n) {
  int *a = malloc(0); /* a block of no bytes: free takes it */
  free(a);
  return 1; /* expect reachable */
}

int past_end(int n, int k) {
  if (n < 0 || n > 100)
    return 0;
  char *b = malloc(n);
  if (!b || k < 0 || k > 200)
    return 0;
  b[k] = 1; /* k >= n: out of bounds, the path ends */
  if (k >= n)
    return 1; /* expect unreachable */
  if (k == 50)
    return 2; /* expect reachable */
  return 0;
}

int unwritten(int n) {
  if (n < 1 || n > 10)
    return 0;
  int *a = malloc(n * sizeof *a);
  if (!a)
    return 0;
  a[0] = 5;
  if (n == 4 && a[3] == 1)
    return 1; /* expect unknown: a[3] is nobody's value */
  return 0;
}
