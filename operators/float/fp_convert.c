/* fp_convert.c - conversions: between formats (float <-> double), integer to
 * float (round to nearest even) and float to integer (truncation toward
 * zero, undefined out of range or on NaN).
 *
 * Each conversion is monotone (non-decreasing) inside a piece of its
 * operand (a sign class of a float; for unsigned 64-bit integers the two
 * halves of the stored int64 range), so:
 *   1. forward: the result lies between the conversions of a piece's ends;
 *   2. inverse: for each piece, the operand lies in the preimage of the
 *      result values that the piece can reach: the reals rounding into
 *      them (half-way points, fp_format.c) for rounding conversions, the
 *      interval (zl - 1, zh + 1) narrowed at 0 for truncation; rounded
 *      outwards into the operand's keys or integers.
 * fp_to_int_defined reifies "x is not NaN and trunc(x) fits the type", a
 * key interval; fp_to_int excludes the rest (the translation ends the path
 * there, as for other traps).
 *
 * Never: let a float -> int conversion succeed on NaN or out of range.
 */
#include <assert.h>

#include "fp_internal.h"

/* ---- Integer values --------------------------------------------------------------- */

static bool is_u64(OpCType t) { return t.bits == 64 && !t.is_signed; }

/* The value of a stored integer of type t. */
static void int_value(OpCType t, int64_t stored, mpfr_t out) {
  if (is_u64(t)) mpfr_set_uj(out, (uintmax_t)(uint64_t)stored, MPFR_RNDN);
  else mpfr_set_sj(out, (intmax_t)stored, MPFR_RNDN);
}

/* Pieces of an integer domain on which the stored order is the value order. */
static int int_pieces(const PropStore *s, PropVar x, OpCType t, PropInterval *out) {
  int n = 0;
  int64_t lo = prop_min(s, x), hi = prop_max(s, x);
  if (is_u64(t) && lo < 0 && hi >= 0) {
    int64_t a, b;
    if (fpi_first_in(s, x, 0, hi, &a)) out[n++] = (PropInterval){a, hi};
    if (fpi_last_in(s, x, lo, -1, &b)) out[n++] = (PropInterval){lo, b};
    return n;
  }
  out[n++] = (PropInterval){lo, hi};
  return n;
}

/* The stored integers of piece p whose values lie in [a, b] (a, b reals). */
static void ints_between(OpCType t, PropInterval p, const mpfr_t a, const mpfr_t b, FpiSet *set) {
  mpfr_t plo, phi, c;
  mpfr_inits2(80, plo, phi, c, (mpfr_ptr)0);
  int_value(t, p.lo, plo);
  int_value(t, p.hi, phi);
  int64_t lo = p.lo, hi = p.hi;
  bool empty = mpfr_cmp(a, phi) > 0 || mpfr_cmp(b, plo) < 0;
  if (!empty && mpfr_cmp(a, plo) > 0) {
    mpfr_rint_ceil(c, a, MPFR_RNDU);
    lo = is_u64(t) ? (int64_t)(uint64_t)mpfr_get_uj(c, MPFR_RNDU) : (int64_t)mpfr_get_sj(c, MPFR_RNDU);
  }
  if (!empty && mpfr_cmp(b, phi) < 0) {
    mpfr_rint_floor(c, b, MPFR_RNDD);
    hi = is_u64(t) ? (int64_t)(uint64_t)mpfr_get_uj(c, MPFR_RNDD) : (int64_t)mpfr_get_sj(c, MPFR_RNDD);
  }
  if (!empty) fpi_set_add(set, lo, hi);
  mpfr_clears(plo, phi, c, (mpfr_ptr)0);
}

/* Adds the stored form of the integer values [a, b] (a <= b, in t's range). */
static void add_stored(OpCType t, int64_t a, int64_t b, bool a_high, bool b_high, FpiSet *set) {
  /* a_high/b_high: the value is >= 2^63 (stored as a negative number). */
  if (!is_u64(t) || a_high == b_high) fpi_set_add(set, a, b);
  else {
    fpi_set_add(set, a, INT64_MAX);
    fpi_set_add(set, INT64_MIN, b);
  }
}

/* ---- Between formats ------------------------------------------------------------- */

typedef struct FpConvert {
  Propagator base;
  const FpFormat *from, *to;   /* fp_convert */
  OpCType t;                   /* fp_from_int, fp_to_int: the integer type */
  PropVar x, z;
} FpConvert;

/* Inverse for a float operand x (format from) of a rounding map into z
   (format to): per piece of x, the keys whose conversion can land in z. */
static bool inverse_rounding(PropStore *s, const FpFormat *from, PropVar x, const FpFormat *to, PropVar z) {
  FpiPiece px[FPI_KINDS];
  int nx = fpi_pieces(s, from, x, px);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < nx; i++) {
    int64_t a = fp_eval_convert(from, px[i].lo, to), b = fp_eval_convert(from, px[i].hi, to), zl, zh;
    if (!fpi_first_in(s, z, a, b, &zl)) continue;
    if (px[i].lo == px[i].hi || fp_key_is_nan(to, zl)) {
      fpi_set_add(&set, px[i].lo, px[i].hi);
      continue;
    }
    fpi_last_in(s, z, a, b, &zh);
    mpfr_t rl, rh;
    mpfr_inits2(FPI_WIDE_PREC(to), rl, rh, (mpfr_ptr)0);
    fpi_preimage(to, zl, zh, rl, rh);
    int64_t lo = fpi_lower_key(from, rl, false), hi = fpi_upper_key(from, rh, false);
    mpfr_clears(rl, rh, (mpfr_ptr)0);
    fpi_set_add(&set, lo > px[i].lo ? lo : px[i].lo, hi < px[i].hi ? hi : px[i].hi);
  }
  return fpi_narrow(s, from, x, &set);
}

static bool convert_forward(PropStore *s, const FpConvert *p) {
  FpiPiece px[FPI_KINDS];
  int nx = fpi_pieces(s, p->from, p->x, px);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < nx; i++)
    fpi_set_add(&set, fp_eval_convert(p->from, px[i].lo, p->to), fp_eval_convert(p->from, px[i].hi, p->to));
  return fpi_narrow(s, p->to, p->z, &set);
}

static PropStatus convert_propagate(PropStore *s, Propagator *base) {
  FpConvert *p = (FpConvert *)base;
  /* Rule 1: forward; rule 2: inverse (which may fix x: forward again). */
  if (!convert_forward(s, p) || !inverse_rounding(s, p->from, p->x, p->to, p->z)) return PROP_FAILED;
  /* Rule 3: a narrowing of an exact wide operation (fp_relate.c). */
  FpiView v;
  fpi_view_convert(&p->base, &v);
  if (!fpi_relate_convert(s, &v)) return PROP_FAILED;
  if (!prop_is_fixed(s, p->x)) return PROP_SUSPEND;
  return convert_forward(s, p) ? PROP_ENTAILED : PROP_FAILED;
}

/* ---- Integer to float ---------------------------------------------------------------- */

/* Rule 1: forward. */
static bool from_int_forward(PropStore *s, const FpConvert *p) {
  PropInterval pc[2];
  int n = int_pieces(s, p->x, p->t, pc);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < n; i++)
    fpi_set_add(&set, fp_eval_from_int(p->to, p->t, pc[i].lo), fp_eval_from_int(p->to, p->t, pc[i].hi));
  return fpi_narrow(s, p->to, p->z, &set);
}

static PropStatus from_int_propagate(PropStore *s, Propagator *base) {
  FpConvert *p = (FpConvert *)base;
  if (!from_int_forward(s, p)) return PROP_FAILED;
  /* Rule 3: a truncation converted back (fp_relate.c). */
  if (!fpi_relate_trunc(s, p->x)) return PROP_FAILED;
  /* Rule 2: inverse, x within the integers that round into dom(z). */
  PropInterval pc[2];
  int n = int_pieces(s, p->x, p->t, pc);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < n; i++) {
    int64_t a = fp_eval_from_int(p->to, p->t, pc[i].lo), b = fp_eval_from_int(p->to, p->t, pc[i].hi), zl, zh;
    if (!fpi_first_in(s, p->z, a, b, &zl)) continue;
    fpi_last_in(s, p->z, a, b, &zh);
    mpfr_t rl, rh;
    mpfr_inits2(FPI_WIDE_PREC(p->to), rl, rh, (mpfr_ptr)0);
    fpi_preimage(p->to, zl, zh, rl, rh);
    ints_between(p->t, pc[i], rl, rh, &set);
    mpfr_clears(rl, rh, (mpfr_ptr)0);
  }
  if (!fpi_narrow(s, NULL, p->x, &set)) return PROP_FAILED;
  if (!prop_is_fixed(s, p->x)) return PROP_SUSPEND;
  return from_int_forward(s, p) ? PROP_ENTAILED : PROP_FAILED;
}

/* ---- Float to integer ---------------------------------------------------------------- */

/* The keys of f whose conversion to t is defined: (tmin - 1, tmax + 1). */
static void defined_keys(const FpFormat *f, OpCType t, int64_t *lo, int64_t *hi) {
  mpfr_t a;
  mpfr_init2(a, 80);
  if (t.is_signed) mpfr_set_si_2exp(a, -1, t.bits - 1, MPFR_RNDN);
  else mpfr_set_zero(a, 1);
  mpfr_sub_ui(a, a, 1, MPFR_RNDN);
  *lo = fpi_lower_key(f, a, true);
  mpfr_set_ui_2exp(a, 1, t.is_signed ? t.bits - 1 : t.bits, MPFR_RNDN);
  *hi = fpi_upper_key(f, a, true);
  mpfr_clear(a);
}

/* Rule 1: forward, trunc is monotone on the (defined) keys of x. */
static bool to_int_forward(PropStore *s, const FpConvert *p) {
  const FpFormat *f = p->from;
  OpCType t = p->t;
  int64_t xl = prop_min(s, p->x), xh = prop_max(s, p->x), zl, zh;
  bool ok = fp_eval_to_int(f, xl, t, &zl) && fp_eval_to_int(f, xh, t, &zh);
  assert(ok);
  (void)ok;
  FpiSet set;
  fpi_set_init(&set);
  bool lo_high = is_u64(t) && zl < 0, hi_high = is_u64(t) && zh < 0;
  add_stored(t, zl, zh, lo_high, hi_high, &set);
  return fpi_narrow(s, NULL, p->z, &set);
}

static PropStatus to_int_propagate(PropStore *s, Propagator *base) {
  FpConvert *p = (FpConvert *)base;
  const FpFormat *f = p->from;
  OpCType t = p->t;
  if (!to_int_forward(s, p)) return PROP_FAILED;
  /* Rule 3: converted back, the truncation is on the side of 0 (fp_relate.c). */
  if (!fpi_relate_trunc(s, p->z)) return PROP_FAILED;
  /* Rule 2: inverse, per piece of z: trunc(x) in [a, b]. */
  PropInterval pc[2];
  int n = int_pieces(s, p->z, t, pc);
  FpiSet set;
  fpi_set_init(&set);
  mpfr_t v;
  mpfr_init2(v, 80);
  for (int i = 0; i < n; i++) {
    int_value(t, pc[i].lo, v);              /* trunc(x) >= a */
    bool strict = mpfr_sgn(v) <= 0;         /* a <= 0: x > a - 1 */
    if (strict) mpfr_sub_ui(v, v, 1, MPFR_RNDN);
    int64_t lo = fpi_lower_key(f, v, strict);
    int_value(t, pc[i].hi, v);              /* trunc(x) <= b */
    strict = mpfr_sgn(v) >= 0;              /* b >= 0: x < b + 1 */
    if (strict) mpfr_add_ui(v, v, 1, MPFR_RNDN);
    int64_t hi = fpi_upper_key(f, v, strict);
    fpi_set_add(&set, lo, hi);
  }
  mpfr_clear(v);
  if (!fpi_narrow(s, f, p->x, &set)) return PROP_FAILED;
  if (!prop_is_fixed(s, p->x)) return PROP_SUSPEND;
  return to_int_forward(s, p) ? PROP_ENTAILED : PROP_FAILED;
}

/* b <=> x in [lo, hi] (a key interval). */
typedef struct FpInRange {
  Propagator base;
  PropVar x, b;
  int64_t lo, hi;
} FpInRange;

static PropStatus in_range_propagate(PropStore *s, Propagator *base) {
  FpInRange *p = (FpInRange *)base;
  if (prop_is_fixed(s, p->b)) {
    bool ok = prop_value(s, p->b) ? prop_restrict_range(s, p->x, p->lo, p->hi)
                                  : prop_remove_range(s, p->x, p->lo, p->hi);
    return ok ? PROP_ENTAILED : PROP_FAILED;
  }
  if (!fpi_meets(s, p->x, p->lo, p->hi)) return prop_fix(s, p->b, 0) ? PROP_ENTAILED : PROP_FAILED;
  if (prop_min(s, p->x) >= p->lo && prop_max(s, p->x) <= p->hi)
    return prop_fix(s, p->b, 1) ? PROP_ENTAILED : PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass convert_class = {"fp_convert", convert_propagate, PROP_PRIO_NONLINEAR, false};
static const PropClass from_int_class = {"fp_from_int", from_int_propagate, PROP_PRIO_NONLINEAR, false};
static const PropClass to_int_class = {"fp_to_int", to_int_propagate, PROP_PRIO_NONLINEAR, false};
static const PropClass in_range_class = {"fp_in_range", in_range_propagate, PROP_PRIO_UNARY, true};

bool fpi_view_convert(const Propagator *base, FpiView *v) {
  if (base->cls != &convert_class && base->cls != &to_int_class) return false;
  const FpConvert *p = (const FpConvert *)base;
  *v = (FpiView){.kind = base->cls == &convert_class ? FPI_V_CONVERT : FPI_V_TO_INT,
                 .f = p->from, .to = p->to, .t = p->t, .x = p->x, .z = p->z};
  return true;
}

bool fpi_view_from_int(const Propagator *base, FpiView *v) {
  if (base->cls != &from_int_class) return false;
  const FpConvert *p = (const FpConvert *)base;
  *v = (FpiView){.kind = FPI_V_FROM_INT, .f = NULL, .to = p->to, .t = p->t, .x = p->x, .z = p->z};
  return true;
}

static bool post_convert(PropStore *s, const PropClass *cls, const FpFormat *from, const FpFormat *to,
                         OpCType t, PropVar x, PropVar z) {
  FpConvert *p = prop_propagator_new(s, cls, sizeof *p);
  p->from = from;
  p->to = to;
  p->t = t;
  p->x = x;
  p->z = z;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_DOMAIN);
  /* A monotone map of a float: related to the same map of ordered values. */
  return prop_post(s, &p->base) && (cls == &from_int_class || fpi_relate_posted(s, from, x));
}

bool fp_convert(PropStore *s, const FpFormat *from, PropVar x, const FpFormat *to, PropVar z) {
  if (prop_failed(s)) return false;
  return post_convert(s, &convert_class, from, to, (OpCType){0, false}, x, z);
}

bool fp_from_int(PropStore *s, OpCType from, PropVar x, const FpFormat *to, PropVar z) {
  if (prop_failed(s)) return false;
  assert(from.bits >= 8 && from.bits <= 64);
  /* What decides the result is x's binade, not its distance from 0: label x
     by halves too (a hint only; it may outlive a backtrack, harmlessly). */
  if (from.bits > to->prec) prop_set_bisect(s, x);
  return post_convert(s, &from_int_class, NULL, to, from, x, z);
}

bool fp_key_in(PropStore *s, PropVar x, int64_t lo, int64_t hi, PropVar b) {
  if (prop_failed(s)) return false;
  assert(lo <= hi);
  if (!prop_restrict_range(s, b, 0, 1)) return false;
  FpInRange *p = prop_propagator_new(s, &in_range_class, sizeof *p);
  p->x = x;
  p->b = b;
  p->lo = lo;
  p->hi = hi;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  return prop_post(s, &p->base);
}

bool fp_to_int_defined(PropStore *s, const FpFormat *f, PropVar x, OpCType to, PropVar b) {
  assert(to.bits >= 8 && to.bits <= 64);
  int64_t lo, hi;
  defined_keys(f, to, &lo, &hi);
  return fp_key_in(s, x, lo, hi, b);
}

bool fp_to_int(PropStore *s, const FpFormat *f, PropVar x, OpCType to, PropVar z) {
  if (prop_failed(s)) return false;
  assert(to.bits >= 8 && to.bits <= 64);
  int64_t lo, hi;
  defined_keys(f, to, &lo, &hi);
  if (!prop_restrict_range(s, x, lo, hi)) return false;
  int64_t zlo, zhi;
  op_c_stored_range(to, &zlo, &zhi);
  if (!prop_restrict_range(s, z, zlo, zhi)) return false;
  return post_convert(s, &to_int_class, f, NULL, to, x, z);
}
