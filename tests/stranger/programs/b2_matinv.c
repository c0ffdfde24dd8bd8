/* A 2x2 integer matrix times its adjugate scaled by the determinant, in
   local two-dimensional arrays.  When det == +-1 (modulo 2^32) the product
   is the identity in the ring of 32-bit words: m * adj(m) == det * I in any
   commutative ring and det * det == 1, so not_identity is dead. */
int matinv(int a, int b, int c, int d) {
  int m[2][2], inv[2][2], p[2][2];
  int det, i, j, k;
  m[0][0] = a;
  m[0][1] = b;
  m[1][0] = c;
  m[1][1] = d;
  det = a * d - b * c;
  if (det != 1 && det != -1)
    return 0;
  inv[0][0] = d * det;
  inv[0][1] = -b * det;
  inv[1][0] = -c * det;
  inv[1][1] = a * det;
  for (i = 0; i < 2; i++)
    for (j = 0; j < 2; j++) {
      p[i][j] = 0;
      for (k = 0; k < 2; k++)
        p[i][j] += m[i][k] * inv[k][j];         /*@ mac */
    }
  if (p[0][0] != 1 || p[1][1] != 1 || p[0][1] != 0 || p[1][0] != 0)
    return 1;                                   /*@ not_identity */
  if (a > 100 && d > 100 && det == 1 && b == c)
    return 2;                                   /*@ sym_big */
  if (det == -1 && a == 0 && d == 0)
    return 3;                                   /*@ swap_rows */
  return 4;
}

/* Row sums of a 4x4 table filled from a seed; the trace is the sum of
   the four diagonal entries 4 * seed + 0 + 5 + 10 + 15. */
int table(int seed) {
  int t[4][4];
  int i, j, trace = 0, total = 0;
  for (i = 0; i < 4; i++)
    for (j = 0; j < 4; j++)
      t[i][j] = seed + 4 * i + j;
  for (i = 0; i < 4; i++) {
    trace += t[i][i];
    for (j = 0; j < 4; j++)
      total += t[i][j];
  }
  if (trace != 4 * seed + 30)
    return 1;                                   /*@ bad_trace */
  if (total == 1000)
    return 2;                                   /*@ total1000 */
  if (total == 1001)
    return 3;                                   /*@ total1001 */
  return 0;
}
