/* memcpy and memset on int arrays (not character objects). */
#include <string.h>

int copy_ints(int a, int b) {
  int src[3], dst[3];
  src[0] = a;
  src[1] = b;
  src[2] = a + b;
  memset(dst, 0, sizeof dst);
  memcpy(dst, src, sizeof src);
  if (dst[2] == 10 && dst[0] == 3)
    return 1;                                   /*@ copied */
  return 0;
}
