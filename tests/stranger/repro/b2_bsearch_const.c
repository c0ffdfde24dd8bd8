/* Timeout with 0 search nodes: a binary search over a constant table of 16
   sorted values runs at most 5 probes, but intervals alone never bound the
   loop (lo, hi in [0, 16] allow lo < hi forever), so the lazy unfolding
   runs trial after trial at the root (20M propagations, 32k trials, 1.7k
   unfoldings in 20 s).  The target is dead: lo == 16 means every entry is
   below key.  From b2_lbound.c (m2_lb_past, m2_lb_notlower).
   inka-ng --stats --reach b2_bsearch_const.c:20 b2_bsearch_const.c */
static const int t[16] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53};

int lower_bound(int key) {
  int lo = 0, hi = 16;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (t[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 16 && key < 54)
    return 2;
  return 0;
}
