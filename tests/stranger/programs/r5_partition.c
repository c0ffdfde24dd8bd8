/* Lomuto partition (the core of quicksort) and in-place deduplication of
   a sorted array, over input arrays.  bf5/r5_partition_bf.c runs every
   array of length <= 7 over -3..3 (partition) and every sorted array of
   length <= 9 over 0..5 (dedup), and the witnesses.
   lomuto:
     sum_changed: dead, the partition only swaps elements (a permutation).
     pivot_moved: dead, the final swap puts the pivot a[n-1] at a[p].
     left_big: dead, invariant: a[0..p-1] <= pivot (p advances only over
       elements that were <= pivot).
     right_small: dead, a[p+1..n-1] > pivot (elements <= pivot were all
       swapped below p).
     mid3: reachable, p == 3 in an array of 7 with a[0] == -a[6] != 0.
   dedup:
     not_strict: dead, the kept prefix a[0..k-1] is strictly increasing.
     four_of9: reachable, 9 sorted elements with 4 distinct values a[0],
       a[0] + 1, a[0] + 2, a[0] + 3.
     k_over_n: dead, k <= n. */
#include <stddef.h>

int lomuto(int *a, int n) {
  int i, j, p, t, pivot, s0 = 0, s1 = 0;
  if (a == NULL || n < 1 || n > 12)
    return -1;
  for (i = 0; i < n; i++) {
    if (a[i] < -100 || a[i] > 100)
      return -2;
    s0 += a[i];
  }
  pivot = a[n - 1];
  p = 0;
  for (j = 0; j < n - 1; j++)
    if (a[j] <= pivot) {
      t = a[p];
      a[p] = a[j];
      a[j] = t;
      p++;
    }
  t = a[p];
  a[p] = a[n - 1];
  a[n - 1] = t;
  for (i = 0; i < n; i++)
    s1 += a[i];
  if (s1 != s0)
    return 1;                                   /*@ sum_changed */
  if (a[p] != pivot)
    return 2;                                   /*@ pivot_moved */
  for (i = 0; i < p; i++)
    if (a[i] > pivot)
      return 3;                                 /*@ left_big */
  for (i = p + 1; i < n; i++)
    if (a[i] <= pivot)
      return 4;                                 /*@ right_small */
  if (p == 3 && n == 7 && a[0] == -a[6] && a[0] != 0)
    return 5;                                   /*@ mid3 */
  return 0;
}

int dedup(int *a, int n) {
  int i, k;
  if (a == NULL || n < 1 || n > 16)
    return -1;
  for (i = 1; i < n; i++)
    if (a[i] < a[i - 1])
      return -2;
  k = 1;
  for (i = 1; i < n; i++)
    if (a[i] != a[k - 1])
      a[k++] = a[i];
  if (k > n)
    return 3;                                   /*@ k_over_n */
  for (i = 1; i < k; i++)
    if (a[i] <= a[i - 1])
      return 1;                                 /*@ not_strict */
  if (k == 4 && n == 9 && a[3] - a[0] == 3)
    return 2;                                   /*@ four_of9 */
  return 0;
}
