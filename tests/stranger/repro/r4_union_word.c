/* Round 4, bits_*: a union of an unsigned and a struct of two unsigned
   shorts is refused (exit 2, "a union read through members of different
   types"), documented outside the subset; every target of r4_lang_bits.c
   errors. C allows this type punning (C11 6.5.2.3 note 95); the same
   happens for a union of a float and an unsigned. Target: line 14. *
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
