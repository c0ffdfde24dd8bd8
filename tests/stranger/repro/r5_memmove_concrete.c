/* Set 5, class 10: a function that calls memmove is never run by the
   concrete mode (concrete runs 0 in --stats, also with a constant count).
   Dead (bf5/r5_repro_bf.c: all 35937 (src, dst, len)).  UNKNOWN at 30 s;
   with the memmove line replaced by a copy through a temporary array
   (for (i...) t[i] = c[src + i]; for (i...) c[dst + i] = t[i];) it is
   UNREACHABLE in 0.28 s by 35937 concrete runs. */
#include <string.h>
int mm(int src, int dst, int len) {
  char a[32], c[32];
  int i;
  if (src < 0 || dst < 0 || len < 0 || len > 32 || src > 32 - len || dst > 32 - len)
    return -1;
  for (i = 0; i < 32; i++)
    a[i] = c[i] = (char)(i * 7);
  if (dst < src)
    for (i = 0; i < len; i++)
      a[dst + i] = a[src + i];
  else
    for (i = len - 1; i >= 0; i--)
      a[dst + i] = a[src + i];
  memmove(c + dst, c + src, len);
  if (memcmp(a, c, 32) != 0)
    return 1;
  return 0;
}
