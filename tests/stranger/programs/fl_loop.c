/* Accumulating floating-point sums in a loop. 
   exactly_one and over_ten are unreachable: checked for every n in 0..100. */
int accumulate(int n) {
  double s = 0.0;
  int i;
  if (n < 0 || n > 100)
    return -1;
  for (i = 0; i < n; i++)
    s += 0.1;                                   /*@ add */
  if (s == 1.0)
    return 1;                                   /*@ exactly_one */
  if (n == 10 && s != 1.0)
    return 2;                                   /*@ ten_not_one */
  if (s > 10.0)
    return 3;                                   /*@ over_ten */
  return 0;
}

int halve(float x) {
  int k = 0;
  if (!(x > 1.0f && x < 1.0e30f))
    return -1;
  while (x > 1.0f) {
    x = x / 2.0f;                               /*@ halve */
    k++;
  }
  if (k == 20 && x == 1.0f)
    return 1;                                   /*@ pow2_20 */
  return 0;
}
