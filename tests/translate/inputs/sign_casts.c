/* Casts between pointers to integer types that differ only in signedness
   (C allows the access): the cell's bits read in the accessed type.
   Checked against gcc-compiled brute force over x, y in [-20, 20] (and the
   concrete mode against gcc by tests/concrete).  Targets marked T<n>. */
#include <stdint.h>
int32_t g_i = -1;
uint8_t g_buf[4] = {200, 1, 255, 0};
uint16_t g_w[2] = {65535, 7};

static uint32_t as_unsigned(int32_t *p) { return *(uint32_t *)p; }

static void store_signed(uint16_t *p, int v) { *(int16_t *)p = (int16_t)v; }

int words(int x, int y) {
  int32_t i = x;
  uint32_t *u = (uint32_t *)&i;
  if (*u == 4294967295u) {
    /*T1*/ return 1;                /* x == -1 */
  }
  *u = (uint32_t)y + 4000000000u;   /* an unsigned value in an int32_t */
  if (i == -294967296 && y == 0) {
    /*T2*/ return 2;                /* the same bits read as int32_t */
  }
  if (i > 0 && y <= 20) {
    /*T3*/ return -2;               /* not in the box: 4000000000 + y wraps negative */
  }
  if (as_unsigned(&g_i) != 0xffffffffu) {
    /*T4*/ return -3;               /* never */
  }
  store_signed(&g_w[1], x);
  if (g_w[1] == 65535 && (int16_t)g_w[0] == -1) {
    /*T5*/ return 3;                /* x == -1 */
  }
  return i;
}

int bytes(int x, int y) {
  char *c = (char *)g_buf;
  if (c[0] == -56 && y == 3) {
    /*T6*/ return 1;                /* 200 read as (signed) char */
  }
  if (c[2] != -1) {
    /*T7*/ return -1;               /* never */
  }
  unsigned char *uc = (unsigned char *)c;
  c[1] = (char)x;
  if (uc[1] == 250) {
    /*T8*/ return 2;                /* x == -6 */
  }
  if (uc[1] > 127 && x >= 0) {
    /*T9*/ return -2;               /* not in the box: x >= 128 */
  }
  return uc[1] + y;
}
