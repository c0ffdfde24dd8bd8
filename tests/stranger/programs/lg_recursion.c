/* Recursive functions. */
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

static int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

static int digsum(int n) { return n < 10 ? n : n % 10 + digsum(n / 10); }

int rec(int a, int b) {
  if (a < 0 || a > 12 || b < 0 || b > 3)
    return -1;
  if (fact(a) == 5040)
    return 1;                                   /*@ fact7 */
  if (ack(2, b) == 9)
    return 2;                                   /*@ ack9 */
  if (a > 9 && digsum(fact(a)) == 27)
    return 3;                                   /*@ digsum27 */
  return 0;
}
