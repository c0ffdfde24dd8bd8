/* Associativity and absorption. 
   square_over is unreachable: rounding is monotone and 2.0f * 2.0f == 4.0f
   (checked over every float). */
int assoc(double a, double b, double c) {
  if ((a + b) + c != a + (b + c) && a > 0.0 && b > 0.0 && c > 0.0)
    return 1;                                   /*@ not_assoc */
  return 0;
}

int lost(float big, float small) {
  if (big > 1.0e7f && small >= 1.0f && big + small == big)
    return 1;                                   /*@ absorbed */
  if (big >= 1.0f && big <= 2.0f && big * big > 4.0f)
    return 2;                                   /*@ square_over */
  return 0;
}
