/* Set 5, class 12: IEEE rounding to nearest is odd-symmetric:
   (-x) * c == -(x * c) exactly, so the target is dead (bf5/r5_repro_bf.c:
   every float in [-1, 1]).  UNKNOWN at 30 s. */
int f(float x) {
  float a, b;
  if (!(x >= -1.0f && x <= 1.0f))
    return -1;
  a = x * 32767.0f;
  b = -x * 32767.0f;
  if (a != -b)
    return 1;
  return 0;
}
