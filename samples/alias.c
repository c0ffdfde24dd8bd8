/* Pointers and aliasing: p may point to x or to y.  Line 12 needs p == &y
   and the array cell c & 3 == 1; line 16 is dead (x and y never both 42). */
int swap_or_bump(int c, int v) {
  int x = 1, y = 2;
  int *p = &x;
  int a[4] = {5, 6, 7, 8};
  if (c > 0)
    p = &y;
  *p = v;
  a[c & 3] = *p + x;
  if (x == 1 && y == 42 && a[1] == 43)
    return 1;
  if (x == 1 && y == 42)
    return 2;
  if (x == 42 && y == 42)
    return 3;
  return 0;
}
