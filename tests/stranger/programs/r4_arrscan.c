/* Maximum subarray (Kadane) and inversion counting over input arrays.
   Witnesses in bf4/r4_arrscan_bf.c, which also runs every array of length
   <= 5 over -3..3 for the dead targets.
   below_max is dead: every single element is a candidate subarray, so the
   best sum is >= the largest element (cur >= a[i] after each step).
   over_bound is dead: every element is <= 1000, so a subarray of at most n
   elements sums to at most 1000 * n.
   inv_over is dead: there are n(n-1)/2 pairs i < j. */
#include <stddef.h>

int kadane(const int *a, int n) {
  int i, best, cur, mx;
  if (a == NULL || n < 1 || n > 32)
    return -1;
  for (i = 0; i < n; i++)
    if (a[i] < -1000 || a[i] > 1000)
      return -2;
  best = cur = mx = a[0];
  for (i = 1; i < n; i++) {
    cur = cur + a[i] > a[i] ? cur + a[i] : a[i];
    if (cur > best)
      best = cur;
    if (a[i] > mx)
      mx = a[i];
  }
  if (best < mx)
    return 1;                                   /*@ below_max */
  if (best == 100 && n == 4 && mx == 40 && a[3] < 0)
    return 2;                                   /*@ best100 */
  if (best > 1000 * n)
    return 3;                                   /*@ over_bound */
  return 0;
}

int inversions(const int *a, int n) {
  int i, j, inv = 0;
  if (a == NULL || n < 0 || n > 16)
    return -1;
  for (i = 0; i < n; i++)
    for (j = i + 1; j < n; j++)
      if (a[i] > a[j])
        inv++;                                  /*@ inv */
  if (inv == 10 && n == 5)
    return 1;                                   /*@ rev5 */
  if (inv > n * (n - 1) / 2)
    return 2;                                   /*@ inv_over */
  return 0;
}
