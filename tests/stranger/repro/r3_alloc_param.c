/* A block whose size is a constant computed at run time (here by a helper
   parameter, mk(4) -> malloc(cap * sizeof(int))): translate/stmt.c
   allocate() sees the size not yet fixed ("an allocation of a size the
   inputs decide"), so every root is spoiled and the 65536-input enumeration
   that would prove line 28 dead (sp is even after 16 steps of +-1) never runs.
     inka-ng --reach r3_alloc_param.c:28 r3_alloc_param.c            UNKNOWN 0.08 s
     ... --assume 'w <= 4095'                                          UNREACHABLE (first enumeration)
   Same with `int n = 4; n = n * 4; p = malloc(n);` (no helper); `malloc(16)`
   or `unsigned long n = 16; malloc(n)` are fine. */
#include <stdlib.h>

static int *mk(int cap) {
  int *p = malloc(cap * sizeof(int));
  p[0] = 0;
  return p;
}

int f(unsigned int w) {
  int *s, i, sp = 0;
  if (w > 0xFFFFu)
    return -1;
  s = mk(4);
  for (i = 0; i < 16; i++)
    sp += (w >> i) & 1u ? 1 : -1;
  s[0] = sp;
  if (s[0] == 1) {
    free(s);
    return 1;
  }
  free(s);
  return 0;
}
