/* c_ops.c - C integer operations on typed values (op_c_*): what gcc -fwrapv
 * computes on x86-64 for operands of a type of `bits` width and signedness.
 *
 * Values are stored as int64: a signed or narrower unsigned type as its
 * value, unsigned 64-bit as its bit pattern (so [0, 2^63) as is and
 * [2^63, 2^64) as negative numbers).  Each operation is built from the
 * mathematical propagators where that is exact:
 *   add, sub, neg: op_wrap_linear (one fused propagator; when the operands
 *                  cannot overflow it is a plain linear equality at post);
 *   mul:           op_times_wrap;
 *   div, rem:      op_div / op_rem with z in the type's range (so INT_MIN/-1
 *                  fails), rem also excludes INT_MIN % -1 (x86 traps); the
 *                  unsigned 64-bit forms are fused unsigned propagators here;
 *   shl:           the count in [0, bits), then z = wrap(x * 2^k): fused here
 *                  while k is unknown, op_wrap_linear once it is fixed;
 *   shr:           the count in [0, bits), then op_shr (arithmetic for
 *                  signed, logical = floor for non-negative values); the
 *                  unsigned 64-bit form is fused here;
 *   and, or, xor:  op_band/op_bor/op_bxor (bitwise on the stored patterns is
 *                  exact for every type);
 *   not:           ~x = -x - 1, or (2^bits - 1) - x for narrow unsigned;
 *   casts:         op_wrap (to _Bool: z = (x != 0) by op_reify);
 *   compare:       op_reify, or a fused unsigned comparison for 64 bits.
 * Once the operands are fixed every operation decides.  These are the
 * wrapping forms; ISO C's signed overflow is a separate reified check,
 * op_c_overflow, which the translation splits on before posting them.
 *
 * Never: do 64-bit unsigned reasoning on the signed order, or let an
 * operation that traps on x86-64 succeed.
 */
#include "inka/arith.h"
#include "arith_wide.h"

typedef unsigned __int128 uwide;
#define U64_MAX_W ((uwide)UINT64_MAX)

/* ---- Type ranges ------------------------------------------------------------------ */

static bool is_u64(OpCType t) { return t.bits == 64 && !t.is_signed; }

/* The stored range: [lo, hi] of the int64 representation. */
static void stored_range(OpCType t, int64_t *lo, int64_t *hi) {
  assert(t.bits >= 1 && t.bits <= 64);
  if (t.bits == 64) { *lo = INT64_MIN; *hi = INT64_MAX; return; }
  prop_wide l = t.is_signed ? -WIDE_POW2(t.bits - 1) : 0;
  *lo = (int64_t)l;
  *hi = (int64_t)(l + WIDE_POW2(t.bits) - 1);
}

OpCValues op_c_values(OpCType t) {
  if (is_u64(t)) return (OpCValues){0, WIDE_POW2(64) - 1};
  int64_t lo, hi;
  stored_range(t, &lo, &hi);
  return (OpCValues){lo, hi};
}

void op_c_stored_range(OpCType t, int64_t *lo, int64_t *hi) { stored_range(t, lo, hi); }

OpCValues op_c_var_values(const PropStore *s, PropVar x, OpCType t) {
  int64_t lo = prop_min(s, x), hi = prop_max(s, x);
  if (is_u64(t) && lo < 0 && hi >= 0) return op_c_values(t); /* patterns of both signs */
  return (OpCValues){op_c_value(t, lo), op_c_value(t, hi)};
}

int64_t op_c_stored(OpCType t, prop_wide v) {
  OpCValues r = op_c_values(t);
  assert(v >= r.lo && v <= r.hi);
  (void)r;
  return (int64_t)(uint64_t)v;
}

PropVar op_c_var(PropStore *s, OpCType t) {
  int64_t lo, hi;
  stored_range(t, &lo, &hi);
  return prop_new_var(s, lo, hi);
}

static bool restrict_to_type(PropStore *s, PropVar z, OpCType t) {
  int64_t lo, hi;
  stored_range(t, &lo, &hi);
  return prop_restrict_range(s, z, lo, hi);
}

/* ---- The unsigned view of a 64-bit variable -------------------------------------- */

static uint64_t umin(const PropStore *s, PropVar x) {
  int64_t lo = prop_min(s, x), hi = prop_max(s, x), v;
  if (lo >= 0 || hi < 0) return (uint64_t)lo;
  if (prop_has(s, x, 0)) return 0;
  bool ok = prop_next(s, x, 0, &v);   /* the smallest non-negative value */
  assert(ok);
  (void)ok;
  return (uint64_t)v;
}

static uint64_t umax(const PropStore *s, PropVar x) {
  int64_t lo = prop_min(s, x), hi = prop_max(s, x), v;
  if (lo >= 0 || hi < 0) return (uint64_t)hi;
  bool ok = prop_prev(s, x, 0, &v);   /* the largest negative value */
  assert(ok);
  (void)ok;
  return (uint64_t)v;
}

/* x >=u lo, with lo possibly beyond 2^64 - 1 (then it fails). */
static bool u_set_min(PropStore *s, PropVar x, uwide lo) {
  if (lo == 0) return !prop_failed(s);
  if (lo > U64_MAX_W) return arith_fail(s);
  if (lo <= (uwide)INT64_MAX) return prop_remove_range(s, x, 0, (int64_t)(lo - 1));
  return prop_restrict_range(s, x, (int64_t)(uint64_t)lo, -1);
}

/* x <=u hi (hi may be "negative": fails). */
static bool u_set_max(PropStore *s, PropVar x, prop_wide hi) {
  if (hi < 0) return arith_fail(s);
  if ((uwide)hi >= U64_MAX_W) return !prop_failed(s);
  if (hi <= WIDE_I64_MAX) return prop_restrict_range(s, x, 0, (int64_t)hi);
  return prop_remove_range(s, x, (int64_t)(uint64_t)(hi + 1), -1);
}

static bool u_restrict(PropStore *s, PropVar x, uwide lo, prop_wide hi) {
  return u_set_min(s, x, lo) && u_set_max(s, x, hi);
}

/* ---- Unsigned 64-bit division and remainder -------------------------------------- */

typedef struct UDivRem {
  Propagator base;
  PropVar x, y, z;
} UDivRem;

static PropStatus udiv_propagate(PropStore *s, Propagator *base) {
  UDivRem *p = (UDivRem *)base;
  /* Rule 0: y != 0. */
  if (!u_set_min(s, p->y, 1)) return PROP_FAILED;
  /* Rule 1: fixed operands. */
  if (prop_is_fixed(s, p->x) && prop_is_fixed(s, p->y)) {
    uint64_t q = (uint64_t)prop_value(s, p->x) / (uint64_t)prop_value(s, p->y);
    return prop_fix(s, p->z, (int64_t)q) ? PROP_ENTAILED : PROP_FAILED;
  }
  uwide xl = umin(s, p->x), xh = umax(s, p->x), yl = umin(s, p->y), yh = umax(s, p->y);
  /* Rule 2: z within [min x / max y, max x / min y]. */
  if (!u_restrict(s, p->z, xl / yh, (prop_wide)(xh / yl))) return PROP_FAILED;
  uwide zl = umin(s, p->z), zh = umax(s, p->z);
  /* Rule 3: x within [min z * min y, max z * max y + max y - 1]. */
  uwide top = zh * yh + yh - 1;
  if (!u_restrict(s, p->x, zl * yl, top > U64_MAX_W ? (prop_wide)U64_MAX_W : (prop_wide)top))
    return PROP_FAILED;
  xl = umin(s, p->x);
  xh = umax(s, p->x);
  /* Rule 4: y within [min x / (max z + 1) + 1, max x / min z]. */
  if (!u_set_min(s, p->y, xl / (zh + 1) + 1)) return PROP_FAILED;
  if (zl > 0 && !u_set_max(s, p->y, (prop_wide)(xh / zl))) return PROP_FAILED;
  return PROP_SUSPEND;
}

static PropStatus urem_propagate(PropStore *s, Propagator *base) {
  UDivRem *p = (UDivRem *)base;
  /* Rule 0: y != 0. */
  if (!u_set_min(s, p->y, 1)) return PROP_FAILED;
  /* Rule 1: fixed operands. */
  if (prop_is_fixed(s, p->x) && prop_is_fixed(s, p->y)) {
    uint64_t r = (uint64_t)prop_value(s, p->x) % (uint64_t)prop_value(s, p->y);
    return prop_fix(s, p->z, (int64_t)r) ? PROP_ENTAILED : PROP_FAILED;
  }
  uwide xh = umax(s, p->x), yl = umin(s, p->y), yh = umax(s, p->y);
  /* Rule 2: x < y makes z = x. */
  if (xh < yl) return op_rel(s, p->z, OP_EQ, p->x) ? PROP_ENTAILED : PROP_FAILED;
  /* Rule 3: z <= x, z < y. */
  if (!u_set_max(s, p->z, (prop_wide)(xh < yh - 1 ? xh : yh - 1))) return PROP_FAILED;
  /* Rule 4: y > z, x >= z. */
  uwide zl = umin(s, p->z);
  if (!u_set_min(s, p->y, zl + 1) || !u_set_min(s, p->x, zl)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass udiv_class = {"udiv64", udiv_propagate, PROP_PRIO_NONLINEAR, false};
static const PropClass urem_class = {"urem64", urem_propagate, PROP_PRIO_NONLINEAR, false};

static bool post_udivrem(PropStore *s, const PropClass *cls, PropVar x, PropVar y, PropVar z) {
  UDivRem *p = prop_propagator_new(s, cls, sizeof *p);
  p->x = x;
  p->y = y;
  p->z = z;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}

/* ---- Unsigned 64-bit logical right shift ------------------------------------------ */

typedef struct UShr {
  Propagator base;
  PropVar x, k, z;
} UShr;

static PropStatus ushr_propagate(PropStore *s, Propagator *base) {
  UShr *p = (UShr *)base;
  uwide xl = umin(s, p->x), xh = umax(s, p->x), zl = umin(s, p->z), zh = umax(s, p->z);
  uwide hx_lo = U64_MAX_W, hx_hi = 0, hz_lo = U64_MAX_W, hz_hi = 0;
  bool any = false;
  /* Rule: each count keeps the x and z it supports; the others go. */
  int64_t k = prop_min(s, p->k);
  for (;;) {
    uwide m = (uwide)1 << k;
    uwide ax = xl > zl * m ? xl : zl * m;
    uwide bx = xh < zh * m + m - 1 ? xh : zh * m + m - 1;
    if (ax <= bx) {
      any = true;
      if (ax < hx_lo) hx_lo = ax;
      if (bx > hx_hi) hx_hi = bx;
      if (ax / m < hz_lo) hz_lo = ax / m;
      if (bx / m > hz_hi) hz_hi = bx / m;
    } else if (!prop_remove(s, p->k, k)) {
      return PROP_FAILED;
    }
    int64_t next;
    if (!prop_next(s, p->k, k, &next)) break;
    k = next;
  }
  if (!any) return PROP_FAILED;
  if (!u_restrict(s, p->x, hx_lo, (prop_wide)hx_hi) || !u_restrict(s, p->z, hz_lo, (prop_wide)hz_hi))
    return PROP_FAILED;
  if (prop_is_fixed(s, p->x) && prop_is_fixed(s, p->k)) {   /* both fixed: z exactly */
    uint64_t v = (uint64_t)prop_value(s, p->x) >> prop_value(s, p->k);
    return prop_fix(s, p->z, (int64_t)v) ? PROP_ENTAILED : PROP_FAILED;
  }
  return PROP_SUSPEND;
}

static const PropClass ushr_class = {"ushr64", ushr_propagate, PROP_PRIO_NONLINEAR, false};

/* ---- Unsigned 64-bit comparison, reified ------------------------------------------- */

typedef struct UCmp {
  Propagator base;
  PropVar b, x, y;
  bool strict;     /* x <u y; else x <=u y */
} UCmp;

/* 1 if x rel y holds for all values, 0 for none, -1 undecided. */
static int ucmp_entailment(const PropStore *s, const UCmp *p) {
  uint64_t xl = umin(s, p->x), xh = umax(s, p->x), yl = umin(s, p->y), yh = umax(s, p->y);
  if (p->strict) return xh < yl ? 1 : xl >= yh ? 0 : -1;
  return xh <= yl ? 1 : xl > yh ? 0 : -1;
}

static PropStatus ucmp_propagate(PropStore *s, Propagator *base) {
  UCmp *p = (UCmp *)base;
  if (prop_is_fixed(s, p->b)) {
    /* Rule 1: b decides: x <=u y - strict, or its negation y <=u x - !strict. */
    bool holds = prop_value(s, p->b) == 1;
    PropVar lo = holds ? p->x : p->y, hi = holds ? p->y : p->x;
    int gap = holds ? p->strict : !p->strict;      /* lo + gap <=u hi */
    prop_wide top = (prop_wide)umax(s, hi) - gap;
    if (!u_set_max(s, lo, top)) return PROP_FAILED;
    if (!u_set_min(s, hi, (uwide)umin(s, lo) + (uwide)gap)) return PROP_FAILED;
    int e = ucmp_entailment(s, p);
    if (e < 0) return PROP_SUSPEND;
    return e == (holds ? 1 : 0) ? PROP_ENTAILED : PROP_FAILED;
  }
  /* Rule 2: the domains decide. */
  int e = ucmp_entailment(s, p);
  if (e < 0) return PROP_SUSPEND;
  return prop_fix(s, p->b, e) ? PROP_ENTAILED : PROP_FAILED;
}

static const PropClass ucmp_class = {"ucmp64", ucmp_propagate, PROP_PRIO_LINEAR, false};

static bool post_ucmp(PropStore *s, PropVar b, PropVar x, OpRel rel, PropVar y) {
  if (!prop_restrict_range(s, b, 0, 1)) return false;
  if (rel == OP_GT || rel == OP_GE) {
    PropVar t = x;
    x = y;
    y = t;
    rel = rel == OP_GT ? OP_LT : OP_LE;
  }
  if (x == y || prop_same(s, x, y)) {
    prop_note(s, PROP_NOTE_EQUALITY);
    return prop_fix(s, b, rel == OP_LE) && prop_propagate(s);
  }
  UCmp *p = prop_propagator_new(s, &ucmp_class, sizeof *p);
  p->b = b;
  p->x = x;
  p->y = y;
  p->strict = rel == OP_LT;
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}

/* ---- Signed remainder: not (x == MIN && y == -1) ---------------------------------- */

typedef struct NotBoth {
  Propagator base;
  PropVar x, y;
  int64_t a, b;    /* excluded: x == a && y == b */
} NotBoth;

static PropStatus not_both_propagate(PropStore *s, Propagator *base) {
  NotBoth *p = (NotBoth *)base;
  if (prop_is_fixed(s, p->x)) {
    if (prop_value(s, p->x) == p->a && !prop_remove(s, p->y, p->b)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  if (prop_is_fixed(s, p->y)) {
    if (prop_value(s, p->y) == p->b && !prop_remove(s, p->x, p->a)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  if (!prop_has(s, p->x, p->a) || !prop_has(s, p->y, p->b)) return PROP_ENTAILED;
  return PROP_SUSPEND;
}

static const PropClass not_both_class = {"not_both", not_both_propagate, PROP_PRIO_UNARY, true};

static bool post_not_both(PropStore *s, PropVar x, int64_t a, PropVar y, int64_t b) {
  if (!prop_has(s, x, a) || !prop_has(s, y, b)) return !prop_failed(s);
  NotBoth *p = prop_propagator_new(s, &not_both_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->a = a;
  p->b = b;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}

/* ---- Left shift with wrap ------------------------------------------------------------ */

typedef struct ShlWrap {
  Propagator base;
  PropVar x, k, z;
  OpCType t;
} ShlWrap;

/* z = wrap(2^k * x) for a fixed k (2^63 is INT64_MIN modulo 2^64). */
static bool post_shl_fixed(PropStore *s, OpCType t, PropVar x, int k, PropVar z) {
  int64_t coef = (int64_t)((uint64_t)1 << k);
  return op_wrap_linear(s, 1, &coef, &x, 0, z, t.bits, t.is_signed);
}

static PropStatus shl_wrap_propagate(PropStore *s, Propagator *base) {
  ShlWrap *p = (ShlWrap *)base;
  /* Rule 1: a known count is a wrapping product by a constant. */
  if (prop_is_fixed(s, p->k))
    return post_shl_fixed(s, p->t, p->x, (int)prop_value(s, p->k), p->z) ? PROP_ENTAILED : PROP_FAILED;
  /* Rule 2: per count, the piece of z it reaches when x * 2^k does not wrap
     around within x's range; counts whose piece misses z go. */
  int64_t tlo, thi;
  stored_range(p->t, &tlo, &thi);
  prop_wide m = WIDE_POW2(p->t.bits), zl = wlo(s, p->z), zh = whi(s, p->z);
  prop_wide lo = WIDE_MAX, hi = WIDE_MIN;
  int64_t k = prop_min(s, p->k);
  for (;;) {
    prop_wide f = WIDE_POW2(k), el = f * wlo(s, p->x), eh = f * whi(s, p->x);
    prop_wide q = wide_floor_div(el - tlo, m);
    if (q == wide_floor_div(eh - tlo, m)) {
      prop_wide a = el - q * m, b = eh - q * m;
      if (wmax(a, zl) > wmin(b, zh)) {
        if (!prop_remove(s, p->k, k)) return PROP_FAILED;
      } else {
        lo = wmin(lo, a);
        hi = wmax(hi, b);
      }
    } else {
      lo = tlo;
      hi = thi;
    }
    int64_t next;
    if (!prop_next(s, p->k, k, &next)) break;
    k = next;
  }
  if (!wide_restrict(s, p->z, lo, hi)) return PROP_FAILED;
  if (prop_is_fixed(s, p->k))
    return post_shl_fixed(s, p->t, p->x, (int)prop_value(s, p->k), p->z) ? PROP_ENTAILED : PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass shl_wrap_class = {"shl_wrap", shl_wrap_propagate, PROP_PRIO_NONLINEAR, false};

static bool post_shl(PropStore *s, OpCType t, PropVar x, PropVar k, PropVar z) {
  if (prop_is_fixed(s, k)) return post_shl_fixed(s, t, x, (int)prop_value(s, k), z);
  ShlWrap *p = prop_propagator_new(s, &shl_wrap_class, sizeof *p);
  p->x = x;
  p->k = k;
  p->z = z;
  p->t = t;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, k, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_BOUNDS);
  return prop_post(s, &p->base);
}

/* ---- Signed overflow, reified (ISO C) -------------------------------------------------
 * b <=> the exact result of x op y is not a value of the signed type t (for a
 * left shift also: x is negative, C11 6.5.7p4).  The exact result is taken
 * over the integers (128 bits: |x * y| < 2^126), so the check is exact at
 * every width.  A shift count outside [0, bits) is the count trap's, decided
 * before this one: the counts here are clamped to [0, bits).  Once b is 0
 * the safe ranges are posted as constraints of their own (a sum's bounds, a
 * product in the type's range, x <= MAX >> k); b = 1 prunes nothing (the
 * path ends there). */

typedef struct Ovf {
  Propagator base;
  PropVar x, y, b;
  OpCBinary op;
  OpCType t;
} Ovf;

/* The exact result's interval over the operands' bounds; *neg_shift: a
   shifted value may be negative, *always_neg: every shifted value is.
   False when a clamped shift count range is empty. */
static bool exact_range(const PropStore *s, const Ovf *p, prop_wide *lo, prop_wide *hi, bool *neg_shift,
                        bool *always_neg) {
  prop_wide xl = wlo(s, p->x), xh = whi(s, p->x), yl = wlo(s, p->y), yh = whi(s, p->y);
  *neg_shift = *always_neg = false;
  switch (p->op) {
  case OP_C_ADD: *lo = xl + yl; *hi = xh + yh; return true;
  case OP_C_SUB: *lo = xl - yh; *hi = xh - yl; return true;
  case OP_C_MUL: {
    prop_wide c[4] = {xl * yl, xl * yh, xh * yl, xh * yh};
    *lo = *hi = c[0];
    for (int i = 1; i < 4; i++) *lo = wmin(*lo, c[i]), *hi = wmax(*hi, c[i]);
    return true;
  }
  default: {
    assert(p->op == OP_C_SHL);
    prop_wide kl = wmax(yl, 0), kh = wmin(yh, p->t.bits - 1);
    if (kl > kh) return false;
    *neg_shift = xl < 0;
    *always_neg = xh < 0;
    prop_wide f_lo = WIDE_POW2(kl), f_hi = WIDE_POW2(kh);
    *lo = xl < 0 ? xl * f_hi : xl * f_lo;
    *hi = xh < 0 ? xh * f_lo : xh * f_hi;
    return true;
  }
  }
}

/* The constraints of "no overflow" (b == 0).  ENTAILED when they are posted
   for good, SUSPEND for a shift whose count is not known yet. */
static PropStatus post_no_overflow(PropStore *s, Ovf *p) {
  int64_t lo, hi; /* a signed type: its stored range is its values */
  op_c_stored_range(p->t, &lo, &hi);
  switch (p->op) {
  case OP_C_ADD:
  case OP_C_SUB: {
    int64_t coef[2] = {1, p->op == OP_C_ADD ? 1 : -1};
    PropVar v[2] = {p->x, p->y};
    if (!op_linear(s, 2, coef, v, OP_LE, hi) || !op_linear(s, 2, coef, v, OP_GE, lo)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  case OP_C_MUL: {
    PropVar exact = prop_new_var(s, lo, hi);
    return op_times(s, p->x, p->y, exact) ? PROP_ENTAILED : PROP_FAILED;
  }
  default: {
    assert(p->op == OP_C_SHL);
    int64_t kl = prop_min(s, p->y) < 0 ? 0 : prop_min(s, p->y);
    if (kl >= p->t.bits) return PROP_SUSPEND;   /* the count trap's case */
    if (!prop_restrict_range(s, p->x, 0, hi >> kl)) return PROP_FAILED;
    /* the largest count that keeps the smallest x in range */
    int64_t xl = prop_min(s, p->x), kh = kl;
    while (kh + 1 < p->t.bits && (xl == 0 || xl <= hi >> (kh + 1))) kh++;
    if (prop_max(s, p->y) > kh && prop_max(s, p->y) < p->t.bits &&
        !prop_restrict_range(s, p->y, prop_min(s, p->y), kh))
      return PROP_FAILED;
    return prop_is_fixed(s, p->y) ? PROP_ENTAILED : PROP_SUSPEND;
  }
  }
}

static PropStatus ovf_propagate(PropStore *s, Propagator *base) {
  Ovf *p = (Ovf *)base;
  int64_t lo, hi; /* a signed type: its stored range is its values */
  op_c_stored_range(p->t, &lo, &hi);
  prop_wide rl, rh;
  bool neg, all_neg;
  if (!exact_range(s, p, &rl, &rh, &neg, &all_neg)) return PROP_SUSPEND;
  /* Rule 1: the bounds decide. */
  if (rl >= lo && rh <= hi && !neg) return prop_fix(s, p->b, 0) ? PROP_ENTAILED : PROP_FAILED;
  if (rh < lo || rl > hi || all_neg) return prop_fix(s, p->b, 1) ? PROP_ENTAILED : PROP_FAILED;
  if (!prop_is_fixed(s, p->b)) return PROP_SUSPEND;
  /* Rule 2: no overflow: the result's constraints. */
  if (prop_value(s, p->b) == 0) return post_no_overflow(s, p);
  return PROP_SUSPEND;   /* Rule 3: it overflows: decided with the operands (rule 1) */
}

static const PropClass ovf_class = {"c_overflow", ovf_propagate, PROP_PRIO_NONLINEAR, false};

bool op_c_may_overflow(const PropStore *s, OpCBinary op, OpCType t, PropVar x, PropVar y) {
  if (!t.is_signed || (op != OP_C_ADD && op != OP_C_SUB && op != OP_C_MUL && op != OP_C_SHL)) return false;
  Ovf probe = {.x = x, .y = y, .op = op, .t = t};
  prop_wide rl, rh;
  bool neg, all_neg;
  if (!exact_range(s, &probe, &rl, &rh, &neg, &all_neg)) return false;
  OpCValues v = op_c_values(t);
  return neg || rl < v.lo || rh > v.hi;
}

bool op_c_overflow(PropStore *s, OpCBinary op, OpCType t, PropVar x, PropVar y, PropVar b) {
  assert(t.is_signed && (op == OP_C_ADD || op == OP_C_SUB || op == OP_C_MUL || op == OP_C_SHL));
  if (prop_failed(s) || !prop_restrict_range(s, b, 0, 1)) return false;
  Ovf *p = prop_propagator_new(s, &ovf_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->b = b;
  p->op = op;
  p->t = t;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  return prop_post(s, &p->base);
}

/* ---- The operations ------------------------------------------------------------------- */

bool op_c_binary(PropStore *s, OpCBinary op, OpCType t, PropVar x, OpCType ty, PropVar y, PropVar z) {
  (void)ty;   /* a count's own type does not matter: [0, bits) is the same stored */
  if (prop_failed(s)) return false;
  if (!restrict_to_type(s, z, t)) return false;
  switch (op) {
  case OP_C_ADD:
  case OP_C_SUB: {
    int64_t coef[2] = {1, op == OP_C_ADD ? 1 : -1};
    PropVar v[2] = {x, y};
    return op_wrap_linear(s, 2, coef, v, 0, z, t.bits, t.is_signed);
  }
  case OP_C_MUL:
    return op_times_wrap(s, x, y, z, t.bits, t.is_signed);
  case OP_C_DIV:
    if (is_u64(t)) return post_udivrem(s, &udiv_class, x, y, z);
    return op_div(s, x, y, z);   /* z in the type's range: MIN / -1 fails */
  case OP_C_REM:
    if (is_u64(t)) return post_udivrem(s, &urem_class, x, y, z);
    if (t.is_signed && !post_not_both(s, x, (int64_t)op_c_values(t).lo, y, -1)) return false;
    return op_rem(s, x, y, z);
  case OP_C_SHL:
    if (!prop_restrict_range(s, y, 0, t.bits - 1)) return false;
    return post_shl(s, t, x, y, z);
  case OP_C_SHR: {
    if (!prop_restrict_range(s, y, 0, t.bits - 1)) return false;
    if (!is_u64(t)) return op_shr(s, x, y, z);
    UShr *p = prop_propagator_new(s, &ushr_class, sizeof *p);
    p->x = x;
    p->k = y;
    p->z = z;
    prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
    prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
    prop_subscribe(s, &p->base, z, PROP_EV_DOMAIN);
    return prop_post(s, &p->base);
  }
  case OP_C_AND: return op_band(s, x, y, z);
  case OP_C_OR: return op_bor(s, x, y, z);
  case OP_C_XOR: return op_bxor(s, x, y, z);
  }
  return false;
}

bool op_c_unary(PropStore *s, OpCUnary op, OpCType t, PropVar x, PropVar z) {
  if (prop_failed(s)) return false;
  if (!restrict_to_type(s, z, t)) return false;
  if (op == OP_C_NEG) {
    static const int64_t minus = -1;
    return op_wrap_linear(s, 1, &minus, &x, 0, z, t.bits, t.is_signed);
  }
  if (t.is_signed || t.bits == 64) return op_bnot(s, x, z);   /* ~x == -x - 1 on the pattern */
  static const int64_t coef[2] = {1, 1};                       /* z + x == 2^bits - 1 */
  PropVar v[2] = {z, x};
  return op_linear(s, 2, coef, v, OP_EQ, (int64_t)(((uint64_t)1 << t.bits) - 1));
}

bool op_c_cast(PropStore *s, OpCType from, PropVar x, OpCType to, PropVar z) {
  (void)from;   /* the stored value wraps the same way from any source type */
  if (prop_failed(s)) return false;
  if (to.bits == 1) return op_reify(s, z, x, OP_NE, prop_new_const(s, 0));
  return op_wrap(s, x, z, to.bits, to.is_signed);
}

bool op_c_compare(PropStore *s, OpRel rel, OpCType t, PropVar x, PropVar y, PropVar b) {
  if (prop_failed(s)) return false;
  if (is_u64(t) && rel != OP_EQ && rel != OP_NE) return post_ucmp(s, b, x, rel, y);
  return op_reify(s, b, x, rel, y);
}
