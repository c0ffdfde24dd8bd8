/* A link-layer frame handler: the header word is read through a union of
   a word and its bytes, unpacked into bit-fields, dispatched by a switch
   with a fall-through, errors leave through goto to one cleanup label,
   and the payload word's byte sum must match the low flag byte.
   Header: byte 0 = ver (2 bits) | kind (3) | len bits 0..2; byte 1 =
   len bits 3..5 | seq (5 bits); bytes 2..3 = flags.
   bf5/r5_lang_proto_bf.c runs all 2^32 header words, each with the payload
   word that passes the checksum and sequence tests (the state st and the
   header depend on w0 alone; w1 only decides between the success path
   and 'bad'), and the witnesses.
   reset_ping: reachable, kind 7 falls through into the ping case: st == 9.
   data40: reachable, a data frame of length 40.
   ack_a5: reachable, an ack frame with flags high byte 0xa5.
   both: dead, st == 3 (ping and data at once): each case sets one bit
     (reset adds 8).
   kind5: dead, kind 4, 5, 6 and 0 go to bad.
   len_big: dead, the 6-bit field holds at most 63.
   data_long: dead, data frames longer than 40 go to bad.
   bad_ping: reachable, a well-formed ping whose payload sum is wrong.
   ver_ok_bad: the line after 'bad:' with errs == 2: reachable (two errors
     counted: checksum and sequence of an ack). */

enum kind { K_PING = 1, K_DATA = 2, K_ACK = 3, K_RESET = 7 };

struct hdr {
  unsigned ver : 2;
  unsigned kind : 3;
  unsigned len : 6;
  unsigned seq : 5;
  unsigned flags : 16;
};

union word {
  unsigned w;
  unsigned char b[4];
};

static int byte_sum(union word u) {
  return (u.b[0] + u.b[1] + u.b[2] + u.b[3]) & 0xff;
}

int handle(unsigned w0, unsigned w1) {
  struct hdr h;
  union word u;
  int st = 0, errs = 0;
  u.w = w0;
  h.ver = u.b[0] & 3u;
  h.kind = (u.b[0] >> 2) & 7u;
  h.len = (unsigned)(u.b[0] >> 5) | ((u.b[1] & 7u) << 3);
  h.seq = u.b[1] >> 3;
  h.flags = w0 >> 16;
  if (h.ver != 2)
    goto bad;
  switch (h.kind) {
  case K_RESET:
    st |= 8;
    /* fall through */
  case K_PING:
    st |= 1;
    break;
  case K_DATA:
    if (h.len == 0 || h.len > 40)
      goto bad;
    st |= 2;
    break;
  case K_ACK:
    st |= 4;
    if (h.seq != (w1 & 31u))
      errs++;
    break;
  default:
    goto bad;
  }
  u.w = w1;
  if (byte_sum(u) != (int)(h.flags & 0xffu))
    errs++;
  if (errs > 0)
    goto bad;
  if (st == 3)
    return 100;                                 /*@ both */
  if (h.kind == 5)
    return 101;                                 /*@ kind5 */
  if (h.len > 63)
    return 102;                                 /*@ len_big */
  if (st == 2 && h.len > 40)
    return 103;                                 /*@ data_long */
  if (st == 9)
    return 1;                                   /*@ reset_ping */
  if (st == 2 && h.len == 40)
    return 2;                                   /*@ data40 */
  if (st == 4 && (h.flags >> 8) == 0xa5u)
    return 3;                                   /*@ ack_a5 */
  return 0;
bad:
  if (errs == 2)
    return -2;                                  /*@ two_errs */
  if (st == 1 && errs == 1)
    return -3;                                  /*@ bad_ping */
  return -1;
}
