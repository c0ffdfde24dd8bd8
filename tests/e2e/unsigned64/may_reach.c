#include <stddef.h>
#include <stdint.h>
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

/* Found by tests/diff/loops.py (seed 11, query 52; typed, the fact guarding
   the body): u1 passes 2^64 - 1 after one step, so 3 * u1 is small. */
int body_fact(size_t n, int a) {
  int64_t i = 0;
  int u0 = 17;
  uint64_t u1 = 18446744073709551610ULL;
  if (n > 1000000)
    return -1;
  if (a < 2147483632 || a > 2147483642)
    return -2;
  while (i < n) {
    if (-u0 + 3 * u1 - 3 * i < (-660474676658LL))
      return 1;
    i++; u1 += 8; u0 += 3;
  }
  return 0;
}
