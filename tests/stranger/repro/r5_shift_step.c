/* Set 5, class 4: a relational step through a shift.  y += (x - y) >> 3
   keeps y <= x (the step is at most (x - y) / 8), so y > x is dead
   (bf5/r5_repro_bf.c: all 12M (x, n)).  UNKNOWN at 30 s; the same with
   / 8.  Linearising t = a >> 3 as 8 t <= a <= 8 t + 7 in the polyhedra
   would give x - y' >= 7 (x - y) / 8 >= 0. */
int smooth(int x, int n) {
  int y = 0, i;
  if (x < 8 || x > 30000 || n < 0 || n > 400)
    return -1;
  for (i = 0; i < n; i++)
    y += (x - y) >> 3;
  if (y > x)
    return 1;
  return 0;
}
