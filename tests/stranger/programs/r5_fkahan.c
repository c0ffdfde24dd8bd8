/* Summing n copies of 0.1f naively and with Kahan's compensated
   summation, as a flow meter's totaliser does it; the reference is the
   exact sum n * 0.1f, computed in double (exact: 24 + 15 bits).  Every
   n <= 20000 run by bf5/r5_fkahan_bf.c.
   negative: dead, both sums only grow from 0 (0.1f - c stays positive:
     |c| is a rounding error far below 0.1).
   kahan_off: dead, the compensated sum is the correctly rounded n * 0.1f
     for every n <= 20000 (bf5).
   drift_up: dead, the naive sum never exceeds the exact one by more than
     0.022 (at n = 5119).
   drift_down: reachable, the naive sum falls more than 0.34 below (the
     lowest, -0.3412, at n = 19997): exactly n = 19952 ... 20000.
   naive_exact: reachable, the naive sum is still exact at n >= 1000 for
     6 values of n: 1507, 1508, 1509, 6021, 6022, 6023.
   kstep --iter 20000: reachable (n = 20000). */

int sums(int n) {
  float s = 0.0f, k = 0.0f, c = 0.0f, yv, t;
  double ref;
  int i;
  if (n < 0 || n > 20000)
    return -1;
  for (i = 0; i < n; i++) {
    s += 0.1f;
    yv = 0.1f - c;
    t = k + yv;
    c = (t - k) - yv;
    k = t;                                      /*@ kstep */
  }
  ref = n * (double)0.1f;
  if (k < 0.0f || s < 0.0f)
    return 1;                                   /*@ negative */
  if ((float)ref != k)
    return 2;                                   /*@ kahan_off */
  if (s - k > 0.03f)
    return 3;                                   /*@ drift_up */
  if (k - s > 0.34f)
    return 5;                                   /*@ drift_down */
  if (s == k && n >= 1000)
    return 4;                                   /*@ naive_exact */
  return 0;
}
