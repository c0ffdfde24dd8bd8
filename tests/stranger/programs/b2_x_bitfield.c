/* A packet header with bit-fields. */
struct header {
  unsigned version : 2;
  unsigned flags : 3;
  unsigned length : 11;
};

int parse(unsigned raw) {
  struct header h;
  h.version = raw & 3;
  h.flags = (raw >> 2) & 7;
  h.length = raw >> 5;
  if (h.version == 2 && h.flags == 5 && h.length == 2047)
    return 1;                                   /*@ max_len */
  return 0;
}
