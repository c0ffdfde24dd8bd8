/* CRC-8 (polynomial x^8 + x^2 + x + 1, i.e. 0x07; initial value 0; no
   reflection) of the two bytes of a 16-bit word, high byte first.
   With initial value 0 the CRC is linear over GF(2): crc(w) ^ crc(w ^ d)
   == crc(d) for every w, so flipping bit 8 of the word always changes the
   CRC by exactly crc(0x0100) == 0x15 (checked by tests/stranger/bf2/b2_crc8_bf.c
   over all 65536 words). */
static unsigned char crc8_byte(unsigned char crc, unsigned char b) {
  int i;
  crc ^= b;
  for (i = 0; i < 8; i++) {
    if (crc & 0x80)
      crc = (unsigned char)((crc << 1) ^ 0x07); /*@ poly */
    else
      crc = (unsigned char)(crc << 1);
  }
  return crc;
}

static unsigned char crc16bits(unsigned short w) {
  return crc8_byte(crc8_byte(0, (unsigned char)(w >> 8)), (unsigned char)(w & 0xff));
}

int crc_check(unsigned short w) {
  unsigned char c = crc16bits(w);
  if (w != 0 && c == 0)
    return 1;                                   /*@ crc_zero */
  if (c == 0xA5 && (w >> 8) == 0x42)
    return 2;                                   /*@ crc_a5 */
  return 0;
}

int crc_flip(unsigned short w) {
  unsigned char a = crc16bits(w);
  unsigned short v = w ^ 0x0100;
  unsigned char b = crc16bits(v);
  if (a == b)
    return 1;                                   /*@ flip_same */
  if ((a ^ b) != 0x15)
    return 2;                                   /*@ flip_other */
  if (a == 0x15)
    return 3;                                   /*@ flip_to_zero */
  return 0;
}
