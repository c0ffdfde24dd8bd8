/* Sorting four values with compare-exchange through pointers and checking
   the result. unsorted and lost are dead: the 5-comparator network sorts
   any four ints (0-1 principle; bf3/r3_sortfn_bf.c runs all 9^4 inputs over
   -4..4 as well). */
static void cx(int *p, int *q) {
  if (*p > *q) {
    int t = *p;
    *p = *q;
    *q = t;
  }
}

int sort4(int a, int b, int c, int d) {
  int s0 = a + b + c + d;
  cx(&a, &b);
  cx(&c, &d);
  cx(&a, &c);
  cx(&b, &d);
  cx(&b, &c);
  if (a > b || b > c || c > d)
    return 1;                                   /*@ unsorted */
  if (a + b + c + d != s0)
    return 2;                                   /*@ lost */
  if (a == -5 && d == 5 && b + c == 1 && b != c - 1)
    return 3;                                   /*@ spread */
  return 0;
}
