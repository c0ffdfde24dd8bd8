/* A variable assigned on some paths only, read where it is assigned: the
 * right operand of && and ||, a branch of ?:, or after a join where one
 * branch left it unassigned.  A path that does not run the read, or runs
 * it where the variable was assigned, must not be given up for it; a read
 * of an unassigned variable (a value no test controls) gives up only the
 * paths where it runs, and with them any proof (UNKNOWN). */

int and_guard(int k) {
  int x;
  if (k > 0)
    x = 1;
  if (k > 0 && x == 5)
    return 2;                      /* expect unreachable (x is 1 wherever the read runs) */
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
  return 0;                        /* expect reachable (k <= 3) */
}

int cond_guard(int k) {
  int z;
  if (k != 7)
    z = 2 * k;
  int r = k == 7 ? 0 : z;
  if (r == 0 && k == 7)
    return 1;                      /* expect reachable */
  if (r == 8)
    return 2;                      /* expect reachable (k = 4) */
  return 0;
}

/* y is read on every path, unassigned where k <= 5: no proof either way. */
int unguarded(int k) {
  int y;
  if (k > 5)
    y = 1;
  if (y == 7)
    return 1;                      /* expect unknown (y is a value no test controls when k <= 5) */
  return 0;
}

/* Assigned in some iterations of a loop only, read under the flag that
   says it was. */
int last_match(int n, int key) {
  int pos;
  int found = 0;
  for (int i = 0; i < n && i < 50; i++)
    if ((i * 7) % 13 == key) {
      pos = i;
      found = 1;
    }
  if (found && pos > 40)
    return 1;                      /* expect reachable */
  if (found && pos >= 50)
    return 2;                      /* expect not-reachable (i < 50 when pos is assigned; "found => assigned" is a relation no join keeps yet) */
  if (!found && key < 13 && key >= 0 && n >= 13)
    return 3;                      /* expect unreachable (every residue shows up in 13 steps) */
  return 0;                        /* expect reachable */
}

/* Assigned on one side, then reassigned on every path: defined again. */
int reassigned(int k) {
  int y;
  if (k > 0)
    y = k;
  y = 3;
  if (y != 3)
    return 1;                      /* expect unreachable */
  return 0;
}
