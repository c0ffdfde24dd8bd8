/* memcpy between objects of different cell types: a header read from a
   byte buffer, a float's bits, a record written out as bytes, the bits of
   a double; and a struct's padding, which no byte copy may read. */
#include <stdint.h>
#include <string.h>

struct header { uint16_t len; uint8_t kind, flags; };
struct record { uint32_t id; int16_t delta; uint8_t tag[2]; double weight; };
struct padded { uint8_t a; uint32_t b; };

int header(const uint8_t *buf) {
  struct header h;
  memcpy(&h, buf, sizeof h);
  if (h.len == 0x1234 && h.kind == 7)
    return 1;
  return 0;
}

static float from_bits(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}

int record(uint32_t u, const uint8_t *in) {
  struct record r;
  memcpy(&r, in, sizeof r);
  uint8_t out[16];
  memcpy(out, &r, sizeof r);
  uint64_t bits;
  memcpy(&bits, &r.weight, sizeof bits);
  if (from_bits(u) == 1.5f && r.delta == -2 && r.tag[1] == 9 && out[0] == 0x44 && (bits >> 52) == 0x3ff)
    return 1;
  if (out[4] != (uint8_t)r.delta)
    return 2; /* dead: byte 4 is the low byte of delta */
  return 0;
}

int padded(const uint8_t *in) {
  struct padded p;
  memcpy(&p, in, sizeof p);
  if (p.a == 1 && p.b == 0x01020304)
    return 1;
  return 0;
}

int padding_out(uint8_t a) {
  struct padded p = {a, 3};
  uint8_t out[8];
  memcpy(out, &p, sizeof p);
  return out[1];
}
