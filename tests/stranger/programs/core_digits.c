/* Digit sums of a bounded number. */
int digit_sum(int n) {
  int s = 0, k = 0;
  if (n < 0 || n >= 100000)
    return -1;
  while (n > 0) {
    s += n % 10;                                /*@ digit */
    n /= 10;
    k++;
  }
  if (s == 40 && k == 5)
    return 1;                                   /*@ forty */
  if (s > 45)
    return 2;                                   /*@ too_big */
  return 0;
}
