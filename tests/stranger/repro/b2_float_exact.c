/* Float facts a test writer expects proved, all timeouts (20 s):
   line 13: (x * 2) / 2 == x for 0 < x < 1e30 (scaling by a power of two is
     exact away from overflow and underflow; 18k search nodes);
   line 15: (int)(d + 0.5) >= (int)d (rounding and truncation are monotone
     and d + 0.5 > d);
   line 17: (c - lo) / (hi - lo) <= 1 for lo <= c <= hi (monotone rounding).
   Interval propagation on each float alone cannot see these relations.
   From b2_fround.c (f2_near_dbl, f2_round_below) and b2_fpoly.c
   (f2_byte_out).
   inka-ng --reach b2_float_exact.c:13 b2_float_exact.c  (also :15, :17) */
int f(float x, double d, float c, float lo, float hi) {
  if (x > 0.0f && x < 1e30f && (x * 2.0f) / 2.0f != x)
    return 1;
  if (d > -1e6 && d < 1e6 && (int)(d + 0.5) < (int)d)
    return 2;
  if (lo < hi && lo <= c && c <= hi && lo > -1e6f && hi < 1e6f && (c - lo) / (hi - lo) > 1.0f)
    return 3;
  return 0;
}
