/* Adding 0.1 n times in float and in double. Every n in 0..100000 run by
   bf4/r4_fsum_bf.c.
   negative is dead: s starts at 0 and only grows (adding a positive float
   to a non-negative one never decreases it). ten_exact and ten_exact_d
   are dead: ten additions give 1.00000012f and 0.99999999999999989. */
#include <math.h>

int accumulate(int n) {
  float s = 0.0f;
  double d = 0.0;
  int i;
  if (n < 0 || n > 100000)
    return -1;
  for (i = 0; i < n; i++) {
    s += 0.1f;
    d += 0.1;                                   /*@ add */
  }
  if (s < 0.0f)
    return 1;                                   /*@ negative */
  if (n == 10 && s == 1.0f)
    return 2;                                   /*@ ten_exact */
  if (n == 10 && d == 1.0)
    return 3;                                   /*@ ten_exact_d */
  if (fabs((double)s - d) > 5.0)
    return 4;                                   /*@ drift5 */
  return 0;
}
