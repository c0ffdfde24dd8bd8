/* Cells written on some paths only, read where they were written.  A join
 * that hands out a cell's value re-reads it in the branch taken on behalf
 * of its readers: a cell unwritten further down abandons the path only
 * where a reader uses it (a digit string built in a local buffer: s[len-1]
 * is one of the cells written, whatever len is). */
static int itoa10(int v, char *out) {
  char tmp[12];
  int n = 0, k = 0;
  while (v > 0) {
    tmp[n++] = (char)('0' + v % 10);
    v /= 10;
  }
  while (n > 0)
    out[k++] = tmp[--n];
  out[k] = '\0';
  return k;
}

int digits(int v) {
  char s[12];
  int len;
  if (v <= 0)
    return -1;
  len = itoa10(v, s);
  if (s[len - 1] == '5' && s[0] == '9' && len == 3)
    return 3;                                   /* expect reachable */
  if (s[len - 1] == '0' && s[0] == '0')
    return 2;                                   /* expect unreachable (a leading digit is never 0) */
  return 0;                                     /* expect reachable */
}

/* The last cell written by a loop, read after it under its count. */
int last_written(int n) {
  int a[8];
  int k = 0;
  if (n < 0 || n > 8)
    return -1;
  for (int i = 0; i < n; i++)
    a[k++] = 3 * i;
  if (k > 0 && a[k - 1] == 15)
    return 1;                                   /* expect reachable */
  if (k > 0 && a[k - 1] == 16)
    return 2;                                   /* expect unreachable (3 * (n - 1)) */
  return 0;
}

/* Loads in the right operand of && run only where the left one holds: a
   cell unwritten elsewhere gives up no other path. */
int guarded_load(int k) {
  int a[2];
  a[0] = 0;
  if (k == 1)
    a[1] = 7;
  if (k == 2 && a[0] == 0 && k != 1)
    return 2;                                   /* expect reachable */
  if (k == 1 && a[1] == 7)
    return 1;                                   /* expect reachable */
  if (k == 1 && a[1] != 7)
    return 3;                                   /* expect unreachable */
  return 0;                                     /* expect reachable */
}
