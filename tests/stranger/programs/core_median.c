/* Median of three, by comparisons only. */
int median(int a, int b, int c) {
  int m;
  if (a < b) {
    if (b < c) m = b;
    else if (a < c) m = c;
    else m = a;
  } else {
    if (a < c) m = a;
    else if (b < c) m = c;
    else m = b;
  }
  if (m != a && m != b && m != c)
    return 1;                                   /*@ foreign */
  if (m == c && c < a && c > b)
    return 2;                                   /*@ middle_c */
  if (m > a && m > b && m > c)
    return 3;                                   /*@ above_all */
  return 0;
}
