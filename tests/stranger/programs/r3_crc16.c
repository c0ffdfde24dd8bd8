/* CRC-16/CCITT-FALSE of two bytes. Over 16-bit messages the CRC is a
   bijection, so every value has exactly one preimage (bf3/r3_crc16_bf.c
   checks all 65536 messages). */
unsigned int crc16(unsigned int a, unsigned int b) {
  unsigned int crc = 0xFFFFu, bytes[2];
  int i, k;
  bytes[0] = a;
  bytes[1] = b;
  for (k = 0; k < 2; k++) {
    crc ^= bytes[k] << 8;
    for (i = 0; i < 8; i++) {
      if (crc & 0x8000u)
        crc = ((crc << 1) ^ 0x1021u) & 0xFFFFu;  /*@ poly */
      else
        crc = (crc << 1) & 0xFFFFu;
    }
  }
  return crc;
}

int check(unsigned int a, unsigned int b) {
  unsigned int c;
  if (a > 255 || b > 255)
    return -1;
  c = crc16(a, b);
  if (c == 0xBEEFu)
    return 1;                                   /*@ beef */
  if (c == 0 && a == b)
    return 2;                                   /*@ zero_twin */
  if (c > 0xFFFFu)
    return 3;                                   /*@ wide */
  return 0;
}
