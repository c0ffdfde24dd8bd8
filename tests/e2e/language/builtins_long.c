/* The long forms of the bit builtins follow the data model (long is 32 bits
   under ILP32), and so do memcpy's long cells. */
#include <string.h>

int longs(unsigned long x, long s, int k) {
  long a[2] = {s, s}, b[2];
  memcpy(b, a, sizeof a);
  if (__builtin_clzl(x) == 8 * (int)sizeof(long) - 1 && k == 1)
    return 1;                                   /* line 9: x == 1 */
  if (__builtin_ctzl(x) == 8 * (int)sizeof(long) - 1 && k == 2)
    return 2;                                   /* line 11: x is the top bit */
  if (__builtin_popcountl(x) == 8 * (int)sizeof(long) && __builtin_clrsbl(b[1]) == 8 * (int)sizeof(long) - 2 &&
      __builtin_ffsl(s) == 1 && __builtin_parityl(x) == 0)
    return 3;                                   /* line 14: s == 1 or -2 */
  if (__builtin_clzl(x) >= 8 * (int)sizeof(long))
    return 4;                                   /* line 16: never */
  return 0;
}
