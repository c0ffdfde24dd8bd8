/* Doubling with a cap. v stays in 1..1000 (all 51 * 1000 inputs run by
   bf3/r3_saturate_bf.c). */
int sat(int n, int v0) {
  int v = v0, i, hits = 0;
  if (n < 0 || n > 50 || v0 < 1 || v0 > 1000)
    return -1;
  for (i = 0; i < n; i++) {
    v = v * 2 + 1;
    if (v > 1000) {
      v = 1000;
      hits++;                                   /*@ cap */
    }
  }
  if (v > 1000)
    return 1;                                   /*@ above */
  if (v < 1)
    return 2;                                   /*@ nonpos */
  if (hits == 40 && n == 45)
    return 3;                                   /*@ cap40 */
  return 0;
}
