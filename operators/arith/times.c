/* times.c - multiplication: z = x * y (op_times) and the wrapping product of
 * a C integer type, z = wrap(x * y) (op_times_wrap).
 *
 * The core relation is z = x * y + k for a 128-bit constant k (k = 0 for
 * op_times; k = -q * 2^bits once the wrapped product knows its quotient q).
 * Rules of the core, in order (bounds reasoning, 128-bit products):
 *   0. z == x * y modulo 2^tz(k): the trailing zeros of x and y add up in z
 *      (op_congruence_product);
 *   1. x or y fixed: the relation is linear, post it and be entailed;
 *   2. z - k within the products of the bounds of x and y (for x * x:
 *      within [min |x|^2, max |x|^2]);
 *   3. 0 not in z - k: x != 0 and y != 0;
 *   4. x within (z - k) / y over the values of y of each sign, unless
 *      y = 0 can give z - k = 0 (and symmetrically for y).
 * Once x and y are fixed, z is fixed (rule 1 then rule 2 of linear.c).
 *
 * The wrapping product computes the range of x * y, the quotients q of its
 * wrap, and when one q is possible posts the core with k = -q * 2^bits; with
 * two it removes the gap of z between the two pieces, and picks q when z's
 * bounds rule one piece out.
 *
 * Never: overflow (|x * y| <= 2^126), or prune on an integrality guess.
 */
#include "inka/arith.h"
#include "arith_wide.h"
#include "linear_internal.h"

typedef struct Times {
  Propagator base;
  PropVar x, y, z;
  prop_wide k;
} Times;

/* Hull of x * y over the bounds of x and y. */
static void product_range(const PropStore *s, PropVar x, PropVar y, prop_wide *lo, prop_wide *hi) {
  prop_wide xl = wlo(s, x), xh = whi(s, x), yl = wlo(s, y), yh = whi(s, y);
  prop_wide a = xl * yl, b = xl * yh, c = xh * yl, d = xh * yh;
  *lo = wmin(wmin(a, b), wmin(c, d));
  *hi = wmax(wmax(a, b), wmax(c, d));
  if (x == y) {   /* a square: [min |x|^2, max |x|^2] */
    prop_wide m = xl > 0 ? xl : xh < 0 ? -xh : 0;
    *lo = m * m;
  }
}

/* x within P / y for P in [pl, ph], y over [a, b] (one sign, 0 excluded):
   the hull of the four corner quotients, rounded inwards. */
static void quotient_hull(prop_wide pl, prop_wide ph, prop_wide a, prop_wide b, prop_wide *lo, prop_wide *hi) {
  prop_wide c[4][2] = {{pl, a}, {pl, b}, {ph, a}, {ph, b}};
  *lo = WIDE_MAX;
  *hi = WIDE_MIN;
  for (int i = 0; i < 4; i++) {
    *lo = wmin(*lo, wide_ceil_div(c[i][0], c[i][1]));
    *hi = wmax(*hi, wide_floor_div(c[i][0], c[i][1]));
  }
}

/* Rule 4 for x given y: x within (z - k) / y. */
static bool divide_out(PropStore *s, PropVar x, PropVar y, prop_wide pl, prop_wide ph) {
  if (prop_has(s, y, 0) && pl <= 0 && ph >= 0) return true;   /* y = 0 supports any x */
  prop_wide lo = WIDE_MAX, hi = WIDE_MIN;
  int64_t v;
  if (prop_max(s, y) >= 1 && prop_next(s, y, 0, &v)) {         /* positive part */
    prop_wide l, h;
    quotient_hull(pl, ph, v, whi(s, y), &l, &h);
    lo = wmin(lo, l);
    hi = wmax(hi, h);
  }
  if (prop_min(s, y) <= -1 && prop_prev(s, y, 0, &v)) {        /* negative part */
    prop_wide l, h;
    quotient_hull(pl, ph, wlo(s, y), v, &l, &h);
    lo = wmin(lo, l);
    hi = wmax(hi, h);
  }
  return wide_restrict(s, x, lo, hi);
}

/* Rule 1: z = a * other + k is linear. */
static PropStatus post_linear_part(PropStore *s, PropVar z, int64_t a, PropVar other, prop_wide k) {
  int64_t coef[2] = {-1, a};   /* z = a*o + k  <=>  -z + a*o = -k (no -a: it may not fit) */
  PropVar v[2] = {z, other};
  k = -k;
  return op_linear_wide(s, 2, coef, v, OP_EQ, k) ? PROP_ENTAILED : PROP_FAILED;
}

static PropStatus times_propagate(PropStore *s, Propagator *base) {
  Times *p = (Times *)base;
  PropVar x = p->x, y = p->y, z = p->z;
  /* Rule 0: z == x * y modulo 2^tz(k) (k is 0 or a multiple of 2^bits):
     the congruences (congruence.c), also once the wrapped product has
     handed over to this core. */
  uint64_t klow = (uint64_t)p->k;
  int kbits = klow ? __builtin_ctzll(klow) : 64;
  if (kbits > 0 && !op_congruence_product(s, x, y, z, kbits)) return PROP_FAILED;
  /* Rule 1: a fixed factor makes the relation linear. */
  if (prop_is_fixed(s, x) && x != y) return post_linear_part(s, z, prop_value(s, x), y, p->k);
  if (prop_is_fixed(s, y) && x != y) return post_linear_part(s, z, prop_value(s, y), x, p->k);
  if (prop_is_fixed(s, x)) {   /* x * x fixed */
    prop_wide v = (prop_wide)prop_value(s, x) * prop_value(s, x) + p->k;
    return wide_restrict(s, z, v, v) ? PROP_ENTAILED : PROP_FAILED;
  }
  /* Rule 2: z - k within the product of the bounds. */
  prop_wide lo, hi;
  product_range(s, x, y, &lo, &hi);
  if (!wide_restrict(s, z, lo + p->k, hi + p->k)) return PROP_FAILED;
  prop_wide pl = wlo(s, z) - p->k, ph = whi(s, z) - p->k;
  /* Rule 3: a non-zero product has non-zero factors. */
  if (pl > 0 || ph < 0) {
    if (!prop_remove(s, x, 0) || !prop_remove(s, y, 0)) return PROP_FAILED;
  }
  /* Rule 4: each factor within the quotient of z by the other. */
  if (x == y) {   /* x * x = P: |x| <= floor(sqrt(ph)) */
    if (ph < 0) return PROP_FAILED;
    if (ph >= WIDE_POW2(126)) return PROP_SUSPEND;   /* sqrt >= 2^63: no pruning */
    prop_wide r = 0;
    for (int bit = 63; bit >= 0; bit--) {
      prop_wide t = r + ((prop_wide)1 << bit);
      if (t * t <= ph) r = t;
    }
    if (!wide_restrict(s, x, -r, r)) return PROP_FAILED;
    return PROP_SUSPEND;
  }
  if (!divide_out(s, x, y, pl, ph) || !divide_out(s, y, x, pl, ph)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass times_class = {"times", times_propagate, PROP_PRIO_NONLINEAR, false};

static bool post_times_core(PropStore *s, PropVar x, PropVar y, PropVar z, prop_wide k) {
  Times *p = prop_propagator_new(s, &times_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->z = z;
  p->k = k;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, z, PROP_EV_BOUNDS);
  return prop_post(s, &p->base);
}

bool op_times(PropStore *s, PropVar x, PropVar y, PropVar z) {
  if (prop_failed(s)) return false;
  return post_times_core(s, x, y, z, 0);
}

/* ---- z = wrap(x * y) in a bits-wide type ------------------------------------------ */

typedef struct TimesWrap {
  Propagator base;
  PropVar x, y, z;
  int bits;
  prop_wide tmin, tmax;   /* the stored range of the type */
} TimesWrap;

static PropStatus times_wrap_propagate(PropStore *s, Propagator *base) {
  TimesWrap *p = (TimesWrap *)base;
  if (!op_congruence_product(s, p->x, p->y, p->z, p->bits)) return PROP_FAILED;
  prop_wide m = WIDE_POW2(p->bits), lo, hi;
  product_range(s, p->x, p->y, &lo, &hi);
  prop_wide qlo = wide_floor_div(lo - p->tmin, m), qhi = wide_floor_div(hi - p->tmin, m);
  if (qhi == qlo + 1) {
    /* Two pieces: [lo - qlo*m, tmax] and [tmin, hi - qhi*m]. */
    prop_wide gap_lo = hi - qhi * m + 1, gap_hi = lo - qlo * m - 1;
    if (!wide_remove(s, p->z, gap_lo, gap_hi)) return PROP_FAILED;
    if (whi(s, p->z) < lo - qlo * m) qlo = qhi;        /* the first piece is out */
    else if (wlo(s, p->z) > hi - qhi * m) qhi = qlo;   /* the second piece is out */
  }
  if (qlo != qhi) return PROP_SUSPEND;
  /* One quotient: z = x * y - q * m exactly. */
  return post_times_core(s, p->x, p->y, p->z, -qlo * m) ? PROP_ENTAILED : PROP_FAILED;
}

static const PropClass times_wrap_class = {"times_wrap", times_wrap_propagate, PROP_PRIO_NONLINEAR, true};

bool op_times_wrap(PropStore *s, PropVar x, PropVar y, PropVar z, int bits, bool is_signed) {
  if (prop_failed(s)) return false;
  assert(bits >= 1 && bits <= 64);
  TimesWrap *p = prop_propagator_new(s, &times_wrap_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->z = z;
  p->bits = bits;
  /* 64-bit values are stored as int64 whatever the signedness */
  p->tmin = is_signed || bits == 64 ? -WIDE_POW2(bits - 1) : 0;
  p->tmax = p->tmin + WIDE_POW2(bits) - 1;
  if (!wide_restrict(s, z, p->tmin, p->tmax)) return false;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, z, PROP_EV_BOUNDS);
  prop_add_linear(s, &p->base);   /* a row for gauss.c once a factor is fixed */
  return prop_post(s, &p->base);
}

/* With a fixed factor v: v * y - z == 0 (mod 2^bits); false otherwise. */
bool lin_times_wrap_row(const PropStore *s, const Propagator *base, OpRow *row, int *bits) {
  if (base->cls != &times_wrap_class) return false;
  const TimesWrap *p = (const TimesWrap *)base;
  PropVar other;
  int64_t v;
  if (prop_is_fixed(s, p->x)) v = prop_value(s, p->x), other = p->y;
  else if (prop_is_fixed(s, p->y)) v = prop_value(s, p->y), other = p->x;
  else return false;
  *row = (OpRow){.n = 2, .x = {other, p->z}, .a = {v, -1}, .c = 0, .eq = true};
  *bits = p->bits;
  return true;
}

