/* The exact functions of <math.h> (C models, frontend/libc.c). */
#include <math.h>

int rounding(double x) {
  double s = floor(x) + ceil(x);
  if (s == 7.0 && x > 3.4)
    return 1;                            /* line 7: x in (3.4, 4) */
  if (round(x) == 3.0 && trunc(x) == 2.0)
    return 2;                            /* line 9: x in [2.5, 3) */
  if (fmax(x, 1.0) == 3.0 && fmin(x, 2.0) == 2.0 && x != 3.0)
    return 3;                            /* line 11: never */
  if (floor(x) == x && x > 1e20 && ceil(x) != x)
    return 4;                            /* line 13: never */
  if (round(x) == 0.0 && x >= 0.5)
    return 5;                            /* line 15: never (halves round away from 0) */
  return 0;
}

int single(float y, float z) {
  if (roundf(y) == -1.0f && y > -0.6f)
    return 1;                            /* line 21: y in (-0.6, -0.5] */
  if (fminf(y, z) == 0.0f && 1.0f / fminf(y, z) < 0.0f)
    return 2;                            /* line 23: a -0.0 from fminf; of two zeros: no verdict */
  return 0;
}
