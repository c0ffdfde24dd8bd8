/* NaN and infinities as inputs. 
   both_less is unreachable: < is a strict order on non-NaN values and false
   for NaN. */
int special(double x, double y) {
  if (x != x)
    return 1;                                   /*@ nan */
  if (x * 2.0 == x && x != 0.0)
    return 2;                                   /*@ inf */
  if (1.0 / y == 0.0 && y < 0.0)
    return 3;                                   /*@ neg_inf */
  if (x > 1e308 && x + x > x && x + x == x * 3.0)
    return 4;                                   /*@ both_inf */
  return 0;
}

int ordered(double a, double b) {
  if (!(a < b) && !(a > b) && !(a == b))
    return 1;                                   /*@ unordered */
  if (a < b && b < a)
    return 2;                                   /*@ both_less */
  return 0;
}
