/* Pisano period: the period of the Fibonacci numbers modulo m.
   Every m in 2..2000 run by bf4/r4_pisano_bf.c (the period is at most 6m,
   with equality only for m = 2 * 5^k: 10, 50, 250, 1250). */
int pisano(int m) {
  int a = 0, b = 1, t, k = 0;
  if (m < 2 || m > 2000)
    return -1;
  do {
    t = (a + b) % m;
    a = b;
    b = t;
    k++;                                        /*@ step */
  } while (!(a == 0 && b == 1));
  if (k > 6 * m)
    return 1;                                   /*@ over6m */
  if (k == 6 * m && m > 300)
    return 2;                                   /*@ six_m */
  if (k == 1500 && m % 2 == 1)
    return 3;                                   /*@ odd1500 */
  if (k % 2 == 1 && m > 2)
    return 4;                                   /*@ odd_period */
  return 0;
}
