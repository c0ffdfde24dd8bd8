/* GCC's overflow builtins: the wrapped result and the exact overflow flag. */
int checked(int a, int b, unsigned u, long long w) {
  int r;
  unsigned q;
  long long z;
  if (__builtin_add_overflow(a, b, &r) && r == -2 && a > 0)
    return 1;                                   /* line 7: a + b == 2^32 - 2 */
  if (!__builtin_mul_overflow(a, 3, &r) && r == 21 && b == 1)
    return 2;                                   /* line 9: a == 7 */
  if (__builtin_sub_overflow(u, 5u, &q) && q == 0xfffffffeu)
    return 3;                                   /* line 11: u == 3 */
  if (__builtin_mul_overflow(w, 4ll, &z) && w > 0 && w < (1ll << 61) + 10 && b == 2)
    return 4;                                   /* line 13: 2^61 <= w < 2^61 + 10 */
  if (__builtin_sadd_overflow(a, 1, &r) && a != 2147483647)
    return 5;                                   /* line 15: never */
  if (__builtin_umul_overflow(u, 2u, &q) && b == 3 && q == 2)
    return 6;                                   /* line 17: u == 2^31 + 1 */
  short s = (short)b;
  if (__builtin_add_overflow(s, a, &r) && b == 4)
    return 7;                                   /* line 20: a near INT_MAX */
  return 0;
}

int refused(int a, unsigned u) {
  int r;
  return __builtin_add_overflow(a, u, &r);      /* line 26: mixed signedness */
}

int squares(int a) {
  int r;
  if (__builtin_mul_overflow(a, a, &r) && a > -46341 && a < 46341)
    return 1;                                   /* line 32: never (46340^2 < 2^31) */
  if (__builtin_mul_overflow(a, a, &r) && a > 0 && a < 46345)
    return 2;                                   /* line 34: a in 46341..46344 */
  return 0;
}
