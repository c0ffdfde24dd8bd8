/* Iterative Fibonacci with an early exit. */
int fib_until(int limit) {
  int a = 0, b = 1, steps = 0;
  if (limit < 0)
    return -1;
  while (b <= limit) {
    int t = a + b;                              /*@ step */
    a = b;
    b = t;
    steps++;
  }
  if (steps == 30)
    return 1;                                   /*@ thirty */
  return 0;
}
