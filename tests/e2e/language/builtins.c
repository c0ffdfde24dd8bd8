/* GCC builtins: bit counting, branch hints, abs, traps. */
int bits(unsigned x, unsigned long long v, int s) {
  if (__builtin_expect(x == 0, 0))
    return -1;
  if (__builtin_popcount(x) == 3 && __builtin_ctz(x) == 4)
    return 1;                                   /* line 6 */
  if (__builtin_clz(x) == 31 && s == 2)
    return 2;                                   /* line 8: x == 1 */
  if (__builtin_popcountll(v) == 64 && s == 3)
    return 3;                                   /* line 10 */
  if (__builtin_clzll(v) == 0 && __builtin_ctzll(v) == 63 && s == 4)
    return 4;                                   /* line 12 */
  if (__builtin_parity(x) && __builtin_ffs(s) == 3 && __builtin_clz(x) == 0)
    return 5;                                   /* line 14 */
  if (__builtin_abs(s) < 0)
    return 6;                                   /* line 16: s == INT_MIN */
  if (__builtin_popcount(x) == 33)
    return 7;                                   /* line 18: never */
  return 0;
}

int traps(unsigned x, int k) {
  int r = 0;
  if (x < 4)
    r = __builtin_ctz(x);                       /* undefined for 0: ends the path */
  if (x == 0)
    return 100;                                 /* line 27: never */
  if (k > 10)
    __builtin_unreachable();
  if (k == 11)
    return 101;                                 /* line 31: never */
  if (r == 1 && k == 10)
    return 102;                                 /* line 33: x == 2 */
  return r;
}

int hint(long n) {
  if (__builtin_expect(n > 5, 1) && __builtin_expect(n < 7, 0))
    return 1;                                   /* line 39: n == 6 */
  return 0;
}

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
int swaps(unsigned x, int y, unsigned long long v) {
  if (unlikely(y < -100000))
    return -1;
  if (likely(__builtin_bswap32(x) == 0x11223344u) && __builtin_clrsb(y) == 20)
    return 1;                                   /* line 49: y in [-2048, -1025] or [1024, 2047] */
  if (__builtin_bswap64(v) == 0x0102030405060708ull && __builtin_bswap16((unsigned short)y) == 0x3412)
    return 2;                                   /* line 51 */
  if (__builtin_clrsb(y) == 31 && y != 0 && y != -1)
    return 3;                                   /* line 53: never */
  return 0;
}

int trapped(unsigned x) {
  int r = 0;
  if (x == 3)
    r = 1;                                      /* line 60: before a trap (SIGILL), validated */
  if (x == 3)
    __builtin_trap();
  return r;
}
