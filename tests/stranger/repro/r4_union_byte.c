/* Set 4, bits2_endian: after w.u = x, the low byte w.b[0] is not known to
   equal x & 0xff: the labeling enumerates x (4M+ search nodes in 15 s,
   UNKNOWN). Written as `w.b[0] != (unsigned char)x` it is UNREACHABLE in
   0.000 s, and without the union `(unsigned char)x != (x & 0xffu)` is
   UNREACHABLE in 0.01 s. Target: line 11 (dead). */
union word { unsigned u; unsigned char b[4]; };
int f(unsigned x) {
  union word w;
  w.u = x;
  if (w.b[0] != (x & 0xffu))
    return 1;
  return 0;
}
