/* Byte codecs: LEB128, zigzag, base64, UTF-8, MessagePack, hex dump. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Unsigned LEB128 encoding of v into out (at most 5 bytes); its length. */
size_t leb128_encode(uint32_t v, uint8_t *out) {
  size_t n = 0;
  do {
    uint8_t byte = v & 0x7F;
    v >>= 7;
    if (v != 0)
      byte |= 0x80;
    out[n++] = byte;
  } while (v != 0);
  if (n == 5)
    return 55; /* T:leb_enc5 */
  if (n > 5)
    return 66; /* T:leb_enc_dead */
  return n;
}

/* Decodes an unsigned LEB128 of at most 5 bytes; its length, 0 on error. */
size_t leb128_decode(const uint8_t *buf, size_t n, uint32_t *value) {
  uint32_t result = 0;
  unsigned shift = 0;
  for (size_t i = 0; i < n && i < 5; i++) {
    uint8_t byte = buf[i];
    if (i == 4 && (byte & 0xF0) != 0)
      return 0; /* T:leb_dec_overflow */
    result |= (uint32_t)(byte & 0x7F) << shift;
    shift += 7;
    if ((byte & 0x80) == 0) {
      *value = result;
      if (result == 300)
        return 30; /* T:leb_dec_300 */
      return i + 1;
    }
  }
  return 0;
}

/* Zigzag mapping of signed to unsigned, and back. */
uint32_t zigzag_encode(int32_t v) { return ((uint32_t)v << 1) ^ (uint32_t)(v >> 31); }

int zigzag_roundtrip(int32_t v) {
  uint32_t z = zigzag_encode(v);
  int32_t back = (int32_t)((z >> 1) ^ (~(z & 1) + 1));
  if (back != v)
    return -1; /* T:zigzag_dead */
  if (z == 7)
    return 1; /* T:zigzag_7 */
  return 0;
}

static const char b64_alphabet[] =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Base64 of in[0..n) into out with padding; the output length. */
size_t base64_encode(const uint8_t *in, size_t n, char *out) {
  size_t o = 0, i = 0;
  for (; i + 3 <= n; i += 3) {
    uint32_t t = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
    out[o++] = b64_alphabet[t >> 18 & 63];
    out[o++] = b64_alphabet[t >> 12 & 63];
    out[o++] = b64_alphabet[t >> 6 & 63];
    out[o++] = b64_alphabet[t & 63];
  }
  if (n - i == 1) {
    uint32_t t = (uint32_t)in[i] << 16;
    out[o++] = b64_alphabet[t >> 18 & 63];
    out[o++] = b64_alphabet[t >> 12 & 63];
    out[o++] = '=';
    out[o++] = '=';
  } else if (n - i == 2) {
    uint32_t t = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
    out[o++] = b64_alphabet[t >> 18 & 63];
    out[o++] = b64_alphabet[t >> 12 & 63];
    out[o++] = b64_alphabet[t >> 6 & 63];
    out[o++] = '=';
  }
  if (o == 4 && out[0] == 'T' && out[1] == 'Q')
    return 44; /* T:b64_enc_TQ */
  return o;
}

static int b64_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

/* Decodes one 4-character base64 group; the number of bytes, -1 if invalid. */
int base64_decode_group(const char *in, uint8_t out[3]) {
  int a = b64_value(in[0]), b = b64_value(in[1]);
  if (a < 0 || b < 0)
    return -1;
  out[0] = (uint8_t)(a << 2 | b >> 4);
  if (in[2] == '=') {
    if (in[3] != '=')
      return -1;
    return 1; /* T:b64_dec_one */
  }
  int c = b64_value(in[2]);
  if (c < 0)
    return -1;
  out[1] = (uint8_t)((b & 15) << 4 | c >> 2);
  if (in[3] == '=')
    return 2;
  int d = b64_value(in[3]);
  if (d < 0)
    return -1;
  out[2] = (uint8_t)((c & 3) << 6 | d);
  if (out[0] == 'M' && out[1] == 'a' && out[2] == 'n')
    return 33; /* T:b64_dec_Man */
  if (a > 63)
    return -9; /* T:b64_dec_dead */
  return 3;
}

/* Decodes one UTF-8 sequence: its length and *cp, or -1 (invalid, overlong,
   surrogate, above U+10FFFF, truncated). */
int utf8_decode(const uint8_t *s, size_t n, uint32_t *cp) {
  if (n == 0)
    return -1;
  uint8_t b0 = s[0];
  int len;
  uint32_t c, min;
  if (b0 < 0x80) { *cp = b0; return 1; }
  else if ((b0 & 0xE0) == 0xC0) { len = 2; c = b0 & 0x1F; min = 0x80; }
  else if ((b0 & 0xF0) == 0xE0) { len = 3; c = b0 & 0x0F; min = 0x800; }
  else if ((b0 & 0xF8) == 0xF0) { len = 4; c = b0 & 0x07; min = 0x10000; }
  else return -1;
  if (n < (size_t)len)
    return -1;
  for (int k = 1; k < len; k++) {
    if ((s[k] & 0xC0) != 0x80)
      return -1;
    c = c << 6 | (s[k] & 0x3F);
  }
  if (c < min)
    return -1; /* T:utf8_overlong */
  if (c >= 0xD800 && c <= 0xDFFF)
    return -1; /* T:utf8_surrogate */
  if (c > 0x10FFFF)
    return -1; /* T:utf8_too_big */
  *cp = c;
  if (c == 0x20AC)
    return 9; /* T:utf8_euro */
  if (len == 2 && c > 0x7FF)
    return -7; /* T:utf8_dead */
  return len;
}

/* 1 when s[0..n) is valid UTF-8 (same rules). */
int utf8_valid(const uint8_t *s, size_t n) {
  size_t i = 0;
  int multi = 0;
  while (i < n) {
    uint32_t cp;
    int len = utf8_decode(s + i, n - i, &cp);
    if (len < 0)
      return 0;
    if (len > 4)
      len = len == 9 ? 3 : 1;
    if (len > 1)
      multi++;
    i += (size_t)len;
  }
  if (multi == 2)
    return 2; /* T:utf8_two_multi */
  return 1;
}

/* A MessagePack integer: positive/negative fixint, uint8, int8, uint16 (big endian). */
int msgpack_read_int(const uint8_t *b, size_t n, int64_t *out) {
  if (n == 0)
    return 0;
  uint8_t tag = b[0];
  if (tag <= 0x7F) { *out = tag; return 1; }
  if (tag >= 0xE0) { *out = (int8_t)tag; return 1; }
  if (tag == 0xCC && n >= 2) { *out = b[1]; return 2; }
  if (tag == 0xD0 && n >= 2) { *out = (int8_t)b[1]; return 2; }
  if (tag == 0xCD && n >= 3) {
    *out = (int64_t)((uint16_t)(b[1] << 8 | b[2]));
    if (*out == 0x1234)
      return 33; /* T:mp_u16 */
    return 3;
  }
  return 0;
}

/* A MessagePack string header: fixstr or str8; the header length, *len set. */
int msgpack_read_str(const uint8_t *b, size_t n, size_t *len) {
  if (n == 0)
    return 0;
  if ((b[0] & 0xE0) == 0xA0) {
    *len = b[0] & 0x1F;
    if (*len + 1 > n)
      return 0; /* T:mp_fixstr_short */
    return 1;
  }
  if (b[0] == 0xD9 && n >= 2) {
    *len = b[1];
    if (*len + 2 > n)
      return 0;
    if (*len == 3 && memcmp(b + 2, "abc", 3) == 0)
      return 22; /* T:mp_str8_abc */
    return 2;
  }
  return 0;
}

/* Hex dump of up to 8 bytes as "xx xx ..."; the number of characters. */
int hexdump(const uint8_t *b, size_t n, char *out) {
  static const char digits[] = "0123456789abcdef";
  if (n > 8)
    n = 8;
  int o = 0;
  for (size_t i = 0; i < n; i++) {
    if (i)
      out[o++] = ' ';
    out[o++] = digits[b[i] >> 4];
    out[o++] = digits[b[i] & 15];
  }
  out[o] = '\0';
  if (o == 5 && out[0] == 'f' && out[4] == 'a')
    return 55; /* T:hexdump_fa */
  return o;
}

struct word {
  int tag;
  union {
    uint32_t u;
    uint8_t bytes[4];
  };
};

/* A little-endian 32-bit word from bytes, through an anonymous union. */
int word_from_bytes(const uint8_t *b, struct word *w) {
  w->tag = 1;
  for (int k = 0; k < 4; k++)
    w->bytes[k] = b[k];
  if (w->u == 0xDEADBEEF)
    return 1; /* T:word_beef */
  return 0;
}
