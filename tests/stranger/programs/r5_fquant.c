/* Quantizing an audio sample x in [-1, 1] to Q15 in float (rounding half
   away from zero by adding +-0.5 before truncation) and back, as a codec
   does it.  Every float in [-1, 1] (about 2.1e9) run by
   bf5/r5_fquant_bf.c.
   q_range: dead, |x * 32767| <= 32767 and adding 0.5 cannot carry past
     32767.5 (exact in float), truncated to 32767.
   not_odd: dead, the rounding is symmetric: fl(-a) = -fl(a), so
     quantizing -x gives -q (also for x = 0 and -0).
   err_big: dead, the round trip error never exceeds 0x1.01p-16
     (1.5318e-05, at x = 0x1.008p-1); 1.54e-5f is above it.
   err_153: reachable, error above 1.53e-5f: only x = +-0x1.008p-1.
   dbl_differs: reachable, x >= 0 where the float computation gives a
     different q than floor(x * 32767 + 0.5) in double (16383 floats reach
     it, the first 0x1.0002p-16).
   half_q: dead, q == 16384 with x < 0.5f: the largest such x is
     0.5 - 2^-25, x * 32767 = 16383.5 - 0.000977 rounds to 16383.5 - 2^-10
     (the float grid there is 2^-10), + 0.5 is exact, 16383.999 truncates
     to 16383. */

int quant(float x) {
  int q, qn;
  float back, err;
  if (!(x >= -1.0f && x <= 1.0f))
    return -1;
  q = (int)(x * 32767.0f + (x >= 0.0f ? 0.5f : -0.5f));
  qn = (int)(-x * 32767.0f + (-x >= 0.0f ? 0.5f : -0.5f));
  if (q > 32767 || q < -32767)
    return 1;                                   /*@ q_range */
  if (q + qn != 0)
    return 2;                                   /*@ not_odd */
  back = (float)q / 32767.0f;
  err = back - x;
  if (err < 0.0f)
    err = -err;
  if (err > 1.54e-5f)
    return 3;                                   /*@ err_big */
  if (err > 1.53e-5f)
    return 4;                                   /*@ err_153 */
  if (q == 16384 && x < 0.5f)
    return 6;                                   /*@ half_q */
  if (x >= 0.0f && q != (int)(x * 32767.0 + 0.5))
    return 5;                                   /*@ dbl_differs */
  return 0;
}
