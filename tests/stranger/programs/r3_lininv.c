/* Two counters moved in a fixed ratio by input-chosen steps.
   Dead, by induction on the loop: x == 3 * (i + m) and y == 5 * (i + m),
   where m counts the double steps (0 <= m <= i), so 5x == 3y, x % 3 == 0,
   and y <= 10 * i. (The domain n <= 100000 times every 32-bit c cannot be
   enumerated; bf3/r3_lininv_bf.c checks n <= 200 with 5000 random c.) */
int lin(int n, int c) {
  int i = 0, x = 0, y = 0;
  if (n < 0 || n > 100000)
    return -1;
  while (i < n) {
    if ((c >> (i % 31)) & 1) {
      x += 3;
      y += 5;
    } else {
      x += 6;
      y += 10;
    }
    i++;
  }
  if (5 * x != 3 * y)
    return 1;                                   /*@ off_line */
  if (x % 3 != 0)
    return 2;                                   /*@ not_mult3 */
  if (x == 3 * n + 3 && n > 40)
    return 3;                                   /*@ one_double */
  if (y > 10 * n)
    return 4;                                   /*@ y_over */
  return 0;
}
