/* Order established by swaps and a minimum/maximum pass. */
int order(int a, int b, int c) {
  int t, mn, mx;
  if (a > b) { t = a; a = b; b = t; }
  if (b > c) { t = b; b = c; c = t; }
  if (a > b) { t = a; a = b; b = t; }
  if (a > b || b > c)
    return 1;                                   /*@ unordered */
  mn = a < c ? a : c;
  mx = a < c ? c : a;
  if (mn > mx)
    return 2;                                   /*@ min_above_max */
  if (mx - mn < 0 && a > -1000 && c < 1000)
    return 3;                                   /*@ neg_span */
  return 0;
}
