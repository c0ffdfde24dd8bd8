/* A register read as a whole or by its bytes; a signed and an unsigned view
   of one word. */
union reg32 { unsigned int word; unsigned char byte[4]; };
union num { int s; unsigned int u; };

int bytes(unsigned int v) {
  union reg32 r;
  r.word = v;
  if (r.byte[0] == 0xef && r.byte[1] == 0xbe && r.byte[2] == 0xad && r.byte[3] == 0xde)
    return 1;                                    /*@ deadbeef */
  if (r.byte[3] > 0x7f && (int)v > 0)
    return 2;                                    /*@ top_but_pos */
  return 0;
}

int views(int x) {
  union num n;
  n.s = x;
  if (n.u > 0x80000000u && x > -5)
    return 1;                                    /*@ small_neg */
  n.u += 1;
  if (n.s == -2147483647 - 1 && x != -1)
    return 2;                                    /*@ wrapped_min */
  return 0;
}
