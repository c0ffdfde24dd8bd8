/* Collatz steps from a bounded start. */
int collatz(int n) {
  int steps = 0;
  if (n < 1 || n > 10000)
    return -1;
  while (n != 1) {
    if (n % 2 == 0)
      n = n / 2;
    else
      n = 3 * n + 1;
    steps++;                                    /*@ step */
  }
  if (steps == 111)
    return 1;                                   /*@ s111 */
  return 0;
}
