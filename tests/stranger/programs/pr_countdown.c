/* Counting down by two: the loop leaves x at 0 or -1.
   x >= -1 holds at the head (x > 0 before each decrement by 2). */
int countdown(int n) {
  int x = n, steps = 0;
  if (n < 0 || n > 2000000)
    return -1;
  while (x > 0) {
    x -= 2;
    steps++;
  }
  if (x < -1)
    return 1;                                   /*@ below */
  if (x == -1 && n % 2 == 0)
    return 2;                                   /*@ even_odd */
  if (steps > n)
    return 3;                                   /*@ too_many */
  if (steps == 777777)
    return 4;                                   /*@ many */
  return 0;
}
