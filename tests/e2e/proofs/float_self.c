/* Floats compared or combined with themselves: one value, not two
   (operators/float/fp_cmp.c, fp_arith.c), conversions and operations
   numbered (translate/expr.c), orders also as key differences. */
int squares(double x) {
  double y = x * x;
  if (y < 0)
    return 1; /* expect unreachable */
  if (x > 1e154 && y != y)
    return 2; /* expect unreachable */
  if (y != y)
    return 3; /* expect reachable */
  return 0;
}

int differences(double x) {
  double d = x - x;
  if (x > -1e300 && x < 1e300 && d != 0)
    return 1; /* expect unreachable */
  if (d != 0)
    return 2; /* expect reachable */
  return 0;
}

int conversions(int i) {
  if ((float)i != i)
    return 1; /* expect unreachable */
  if ((double)(float)i != i)
    return 2; /* expect reachable */
  return 0;
}

int orders(double a, double b) {
  if (a < b && b < a)
    return 1; /* expect unreachable */
  if (a <= b && b <= a && 1 / a != 1 / b)
    return 3; /* expect reachable */
  return 0;
}
