/* Checksums of byte buffers and sentence formats. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* CRC-8 with polynomial x^8+x^2+x+1 (0x07), initial value 0. */
uint8_t crc8(const uint8_t *b, size_t n) {
  uint8_t crc = 0;
  for (size_t i = 0; i < n; i++) {
    crc ^= b[i];
    for (int k = 0; k < 8; k++)
      crc = (uint8_t)(crc & 0x80 ? (crc << 1) ^ 0x07 : crc << 1);
  }
  return crc;
}

int crc8_check(const uint8_t *b, size_t n) {
  if (n != 2)
    return -1;
  uint8_t c = crc8(b, n);
  if (c == 0x5A)
    return 1; /* T:crc8_5a */
  return 0;
}

#define ADLER_MOD 65521u
/* Adler-32 of b[0..n). */
uint32_t adler32(const uint8_t *b, size_t n) {
  uint32_t a = 1, s = 0;
  for (size_t i = 0; i < n; i++) {
    a = (a + b[i]) % ADLER_MOD;
    s = (s + a) % ADLER_MOD;
  }
  return s << 16 | a;
}

int adler32_check(const uint8_t *b, size_t n) {
  if (n > 3)
    return -1;
  uint32_t v = adler32(b, n);
  if ((v & 0xFFFF) == 0x0100 && n == 2)
    return 1; /* T:adler_low */
  if ((v & 0xFFFF) >= ADLER_MOD)
    return 2; /* T:adler_dead */
  return 0;
}

/* Fletcher-16 of b[0..n). */
uint16_t fletcher16(const uint8_t *b, size_t n) {
  uint16_t s1 = 0, s2 = 0;
  for (size_t i = 0; i < n; i++) {
    s1 = (uint16_t)((s1 + b[i]) % 255);
    s2 = (uint16_t)((s2 + s1) % 255);
  }
  return (uint16_t)(s2 << 8 | s1);
}

int fletcher16_check(const uint8_t *b, size_t n) {
  if (n != 2)
    return -1;
  uint16_t f = fletcher16(b, n);
  if (f == 0x0403)
    return 1; /* T:fletcher_0403 */
  if ((f & 0xFF) == 0xFF)
    return 2; /* T:fletcher_dead */
  return 0;
}

/* The 16-bit ones' complement sum of RFC 1071 over n bytes (n even). */
uint16_t inet_checksum(const uint8_t *b, size_t n) {
  uint32_t sum = 0;
  for (size_t i = 0; i + 1 < n; i += 2)
    sum += (uint32_t)(b[i] << 8 | b[i + 1]);
  if (n & 1)
    sum += (uint32_t)b[n - 1] << 8;
  while (sum >> 16)
    sum = (sum & 0xFFFF) + (sum >> 16);
  return (uint16_t)~sum;
}

int inet_check(const uint8_t *b, size_t n) {
  if (n != 4)
    return -1;
  if (inet_checksum(b, n) == 0)
    return 1; /* T:inet_zero */
  return 0;
}

static int hexnib(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* An NMEA 0183 sentence "$...*HH": 1 when the XOR of the body matches HH. */
int nmea_valid(const char *s) {
  if (s[0] != '$')
    return -1;
  uint8_t x = 0;
  size_t i = 1;
  while (s[i] != '\0' && s[i] != '*') {
    x ^= (uint8_t)s[i];
    i++;
  }
  if (s[i] != '*')
    return -2;
  int hi = hexnib(s[i + 1]);
  if (hi < 0)
    return -3;
  int lo = hexnib(s[i + 2]);
  if (lo < 0 || s[i + 3] != '\0')
    return -3;
  if ((hi << 4 | lo) != x)
    return 0;
  if (i == 4 && strncmp(s + 1, "GP", 2) == 0)
    return 2; /* T:nmea_gp */
  return 1; /* T:nmea_ok */
}

/* The Luhn check of a digit string. */
int luhn_valid(const char *digits, size_t n) {
  int sum = 0;
  int dbl = 0;
  for (size_t k = n; k-- > 0;) {
    char c = digits[k]; /* T:luhn_body */
    if (c < '0' || c > '9')
      return -1;
    int d = c - '0';
    if (dbl) {
      d *= 2;
      if (d > 9)
        d -= 9;
    }
    if (d > 9)
      return -2; /* T:luhn_dead */
    sum += d;
    dbl = !dbl;
  }
  if (n == 4 && sum % 10 == 0)
    return 1; /* T:luhn_ok4 */
  return sum % 10 == 0;
}

/* Even parity of a byte by folding. */
int parity8(uint8_t v) {
  v ^= v >> 4;
  v ^= v >> 2;
  v ^= v >> 1;
  int p = v & 1;
  if (p && (v & 0xF0) == 0x80)
    return 2; /* T:parity_odd_hi */
  return p;
}

/* Sum of bytes modulo 256 equal to a trailer byte (simple serial frames). */
int frame_sum_ok(const uint8_t *frame, size_t n) {
  if (n < 2 || n > 6)
    return -1;
  uint8_t sum = 0;
  for (size_t i = 0; i + 1 < n; i++)
    sum = (uint8_t)(sum + frame[i]);
  if (sum != frame[n - 1])
    return 0;
  if (n == 4 && frame[0] == 0x7E)
    return 2; /* T:frame_ok4 */
  return 1;
}
