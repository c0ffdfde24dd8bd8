/* Triangle classification: inputs for every class, and a proof that the
   "impossible" branch is dead (line 12). */
int classify(int a, int b, int c) {
  if (a <= 0 || b <= 0 || c <= 0)
    return -1;
  if (a >= b + c || b >= a + c || c >= a + b)
    return 0;
  if (a == b && b == c)
    return 3;
  if (a == b || b == c || a == c) {
    if (a == b && a == c)
      return 99;
    return 2;
  }
  return 1;
}
