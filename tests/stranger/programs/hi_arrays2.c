/* Two arrays given by pointers: equal prefixes and overlap. */
int same(const int *a, const int *b, int n) {
  int i;
  if (n < 1 || n > 8)
    return -1;
  for (i = 0; i < n; i++)
    if (a[i] != b[i])
      return 0;
  if (a != b && n == 3 && a[0] > 0 && a[2] == a[0] * 2)
    return 1;                                   /*@ equal3 */
  return 2;
}

void fill(int *dst, int n, int v) {
  int i;
  if (n < 0 || n > 8)
    return;
  for (i = 0; i < n; i++)
    dst[i] = v + i;
  if (n == 4 && dst[0] == dst[3] - 3 && v == 100)
    return;                                     /*@ filled */
}
