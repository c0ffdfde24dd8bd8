/* lower_bound over a constant sorted table with duplicates. */
static const int tab[10] = {1, 3, 3, 3, 8, 8, 13, 21, 21, 34};

int lower_bound(int key) {
  int lo = 0, hi = 10;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (tab[mid] < key)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo == 4 && key > 3)
    return 1;                                   /*@ first8 */
  if (lo == 10)
    return 2;                                   /*@ past_end */
  if (lo == 2)
    return 3;                                   /*@ second3 */
  return 0;
}
