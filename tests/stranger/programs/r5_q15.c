/* Q15 fixed-point helpers of a DSP library: rounding multiply, saturating
   add and subtract, and a one-pole smoothing filter.  Every (a, b) pair of
   q15_check (2^32) and every (x, n) of smooth run by bf5/r5_q15_bf.c.
   q15_check:
     mul_max: reachable with a != b (a = -32768, b = -32767: the product
       rounds to 32768, saturated).
     mul_grows: dead, |a b / 2^15| <= |a| and rounding to nearest keeps
       |m| <= |a|.
     mul_min: dead, m = -32768 needs a b <= -1073725441 but the most
       negative product is -32768 * 32767 = -1073709056.
     sumdiff: dead, without saturation (|a|, |b| < 16384) s + d == 2 a.
     sat_asym: reachable (a = -32768, b = 1: d saturates; a = 32767, b = 1: s does).
     mul_zero: reachable, a, b > 100 with a b < 16384 (a = 101, b = 101).
   smooth: y += (x - y) >> 3 stalls when x - y < 8 (x >= 0, y from 0):
     y_eq_x: dead for x >= 8 (y stays below x: y < x and the step is
       (x - y) >> 3 <= (x - y) / 8 < x - y while x - y >= 1);
     stall7: reachable, y == x - 7 (x = 1000, n >= 41);
     --iter 200 on the step line is reachable (n >= 200). */

static int sat16(int v) { return v > 32767 ? 32767 : v < -32768 ? -32768 : v; }

int q15_check(int a, int b) {
  int m, s, d, aa;
  if (a < -32768 || a > 32767 || b < -32768 || b > 32767)
    return -1;
  m = sat16((a * b + 0x4000) >> 15);
  s = sat16(a + b);
  d = sat16(a - b);
  aa = a < 0 ? -a : a;
  if (m == 32767 && a != b)
    return 1;                                   /*@ mul_max */
  if ((m < 0 ? -m : m) > aa)
    return 2;                                   /*@ mul_grows */
  if (m == -32768)
    return 3;                                   /*@ mul_min */
  if (s + d != 2 * a && a > -16384 && a < 16384 && b > -16384 && b < 16384)
    return 4;                                   /*@ sumdiff */
  if (s + d != 2 * a && b > 0 && b < 4)
    return 5;                                   /*@ sat_asym */
  if (m == 0 && a > 100 && b > 100)
    return 6;                                   /*@ mul_zero */
  return 0;
}

int smooth(int x, int n) {
  int y = 0, i;
  if (x < 8 || x > 30000 || n < 0 || n > 400)
    return -1;
  for (i = 0; i < n; i++)
    y += (x - y) >> 3;                          /*@ step */
  if (y == x)
    return 1;                                   /*@ y_eq_x */
  if (y == x - 7 && x == 1000)
    return 2;                                   /*@ stall7 */
  return 0;
}
