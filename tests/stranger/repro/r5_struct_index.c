/* Once a WRONG verdict (set 5, class 1; fixed, see tests/stranger/README.md): an input array of structs read through
   a symbolic index.  Dead: k is 0 or 1 and both records' prefix & 6 are 0
   (bf5/r5_repro_bf.c runs every pair of prefixes 0..15).  inka-ng answers
   REACHABLE with k = 1, t = {{0, 2}, {8, 0}} after about 6 s of search (also
   with --no-sat and --no-concrete); the driver does not reach the line
   (--validate: UNKNOWN, "the target line ran 0 times").  The model seems to
   read t[k].prefix from flat cell k (t[0].len = 2) instead of cell 2k:
   adding t[0].len == 0 to the condition makes it time out instead. */
#include <stddef.h>
struct route { int prefix; int len; };
int lookup(const struct route *t, int k) {
  if (t == NULL || k < 0 || k > 1)
    return -1;
  if ((t[0].prefix & 6) == 0 && (t[1].prefix & 6) == 0 && (t[k].prefix & 6) != 0)
    return 1;
  return 0;
}
