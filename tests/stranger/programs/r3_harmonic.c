/* Harmonic sums in float. The float sum is nondecreasing in n, and at
   n = 1000000 it is about 14.36 (bf3/r3_harmonic_bf.c), so above15 is dead;
   the sum first exceeds 10 near n = 12367. */
int harm(int n) {
  float s = 0.0f;
  int k;
  if (n < 1 || n > 1000000)
    return -1;
  for (k = 1; k <= n; k++)
    s += 1.0f / (float)k;
  if (s > 10.0f && n < 12400)
    return 1;                                   /*@ above10 */
  if (s > 15.0f)
    return 2;                                   /*@ above15 */
  return 0;
}
