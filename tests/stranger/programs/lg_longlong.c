/* 64-bit arithmetic, shifts, sizeof and casts between widths. */
#include <stdint.h>

int wide(long long a, unsigned int b, short s, signed char c) {
  int64_t p = a * 1000000007LL;
  uint64_t u = (uint64_t)b << 32 | b;
  if (sizeof(long long) != 8 || sizeof(short) != 2)
    return -1;
  if (p == 7000000049LL)
    return 1;                                   /*@ p7 */
  if (u == 0xdeadbeefdeadbeefULL)
    return 2;                                   /*@ dead */
  if ((int)s + c == -32768 - 128)
    return 3;                                   /*@ both_min */
  if ((unsigned char)c == 200 && (short)(s * 2) == -2)
    return 4;                                   /*@ narrow */
  if (a > 0 && (int)a < 0 && (a >> 32) == 1)
    return 5;                                   /*@ trunc_neg */
  return 0;
}
