/* Set 5, class 3: Bresenham's error term.  err <= 2 dy is inductive
   (err > 0 adds 2 dy - 2 dx <= 0 to err <= 2 dy; else err <= 0 gains 2 dy;
   needs dy <= dx from the guard), so the target is dead (bf5/r5_repro_bf.c
   runs all 2M lines).  UNKNOWN at 30 s although the polyhedra run
   (polyhedra 1 in --stats): the bound is lost, probably by the widening
   (the initial err = 2 dy - dx implies it only with dx >= 0). */
int line(int dx, int dy) {
  int x = 0, err, hits = 0;
  if (dx < 0 || dx > 2000 || dy < 0 || dy > dx)
    return -1;
  err = 2 * dy - dx;
  while (x < dx) {
    if (err > 0)
      err -= 2 * dx;
    err += 2 * dy;
    x++;
  }
  if (err > 2 * dy)
    return 1;
  return 0;
}
