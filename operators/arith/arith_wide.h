/* arith_wide.h - 128-bit helpers shared by the arithmetic propagators of
 * operators/ (linear.c, times.c, divrem.c, bitwise.c, wrap.c, c_ops.c, ...):
 * floor/ceil division, saturating sums, interval-list buffers.
 *
 * Private to the arithmetic files of operators/; nothing outside includes it.
 * Everything here is static inline and pure: it must never touch a store.
 */
#ifndef INKA_OPERATORS_ARITH_WIDE_H
#define INKA_OPERATORS_ARITH_WIDE_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "inka/prop.h"

#define WIDE_MAX ((prop_wide)(((unsigned __int128)1 << 127) - 1))
#define WIDE_MIN (-WIDE_MAX - 1)
#define WIDE_I64_MIN ((prop_wide)INT64_MIN)
#define WIDE_I64_MAX ((prop_wide)INT64_MAX)
#define WIDE_POW2(k) ((prop_wide)1 << (k))     /* k <= 126 */

static inline prop_wide wmin(prop_wide a, prop_wide b) { return a < b ? a : b; }
static inline prop_wide wmax(prop_wide a, prop_wide b) { return a > b ? a : b; }
static inline prop_wide wabs(prop_wide a) { return a < 0 ? -a : a; }
/* a mod d in [0, d) for d >= 1 (the mathematical modulo, unlike %). */
static inline prop_wide wmod(prop_wide a, prop_wide d) { return (a % d + d) % d; }
static inline bool wide_fits_i64(prop_wide a) { return a >= WIDE_I64_MIN && a <= WIDE_I64_MAX; }

/* floor(a / b) and ceil(a / b), b != 0, not (a == WIDE_MIN && b == -1). */
static inline prop_wide wide_floor_div(prop_wide a, prop_wide b) {
  assert(b != 0);
  prop_wide q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
  return q;
}

static inline prop_wide wide_ceil_div(prop_wide a, prop_wide b) {
  assert(b != 0);
  prop_wide q = a / b;
  if ((a % b != 0) && ((a < 0) == (b < 0))) q++;
  return q;
}

/* Saturating a + b and a - b; *sat is set when the exact value did not fit. */
static inline prop_wide wide_sat_add(prop_wide a, prop_wide b, bool *sat) {
  prop_wide r;
  if (__builtin_add_overflow(a, b, &r)) {
    *sat = true;
    return b > 0 ? WIDE_MAX : WIDE_MIN;
  }
  return r;
}

static inline prop_wide wide_sat_sub(prop_wide a, prop_wide b, bool *sat) {
  prop_wide r;
  if (__builtin_sub_overflow(a, b, &r)) {
    *sat = true;
    return b < 0 ? WIDE_MAX : WIDE_MIN;
  }
  return r;
}

static inline prop_wide wide_gcd(prop_wide a, prop_wide b) {
  a = wabs(a);
  b = wabs(b);
  while (b != 0) {
    prop_wide t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* Fails the store (there is no direct kernel call for it: an impossible
   bound on some variable does it); returns false. */
static inline bool arith_fail(PropStore *s) {
  PropVar v = prop_var_count(s) > 0 ? 0 : prop_new_const(s, 0);
  prop_set_min_wide(s, v, WIDE_MAX);
  return false;
}

/* Domain bounds as wide values. */
static inline prop_wide wlo(const PropStore *s, PropVar x) { return prop_min(s, x); }
static inline prop_wide whi(const PropStore *s, PropVar x) { return prop_max(s, x); }

/* x in [lo, hi] with wide bounds (clamped by the kernel). */
static inline bool wide_restrict(PropStore *s, PropVar x, prop_wide lo, prop_wide hi) {
  if (lo > hi || lo > WIDE_I64_MAX || hi < WIDE_I64_MIN) return prop_set_min_wide(s, x, WIDE_MAX);
  int64_t l = lo < WIDE_I64_MIN ? INT64_MIN : (int64_t)lo;
  int64_t h = hi > WIDE_I64_MAX ? INT64_MAX : (int64_t)hi;
  return prop_restrict_range(s, x, l, h);
}

/* Removes [lo, hi] (wide, clamped) from dom(x). */
static inline bool wide_remove(PropStore *s, PropVar x, prop_wide lo, prop_wide hi) {
  if (lo > hi || lo > WIDE_I64_MAX || hi < WIDE_I64_MIN) return !prop_failed(s);
  int64_t l = lo < WIDE_I64_MIN ? INT64_MIN : (int64_t)lo;
  int64_t h = hi > WIDE_I64_MAX ? INT64_MAX : (int64_t)hi;
  return prop_remove_range(s, x, l, h);
}

/* Do dom(x) and dom(y) share a value?  Walks the interval lists. */
static inline bool domains_meet(const PropStore *s, PropVar x, PropVar y) {
  if (prop_max(s, x) < prop_min(s, y) || prop_max(s, y) < prop_min(s, x)) return false;
  if (prop_is_fixed(s, x)) return prop_has(s, y, prop_value(s, x));
  if (prop_is_fixed(s, y)) return prop_has(s, x, prop_value(s, y));
  int nx = prop_interval_count(s, x), ny = prop_interval_count(s, y), i = 0, j = 0;
  while (i < nx && j < ny) {
    PropInterval a = prop_interval(s, x, i), b = prop_interval(s, y, j);
    if (a.lo <= b.hi && b.lo <= a.hi) return true;
    if (a.hi < b.hi) i++; else j++;
  }
  return false;
}

/* ---- A growable interval list: stack storage first, malloc beyond. ------- */
enum { IVBUF_INLINE = 32 };

typedef struct IvBuf {
  PropInterval *iv;
  int n, cap;
  PropInterval inline_iv[IVBUF_INLINE];
} IvBuf;

static inline void ivbuf_init(IvBuf *b) {
  b->iv = b->inline_iv;
  b->n = 0;
  b->cap = IVBUF_INLINE;
}

static inline void ivbuf_free(IvBuf *b) {
  if (b->iv != b->inline_iv) free(b->iv);
  b->iv = b->inline_iv;
  b->n = 0;
  b->cap = IVBUF_INLINE;
}

/* Appends [lo, hi] (wide, clamped to int64; empty after clamping: ignored).
   Appends must come in increasing order; touching intervals are merged. */
static inline void ivbuf_push(IvBuf *b, prop_wide lo, prop_wide hi) {
  if (lo < WIDE_I64_MIN) lo = WIDE_I64_MIN;
  if (hi > WIDE_I64_MAX) hi = WIDE_I64_MAX;
  if (lo > hi) return;
  if (b->n > 0 && (prop_wide)b->iv[b->n - 1].hi + 1 >= lo) {
    assert(lo >= b->iv[b->n - 1].lo);   /* pushes come sorted by lo */
    if (hi > b->iv[b->n - 1].hi) b->iv[b->n - 1].hi = (int64_t)hi;
    return;
  }
  if (b->n == b->cap) {
    int cap = b->cap * 2;
    PropInterval *iv = malloc((size_t)cap * sizeof *iv);
    if (!iv) abort();
    memcpy(iv, b->iv, (size_t)b->n * sizeof *iv);
    if (b->iv != b->inline_iv) free(b->iv);
    b->iv = iv;
    b->cap = cap;
  }
  b->iv[b->n++] = (PropInterval){(int64_t)lo, (int64_t)hi};
}

/* out := dom(x) ∪ dom(y) (out initialised and empty). */
static inline void ivbuf_union_vars(const PropStore *s, PropVar x, PropVar y, IvBuf *out) {
  int nx = prop_interval_count(s, x), ny = prop_interval_count(s, y), i = 0, j = 0;
  while (i < nx || j < ny) {
    PropInterval a;
    if (j >= ny || (i < nx && prop_interval(s, x, i).lo <= prop_interval(s, y, j).lo))
      a = prop_interval(s, x, i++);
    else
      a = prop_interval(s, y, j++);
    ivbuf_push(out, a.lo, a.hi);
  }
}

/* dom(x) := dom(x) ∩ b (b sorted, as built by ivbuf_push). */
static inline bool ivbuf_restrict(PropStore *s, PropVar x, const IvBuf *b) {
  PropDomain d = {b->iv, b->n, b->cap};
  return prop_restrict_domain(s, x, &d);
}

#endif
