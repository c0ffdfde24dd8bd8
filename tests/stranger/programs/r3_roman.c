/* Length of the Roman numeral of n, greedy over a table. Checked over
   1..3999 by tests/stranger/bf3/r3_roman_bf.c: only 3888 is 15 letters
   long, no numeral is longer, the loop runs at most 27 times. */
static const int val[13] = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
static const int len[13] = {1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1};

int roman(int n) {
  int i = 0, L = 0, steps = 0;
  if (n < 1 || n > 3999)
    return -1;
  while (n > 0) {
    if (n >= val[i]) {
      n -= val[i];
      L += len[i];                              /*@ emit */
      steps++;
    } else {
      i++;
    }
  }
  if (L == 15)
    return 1;                                   /*@ longest */
  if (L == 1 && steps != 1)
    return 2;                                   /*@ odd_one */
  if (L > 15)
    return 3;                                   /*@ too_long */
  return 0;
}
