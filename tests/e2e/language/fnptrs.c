/* Function pointers: a dispatch table, pointers in struct fields, passed,
   returned, compared, NULL, and recursion through a pointer. */
typedef int (*unop)(int);
static int add1(int x) { return x + 1; }
static int dbl(int x) { return 2 * x; }
static int neg(int x) { return -x; }
static unop ops[] = {add1, dbl, neg};
struct stage { unop f; int k; };
static int apply(unop f, int v) { return f(v); }
static unop pick(int k) { return k ? &dbl : add1; }
static int fact(int n);
static unop self = fact;
static int fact(int n) { return n <= 1 ? 1 : n * self(n - 1); }

int table(int i, int x) {
  if (i < 0 || i > 2)
    return -1;
  unop f = ops[i];
  struct stage s = {neg, 3};
  int y = f(x);
  int z = apply(s.f, y);
  int w = (*pick(x > 5))(z);
  if (w == -28 && i == 1)
    return 1;                            /* line 24: dbl, then neg, then dbl */
  if (f(x) % 2 == 1 && f == dbl)
    return 2;                            /* line 26: never: 2 * x is even */
  if (f != add1 && f != dbl && x == 9 && y == -9)
    return 3;                            /* line 28: neg */
  return 0;
}

int null_call(int x) {
  unop f = 0;
  if (x > 10)
    f = neg;
  if (x == 3)
    x = f(x);                            /* line 37: calls NULL, the path ends */
  if (x == 3)
    return 1;                            /* line 39: never */
  if (f && f(x) == -20)
    return 2;                            /* line 41 */
  return 0;
}

int recursion(int n) {
  if (n < 0 || n > 10)
    return 0;
  if (self(n) == 120)
    return 1;                            /* line 49: n == 5 */
  return 0;
}

int takes(unop f, int x) {               /* a function-pointer input: refused */
  return f(x) == 4;
}
