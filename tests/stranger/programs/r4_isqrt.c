/* Integer square root by Newton's method from above, and a check of the
   result. Every n in 0..2000000 run by bf4/r4_isqrt_bf.c.
   too_high and too_low are dead: the result is floor(sqrt(n)) (Newton on
   integers from x0 = n decreases strictly until it reaches the floor). */
int isqrt(int n) {
  int x, y, steps = 0;
  if (n < 0 || n > 2000000)
    return -1;
  if (n < 2)
    return n;
  x = n;
  y = (x + n / x) / 2;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2;
    steps++;                                    /*@ newton */
  }
  if (x * x > n)
    return -2;                                  /*@ too_high */
  if ((x + 1) * (x + 1) <= n)
    return -3;                                  /*@ too_low */
  if (steps == 13 && x * x == n)
    return -4;                                  /*@ square13 */
  if (steps > 15)
    return -5;                                  /*@ many_steps */
  return x;
}
