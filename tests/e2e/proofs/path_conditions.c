/* What every execution meeting the objective has checked of the
 * parameters (label/guards.c): guards at the top, and the conditions of
 * the ifs around the target over parameters never written.  The target
 * may run in a deeper frame of a recursive function, whose parameters are
 * not the entry's: there the conditions around it say nothing about the
 * inputs. */

int g;

int deeper(int n) {
  if (n == 5 && g == 1) {
    return 1;                      /* expect reachable (n = 3: the call f(5) gets there) */
  }
  g = 1;
  if (n < 5)
    return deeper(5);
  return 0;
}

int spelled(unsigned short seed, int k) {
  if (k < 0 || k > 1000)
    return -1;
  int i = 0;
  while (i < k)
    i++;
  if (i == 700 && seed == 0xACE1)
    return 1;                      /* expect reachable */
  if (i == 1001)
    return 2;                      /* expect unreachable */
  if (seed == 3 && seed == 4)
    return 3;                      /* expect unreachable */
  return 0;
}
