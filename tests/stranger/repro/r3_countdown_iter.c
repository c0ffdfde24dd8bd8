/* A count-down loop with a bounded start: iteration 1000001 of line 12 is
   dead (n <= 1000000 and n drops by step >= 1 each time).
     inka-ng --reach r3_countdown_iter.c:12 --iter 1000001 --timeout 15 r3_countdown_iter.c
   UNKNOWN (budget; 0 loop summaries, 0 invariants).  The count-up twin
   (for (i = 0; i < n; i++), tests/acceptance scan_3001) is proved. */
int drain(int n, int step) {
  int cnt = 0;
  if (n < 0 || n > 1000000 || step < 1 || step > 16)
    return -1;
  while (n > 0) {
    n -= step;
    cnt++;
  }
  return cnt;
}
