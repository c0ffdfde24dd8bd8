/* memset, memcpy and memmove on objects whose cells are not chars. */
#include <string.h>

int copy_ints(int a, int b) {
  int src[3], dst[3];
  src[0] = a;
  src[1] = b;
  src[2] = a + b;
  memset(dst, 0, sizeof dst);
  memcpy(dst, src, sizeof src);
  if (dst[2] == 10 && dst[0] == 3)
    return 1;                                   /* line 12 */
  return 0;
}

int set_bytes(int c, int k) {
  unsigned u[2];
  short s[4];
  long l = 5;
  memset(u, c, sizeof u);
  memset(s, c, sizeof s);
  memset(&l, 0, sizeof l);
  if (u[1] == 0x01010101u && k == 1)
    return 1;                                   /* line 24: c == 1 (mod 256) */
  if (s[3] == -1 && l == 0 && k == 2)
    return 2;                                   /* line 26: c == 255 (mod 256) */
  if (u[0] == 1)
    return 3;                                   /* line 28: never */
  return 0;
}

int partial(int n, int x) {
  long a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
  if (n < 0 || n > 4)
    return -1;
  memcpy(b, a, n * sizeof(long));
  if (b[2] == 3 && b[3] == 0 && x == 7)
    return 1;                                   /* line 38: n == 3 */
  if (b[3] == 4 && n != 4)
    return 2;                                   /* line 40: never */
  return 0;
}

int shift(int x, int y) {
  int a[4] = {x, y, 3, 4};
  char t[4] = {'a', 'b', 'c', 'd'};
  memmove(a + 1, a, 3 * sizeof(int));
  memmove(t, t + 1, 3);
  if (a[1] == 9 && a[2] == y && a[3] == 3 && t[2] == 'd' && y == 2)
    return 1;                                   /* line 50: x == 9 */
  return 0;
}

int zero_doubles(double d) {
  double v[3] = {d, d, d};
  int n = 0;
  memset(v, 0, sizeof v);
  if (v[1] == 0.0 && d > 1.5)
    return 1;                                   /* line 58 */
  return n;
}

int builtin_names(int a, const char *s) {
  int x[2] = {a, a}, y[2];
  char t[4];
  __builtin_memcpy(y, x, sizeof x);
  __builtin_memset(t, 'z', sizeof t);
  if (y[1] == 6 && t[3] == 'z' && __builtin_strlen(s) == 2)
    return 1;                                   /* line 69 */
  return 0;
}
