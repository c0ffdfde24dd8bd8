/* Set 5, class 4: vel += (u - vel) / 4 with |u| <= 100 keeps
   |vel| <= 100 (the new vel lies between vel and u), so bad is never set
   (bf5/r5_repro_bf.c: seeds 0..65535, n = 2000, and the argument for all).
   UNKNOWN at 30 s: the quotient is an interval, vel' in [-150, 150]. */
int f(int n, int seed) {
  int vel = 0, u, t, bad = 0;
  unsigned s = (unsigned)seed;
  if (n < 0 || n > 100000 || seed < 0)
    return -1;
  for (t = 0; t < n; t++) {
    s = s * 1103515245u + 12345u;
    u = (int)((s >> 16) % 201u) - 100;
    vel += (u - vel) / 4;
    if (vel > 100 || vel < -100)
      bad = 1;
  }
  if (bad)
    return 1;
  return 0;
}
