/* Union punning (the bits_* cases of r4_lang_bits.c): a union of an
   unsigned and a struct of two unsigned shorts, written through one member
   and read through the other (C11 6.5.2.3 note 95).  Such a union was
   refused (exit 2); it is now a carrier word whose members are views of
   its bits (frontend/unions.c).  Target: line 14, reachable (x = 0xBEEF0000). */
union word {
  unsigned u;
  struct { unsigned short lo, hi; } h;
};
int f(unsigned x) {
  union word w;
  w.u = x;
  if (w.h.hi == 0xBEEF)
    return 1;
  return 0;
}
