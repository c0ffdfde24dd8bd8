/* Integer square root by linear search, then facts about the root. */
int isqrt(int n) {
  int r = 0;
  if (n < 0 || n > 1000000)
    return -1;
  while ((r + 1) * (r + 1) <= n)
    r++;                                        /*@ grow */
  if (r == 37 && r * r == n)
    return 1;                                   /*@ exact37 */
  if (r * r > n)
    return 2;                                   /*@ overshoot */
  return 0;
}
