/* Conversions between int and floating point. 
   int_inexact is unreachable: the int operand of != is converted to float
   too, so both sides are the same float.  almost8 etc. have witnesses;
   ten_tenths, float_tenth and double_rounding are unreachable, checked
   over every float. */
int conv(int i, float f) {
  if ((float)i != i && i > 0 && i < 16777220)
    return 1;                                   /*@ int_inexact */
  if ((double)(float)i != i && i > 0 && i < 16777220)
    return 5;                                   /*@ int_inexact_d */
  if ((int)f == 7 && f > 7.9f)
    return 2;                                   /*@ almost8 */
  if ((int)f == -2 && f < -2.5f)
    return 3;                                   /*@ toward_zero */
  if (f >= 0.0f && f < 1.0f && (int)(f * 10.0f) == 10)
    return 4;                                   /*@ ten_tenths */
  return 0;
}

int widen(float f) {
  double d = f;
  if (d == 0.1)
    return 1;                                   /*@ float_tenth */
  if (d > 0.0 && (float)(d * 3.0) != f * 3.0f)
    return 2;                                   /*@ double_rounding */
  return 0;
}
