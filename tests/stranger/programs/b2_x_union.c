/* The float bits through a union (the classic type pun). */
union fbits {
  float f;
  unsigned u;
};

int exponent(float x) {
  union fbits b;
  int e;
  b.f = x;
  e = (int)((b.u >> 23) & 0xff);
  if (e == 0x85 && x > 0.0f)
    return 1;                                   /*@ exp_85 */
  return 0;
}
