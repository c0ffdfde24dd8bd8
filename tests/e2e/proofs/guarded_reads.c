/* A variable assigned on some paths only, read where it is assigned: the
 * right operand of && and ||, a branch of ?:.  A path that does not run
 * the read must not be given up for it (the read would be of a value no
 * test controls only where it runs).  Not built: after a join where one
 * branch left the variable unassigned, its value is lost on the other
 * branch too, so a read that runs gives the path up (UNKNOWN), even
 * where the variable was assigned (`k < 10 && y <= 3` with y = k). */

int and_guard(int k) {
  int x;
  if (k > 0)
    x = 1;
  if (k > 0 && x == 5)
    return 2;                      /* expect not-reachable (x is 1 there; the read of a maybe-unassigned x gives up) */
  if (k == 0)
    return 1;                      /* expect reachable */
  return 0;                        /* expect reachable */
}

int or_guard(int k) {
  int y;
  if (k < 10)
    y = k;
  if (k >= 10 || y > 3)
    return 1;                      /* expect reachable */
  return 0;                        /* reachable with k <= 3: UNKNOWN today (the gap above) */
}

int cond_guard(int k) {
  int z;
  if (k != 7)
    z = 2 * k;
  int r = k == 7 ? 0 : z;
  if (r == 0 && k == 7)
    return 1;                      /* expect reachable */
  if (r == 8)
    return 2;                      /* reachable with k = 4: UNKNOWN today (the gap above) */
  return 0;
}
