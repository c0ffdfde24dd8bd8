/* --check on blocks of a size the inputs decide: an access past a
   malloc(n) block is a bounds error (n in the report), a loop over the
   block's elements is proved safe, an unchecked result of a request the
   library refuses is a null error, and realloc frees the old block. */
#include <stdlib.h>

int fill(int n) {
  if (n <= 0 || n > 64)
    return 0;
  int *a = malloc(n * sizeof *a);
  if (!a)
    return 0;
  for (int i = 0; i < n; i++)
    a[i] = i;                   /* @ bounds proved; null proved */
  int s = a[n - 1];             /* @ bounds proved */
  free(a);
  return s;
}

int one_more(int n) {
  if (n <= 0 || n > 64)
    return 0;
  int *a = malloc(n * sizeof *a);
  if (!a)
    return 0;
  for (int i = 0; i <= n; i++)
    a[i] = i;                   /* @ bounds found: i == n */
  free(a);
  return 0;
}

int unchecked(int n) {
  int *a = malloc(n * sizeof *a);
  a[0] = 1;                     /* @ null found: n < 0 asks for more than PTRDIFF_MAX bytes */
  int r = a[0];
  free(a);
  return r;
}

int terminated(const char *s, int len) {
  if (len < 0 || len > 16)
    return 0;
  char *d = malloc(len + 1);
  if (!d)
    return 0;
  for (int i = 0; i < len; i++)
    d[i] = s[i];
  d[len] = 0;                   /* @ bounds proved */
  int r = d[0];
  free(d);
  return r;
}

int short_copy(const char *s, int len) {
  if (len < 1 || len > 16)        /* (ASan lets a byte of malloc(0) pass: no report to validate) */
    return 0;
  char *d = malloc(len);
  if (!d)
    return 0;
  for (int i = 0; i < len; i++)
    d[i] = s[i];
  d[len] = 0;                   /* @ bounds found: the terminator is one past the block */
  free(d);
  return 0;
}

int moved(int n) {
  if (n < 1 || n > 8)
    return 0;
  int *a = calloc(2, sizeof *a);
  if (!a)
    return 0;
  int *b = realloc(a, n * sizeof *b);
  if (!b)
    return 0;
  int r = b[n - 1] + a[0];      /* @ free found: a was freed by realloc */
  free(b);
  return r;
}

int grown(int n) {
  if (n < 1 || n > 8)
    return 0;
  int *a = calloc(2, sizeof *a);
  if (!a)
    return 0;
  int *b = realloc(a, n * sizeof *b);
  if (!b)
    return 0;
  b[n - 1] = 1;                 /* @ bounds proved */
  int r = b[1];                 /* @ bounds found: n == 1 */
  free(b);
  return r;
}
