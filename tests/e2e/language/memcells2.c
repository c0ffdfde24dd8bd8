/* memset to 0 and memcpy on struct, pointer, enum and _Bool cells, and
   memset on a 2-D array: a constant count, unrolled. */
#include <string.h>

struct rec {
  int key;
  double w;
  struct rec *next;
  char tag[3];
};
enum color { RED, GREEN, BLUE };

int records(int k, int v) {
  struct rec a, b[2];
  a.key = k;
  a.w = 2.5;
  a.next = &a;
  a.tag[0] = a.tag[2] = 0;
  a.tag[1] = 'x';
  memset(b, 0, sizeof b);
  memcpy(&b[1], &a, sizeof a);
  if (b[0].key == 0 && b[0].next == 0 && b[1].next == &a && b[1].tag[1] == 'x' && b[1].key == 42 && v == 1)
    return 1;                                   /* line 23: k == 42 */
  memset(&a, 0, sizeof(struct rec));
  if (a.key != 0 || a.w != 0.0 || a.next || a.tag[2])
    return 2;                                   /* line 26: never */
  return 0;
}

int tables(int x) {
  int *ptrs[4];
  enum color cs[3] = {BLUE, BLUE, GREEN}, ds[3];
  _Bool flags[5];
  int grid[3][4];
  memset(ptrs, 0, sizeof ptrs);
  memcpy(ds, cs, sizeof cs);
  memset(flags, 0, 5 * sizeof(_Bool));
  memset(grid, 0, sizeof grid);
  grid[1][2] = x;
  ptrs[2] = &x;
  if (ptrs[3] == 0 && *ptrs[2] == 8 && ds[2] == GREEN && !flags[4] && grid[2][3] == 0 && grid[1][2] == 8)
    return 1;                                   /* line 42: x == 8 */
  if (ptrs[1] != 0 || flags[0] || grid[0][0] != 0)
    return 2;                                   /* line 44: never */
  return 0;
}
