/* Linear systems that bounds propagation alone does not refute (or only
   after billions of small steps): the linear relaxation does. */
int avg(int x, int y, int z) {
  if (x < -1000000 || x > 1000000 || y < -1000000 || y > 1000000 || z < -1000000 || z > 1000000)
    return -1;
  if (x + y == 2 * z && x < z && y < z)
    return 1;                       /* expect unreachable */
  if (3 * x + 2 * y <= 10 && x - y >= 20 && y >= 0 && x + 2 * y > 40)
    return 2;                       /* expect unreachable */
  if (x + y == 10 && x - y == 3)
    return 3;                       /* expect unreachable */
  if (x + y == 11 && x - y == 3)
    return 4;                       /* expect reachable */
  return 0;
}
