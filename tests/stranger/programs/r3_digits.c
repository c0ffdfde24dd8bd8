/* Reverses the decimal digits of a number below 100000 and compares the
   digit sums. sum_differs and rev_big are dead (all 100000 inputs run by
   tests/stranger/bf3/r3_digits_bf.c). */
int digits(int n) {
  int rev = 0, m = n, sum1 = 0, sum2 = 0, k = 0;
  if (n < 0 || n > 99999)
    return -1;
  while (m > 0) {
    int d = m % 10;                             /*@ digit */
    rev = rev * 10 + d;
    sum1 += d;
    m /= 10;
    k++;
  }
  m = rev;
  while (m > 0) {
    sum2 += m % 10;
    m /= 10;
  }
  if (sum1 != sum2)
    return 1;                                   /*@ sum_differs */
  if (rev == n && k == 5 && sum1 == 27)
    return 2;                                   /*@ pal27 */
  if (rev * 4 == n && n > 0)
    return 3;                                   /*@ four_times */
  if (k == 3 && rev > 999)
    return 4;                                   /*@ rev_big */
  return 0;
}
