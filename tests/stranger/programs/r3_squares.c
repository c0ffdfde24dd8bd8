/* Squares by odd increments. x == y * y and y == n after the loop; all 1001
   inputs run by bf3/r3_squares_bf.c. */
int sq(int n) {
  int x = 0, y = 0, i;
  if (n < 0 || n > 1000)
    return -1;
  for (i = 0; i < n; i++) {
    x = x + 2 * y + 1;
    y++;
  }
  if (x != y * y)
    return 1;                                   /*@ not_square */
  if (x == 961)
    return 2;                                   /*@ is961 */
  if (y != n)
    return 3;                                   /*@ y_not_n */
  if (x % 4 == 2)
    return 4;                                   /*@ sq_mod4 */
  return 0;
}
