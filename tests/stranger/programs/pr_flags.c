/* Flags set on one path and tested on another: the relation between a flag
   and the data must be carried across the branches. */
int flags(int x, int y) {
  int neg = 0, big = 0, z;
  if (x < 0) {
    neg = 1;
    z = -x;
  } else {
    z = x;
  }
  if (y > 100)
    big = 1;
  if (neg && x >= 0)
    return 1;                                   /*@ neg_but_pos */
  if (!neg && z != x)
    return 2;                                   /*@ z_differs */
  if (big && y < 50)
    return 3;                                   /*@ big_small */
  if (neg && big && z == y && x > -2147483647)
    return 4;                                   /*@ mirror */
  return 0;
}
