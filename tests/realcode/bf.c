/* Brute force behind the UNREACHABLE answers of realcode.sh: compiled with
   one of -DBF_JSON, -DBF_HTTP, -DBF_CODECS, -DBF_CHECKSUMS, -DBF_TEXT (it
   includes that file) and --coverage, it runs the functions over a small
   exhaustive domain; realcode.sh then asks gcov that the lines claimed dead
   never ran while the lines next to them did. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <limits.h>

#if defined(BF_JSON)
#include "json.c"
static void run(void) {
  static const char alphabet[] = "0123456789abcdefABCDEFgG";
  size_t a = sizeof alphabet - 1;
  char s[5] = {0};
  for (size_t i0 = 0; i0 < a; i0++) for (size_t i1 = 0; i1 < a; i1++)
    for (size_t i2 = 0; i2 < a; i2++) for (size_t i3 = 0; i3 < a; i3++) {
      s[0] = alphabet[i0]; s[1] = alphabet[i1]; s[2] = alphabet[i2]; s[3] = alphabet[i3];
      json_hex4(s);
    }
}
#elif defined(BF_HTTP)
#include "http.c"
static void run(void) {
  static const char alphabet[] = "0123456789 a";
  size_t a = sizeof alphabet;  /* the terminating NUL included */
  char s[5] = {0};
  for (size_t i0 = 0; i0 < a; i0++) for (size_t i1 = 0; i1 < a; i1++)
    for (size_t i2 = 0; i2 < a; i2++) for (size_t i3 = 0; i3 < a; i3++) {
      s[0] = alphabet[i0]; s[1] = alphabet[i1]; s[2] = alphabet[i2]; s[3] = alphabet[i3];
      http_status(s);
    }
}
#elif defined(BF_CODECS)
#include "codecs.c"
static void run(void) {
  uint8_t out[8];
  for (uint32_t v = 0; v < (1u << 20); v++)
    leb128_encode(v, out);
  for (int k = 20; k < 32; k++)
    for (uint32_t d = 0; d < 64; d++) {
      leb128_encode((1u << k) + d, out);
      leb128_encode((1u << k) - 1 - d, out);
      leb128_encode(UINT32_MAX - d, out);
    }
  for (int32_t v = -200000; v <= 200000; v++)
    zigzag_roundtrip(v);
  for (int32_t d = 0; d < 1000; d++) {
    zigzag_roundtrip(INT32_MIN + d);
    zigzag_roundtrip(INT32_MAX - d);
  }
  char g[4];
  static const char small[] = "Az09+/=!";
  for (int c0 = 0; c0 < 256; c0++)
    for (int i1 = 0; i1 < 8; i1++) for (int i2 = 0; i2 < 8; i2++) for (int i3 = 0; i3 < 8; i3++) {
      g[0] = (char)c0; g[1] = small[i1]; g[2] = small[i2]; g[3] = small[i3];
      base64_decode_group(g, out);
    }
  uint8_t u[2];
  uint32_t cp;
  for (int b0 = 0; b0 < 256; b0++)
    for (int b1 = 0; b1 < 256; b1++) {
      u[0] = (uint8_t)b0; u[1] = (uint8_t)b1;
      utf8_decode(u, 2, &cp);
      utf8_decode(u, 1, &cp);
    }
}
#elif defined(BF_CHECKSUMS)
#include "checksums.c"
static void run(void) {
  uint8_t b[3];
  adler32_check(b, 0);
  for (int x = 0; x < 256; x++) {
    b[0] = (uint8_t)x;
    adler32_check(b, 1);
    for (int y = 0; y < 256; y++) {
      b[1] = (uint8_t)y;
      adler32_check(b, 2);
      fletcher16_check(b, 2);
      for (int z = 0; z < 256; z += 17) {
        b[2] = (uint8_t)z;
        adler32_check(b, 3);
      }
    }
  }
  static const char alphabet[] = "0123456789x";
  char d[4];
  for (size_t n = 0; n <= 4; n++) {
    size_t total = 1;
    for (size_t k = 0; k < n; k++) total *= 11;
    for (size_t code = 0; code < total; code++) {
      size_t c = code;
      for (size_t k = 0; k < n; k++) { d[k] = alphabet[c % 11]; c /= 11; }
      luhn_valid(d, n);
    }
  }
}
#elif defined(BF_TEXT)
#include "text.c"
static void run(void) {
  static const int years[] = {0, 1, 4, 100, 400, 1900, 2000, 2023, 2024, 9999, 10000, -4};
  for (int y = 1; y <= 2400; y++)
    for (int m = -1; m <= 14; m++)
      for (int d = -1; d <= 33; d++) { date_valid(y, m, d); day_of_year(y, m, d); }
  for (size_t k = 0; k < sizeof years / sizeof years[0]; k++)
    for (int m = -1; m <= 14; m++)
      for (int d = -1; d <= 33; d++) { date_valid(years[k], m, d); day_of_year(years[k], m, d); }
}
#else
#error "compile with one of -DBF_JSON, -DBF_HTTP, -DBF_CODECS, -DBF_CHECKSUMS, -DBF_TEXT"
#endif

int main(void) {
  run();
  puts("done");
  return 0;
}
