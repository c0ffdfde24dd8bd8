/* A global two-dimensional table with a nested initializer. */
static const int dist[4][4] = {
    {0, 7, 9, 14},
    {7, 0, 10, 15},
    {9, 10, 0, 11},
    {14, 15, 11, 0},
};

int route(int a, int b, int c) {
  int d;
  if (a < 0 || a > 3 || b < 0 || b > 3 || c < 0 || c > 3)
    return -1;
  d = dist[a][b] + dist[b][c];
  if (d == 25 && a != c)
    return 1;                                   /*@ d25 */
  if (d > dist[a][c] + 30)
    return 2;                                   /*@ detour_over */
  return 0;
}
