/* GNU's x ?: y and offsetof: never taken for a conversion of an operand. */
#include <stddef.h>

struct s {
  int a;
  char b;
  long c[4];
};

static int calls;
static int next(int v) {
  calls++;
  return v;
}

int elvis(int x, int *p) {
  int y = x ?: 7;
  int z = next(x) ?: next(9);
  int *q = p ?: &y;
  if (y == 5 && z == 5 && calls == 1 && *q == 5)
    return 1;                                   /* line 21: x == 5, p == NULL or *p == 5 */
  if (y == 7 && z == 9 && calls == 2 && x == 0)
    return 2;                                   /* line 23 */
  if (y == 7 && x != 0 && x != 7)
    return 3;                                   /* line 25: never */
  return 0;
}

int offsets(int i) {
  if (offsetof(struct s, c) == 8 && offsetof(struct s, b) == 4 && i == 1)
    return 1;                                   /* line 31 */
  if (offsetof(struct s, c) != 8)
    return 2;                                   /* line 33: never */
  return 0;
}

int varying(int i) {
  if (offsetof(struct s, c[i]) == 24)           /* line 38: refused, not mistranslated */
    return 1;
  return 0;
}
