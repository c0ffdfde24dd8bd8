/* Sums and maxima over an int array given by pointer and length. */
#include <stddef.h>

int sum_pos(const int *a, int n) {
  int i, s = 0;
  if (a == NULL || n <= 0 || n > 16)
    return -1;
  for (i = 0; i < n; i++) {
    if (a[i] <= 0)
      return -2;
    s += a[i];
  }
  if (s == 100 && n == 4 && a[0] == a[3])
    return 1;                                   /*@ hundred */
  if (s < n)
    return 2;                                   /*@ below_n */
  return 0;
}

int argmax(const int *a, int n) {
  int i, m = 0;
  if (n < 1 || n > 10)
    return -1;
  for (i = 1; i < n; i++)
    if (a[i] > a[m])
      m = i;
  if (m == n - 1 && n == 6 && a[0] > 50)
    return 1;                                   /*@ max_last */
  return m;
}
