/* Signed overflow, one operation per function: each "wrap" target needs the
   operation to overflow (reachable under --wrapv only), each "edge" target
   needs a result at the very edge of the type, no overflow (reachable in
   both semantics).  tests/e2e/overflow.sh asks every target in both. */
int add(int a, int b) {
  int s = a + b;
  if (b > 0 && s < a)
    return 1; /* wrap */
  if (s == 2147483647 && b == 1)
    return 2; /* edge */
  return 0;
}

int sub(int a, int b) {
  int s = a - b;
  if (b > 0 && s > a)
    return 1; /* wrap */
  if (s == -2147483647 - 1 && b == 2)
    return 2; /* edge */
  return 0;
}

int mul(int a, int b) {
  int p = a * b;
  if (a > 1000 && b > 1000 && p < 1000)
    return 1; /* wrap */
  if (a == -65536 && p == -2147483647 - 1)
    return 2; /* edge */
  return 0;
}

int neg(int a) {
  int n = -a;
  if (n < 0 && a < 0)
    return 1; /* wrap */
  if (n == -2147483647)
    return 2; /* edge */
  return 0;
}

int shl(int a, int k) {
  if (k < 0 || k > 31)
    return -1;
  int s = a << k;
  if (a > 0 && s < 0)
    return 1; /* wrap */
  if (a > 1 && s == 1073741824)
    return 2; /* edge */
  return 0;
}

int shl_negative(int a) {
  int s = a << 1;
  if (s == -2)
    return 1; /* wrap: a negative value shifted */
  if (s == 2147483646)
    return 2; /* edge */
  return 0;
}

int divide(int a, int b) {
  if (b == 0)
    return -1;
  int q = a / b;
  if (q > 0 && a < 0 && b < 0 && q == a)
    return 1; /* wrap: INT_MIN / -1, a trap in both */
  if (q == -2147483647 - 1)
    return 2; /* edge */
  return 0;
}

long lmul(long a, long b) {
  long p = a * b;
  if (a > 4000000000L && b > 4000000000L && p == 0)
    return 1; /* wrap */
  if (a == 3037000499L && p == 9223372030926249001L)
    return 2; /* edge */
  return 0;
}

int inc(int y) {
  y++;
  if (y < 0 && y - 1 > 0)
    return 1; /* wrap: y++ at INT_MAX */
  if (y == 2147483647)
    return 2; /* edge */
  return 0;
}

int compound(int x, int d) {
  if (x < 0 || d < 0 || d > 100)
    return -1;
  x += d;
  x *= 2;
  if (x < 0)
    return 1; /* wrap */
  if (x == 2147483646)
    return 2; /* edge */
  return 0;
}

int narrow(int x) {
  short s = (short)x;
  s++;
  if (x == 32767 && s < 0)
    return 1; /* conversions wrap in both semantics: reachable in both */
  return 0;
}

int checked(int a, int b) {
  int r;
  if (__builtin_add_overflow(a, b, &r) && a > 0)
    return 1; /* the builtin stays defined: reachable in both */
  if (__builtin_mul_overflow(a, b, &r) && a == -1)
    return 2; /* a == -1, b == INT_MIN: reachable in both */
  return 0;
}
