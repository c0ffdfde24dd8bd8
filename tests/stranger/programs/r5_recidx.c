/* Calibration records of two or more sensor channels given as an input
   array of structs, read through a symbolic index (added after the run of
   MANIFEST5's first 121 cases, from the reduction of rt_mismatch).
   Both targets are dead: the record read through t[k] (t[best]) is one of
   the records whose field the same test just checked.  bf5/r5_recidx_bf.c
   runs every table of 2 records over field values 0..9 (and n <= 3 for
   last_pick), which covers every value of f & 6.
   idx_dead: dead, k is 0 or 1 and both t[0].offset & 6 and t[1].offset & 6
     are 0.
   pick_dead: dead, best is the last index whose offset & 6 was 0. */
#include <stddef.h>

struct cal {
  int offset;
  int gain;
};

int check(const struct cal *t, int k) {
  if (t == NULL || k < 0 || k > 1)
    return -1;
  if ((t[0].offset & 6) == 0 && (t[1].offset & 6) == 0 && (t[k].offset & 6) != 0)
    return 1;                                   /*@ idx_dead */
  return 0;
}

int last_pick(const struct cal *t, int n) {
  int i, best = -1;
  if (t == NULL || n < 1 || n > 2)
    return -1;
  for (i = 0; i < n; i++)
    if ((t[i].offset & 6) == 0)
      best = i;
  if (best >= 0 && (t[best].offset & 6) != 0)
    return 1;                                   /*@ pick_dead */
  return 0;
}
