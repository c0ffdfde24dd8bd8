/* Calls through a table of function pointers. */
static int add1(int x) { return x + 1; }
static int dbl(int x) { return x * 2; }
static int neg(int x) { return -x; }

static int (*const ops[3])(int) = { add1, dbl, neg };

int apply(int k, int x) {
  int (*f)(int);
  if (k < 0 || k > 2)
    return -1;
  f = ops[k];
  if (f(x) == 42 && k == 1)
    return 1;                                   /*@ dbl42 */
  if (f(x) == -42)
    return 2;                                   /*@ neg42 */
  return 0;
}
