/* A 3x3 matrix in a local two-dimensional array. */
int mat(int a, int b, int c, int d) {
  int m[3][3], t[3][3];
  int i, j, det;
  m[0][0] = a; m[0][1] = b; m[0][2] = 0;
  m[1][0] = c; m[1][1] = d; m[1][2] = 0;
  m[2][0] = 0; m[2][1] = 0; m[2][2] = 1;
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      t[j][i] = m[i][j];
  det = t[0][0] * t[1][1] - t[1][0] * t[0][1];
  if (det == 0 && a == 6 && b == 4 && c > 0)
    return 1;                                   /*@ singular */
  if (t[1][0] != m[0][1])
    return 2;                                   /*@ bad_transpose */
  if (det == 1 && a > 1 && b > 1)
    return 3;                                   /*@ unimodular */
  return 0;
}
