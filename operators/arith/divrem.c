/* divrem.c - C division and remainder on int64 values: z = x / y rounded
 * toward zero (op_div), z = x % y with the sign of x (op_rem); y != 0.
 *
 * Division, rules in order:
 *   0. y != 0;
 *   1. x and y fixed: z = x / y (INT64_MIN / -1 does not fit: fails);
 *   2. z within the quotients of the corners, per sign of y;
 *   3. x within [z*y - (|y|-1), z*y + (|y|-1)] with the signs worked out;
 *   4. y: a small domain keeps only values with a supporting x and z;
 *      a large one gets |y| <= max|x| / min|z| and the sign rule.
 * Remainder, rules in order:
 *   0. y != 0;
 *   1. x and y fixed: z = x % y;
 *   2. |z| < max|y|, |z| <= |x|, sign(z) = sign(x);
 *   3. z > 0 => x >= min z; z < 0 => x <= max z; |y| > min|z|;
 *   4. max|x| < min|y|: z = x (posted, entailed); y and z fixed: the bounds
 *      of x move to the nearest values congruent to z modulo |y| (with
 *      rule 3's sign, that is exactly x % y == z); y fixed and x within one
 *      block of |y|: z = x - q|y| (posted, entailed);
 *   5. a small domain of y keeps only values whose remainders meet z;
 *   6. y fixed, |y| = 2^j * odd: x and z agree modulo 2^j and modulo odd.
 * Once x and y are fixed, z is fixed (rule 1).
 *
 * Never: divide by zero or overflow (128-bit throughout).
 */
#include "inka/arith.h"
#include "arith_wide.h"
#include "inka/modular.h"

enum { SMALL_DOMAIN = 64 };   /* value-by-value reasoning up to this size */

typedef struct DivRem {
  Propagator base;
  PropVar x, y, z;
} DivRem;

/* truncating division in 128 bits (C semantics) */
static inline prop_wide tdiv(prop_wide a, prop_wide b) { return a / b; }

/* ---- Division ------------------------------------------------------------------ */

/* Quotient hull of [xl, xh] / [a, b] (a <= b, one sign, 0 excluded). */
static void div_hull(prop_wide xl, prop_wide xh, prop_wide a, prop_wide b, prop_wide *lo, prop_wide *hi) {
  prop_wide q[4] = {tdiv(xl, a), tdiv(xl, b), tdiv(xh, a), tdiv(xh, b)};
  *lo = wmin(wmin(q[0], q[1]), wmin(q[2], q[3]));
  *hi = wmax(wmax(q[0], q[1]), wmax(q[2], q[3]));
}

/* Dividends of quotients [zl, zh] by divisors [a, b], 1 <= a <= b. */
static void dividend_hull_pos(prop_wide zl, prop_wide zh, prop_wide a, prop_wide b, prop_wide *lo, prop_wide *hi) {
  *lo = zl > 0 ? zl * a : (zl - 1) * b + 1;
  *hi = zh >= 0 ? (zh + 1) * b - 1 : zh * a;
}

/* Same for any one-signed [a, b]: x / y = z  <=>  x / -y = -z. */
static void dividend_hull(prop_wide zl, prop_wide zh, prop_wide a, prop_wide b, prop_wide *lo, prop_wide *hi) {
  if (a > 0) dividend_hull_pos(zl, zh, a, b, lo, hi);
  else dividend_hull_pos(-zh, -zl, -b, -a, lo, hi);
}

/* The positive and negative parts of dom(y) without 0: [*pa, *pb], [*na, *nb]. */
static void sign_parts(const PropStore *s, PropVar y, bool *has_pos, prop_wide *pa, prop_wide *pb,
                       bool *has_neg, prop_wide *na, prop_wide *nb) {
  int64_t v;
  *has_pos = prop_max(s, y) >= 1 && prop_next(s, y, 0, &v);
  if (*has_pos) { *pa = v; *pb = whi(s, y); }
  *has_neg = prop_min(s, y) <= -1 && prop_prev(s, y, 0, &v);
  if (*has_neg) { *na = wlo(s, y); *nb = v; }
}

/* Does the divisor value v admit some x in [xl, xh] with x / v in [zl, zh]? */
static bool div_supports(prop_wide v, prop_wide xl, prop_wide xh, prop_wide zl, prop_wide zh) {
  prop_wide lo, hi;
  dividend_hull(zl, zh, v, v, &lo, &hi);   /* exact for one divisor */
  return wmax(lo, xl) <= wmin(hi, xh);
}

static bool div_prune_divisor(PropStore *s, DivRem *p) {
  prop_wide xl = wlo(s, p->x), xh = whi(s, p->x), zl = wlo(s, p->z), zh = whi(s, p->z);
  if (prop_size(s, p->y) <= SMALL_DOMAIN) {
    /* Rule 4a: value by value. */
    int64_t v = prop_min(s, p->y);
    for (;;) {
      if (v != 0 && !div_supports(v, xl, xh, zl, zh) && !prop_remove(s, p->y, v)) return false;
      int64_t next;
      if (!prop_next(s, p->y, v, &next)) break;
      v = next;
    }
    return true;
  }
  /* Rule 4b: |y| <= max|x| / min|z| when z excludes 0, and the signs. */
  if (zl > 0 || zh < 0) {
    prop_wide minz = zl > 0 ? zl : -zh, maxx = wmax(wabs(xl), wabs(xh));
    prop_wide bound = maxx / minz;
    if (!wide_restrict(s, p->y, -bound, bound)) return false;
    bool pos = zl > 0;   /* sign(y) = sign(x) when z > 0, the opposite when z < 0 */
    if (xl >= 0 && !prop_set_min(s, p->y, pos ? 1 : INT64_MIN)) return false;
    if (xl >= 0 && !pos && !prop_set_max(s, p->y, -1)) return false;
    if (xh <= 0 && pos && !prop_set_max(s, p->y, -1)) return false;
    if (xh <= 0 && !pos && !prop_set_min(s, p->y, 1)) return false;
  }
  return true;
}

static PropStatus div_propagate(PropStore *s, Propagator *base) {
  DivRem *p = (DivRem *)base;
  /* Rule 0. */
  if (!prop_remove(s, p->y, 0)) return PROP_FAILED;
  /* Rule 1. */
  if (prop_is_fixed(s, p->x) && prop_is_fixed(s, p->y)) {
    prop_wide q = tdiv(prop_value(s, p->x), prop_value(s, p->y));
    return wide_restrict(s, p->z, q, q) ? PROP_ENTAILED : PROP_FAILED;
  }
  bool hp, hn;
  prop_wide pa = 0, pb = 0, na = 0, nb = 0, lo = WIDE_MAX, hi = WIDE_MIN, l, h;
  sign_parts(s, p->y, &hp, &pa, &pb, &hn, &na, &nb);
  /* Rule 2: z from the corners. */
  if (hp) { div_hull(wlo(s, p->x), whi(s, p->x), pa, pb, &l, &h); lo = wmin(lo, l); hi = wmax(hi, h); }
  if (hn) { div_hull(wlo(s, p->x), whi(s, p->x), na, nb, &l, &h); lo = wmin(lo, l); hi = wmax(hi, h); }
  if (!wide_restrict(s, p->z, lo, hi)) return PROP_FAILED;
  /* Rule 3: x from z and y. */
  lo = WIDE_MAX;
  hi = WIDE_MIN;
  prop_wide zl = wlo(s, p->z), zh = whi(s, p->z);
  if (hp) { dividend_hull(zl, zh, pa, pb, &l, &h); lo = wmin(lo, l); hi = wmax(hi, h); }
  if (hn) { dividend_hull(zl, zh, na, nb, &l, &h); lo = wmin(lo, l); hi = wmax(hi, h); }
  if (!wide_restrict(s, p->x, lo, hi)) return PROP_FAILED;
  /* Rule 4: y from x and z. */
  if (!div_prune_divisor(s, p)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass div_class = {"div", div_propagate, PROP_PRIO_NONLINEAR, false};

static bool post_divrem(PropStore *s, const PropClass *cls, PropVar x, PropVar y, PropVar z) {
  if (prop_failed(s)) return false;
  if (!prop_remove(s, y, 0)) return false;
  DivRem *p = prop_propagator_new(s, cls, sizeof *p);
  p->x = x;
  p->y = y;
  p->z = z;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_BOUNDS);
  return prop_post(s, &p->base);
}

bool op_div(PropStore *s, PropVar x, PropVar y, PropVar z) { return post_divrem(s, &div_class, x, y, z); }

/* ---- Remainder --------------------------------------------------------------- */

/* Hull of x % d for x in [a, b], d >= 1. */
static void rem_hull(prop_wide a, prop_wide b, prop_wide d, prop_wide *lo, prop_wide *hi) {
  if (a >= 0) {
    if (a / d == b / d) { *lo = a % d; *hi = b % d; }
    else { *lo = 0; *hi = d - 1; }
    return;
  }
  if (b <= 0) {   /* mirror: x % d = -((-x) % d) */
    prop_wide l, h;
    rem_hull(-b, -a, d, &l, &h);
    *lo = -h;
    *hi = -l;
    return;
  }
  prop_wide l1, h1, l2, h2;
  rem_hull(a, -1, d, &l1, &h1);
  rem_hull(0, b, d, &l2, &h2);
  *lo = wmin(l1, l2);
  *hi = wmax(h1, h2);
}

/* Smallest |v| over the values of dom(y) other than 0. */
static prop_wide min_abs_nonzero(const PropStore *s, PropVar y) {
  bool hp, hn;
  prop_wide pa = 0, pb, na, nb = 0;
  sign_parts(s, y, &hp, &pa, &pb, &hn, &na, &nb);
  if (hp && hn) return wmin(pa, -nb);
  return hp ? pa : -nb;
}

/* Rule 6: x - z is a multiple of d = 2^j * odd, so x and z agree modulo
   2^j (as stored 64-bit values too) and modulo the odd part: x % 6 == 1
   makes x odd, x % 4 == 2 makes it even, a multiple of 3 has x % 3 == 0. */
static bool rem_congruences(PropStore *s, PropVar x, PropVar z, prop_wide d) {
  if (!op_odd_congruent(s, x, z, mod_odd_part((uint64_t)wabs(d)))) return false; /* (moduli past MOD_ODD_MAX: nothing) */
  int j = 0;
  while (j < 64 && ((d >> j) & 1) == 0) j++;
  if (j == 0) return true;
  PropVar from[2] = {z, x}, to[2] = {x, z};
  for (int i = 0; i < 2; i++) {
    int bits;
    uint64_t res;
    prop_congruence(s, from[i], &bits, &res);
    int k = bits < j ? bits : j;
    if (k > 0 && !prop_restrict_congruence(s, to[i], k, k == 64 ? res : res & ((UINT64_C(1) << k) - 1))) return false;
  }
  return true;
}

static PropStatus rem_propagate(PropStore *s, Propagator *base) {
  DivRem *p = (DivRem *)base;
  PropVar x = p->x, y = p->y, z = p->z;
  /* Rule 0. */
  if (!prop_remove(s, y, 0)) return PROP_FAILED;
  /* Rule 1. */
  if (prop_is_fixed(s, x) && prop_is_fixed(s, y)) {
    prop_wide r = (prop_wide)prop_value(s, x) % prop_value(s, y);
    return wide_restrict(s, z, r, r) ? PROP_ENTAILED : PROP_FAILED;
  }
  prop_wide xl = wlo(s, x), xh = whi(s, x);
  prop_wide maxy = wmax(wabs(wlo(s, y)), wabs(whi(s, y)));
  /* Rule 2: |z| < max|y|, |z| <= |x|, z has the sign of x. */
  prop_wide lo = wmax(xl, -(maxy - 1)), hi = wmin(xh, maxy - 1);
  if (xl >= 0) lo = 0;
  if (xh <= 0) hi = 0;
  if (!wide_restrict(s, z, lo, hi)) return PROP_FAILED;
  /* Rule 3: the sign and size of z bound x and y. */
  prop_wide zl = wlo(s, z), zh = whi(s, z);
  if (zl > 0 && !prop_set_min(s, x, (int64_t)zl)) return PROP_FAILED;
  if (zh < 0 && !prop_set_max(s, x, (int64_t)zh)) return PROP_FAILED;
  prop_wide minz = zl > 0 ? zl : zh < 0 ? -zh : 0;
  if (minz > 0 && !wide_remove(s, y, -minz, minz)) return PROP_FAILED;
  /* Rule 4: z = x when |x| < |y|; z = x - q|y| for one block. */
  xl = wlo(s, x);
  xh = whi(s, x);
  if (wmax(wabs(xl), wabs(xh)) < min_abs_nonzero(s, y)) {
    return op_rel(s, z, OP_EQ, x) ? PROP_ENTAILED : PROP_FAILED;
  }
  if (prop_is_fixed(s, y)) {
    prop_wide d = wabs(prop_value(s, y)), shift = 0;
    if (!rem_congruences(s, x, z, d)) return PROP_FAILED;
    if (prop_is_fixed(s, z)) {
      prop_wide r = prop_value(s, z);
      if (!wide_restrict(s, x, xl + wmod(r - xl, d), xh - wmod(xh - r, d))) return PROP_FAILED;
      xl = wlo(s, x);
      xh = whi(s, x);
    }
    bool block = false;
    if (xl >= 0 && xl / d == xh / d) { block = true; shift = -(xl / d) * d; }
    if (xh <= 0 && (-xl) / d == (-xh) / d) { block = true; shift = ((-xh) / d) * d; }
    if (block) {
      static const int64_t coef[2] = {1, -1};   /* z - x = shift */
      PropVar v[2] = {z, x};
      return op_linear_wide(s, 2, coef, v, OP_EQ, shift) ? PROP_ENTAILED : PROP_FAILED;
    }
    prop_wide l, h;
    rem_hull(xl, xh, d, &l, &h);
    if (!wide_restrict(s, z, l, h)) return PROP_FAILED;
    return PROP_SUSPEND;
  }
  /* Rule 5: small divisor domains, value by value. */
  if (prop_size(s, y) <= SMALL_DOMAIN) {
    zl = wlo(s, z);
    zh = whi(s, z);
    prop_wide ul = WIDE_MAX, uh = WIDE_MIN;
    int64_t v = prop_min(s, y);
    for (;;) {
      prop_wide l, h;
      rem_hull(xl, xh, wabs(v), &l, &h);
      if (wmax(l, zl) > wmin(h, zh)) {
        if (!prop_remove(s, y, v)) return PROP_FAILED;
      } else {
        ul = wmin(ul, l);
        uh = wmax(uh, h);
      }
      int64_t next;
      if (!prop_next(s, y, v, &next)) break;
      v = next;
    }
    if (!wide_restrict(s, z, ul, uh)) return PROP_FAILED;
  }
  return PROP_SUSPEND;
}

static const PropClass rem_class = {"rem", rem_propagate, PROP_PRIO_NONLINEAR, false};

bool op_rem(PropStore *s, PropVar x, PropVar y, PropVar z) { return post_divrem(s, &rem_class, x, y, z); }
