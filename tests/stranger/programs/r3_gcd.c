/* Euclid by remainders and the lcm. For 1 <= a, b <= 2000 (all 4M pairs run by
   bf3/r3_gcd_bf.c) g divides a and b, and the lcm is a multiple of a. */
int gl(int a, int b) {
  int x = a, y = b, g, l, steps = 0;
  if (a < 1 || a > 2000 || b < 1 || b > 2000)
    return -1;
  while (y != 0) {
    int t = x % y;
    x = y;
    y = t;
    steps++;                                    /*@ step */
  }
  g = x;
  l = a / g * b;
  if (a % g != 0 || b % g != 0)
    return 1;                                   /*@ not_divisor */
  if (l % a != 0)
    return 2;                                   /*@ lcm_not_mult */
  if (g == 97 && a != 97 && b != 97 && a < b)
    return 3;                                   /*@ g97 */
  if (steps == 15)
    return 4;                                   /*@ fifteen */
  return 0;
}
