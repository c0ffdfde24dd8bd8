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

/* a load under && of a cell nobody wrote, where the left operand holds */
int guarded_garbage(int k) {
  int a[2];
  a[0] = 0;
  if (k > 3 && a[1] == 5) {
    return 1; /* T4 */
  }
  return 0;
}

/* the same through a candidate pointer: a[i] unwritten for i == 1 */
int guarded_candidate(int k, int i) {
  int a[2];
  a[0] = 4;
  if (i < 0 || i > 1) return 0;
  if (k > 3 && a[i] == 5) {
    return 1; /* T5 */
  }
  return 0;
}
