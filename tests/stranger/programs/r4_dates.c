/* Calendar arithmetic: validity, day of the year and day of the week
   (Sakamoto's method). Every (y, m, d) with 1 <= y <= 9999, 1 <= m <= 12,
   1 <= d <= 40 run by bf4/r4_dates_bf.c. */
static int is_leap(int y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static const int mdays[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};

int when(int y, int m, int d) {
  static const int t[12] = {0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4};
  int i, doy = 0, dim, dow, yy;
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1)
    return -1;
  dim = mdays[m - 1] + (m == 2 && is_leap(y));
  if (d > dim)
    return -1;
  for (i = 1; i < m; i++) {
    doy += mdays[i - 1];
    if (i == 2 && is_leap(y))
      doy++;                                    /*@ leap_add */
  }
  doy += d;
  yy = m < 3 ? y - 1 : y;
  dow = (yy + yy / 4 - yy / 100 + yy / 400 + t[m - 1] + d) % 7;
  if (doy > 366)
    return 2;                                   /*@ too_late */
  if (doy == 366 && y % 100 == 0)
    return 1;                                   /*@ last_century */
  if (dow == 5 && d == 13 && y == 2026 && m > 6)
    return 3;                                   /*@ friday13 */
  if (doy == 60 && m == 3 && y % 4 == 0 && y % 100 != 0)
    return 4;                                   /*@ mar1_leap */
  if (doy == 60 && m == 2 && y % 100 == 0 && y % 400 != 0)
    return 5;                                   /*@ feb29_century */
  return 0;
}
