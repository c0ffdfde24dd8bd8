/* A polynomial evaluated in floating point; mixed with integer guards. 
   below_min is reachable only through rounding (x = 1.5000000000000004). */
int poly(double x, int k) {
  double p;
  if (k < 1 || k > 4)
    return -1;
  p = x * x - 3.0 * x + 2.0;
  if (p == 0.0 && x > 1.5)
    return 1;                                   /*@ root2 */
  if (p < -0.25)
    return 2;                                   /*@ below_min */
  if (p == 6.0 && k == 3 && x < 0.0)
    return 3;                                   /*@ six_left */
  return 0;
}
