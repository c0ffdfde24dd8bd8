/* Euclid's algorithm by subtraction keeps both values positive.
   a > 0 and b > 0 hold at the head: the larger is reduced by the smaller. */
int gcd_sub(int a, int b) {
  if (a <= 0 || b <= 0 || a > 100000 || b > 100000)
    return -1;
  while (a != b) {
    if (a > b)
      a -= b;
    else
      b -= a;
  }
  if (a <= 0)
    return 1;                                   /*@ nonpositive */
  if (a == 7 && b == 7)
    return 2;                                   /*@ seven */
  return 0;
}
