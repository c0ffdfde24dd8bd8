/* A packed status register: bit-fields written from wider values. */
struct reg { unsigned en : 1; unsigned mode : 2; int bias : 4; unsigned level : 5; };

int pack(int mode, int bias, int level) {
  struct reg r;
  r.en = 1;
  r.mode = mode;
  r.bias = bias;
  r.level = level;
  if (r.bias == -8 && bias > 0)
    return 1;                                    /*@ bias_wrapped */
  if (r.mode == 3 && r.level == 31 && mode == 7 && level < 0)
    return 2;                                    /*@ all_ones */
  if (r.bias > 7 || r.bias < -8)
    return 3;                                    /*@ bias_out */
  r.level += r.bias;
  if (r.level == 0 && level == 3)
    return 4;                                    /*@ level_zero */
  if (sizeof(struct reg) != 4 || r.en - 2 >= 0)
    return 5;                                    /*@ odd_layout */
  return 0;
}
