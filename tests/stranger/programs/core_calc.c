/* A tiny calculator with overflow checks. */
int calc(int op, int a, int b) {
  int r;
  switch (op) {
  case '+':
    if ((b > 0 && a > 2147483647 - b) || (b < 0 && a < -2147483647 - 1 - b))
      return -1;                                /*@ add_ovf */
    r = a + b;
    break;
  case '*':
    if (a > 0 && b > 0 && a > 2147483647 / b)
      return -1;                                /*@ mul_ovf */
    r = a * b;
    break;
  case '/':
    if (b == 0)
      return -2;
    r = a / b;
    break;
  default:
    return -3;
  }
  if (op == '/' && r == -7 && a % b == -3)
    return 1;                                   /*@ div_neg */
  if (op == '*' && r == 1000003)
    return 2;                                   /*@ prime_prod */
  return 0;
}
