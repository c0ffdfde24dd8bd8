/* Bresenham's line from (0, 0) to (dx, dy) in the first octant, as a
   display driver draws it, counting pixels and y steps.  Every line
   (0 <= dy <= dx <= 2000, about 2M lines) run by bf5/r5_bresenham_bf.c.
   err_range: dead, 2 dy - 2 dx < err <= 2 dy holds at every iteration
     (err > 0 adds 2 dy - 2 dx, else 2 dy; dy <= dx).
   miss_end: dead, the line ends at (dx, dy): err == 2 dy (x + 1) -
     dx (2 y + 1) is invariant, at x == dx the bounds on err force y == dy.
   count_off: dead, one pixel per x.
   y777: reachable, dx = 2000 and dy = 777 only.
   ystep: the y-step line in iteration N of the while loop: --iter 1500
     reachable (437973 lines), --iter 2000 reachable (dx = 2000 and
     dy >= 1000 only), --iter 2001 dead (at most dx <= 2000 iterations). */

int line(int dx, int dy) {
  int x = 0, y = 0, err, n = 1, ysteps = 0;
  if (dx < 0 || dx > 2000 || dy < 0 || dy > dx)
    return -1;
  err = 2 * dy - dx;
  while (x < dx) {
    if (err > 0) {
      y++;
      ysteps++;                                 /*@ ystep */
      err -= 2 * dx;
    }
    err += 2 * dy;
    x++;
    n++;
    if (err <= 2 * dy - 2 * dx || err > 2 * dy)
      return 1;                                 /*@ err_range */
  }
  if (y != dy)
    return 2;                                   /*@ miss_end */
  if (n != dx + 1)
    return 3;                                   /*@ count_off */
  if (ysteps == 777 && dx == 2000)
    return 4;                                   /*@ y777 */
  return 0;
}
