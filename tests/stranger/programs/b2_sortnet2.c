/* The five-comparator network of b2_sortnet.c written without a macro:
   compare-exchange through pointers to locals.
   unsorted is dead: the network sorts every 0-1 input, hence every input
   (exhaustive over 0..5 for each value, tests/stranger/bf2/b2_sortnet2_bf.c). */
static void cswap(int *x, int *y) {
  if (*x > *y) {
    int t = *x;
    *x = *y;
    *y = t;
  }
}

int net4p(int a, int b, int c, int d) {
  cswap(&a, &b);
  cswap(&c, &d);
  cswap(&a, &c);
  cswap(&b, &d);
  cswap(&b, &c);
  if (a > b || b > c || c > d)
    return 1;                                   /*@ unsorted */
  if (a == d)
    return 2;                                   /*@ all_equal */
  if (b == c && a < b && c < d)
    return 3;                                   /*@ mid_pair */
  if (a == -5 && d == 5 && b + c == 1)
    return 4;                                   /*@ spread */
  return 0;
}
