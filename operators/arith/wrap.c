/* wrap.c - two's-complement wrap into a bits-wide integer type:
 * z = wrap(x) (op_wrap) and the fused z = wrap(sum a_i x_i + c)
 * (op_wrap_linear: the wrapping add, sub, neg and constant shifts of C).
 *
 * With E the exact expression and [tmin, tmax] the type's stored range
 * (64-bit types: all of int64 whatever the signedness), z = E - q * 2^bits
 * for the quotient q = floor((E - tmin) / 2^bits).  Rules, in order:
 *   1. one q over the range of E (E fits the type, or lies within one wrap
 *      period): post the linear equality z = E - q * 2^bits (which
 *      back-propagates) and be entailed;
 *   2. two possible q: z misses the gap between the two pieces; a piece
 *      that z's bounds exclude fixes q (then rule 1);
 *   3. z narrows E (for one term with coefficient +-1): E's bounds move to
 *      the nearest values whose wrap lies within z's bounds;
 *   4. up to four possible q (one or two terms, coefficients up to 2^32):
 *      each term a_i x_i within the union over q of z + q * 2^bits - c -
 *      (the other terms' range), pieces with holes between them;
 *   otherwise z ranges over the whole type.
 * Once every x_i is fixed, E is fixed and rule 1 decides.
 *
 * Never: reduce modulo anything but a power of two, or overflow (128 bits;
 * a saturated range of E only ever skips a rule).
 */
#include "inka/arith.h"
#include "arith_wide.h"
#include "linear_internal.h"

typedef struct Wrap {
  Propagator base;
  int n;
  PropVar *x;
  int64_t *a;
  prop_wide c;
  PropVar z;
  int bits;
  bool small;          /* every |a_i| <= 2^32 */
  prop_wide tmin, tmax, m;
} Wrap;

static prop_wide wrap_value(const Wrap *p, prop_wide e) {
  prop_wide r = (e - p->tmin) % p->m;
  if (r < 0) r += p->m;
  return r + p->tmin;
}

/* Range of E over the bounds; false when it saturates. */
static bool expr_range(const PropStore *s, const Wrap *p, prop_wide *lo, prop_wide *hi) {
  bool sat = false;
  prop_wide l = p->c, h = p->c;
  for (int i = 0; i < p->n; i++) {
    prop_wide a = p->a[i], u = a * wlo(s, p->x[i]), v = a * whi(s, p->x[i]);
    l = wide_sat_add(l, wmin(u, v), &sat);
    h = wide_sat_add(h, wmax(u, v), &sat);
  }
  *lo = l;
  *hi = h;
  return !sat;
}

/* E when every x_i is fixed, modulo 2^64 (exact whatever the magnitudes). */
static prop_wide fixed_wrap(const PropStore *s, const Wrap *p) {
  uint64_t e = (uint64_t)p->c;   /* modulo 2^64 */
  for (int i = 0; i < p->n; i++) e += (uint64_t)p->a[i] * (uint64_t)prop_value(s, p->x[i]);
  return wrap_value(p, (prop_wide)(int64_t)e);   /* 2^bits divides 2^64 */
}

/* Rule 1: z = E - q * m, as  -z + sum a_i x_i == q * m - c. */
static PropStatus post_exact(PropStore *s, Wrap *p, prop_wide q) {
  int64_t coef[5];
  PropVar v[5];
  coef[0] = -1;
  v[0] = p->z;
  for (int i = 0; i < p->n; i++) {
    coef[i + 1] = p->a[i];
    v[i + 1] = p->x[i];
  }
  return op_linear_wide(s, p->n + 1, coef, v, OP_EQ, q * p->m - p->c) ? PROP_ENTAILED : PROP_FAILED;
}

/* Rule 3: E's bounds to the nearest values whose wrap is within [zl, zh]. */
static bool narrow_expr(PropStore *s, Wrap *p, prop_wide el, prop_wide eh) {
  prop_wide zl = wlo(s, p->z), zh = whi(s, p->z);
  prop_wide r = wrap_value(p, el);
  if (r < zl) el += zl - r;
  else if (r > zh) el += p->m - r + zl;
  r = wrap_value(p, eh);
  if (r > zh) eh -= r - zh;
  else if (r < zl) eh -= r + p->m - zh;
  if (el > eh) return arith_fail(s);
  /* x = (E - c) / a for a = +-1 */
  if (p->a[0] == 1) return wide_restrict(s, p->x[0], el - p->c, eh - p->c);
  return wide_restrict(s, p->x[0], p->c - eh, p->c - el);
}

/* Rule 4: with few quotients q, each term a_i x_i lies in the union over q
   of z + q*m - c - (the other terms): a few pieces, holes between them. */
static bool narrow_terms(PropStore *s, Wrap *p, prop_wide qlo, prop_wide qhi) {
  for (int i = 0; i < p->n; i++) {
    prop_wide rl = p->c, rh = p->c, a = p->a[i];
    for (int j = 0; j < p->n; j++) {
      if (j == i) continue;
      prop_wide u = p->a[j] * wlo(s, p->x[j]), v = p->a[j] * whi(s, p->x[j]);
      rl += wmin(u, v);
      rh += wmax(u, v);
    }
    prop_wide lo[4], hi[4];
    int k = 0;
    for (prop_wide q = qlo; q <= qhi; q++, k++) {
      prop_wide tl = wlo(s, p->z) + q * p->m - rh, th = whi(s, p->z) + q * p->m - rl;
      lo[k] = a > 0 ? wide_ceil_div(tl, a) : wide_ceil_div(th, a);
      hi[k] = a > 0 ? wide_floor_div(th, a) : wide_floor_div(tl, a);
    }
    IvBuf b;
    ivbuf_init(&b);
    for (int r = 0; r < k; r++) {   /* pieces in increasing order of lo */
      int idx = a > 0 ? r : k - 1 - r;
      if (lo[idx] <= hi[idx]) ivbuf_push(&b, lo[idx], hi[idx]);
    }
    bool ok = b.n > 0 ? ivbuf_restrict(s, p->x[i], &b) : arith_fail(s);
    ivbuf_free(&b);
    if (!ok) return false;
  }
  return true;
}

/* Rule 0: z == sum(a_i x_i) + c modulo 2^bits, whatever the quotient. */
static bool wrap_congruence(PropStore *s, const Wrap *p) {
  enum { MAX = 5 };
  uint64_t a[MAX];
  PropVar v[MAX];
  if (p->n + 1 > MAX) return true;
  for (int i = 0; i < p->n; i++) {
    a[i] = (uint64_t)p->a[i];
    v[i] = p->x[i];
  }
  a[p->n] = (uint64_t)-1;
  v[p->n] = p->z;
  return op_congruence_sum(s, p->n + 1, a, v, (uint64_t)p->c, p->bits);
}

static PropStatus wrap_propagate(PropStore *s, Propagator *base) {
  Wrap *p = (Wrap *)base;
  if (!wrap_congruence(s, p)) return PROP_FAILED;
  bool all_fixed = true;
  for (int i = 0; i < p->n; i++) all_fixed = all_fixed && prop_is_fixed(s, p->x[i]);
  if (all_fixed) {
    prop_wide v = fixed_wrap(s, p);
    return wide_restrict(s, p->z, v, v) ? PROP_ENTAILED : PROP_FAILED;
  }
  prop_wide el, eh;
  if (!expr_range(s, p, &el, &eh)) return PROP_SUSPEND;
  /* Rule 3 first: it may bring E within one period. */
  if (p->n == 1 && (p->a[0] == 1 || p->a[0] == -1)) {
    if (!narrow_expr(s, p, el, eh)) return PROP_FAILED;
    if (!expr_range(s, p, &el, &eh)) return PROP_SUSPEND;
  }
  prop_wide qlo = wide_floor_div(el - p->tmin, p->m), qhi = wide_floor_div(eh - p->tmin, p->m);
  /* Rule 2: two pieces. */
  if (qhi == qlo + 1) {
    prop_wide first_lo = el - qlo * p->m, second_hi = eh - qhi * p->m;
    if (!wide_remove(s, p->z, second_hi + 1, first_lo - 1)) return PROP_FAILED;
    if (whi(s, p->z) < first_lo) qlo = qhi;
    else if (wlo(s, p->z) > second_hi) qhi = qlo;
  }
  /* Rule 1: one quotient. */
  if (qlo == qhi) return post_exact(s, p, qlo);
  /* Rule 4: a few quotients, small coefficients (no 128-bit overflow). */
  if (qhi - qlo <= 3 && p->n <= 2 && p->small && !narrow_terms(s, p, qlo, qhi)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass wrap_class = {"wrap", wrap_propagate, PROP_PRIO_LINEAR, false};

bool op_wrap_linear(PropStore *s, int n, const int64_t *coef, const PropVar *x, int64_t c, PropVar z,
                    int bits, bool is_signed) {
  if (prop_failed(s)) return false;
  assert(n >= 1 && n <= 4 && bits >= 1 && bits <= 64);
  /* Fast path: E within one period already (the common non-overflowing
     add): post the linear equality alone. */
  Wrap tmp = {.n = n, .x = (PropVar *)x, .a = (int64_t *)coef, .c = c, .z = z, .bits = bits,
              .m = WIDE_POW2(bits)};
  tmp.tmin = is_signed || bits == 64 ? -WIDE_POW2(bits - 1) : 0;
  tmp.tmax = tmp.tmin + tmp.m - 1;
  prop_wide el, eh;
  if (!wide_restrict(s, z, tmp.tmin, tmp.tmax)) return false;
  if (expr_range(s, &tmp, &el, &eh)) {
    prop_wide qlo = wide_floor_div(el - tmp.tmin, tmp.m), qhi = wide_floor_div(eh - tmp.tmin, tmp.m);
    if (qlo == qhi) return post_exact(s, &tmp, qlo) != PROP_FAILED && !prop_failed(s);
  }
  Wrap *p = prop_propagator_new(s, &wrap_class, sizeof *p);
  p->n = n;
  p->x = prop_alloc(s, (size_t)n * sizeof *p->x);
  p->a = prop_alloc(s, (size_t)n * sizeof *p->a);
  for (int i = 0; i < n; i++) {
    p->x[i] = x[i];
    p->a[i] = coef[i];
  }
  p->c = c;
  p->z = z;
  p->bits = bits;
  p->small = true;
  for (int i = 0; i < n; i++) p->small = p->small && wabs(coef[i]) <= WIDE_POW2(32);
  p->m = WIDE_POW2(bits);
  p->tmin = is_signed || bits == 64 ? -WIDE_POW2(bits - 1) : 0;
  p->tmax = p->tmin + p->m - 1;
  if (!wide_restrict(s, z, p->tmin, p->tmax)) return false;
  for (int i = 0; i < n; i++) prop_subscribe(s, &p->base, x[i], PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, z, PROP_EV_BOUNDS);
  prop_add_linear(s, &p->base);   /* its congruence row, for gauss.c */
  return prop_post(s, &p->base);
}

/* The row that holds whatever the quotient: sum(a_i x_i) - z == -c
   (mod 2^bits). */
bool lin_wrap_row(const Propagator *base, OpRow *row, int *bits) {
  if (base->cls != &wrap_class) return false;
  const Wrap *p = (const Wrap *)base;
  row->n = p->n + 1;
  for (int i = 0; i < p->n; i++) {
    row->x[i] = p->x[i];
    row->a[i] = p->a[i];
  }
  row->x[p->n] = p->z;
  row->a[p->n] = -1;
  row->c = -p->c;
  row->eq = true;
  *bits = p->bits;
  return true;
}

bool op_wrap(PropStore *s, PropVar x, PropVar z, int bits, bool is_signed) {
  static const int64_t one = 1;
  if (bits == 64) return !prop_failed(s) && op_rel(s, z, OP_EQ, x);   /* stored as is */
  return op_wrap_linear(s, 1, &one, &x, 0, z, bits, is_signed);
}
