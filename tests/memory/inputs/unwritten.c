/* Cells nobody wrote, read through a pointer with several candidates.  No
   test controls what such a cell holds, so no input may be claimed to miss
   a target that garbage could reach: every marked target is UNKNOWN, never
   UNREACHABLE, and never REACHABLE on garbage (tests/memory/unwritten.sh). */
#include <stdlib.h>

/* a[0] is never written; a[c] may read it */
int load_candidate(int c) {
  int a[2];
  a[1] = 5;
  if (c < 0 || c > 1) return 0;
  if (a[c] == 7) {
    return 1; /* T1 */
  }
  return 0;
}

/* the store may miss p[0], which then holds garbage */
int store_misses(int c) {
  int *p = malloc(2 * sizeof(int));
  if (c < 0 || c > 1) return 0;
  p[c] = 5;
  if (p[0] == 7) {
    return 1; /* T2 */
  }
  return 0;
}

/* two loads of cells a store remembered: the second one may read garbage */
int second_reader(int c, int e, int d, int g) {
  int a[2];
  a[1] = 0;
  if (c) a[0] = 1;
  if (e < 0 || e > 1 || d < 0 || d > 1 || g < 0 || g > 1) return 0;
  a[e] = 6;
  int x = a[d];
  int y = a[g];
  if (y == 9) {
    return x; /* T3 */
  }
  return 0;
}
