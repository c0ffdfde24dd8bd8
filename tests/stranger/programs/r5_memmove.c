/* A hand-written memmove for a bootloader (no libc) checked against the
   library's, and the naive forward copy it replaced, over a 32-byte
   buffer filled with a pattern.  Every (src, dst, len, seed) (33 * 33 *
   33 * 256 combinations, the guarded ones run) by bf5/r5_memmove_bf.c.
   mm_differs: dead, the copy direction is chosen so that no source byte
     is overwritten before it is read.
   naive_safe: dead, the forward copy is only wrong when the regions
     overlap with dst after src (src < dst < src + len).
   naive_at20: reachable, the first wrong byte at index 20 with len 5
     (the first wrong byte is at 2 dst - src: (src, dst) = (12, 16),
     (14, 17), (16, 18), (18, 19), any seed: 1024 inputs).
   naive_overlap: reachable (any overlapping forward move).
   tail_kept: dead, the bytes after dst + len are untouched (checked at
     index 31 when dst + len < 32). */
#include <string.h>

int mm(int src, int dst, int len, int seed) {
  char a[32], b[32], c[32];
  int i;
  if (src < 0 || dst < 0 || len < 0 || len > 32 || src > 32 - len || dst > 32 - len ||
      seed < 0 || seed > 255)
    return -1;
  for (i = 0; i < 32; i++)
    a[i] = b[i] = c[i] = (char)(i * 7 + seed);
  if (dst < src)
    for (i = 0; i < len; i++)
      a[dst + i] = a[src + i];
  else
    for (i = len - 1; i >= 0; i--)
      a[dst + i] = a[src + i];
  for (i = 0; i < len; i++)
    b[dst + i] = b[src + i];
  memmove(c + dst, c + src, len);
  if (memcmp(a, c, 32) != 0)
    return 1;                                   /*@ mm_differs */
  if (dst + len < 32 && a[31] != (char)(31 * 7 + seed))
    return 2;                                   /*@ tail_kept */
  for (i = 0; i < 32 && b[i] == c[i]; i++)
    ;
  if (i == 32)
    return 0;
  if (dst <= src || dst >= src + len)
    return 3;                                   /*@ naive_safe */
  if (i == 20 && len == 5)
    return 4;                                   /*@ naive_at20 */
  return 5;                                     /*@ naive_overlap */
}
