/* 3x3 integer matrices held in structs, passed and returned by value:
   product, determinant (long long) and trace. Every (p, q, r) with
   -50 <= p, q <= 50, 0 <= r <= 9 run by bf4/r4_matrix_bf.c.
   det_mult is dead: det(AB) == det(A) det(B), and no value overflows
   (entries of A, B are at most 52 in magnitude). */
struct m3 {
  int a[3][3];
};

static struct m3 mul(struct m3 x, struct m3 y) {
  struct m3 z;
  int i, j, k;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      z.a[i][j] = 0;
      for (k = 0; k < 3; k++)
        z.a[i][j] += x.a[i][k] * y.a[k][j];
    }
  return z;
}

static long long det(const struct m3 *m) {
  const int (*a)[3] = m->a;
  return (long long)a[0][0] * ((long long)a[1][1] * a[2][2] - (long long)a[1][2] * a[2][1])
       - (long long)a[0][1] * ((long long)a[1][0] * a[2][2] - (long long)a[1][2] * a[2][0])
       + (long long)a[0][2] * ((long long)a[1][0] * a[2][1] - (long long)a[1][1] * a[2][0]);
}

int check(int p, int q, int r) {
  struct m3 A, B, C;
  int i, j;
  if (p < -50 || p > 50 || q < -50 || q > 50 || r < 0 || r > 9)
    return -1;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++) {
      A.a[i][j] = (i == j) ? p : (i < j ? q : r);
      B.a[i][j] = (i + j) % 3 == 0 ? q - i : r + j - p % 7;
    }
  C = mul(A, B);
  if (det(&C) != det(&A) * det(&B))
    return 1;                                   /*@ det_mult */
  if (det(&C) == 0 && det(&A) != 0 && det(&B) != 0)
    return 2;                                   /*@ zero_product */
  if (C.a[0][0] + C.a[1][1] + C.a[2][2] == 2024)
    return 3;                                   /*@ trace2024 */
  if (det(&A) == -125000 && r == 5)
    return 4;                                   /*@ detA_min */
  return 0;
}
