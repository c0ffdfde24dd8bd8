/* An unsigned 64-bit local that a loop writes may hold any value of its
   type, 0 to 2^64-1: the loop can still reach `return 1` (g(2) does). */
int g(int n) {
  unsigned long long a = 0;
  for (int i = 0; i < n; i++) {
    if (a >= 5)
      return 1;
    a = a + 10;
  }
  return 0;
}

/* A value above INT64_MAX read before the loop is no negative number. */
int h(unsigned long long a, int n) {
  for (int i = 0; i < n; i++) {
    if (a > 9223372036854775807ULL)
      return 1;
    n = n - 1;
  }
  return 0;
}

/* A product of u64 values above 2^63 is no 128-bit number: 2^63 * 2^63
   wraps to 0. */
int sq(unsigned long long a, int n) {
  if (a < 9223372036854775808ULL)
    return 0;
  for (int i = 0; i < n; i++) {
    if (a * a == 0)
      return 1;
    n = n - 1;
  }
  return 2;
}
