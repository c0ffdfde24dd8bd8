/* A five-comparator sorting network for four values, and a selection sort
   of five values in a local array.
   unsorted is dead (the network sorts every 0-1 input, hence every input;
   exhaustively over 0..5 for each value, tests/stranger/bf2/b2_sortnet_bf.c).
   sel_unsorted and sel_lost are dead: selection sort permutes the array
   and leaves it sorted (exhaustive over 0..4 for each of the five). */
#define CSWAP(x, y)                                                            \
  do {                                                                         \
    if ((x) > (y)) {                                                           \
      int t_ = (x);                                                            \
      (x) = (y);                                                               \
      (y) = t_;                                                                \
    }                                                                          \
  } while (0)

int net4(int a, int b, int c, int d) {
  CSWAP(a, b);
  CSWAP(c, d);
  CSWAP(a, c);
  CSWAP(b, d);
  CSWAP(b, c);
  if (a > b || b > c || c > d)
    return 1;                                   /*@ unsorted */
  if (a == d)
    return 2;                                   /*@ all_equal */
  if (b == c && a < b && c < d)
    return 3;                                   /*@ mid_pair */
  return 0;
}

int sel_sort(int x0, int x1, int x2, int x3, int x4) {
  int a[5];
  int i, j;
  a[0] = x0;
  a[1] = x1;
  a[2] = x2;
  a[3] = x3;
  a[4] = x4;
  for (i = 0; i < 4; i++) {
    int m = i;
    for (j = i + 1; j < 5; j++)
      if (a[j] < a[m])
        m = j;
    if (m != i) {
      int t = a[i];
      a[i] = a[m];
      a[m] = t;                                 /*@ sel_swap */
    }
  }
  if (a[0] > a[4] || a[1] > a[2])
    return 1;                                   /*@ sel_unsorted */
  if (a[0] + a[1] + a[2] + a[3] + a[4] != x0 + x1 + x2 + x3 + x4)
    return 2;                                   /*@ sel_lost */
  if (a[2] == 7 && x2 != 7 && x0 == 7 && a[0] < 0)
    return 3;                                   /*@ median7 */
  return 0;
}
