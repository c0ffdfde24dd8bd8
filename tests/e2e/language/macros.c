/* Operators spelled inside macro bodies (tests/e2e/language.sh). */
#define MAX(x, y) ((x) > (y) ? (x) : (y))
#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define SQUARE(x) ((x) * (x))
#define ABS(x) ((x) < 0 ? -(x) : (x))
#define IS_EVEN(n) (((n) & 1) == 0)
#define INC(x) ((x)++)
#define PRE_DEC(x) (--(x))
#define SWAP(a, b) do { int t_ = a; a = b; b = t_; } while (0)
#define MAX3(a, b, c) MAX(MAX(a, b), c)
#define N 10
#define LT <
#define BIT(n) (1u << (n))
#define HAS(x, n) (((unsigned)(x) & BIT(n)) != 0)
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
#define ADD_TO(x, y) ((x) += (y))
#define NOT(x) (!(x))
#define COMPL(x) (~(x))
#define AT(a, i) ((a)[(i)])
#define DEREF(p) (*(p))
#define ADDR(x) (&(x))
#define GETX(p) ((p)->x)
#define LOW_BYTE(x) ((unsigned char)((x) & 0xff))
#define SEQ(a, b) ((a), (b))
#define SUM_BELOW(n, s) for (int i_ = 0; i_ < (n); i_++) (s) += i_
#define CLAMP(x, lo, hi) MIN(MAX(x, lo), hi)

struct pt { int x, y; };

int scalars(int a, int b, int n) {
  int r = MAX(a, b);
  if (r == 3 && a < 0)
    return 1;                            /* line 33: reachable */
  if (MAX(a, b) < a)
    return 2;                            /* line 35: unreachable */
  if (SQUARE(n) == 49 && n < 0)
    return 3;                            /* line 37: reachable, n = -7 */
  if (ABS(n) == 5 && n != 5)
    return 4;                            /* line 39: reachable, n = -5 */
  if (ABS(n) < 0 && n > -100)
    return 5;                            /* line 41: unreachable */
  if (n - N == 1 && a LT b)
    return 6;                            /* line 43: reachable */
  if (IS_EVEN(b) && b > 100 && b < 103)
    return 7;                            /* line 45: reachable, b = 102 */
  if (MAX3(a, b, n) == 1000 && MAX(MAX(a, b), SQUARE(n)) == 1000 && a == 1000)
    return 8;                            /* line 47: reachable */
  if (CLAMP(n, 0, 9) != n && IN_RANGE(n, 0, 9))
    return 9;                            /* line 49: unreachable */
  return 0;
}

int updates(int a, int b) {
  INC(a);
  if (a == 50)
    return 1;                            /* line 56: reachable, a = 49 */
  SWAP(a, b);
  if (a == 20 && b == 51)
    return 2;                            /* line 59: reachable */
  PRE_DEC(b);
  ADD_TO(a, 3);
  if (a == b && b == 7)
    return 3;                            /* line 63: reachable */
  int s = 0;
  SUM_BELOW(b, s);
  if (s == 10 && b == 5)
    return 4;                            /* line 67: reachable */
  if (s == 11 && b == 5)
    return 5;                            /* line 69: unreachable */
  return SEQ(a, b);
}

int bits(unsigned x, int k) {
  if (HAS(x, 3) && LOW_BYTE(x) == 8 && x > 256)
    return 1;                            /* line 75: reachable */
  if (NOT(x) && COMPL(x) != 0xffffffffu)
    return 2;                            /* line 77: unreachable */
  if (k >= 0 && k < 31 && HAS(BIT(k), 4))
    return 3;                            /* line 79: reachable, k = 4 */
  return 0;
}

int pointers(int *p, struct pt *q, int i) {
  int v = 5;
  int *w = ADDR(v);
  if (DEREF(w) != 5)
    return 1;                            /* line 87: unreachable */
  if (i >= 0 && i < 4 && AT(p, i) == 9 && i == 2)
    return 2;                            /* line 89: reachable */
  if (GETX(q) == DEREF(p) + 1 && GETX(q) > 100)
    return 3;                            /* line 91: reachable */
  return 0;
}

#include <assert.h>
int checked(int x) {
  assert(ABS(x) != 5 || x > 0);          /* fails for x = -5 */
  return 0;
}

int holds(int x) {
  assert(ABS(x) >= 0 || x == -2147483647 - 1); /* never fails (-fwrapv) */
  return 0;
}
