#include <stdio.h>
#include "../programs/b2_fsm.c"
/* all 2^32 words is too slow on the shared machine: the first 10 events
   exhaustively with the rest fixed to four patterns, plus the witnesses. */
int main(void) {
  unsigned lo, hi; int c[6] = {0};
  unsigned his[4] = {0, 0xaaaaaaaau, 0xffffffffu, 0x55555555u};
  for (lo = 0; lo < (1u << 20); lo++) for (hi = 0; hi < 4; hi++) c[session(lo | (his[hi] & ~0xfffffu))]++;
  printf("%d %d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4], c[5]);
  printf("all_data: %d\n", session(0x4 | 0xaaaaaaa0u));
  printf("five: %d\n", session(0x4 | (0x2aau << 4) | (3u << 14)));
  return 0;
}
