/* Array inputs. Witnesses and the exhaustive runs (values -3..3, n <= 5)
   in bf3/r3_arrin_bf.c. below_first is dead: Kadane's best starts at a[0]
   and never decreases (|a[i]| <= 1000, no overflow). */
#include <stddef.h>

int maxsub(const int *a, int n) {
  int i, best, cur;
  if (a == NULL || n < 1 || n > 8)
    return -1;
  for (i = 0; i < n; i++)
    if (a[i] < -1000 || a[i] > 1000)
      return -1;
  best = cur = a[0];
  for (i = 1; i < n; i++) {
    cur = cur + a[i] > a[i] ? cur + a[i] : a[i];
    best = cur > best ? cur : best;
  }
  if (best == 100 && n == 4 && a[0] < 0 && a[3] < 0)
    return 1;                                   /*@ best100 */
  if (best < a[0])
    return 2;                                   /*@ below_first */
  return 0;
}

int is_perm(const int *a, int n) {
  int seen[8] = {0}, i;
  if (a == NULL || n < 1 || n > 8)
    return -1;
  for (i = 0; i < n; i++) {
    if (a[i] < 0 || a[i] >= n || seen[a[i]])
      return 0;
    seen[a[i]] = 1;
  }
  if (n == 6 && a[0] == 5 && a[5] == 0 && a[2] == 3)
    return 1;                                   /*@ perm6 */
  return 2;
}

int bsearch_in(const int *a, int n, int key) {
  int lo = 0, hi = n - 1, probes = 0;
  if (a == NULL || n < 1 || n > 16)
    return -1;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    probes++;
    if (a[mid] == key) {
      if (probes == 4 && n == 15)
        return 1;                               /*@ found4 */
      return 2;
    }
    if (a[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  if (probes > 5)
    return 3;                                   /*@ probes6 */
  return 0;
}
