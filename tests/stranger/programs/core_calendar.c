/* Days in a month and day of year. */
static int leap(int y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

static int days_in(int m, int y) {
  switch (m) {
  case 2:
    return leap(y) ? 29 : 28;
  case 4: case 6: case 9: case 11:
    return 30;
  default:
    return 31;
  }
}

int day_of_year(int d, int m, int y) {
  int k, doy = 0;
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1 || d > days_in(m, y))
    return -1;
  for (k = 1; k < m; k++)
    doy += days_in(k, y);
  doy += d;
  if (doy == 366)
    return 1;                                   /*@ last_leap */
  if (doy == 60 && m == 2 && y > 1900 && y % 100 == 0)
    return 2;                                   /*@ feb29_century */
  if (doy > 366)
    return 3;                                   /*@ beyond */
  return 0;
}
