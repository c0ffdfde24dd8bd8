/* Timeout with 0 search nodes: s1 is the result of % 255 (or 0) at every
   loop head, so s1 <= 254 after the loop.  Polyhedra forget s1 (the
   assignment is not affine), there is no interval invariant, and the lazy
   unfolding cannot cover n up to 20000 (4.4k unfoldings at the root in 20 s).
   From b2_lfsr.c (s2_fl_range, Fletcher-16).
   inka-ng --stats --reach b2_mod_range.c:17 b2_mod_range.c */
int fletcher(int n, unsigned char b) {
  unsigned s1 = 0, s2 = 0;
  int i;
  if (n < 0 || n > 20000)
    return -1;
  for (i = 0; i < n; i++) {
    s1 = (s1 + b) % 255;
    s2 = (s2 + s1) % 255;
  }
  if (s1 > 254 || s2 > 254)
    return 1;
  return 0;
}
