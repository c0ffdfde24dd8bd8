/* Bit-fields, a union over a 32-bit word, narrowing casts. Every x in
   0..2^32-1 run by bf4/r4_lang_bits_bf.c (x86-64, little-endian).
   off_range is dead: a signed 6-bit field holds -32..31.
   endian is dead: the first byte of the union is the low byte of u. */
struct hdr {
  unsigned ver : 3;
  unsigned kind : 5;
  unsigned len : 8;
  signed int off : 6;
};

union word {
  unsigned u;
  unsigned char b[4];
  struct {
    unsigned short lo, hi;
  } h;
};

int decode(unsigned x) {
  struct hdr p;
  union word w;
  p.ver = x;
  p.kind = x >> 3;
  p.len = x >> 8;
  p.off = (int)(x >> 16);
  w.u = x;
  if (p.off > 31 || p.off < -32)
    return 1;                                   /*@ off_range */
  if (w.b[0] != (x & 0xffu))
    return 2;                                   /*@ endian */
  if (p.ver == 7 && p.kind == 31 && p.off == -32 && w.b[3] == 0)
    return 3;                                   /*@ extremes */
  if (w.h.hi == 0xBEEF && p.len == 0xAD && p.kind == 1)
    return 4;                                   /*@ beef */
  if ((signed char)w.b[3] == -128 && p.off == 0 && (short)w.h.lo == -1)
    return 5;                                   /*@ signs */
  if (p.off == -1 && (short)w.h.hi > 0)
    return 6;                                   /*@ off_minus1_pos */
  return 0;
}
