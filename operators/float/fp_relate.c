/* fp_relate.c - relations between float values, which interval propagation
 * on each value alone cannot see: (x * 2) / 2 == x, fl(d + 0.5) >= d,
 * fl(c - lo) <= fl(hi - lo) when c <= hi.
 *
 * A relation is an order posted between two values (fpi_post_order, an
 * FpRel of fp_cmp.c: NaN excluded, found again among the subscribers of
 * either value by fpi_known).  Rules, each a theorem about correctly
 * rounded operations (RN is monotone, RN(r) == r for a representable r,
 * and an operation with no NaN operand and no inf - inf, 0 * inf, inf / inf
 * or x / 0 case gives no NaN):
 *   1. order by sign: z = x + y with y >= 0 gives z >= x (x + y >= x, RN
 *      monotone, RN(x) == x); y <= 0 gives z <= x; z = x - y alike;
 *   2. sign by order: z = x - y with y <= x gives z >= 0, y < x gives z > 0
 *      (a difference of two floats below the smallest normal is exact, so
 *      it does not round to 0); x <= y, x < y alike;
 *   3. ratio: z = x / y with 0 <= x <= y and y > 0 gives z in [-0, 1];
 *   4. exact inverse: z = w op' c where w = x op c was exact (op' undoes
 *      op) gives z == x: the exact real is x, representable.  Exactness
 *      is proved from the domains: scaling by a power of two with no
 *      overflow and no result below the smallest normal; a sum or
 *      difference on a common grid 2^g (the unit in the last place of the
 *      smallest magnitude of each operand) whose magnitude stays below
 *      2^(g + prec) and the largest finite;
 *   5. monotone pairs (fpi_relate_pairs): a <= b (==, <) and P, Q one
 *      monotone map (the same operation with the same other operand, a
 *      conversion, a float -> integer truncation) give P(a) <= P(b) (==),
 *      >= when the map decreases (c - a, a * c with c < 0).
 *   6. innocuous double rounding: z = (narrow)(x op y) where x and y hold
 *      narrow values (widened variables, representable constants) and the
 *      wide + - * is exact (significant bits of a product within the wide
 *      precision, a sum on a common narrow grid; no overflow or underflow)
 *      is RN_narrow(x op y): equal to the narrow x op y posted elsewhere.
 *   7. truncation converted back: u = (to)(t)x is RN_to(trunc(x)), between
 *      0 and x: u <= x (or <= (to)x) when x >= 0, >= when x <= 0
 *      (fpi_relate_trunc, run by both conversions).
 * Rules 1-4 run with the arithmetic propagator, on operands that are
 * finite (no NaN, no infinity); rule 5 when an order or a monotone map is
 * posted.  Every derived relation is checked against brute force on tiny
 * formats (tests/float/test_fp_relate.c).
 *
 * Never: derive a relation that a NaN, an infinity or the sign of a zero
 * could break.
 */
#include <assert.h>

#include "fp_internal.h"

enum { SUBS_CAP = 64 };

static int64_t rank(int64_t key) { return key < 0 ? key + 1 : key; }
static int64_t abs_key(int64_t key) { return key < 0 ? -1 - key : key; }
static int64_t key_of_one(const FpFormat *f) { return (int64_t)f->bias << (f->prec - 1); }

static bool no_nan(const PropStore *s, const FpFormat *f, PropVar x) { return !prop_has(s, x, fp_key_nan(f)); }

/* No NaN and no infinity. */
static bool is_finite(const PropStore *s, const FpFormat *f, PropVar x) {
  return prop_min(s, x) > fp_key_neg(f->inf_key) && prop_max(s, x) < f->inf_key;
}

/* +1 when every value of x is >= 0 (keys from -0 up), -1 when <= 0, 0 else. */
static int sign_of(const PropStore *s, PropVar x) {
  if (prop_min(s, x) >= -1) return 1;
  if (prop_max(s, x) <= 0) return -1;
  return 0;
}

/* The same operand: one variable, or two holding the same fixed key. */
static bool same_operand(const PropStore *s, PropVar a, PropVar b) {
  if (a == b) return true;
  return prop_is_fixed(s, a) && prop_is_fixed(s, b) && prop_value(s, a) == prop_value(s, b);
}

/* One value: one variable or two known equal (unified keys). */
static bool same_value(const PropStore *s, PropVar a, PropVar b) { return a == b || prop_find(s, a) == prop_find(s, b); }

/* The other variable of a row x - y == 0 (y - x == 0) on x: what a decided
   merge or an assignment posts; -1 for other propagators. */
static PropVar equal_through(const Propagator *p, PropVar x) {
  OpRow row;
  if (!op_linear_row(p, &row) || !row.eq || row.n != 2 || row.c != 0 || row.a[0] != -row.a[1]) return -1;
  if (row.a[0] != 1 && row.a[0] != -1) return -1;
  return row.x[0] == x ? row.x[1] : row.x[1] == x ? row.x[0] : -1;
}

/* The propagators on x and on the variables posted equal to it (through
   at most three rows x - y == 0: the merges of nested conditionals), where
   the relations of a value are found whichever copy they were posted on.
   out has 4 * SUBS_CAP places. */
static int subscribers(const PropStore *s, PropVar x, Propagator **out) {
  PropVar seen[4] = {x};
  int nseen = 1, n = 0;
  for (int k = 0; k < nseen && n < 3 * SUBS_CAP; k++) {
    int m = prop_subscribers(s, seen[k], out + n, SUBS_CAP);
    m = m < SUBS_CAP ? m : SUBS_CAP;
    for (int i = n; i < n + m && nseen < 4; i++) {
      PropVar y = equal_through(out[i], seen[k]);
      bool dup = y < 0;
      for (int j = 0; j < nseen && !dup; j++) dup = seen[j] == y;
      if (!dup) seen[nseen++] = y;
    }
    n += m;
  }
  return n;
}

/* ---- Known orders ------------------------------------------------------------ */

static OpRel swap_rel(OpRel r) {
  switch (r) {
  case OP_LT: return OP_GT;
  case OP_LE: return OP_GE;
  case OP_GT: return OP_LT;
  case OP_GE: return OP_LE;
  default: return r;
  }
}

static bool implies(OpRel have, OpRel want) {
  return have == want || (want == OP_LE && (have == OP_LT || have == OP_EQ)) ||
         (want == OP_GE && (have == OP_GT || have == OP_EQ));
}

/* x r1 w and w r2 y give x (result) y: -1 when they give no order. */
static int compose(OpRel r1, OpRel r2) {
  if (r1 == OP_EQ) return r2;
  if (r2 == OP_EQ) return r1;
  bool up1 = r1 == OP_LT || r1 == OP_LE, up2 = r2 == OP_LT || r2 == OP_LE;
  bool down1 = r1 == OP_GT || r1 == OP_GE, down2 = r2 == OP_GT || r2 == OP_GE;
  if (up1 && up2) return r1 == OP_LT || r2 == OP_LT ? OP_LT : OP_LE;
  if (down1 && down2) return r1 == OP_GT || r2 == OP_GT ? OP_GT : OP_GE;
  return -1;
}

/* The order of x and y that a posted relation states: -1 if none.  With
   via != NULL, the first relation of x with any other value (from *at). */
static int posted(const PropStore *s, Propagator *const *subs, int n, PropVar x, PropVar y, int *at, PropVar *via) {
  for (int i = *at; i < n; i++) {
    FpiView v;
    if (!fpi_view_rel(s, subs[i], &v)) continue;
    bool left = same_value(s, v.x, x);
    if (!left && !same_value(s, v.y, x)) continue;
    PropVar other = left ? v.y : v.x;
    if (same_value(s, other, x) || (!via && !same_value(s, other, y))) continue;
    *at = i + 1;
    if (via) *via = other;
    return left ? v.rel : swap_rel(v.rel);
  }
  *at = n;
  return -1;
}

/* By the domains alone. */
static bool known_by_domains(const PropStore *s, OpRel rel, PropVar x, PropVar y) {
  int64_t xl = rank(prop_min(s, x)), xh = rank(prop_max(s, x));
  int64_t yl = rank(prop_min(s, y)), yh = rank(prop_max(s, y));
  switch (rel) {
  case OP_LT: return xh < yl;
  case OP_LE: return xh <= yl;
  case OP_GT: return xl > yh;
  case OP_GE: return xl >= yh;
  case OP_EQ: return xl == xh && yl == yh && xl == yl;
  default: return false;
  }
}

/* Directly: the domains, or one posted relation between x and y. */
static bool known_direct(const PropStore *s, OpRel rel, PropVar x, PropVar y) {
  if (known_by_domains(s, rel, x, y)) return true;
  Propagator *subs[4 * SUBS_CAP];
  int n = subscribers(s, x, subs), at = 0, r;
  while ((r = posted(s, subs, n, x, y, &at, NULL)) >= 0)
    if (implies((OpRel)r, rel)) return true;
  return false;
}

bool fpi_known(const PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y) {
  assert(rel != OP_NE);
  if (!no_nan(s, f, x) || !no_nan(s, f, y)) return false;
  if (x == y || prop_find(s, x) == prop_find(s, y)) return rel != OP_LT && rel != OP_GT;   /* equal keys */
  if (known_direct(s, rel, x, y)) return true;
  /* Through one other value w: x r1 w r2 y. */
  Propagator *subs[4 * SUBS_CAP];
  int n = subscribers(s, x, subs), at = 0, r1;
  PropVar w;
  while ((r1 = posted(s, subs, n, x, y, &at, &w)) >= 0) {
    if (same_value(s, w, y)) continue;
    static const OpRel all[] = {OP_LT, OP_LE, OP_EQ, OP_GT, OP_GE};
    for (int i = 0; i < 5; i++) {
      int c = compose((OpRel)r1, all[i]);
      if (c >= 0 && implies((OpRel)c, rel) && known_direct(s, all[i], w, y)) return true;
    }
  }
  return false;
}

/* ---- Rules 1-3 ------------------------------------------------------------------ */

/* Rule 1: z = x + sgn * o. */
static bool order_by_sign(PropStore *s, const FpFormat *f, PropVar z, PropVar x, PropVar o, int sgn) {
  int so = sign_of(s, o) * sgn;
  if (so == 0 || z == x) return true;
  return fpi_post_order(s, f, so > 0 ? OP_GE : OP_LE, z, x);
}

/* Rule 2: z = x - y. */
static bool sign_by_order(PropStore *s, const FpFormat *f, PropVar z, PropVar x, PropVar y) {
  int64_t ninf = fp_key_neg(f->inf_key);
  if (fpi_known(s, f, OP_LT, y, x) && !prop_restrict_range(s, z, 1, f->inf_key)) return false;
  if (fpi_known(s, f, OP_LE, y, x) && !prop_restrict_range(s, z, -1, f->inf_key)) return false;
  if (fpi_known(s, f, OP_LT, x, y) && !prop_restrict_range(s, z, ninf, -2)) return false;
  return !fpi_known(s, f, OP_LE, x, y) || prop_restrict_range(s, z, ninf, 0);
}

/* Rule 3: z = x / y. */
static bool ratio_bound(PropStore *s, const FpFormat *f, PropVar z, PropVar x, PropVar y) {
  if (prop_min(s, y) < 1 || prop_min(s, x) < -1 || !fpi_known(s, f, OP_LE, x, y)) return true;
  return prop_restrict_range(s, z, -1, key_of_one(f));
}

/* ---- Rule 4: exact inverses --------------------------------------------------------- */

/* The exponent g of the unit in the last place of a positive finite key:
   every value of at least that magnitude is a multiple of 2^g. */
static long grid_of(const FpFormat *f, int64_t abs) {
  assert(abs >= 1);
  long e = (long)(abs >> (f->prec - 1));
  return e == 0 ? 2 - f->bias - f->prec : e - f->bias - (f->prec - 1);
}

/* The exponent of the lowest set bit of a positive finite key's value. */
static long lowest_bit(const FpFormat *f, int64_t abs) {
  long g = grid_of(f, abs);
  int64_t m = (int64_t)1 << (f->prec - 1);
  int64_t sig = (abs & (m - 1)) | ((abs >> (f->prec - 1)) ? m : 0);
  for (; sig && !(sig & 1); sig >>= 1) g++;
  return g;
}

/* The grid of a variable: for a fixed value its lowest set bit (0.25 is
   on the grid 2^-2, not on its ulp's), else the ulp of its smallest
   nonzero magnitude. */
static long grid_var(const PropStore *s, const FpFormat *f, PropVar x, int64_t small) {
  return prop_is_fixed(s, x) ? lowest_bit(f, abs_key(prop_value(s, x))) : grid_of(f, small);
}

/* Magnitudes of a finite domain: the largest, and the smallest nonzero one
   (the smallest subnormal when the domain reaches a zero); false when x
   is only zeros. */
static bool magnitudes(const PropStore *s, PropVar x, int64_t *small, int64_t *large) {
  int64_t lo = prop_min(s, x), hi = prop_max(s, x);
  int64_t al = abs_key(lo), ah = abs_key(hi);
  *large = al > ah ? al : ah;
  if (*large == 0) return false;
  bool reaches_zero = lo <= 0 && hi >= -1;
  *small = reaches_zero ? 1 : (al < ah ? al : ah);
  return true;
}

/* The value 2^k of |c| for a fixed c that is a normal power of two. */
static bool power_of_two(const PropStore *s, const FpFormat *f, PropVar c, long *k) {
  if (!prop_is_fixed(s, c)) return false;
  int64_t a = abs_key(prop_value(s, c));
  int64_t frac = a & (((int64_t)1 << (f->prec - 1)) - 1), e = a >> (f->prec - 1);
  if (frac != 0 || e == 0 || a >= f->inf_key) return false;
  *k = (long)e - f->bias;
  return true;
}

/* x * 2^scale is exact for every x of the domain: below the largest finite,
   and (scaling down) every nonzero result at least the smallest normal. */
static bool scaling_exact(const PropStore *s, const FpFormat *f, PropVar x, long scale) {
  int64_t small, large;
  if (!magnitudes(s, x, &small, &large)) return true;
  mpfr_t v, top;
  mpfr_inits2(f->prec, v, top, (mpfr_ptr)0);
  fpi_value(f, f->inf_key - 1, top);
  fpi_value(f, large, v);
  mpfr_mul_2si(v, v, scale, MPFR_RNDN);   /* exact: a power of two */
  bool ok = mpfr_cmp(v, top) <= 0;
  if (ok && scale < 0) {
    fpi_value(f, small, v);
    mpfr_mul_2si(v, v, scale, MPFR_RNDN);
    ok = mpfr_cmp_si_2exp(v, 1, 1 - f->bias) >= 0;
  }
  mpfr_clears(v, top, (mpfr_ptr)0);
  return ok;
}

/* x + y (or x - y) is exact for all values: both lie on the grid 2^g and
   the exact result, of magnitude at most |x| + |y|, has fewer than prec
   bits above 2^g and is finite. */
static bool sum_exact(const PropStore *s, const FpFormat *f, PropVar x, PropVar y) {
  int64_t sx, lx, sy, ly;
  bool nx = magnitudes(s, x, &sx, &lx), ny = magnitudes(s, y, &sy, &ly);
  if (!nx || !ny) return true;   /* a zero operand: the result is the other one */
  long gx = grid_var(s, f, x, sx), gy = grid_var(s, f, y, sy), g = gx < gy ? gx : gy;
  mpfr_t a, b, top;
  mpfr_inits2(f->prec + 2, a, b, top, (mpfr_ptr)0);
  fpi_value(f, lx, a);
  fpi_value(f, ly, b);
  mpfr_add(a, a, b, MPFR_RNDU);
  fpi_value(f, f->inf_key - 1, top);
  bool ok = mpfr_cmp_si_2exp(a, 1, g + f->prec) < 0 && mpfr_cmp(a, top) <= 0;
  mpfr_clears(a, b, top, (mpfr_ptr)0);
  return ok;
}

/* Is w = x op c exact over the domains (x and c finite)? */
static bool exact(const PropStore *s, const FpFormat *f, FpBinary op, PropVar x, PropVar c) {
  if (!is_finite(s, f, x) || !is_finite(s, f, c)) return false;
  long k;
  switch (op) {
  case FP_ADD: case FP_SUB: return sum_exact(s, f, x, c);
  case FP_MUL: return power_of_two(s, f, c, &k) && scaling_exact(s, f, x, k);
  case FP_DIV: return power_of_two(s, f, c, &k) && scaling_exact(s, f, x, -k);
  }
  return false;
}

static FpBinary inverse_op(FpBinary op) {
  switch (op) {
  case FP_ADD: return FP_SUB;
  case FP_SUB: return FP_ADD;
  case FP_MUL: return FP_DIV;
  case FP_DIV: return FP_MUL;
  }
  return op;
}

static bool commutes(FpBinary op) { return op == FP_ADD || op == FP_MUL; }

/* z = w op c (w in x's place, or either place when op commutes): a
   definition d of w as w = x0 op^-1 c', c' the same operand, exact. */
static bool inverse_of(PropStore *s, const FpiView *a, PropVar w, PropVar c) {
  Propagator *subs[4 * SUBS_CAP];
  int n = subscribers(s, w, subs);
  FpBinary want = inverse_op(a->op);
  for (int i = 0; i < n; i++) {
    FpiView d;
    if (!fpi_view_arith(subs[i], &d) || d.z != w || d.op != want || d.f != a->f || d.x == d.y) continue;
    PropVar x0, c0;
    if (same_operand(s, d.y, c)) {                                  /* w = x0 op c */
      x0 = d.x;
      c0 = d.y;
    } else if (commutes(d.op) && same_operand(s, d.x, c)) {         /* w = c op x0 */
      x0 = d.y;
      c0 = d.x;
    } else {
      continue;
    }
    if (x0 == a->z || !exact(s, a->f, d.op, x0, c0)) continue;
    if (!fpi_post_order(s, a->f, OP_EQ, a->z, x0)) return false;
  }
  return true;
}

static bool exact_inverse(PropStore *s, const FpiView *a) {
  if (!inverse_of(s, a, a->x, a->y)) return false;
  return !commutes(a->op) || inverse_of(s, a, a->y, a->x);
}

static bool pairs_known(PropStore *s, const FpiView *a);

bool fpi_relate_arith(PropStore *s, const FpiView *a) {
  const FpFormat *f = a->f;
  assert(a->kind == FPI_V_ARITH);
  if (a->x == a->y || !is_finite(s, f, a->x) || !is_finite(s, f, a->y)) return true;
  switch (a->op) {
  case FP_ADD:
    if (!order_by_sign(s, f, a->z, a->x, a->y, 1) || !order_by_sign(s, f, a->z, a->y, a->x, 1)) return false;
    break;
  case FP_SUB:
    if (!order_by_sign(s, f, a->z, a->x, a->y, -1) || !sign_by_order(s, f, a->z, a->x, a->y)) return false;
    break;
  case FP_DIV:
    if (!ratio_bound(s, f, a->z, a->x, a->y)) return false;
    break;
  case FP_MUL:
    break;
  }
  /* Rule 5 again: the operands' domains decide whether a is monotone. */
  if (!fpi_relate_posted(s, f, a->x) || !fpi_relate_posted(s, f, a->y) || !pairs_known(s, a)) return false;
  return exact_inverse(s, a);
}

/* ---- Rule 6: innocuous double rounding ------------------------------------------------ */

/* An operand of a wide operation that holds a narrow value exactly: a
   narrow variable widened (nvar), or a constant representable in the
   narrow format (nkey), with its count of significant bits. */
typedef struct Narrow {
  bool is_var;
  PropVar nvar;
  int64_t nkey;
  int bits;
} Narrow;

static int significant_bits(const FpFormat *f, int64_t key) {
  int64_t a = abs_key(key);
  int64_t frac = a & (((int64_t)1 << (f->prec - 1)) - 1);
  int64_t sig = (a >> (f->prec - 1)) ? frac | ((int64_t)1 << (f->prec - 1)) : frac;
  if (sig == 0) return 0;
  int bits = 0;
  while (sig >> bits) bits++;
  int tz = 0;
  while (!((sig >> tz) & 1)) tz++;
  return bits - tz;
}

static bool narrow_of(const PropStore *s, const FpFormat *wide, const FpFormat *n, PropVar w, Narrow *out) {
  if (prop_is_fixed(s, w)) {
    int64_t k = prop_value(s, w);
    if (fp_key_is_nan(wide, k) || abs_key(k) >= wide->inf_key) return false;
    int64_t nk = fp_eval_convert(wide, k, n);
    if (fp_eval_convert(n, nk, wide) != k) return false;
    *out = (Narrow){false, 0, nk, significant_bits(n, nk)};
    return true;
  }
  Propagator *subs[4 * SUBS_CAP];
  int cnt = subscribers(s, w, subs);
  for (int i = 0; i < cnt; i++) {
    FpiView v;
    if (fpi_view_convert(subs[i], &v) && v.kind == FPI_V_CONVERT && v.z == w && v.f == n && v.to == wide) {
      *out = (Narrow){true, v.x, 0, n->prec};
      return true;
    }
  }
  return false;
}

/* The magnitudes of a wide operand (its wide keys) and the narrow grid of
   its smallest nonzero magnitude; false when it is only zeros. */
static bool wide_magnitudes(const PropStore *s, const FpFormat *wide, const FpFormat *n, PropVar w,
                            const Narrow *nw, mpfr_t small, mpfr_t large, long *grid) {
  int64_t sm, lg;
  if (!magnitudes(s, w, &sm, &lg)) return false;
  fpi_value(wide, sm, small);
  fpi_value(wide, lg, large);
  int64_t nsmall = abs_key(nw->nkey);
  if (nw->is_var && !magnitudes(s, nw->nvar, &nsmall, &lg)) return false;
  *grid = nw->is_var ? grid_of(n, nsmall) : lowest_bit(n, nsmall);
  return true;
}

/* t = x op y in the wide format is exact, x and y holding narrow values. */
static bool wide_exact(const PropStore *s, const FpFormat *wide, const FpFormat *n, FpBinary op, PropVar x,
                       const Narrow *nx, PropVar y, const Narrow *ny) {
  if (!is_finite(s, wide, x) || !is_finite(s, wide, y)) return false;
  mpfr_t xs, xl, ys, yl, r, top;
  mpfr_inits2(2 * wide->prec + 2, xs, xl, ys, yl, r, top, (mpfr_ptr)0);
  long gx, gy;
  bool zx = !wide_magnitudes(s, wide, n, x, nx, xs, xl, &gx), zy = !wide_magnitudes(s, wide, n, y, ny, ys, yl, &gy);
  fpi_value(wide, wide->inf_key - 1, top);
  bool ok;
  if (zx || zy) {
    ok = true;   /* a zero operand: the result is exact */
  } else if (op == FP_MUL) {
    ok = nx->bits + ny->bits <= wide->prec;
    mpfr_mul(r, xl, yl, MPFR_RNDU);
    ok = ok && mpfr_cmp(r, top) <= 0;
    mpfr_mul(r, xs, ys, MPFR_RNDD);
    ok = ok && mpfr_cmp_si_2exp(r, 1, 1 - wide->bias) >= 0;
  } else if (op == FP_ADD || op == FP_SUB) {
    long g = gx < gy ? gx : gy;
    mpfr_add(r, xl, yl, MPFR_RNDU);
    ok = mpfr_cmp_si_2exp(r, 1, g + wide->prec) < 0 && mpfr_cmp(r, top) <= 0 &&
         g >= 2 - wide->bias - wide->prec;
  } else {
    ok = false;
  }
  mpfr_clears(xs, xl, ys, yl, r, top, (mpfr_ptr)0);
  return ok;
}

/* The narrow operand nw in place of a narrow operation's operand v. */
static bool matches(const PropStore *s, const Narrow *nw, PropVar v) {
  if (nw->is_var) return v == nw->nvar;
  return prop_is_fixed(s, v) && prop_value(s, v) == nw->nkey;
}

bool fpi_relate_convert(PropStore *s, const FpiView *cv) {
  const FpFormat *wide = cv->f, *n = cv->to;
  if (cv->kind != FPI_V_CONVERT || n->prec >= wide->prec) return true;
  Propagator *subs[4 * SUBS_CAP];
  int cnt = subscribers(s, cv->x, subs);
  for (int i = 0; i < cnt; i++) {
    FpiView d;
    Narrow nx, ny;
    if (!fpi_view_arith(subs[i], &d) || d.z != cv->x || d.f != wide || d.op == FP_DIV || d.x == d.y) continue;
    if (!narrow_of(s, wide, n, d.x, &nx) || !narrow_of(s, wide, n, d.y, &ny)) continue;
    if (!wide_exact(s, wide, n, d.op, d.x, &nx, d.y, &ny)) continue;
    /* (to)t = RN_n(x op y) exactly: the narrow operation on the same values. */
    Propagator *sibs[4 * SUBS_CAP];
    int m = subscribers(s, nx.is_var ? nx.nvar : ny.is_var ? ny.nvar : cv->z, sibs);
    for (int j = 0; j < m; j++) {
      FpiView q;
      if (!fpi_view_arith(sibs[j], &q) || q.f != n || q.op != d.op || q.z == cv->z) continue;
      bool same = (matches(s, &nx, q.x) && matches(s, &ny, q.y)) ||
                  (d.op != FP_SUB && matches(s, &nx, q.y) && matches(s, &ny, q.x));
      if (same && !fpi_post_order(s, n, OP_EQ, cv->z, q.z)) return false;
    }
  }
  return true;
}

/* ---- Rule 7: a truncation converted back ------------------------------------------------ */

static bool is_u64(OpCType t) { return t.bits == 64 && !t.is_signed; }

/* q = (t)x (defined: x is finite and trunc(x) fits t) and u = (to)q, q
   found again through the rows q - q' == 0.  trunc(x) is an integer of
   x's format with |trunc(x)| <= |x| and the sign of x, so for x >= 0 (from
   -0 up) trunc(x) <= x, and RN_to being monotone, u = RN_to(trunc(x)) <=
   RN_to(x): that is x itself when to is x's format (trunc(x) is
   representable there) and w = (to)x for a conversion w posted on x.
   x <= 0 mirrors it.  The stored integer is read alike by both
   conversions unless one of them is unsigned 64-bit and the other not. */
bool fpi_relate_trunc(PropStore *s, PropVar q) {
  Propagator *subs[4 * SUBS_CAP];
  int n = subscribers(s, q, subs);
  for (int i = 0; i < n; i++) {
    FpiView ti;
    if (!fpi_view_convert(subs[i], &ti) || ti.kind != FPI_V_TO_INT) continue;
    PropVar x = ti.x;
    int sign = prop_min(s, x) >= -1 ? 1 : prop_max(s, x) <= 0 ? -1 : 0;
    if (sign == 0 || !no_nan(s, ti.f, x)) continue;
    Propagator *xs[4 * SUBS_CAP];
    int nx = -1;
    for (int j = 0; j < n; j++) {
      FpiView fi;
      if (!fpi_view_from_int(subs[j], &fi) || is_u64(fi.t) != is_u64(ti.t)) continue;
      OpRel rel = sign > 0 ? OP_LE : OP_GE;
      if (fi.to == ti.f && !fpi_post_order(s, fi.to, rel, fi.z, x)) return false;
      if (nx < 0) nx = subscribers(s, x, xs);
      for (int k = 0; k < nx; k++) {
        FpiView cv;
        if (!fpi_view_convert(xs[k], &cv) || cv.kind != FPI_V_CONVERT || !same_value(s, cv.x, x) ||
            cv.to != fi.to || same_value(s, cv.z, x))
          continue;
        if (!fpi_post_order(s, fi.to, rel, fi.z, cv.z)) return false;
      }
    }
  }
  return true;
}

/* ---- Rule 5: monotone pairs ------------------------------------------------------------ */

/* How the output of v moves with its operand in place pos (0: x, 1: y),
   the other operand kept: +1, -1, or 0 (not known to be monotone without
   a NaN).  The operand itself is NaN-free (it is ordered). */
static int direction(const PropStore *s, const FpiView *v, int pos) {
  switch (v->kind) {
  case FPI_V_CONVERT: return pos == 0 ? 1 : 0;
  case FPI_V_TO_INT: return pos == 0 && !(v->t.bits == 64 && !v->t.is_signed) ? 1 : 0;
  case FPI_V_ARITH: {
    if (v->x == v->y) return 0;
    PropVar o = pos == 0 ? v->y : v->x;
    if (!is_finite(s, v->f, o)) return 0;
    int so = prop_min(s, o) >= 1 ? 1 : (prop_max(s, o) <= -2 ? -1 : 0);   /* nonzero sign */
    switch (v->op) {
    case FP_ADD: return 1;
    case FP_SUB: return pos == 0 ? 1 : -1;
    case FP_MUL: return so;
    case FP_DIV: return pos == 0 ? so : 0;
    }
    return 0;
  }
  case FPI_V_FROM_INT: case FPI_V_REL: return 0;
  }
  return 0;
}

static PropVar operand(const FpiView *v, int pos) { return pos == 0 ? v->x : v->y; }

/* Q is P's map applied to another operand (in the same place pos). */
static bool same_map(const PropStore *s, const FpiView *p, const FpiView *q, int pos) {
  if (p->kind != q->kind || p->f != q->f) return false;
  switch (p->kind) {
  case FPI_V_CONVERT: return p->to == q->to;
  case FPI_V_TO_INT: return p->t.bits == q->t.bits && p->t.is_signed == q->t.is_signed;
  case FPI_V_ARITH: return p->op == q->op && q->x != q->y && same_operand(s, operand(p, 1 - pos), operand(q, 1 - pos));
  case FPI_V_FROM_INT: case FPI_V_REL: return false;
  }
  return false;
}

/* lo <= hi between two integers (truncations of ordered floats).  Not a
   linear difference: around a cycle through the float propagators its
   one-value steps would converge slowly, so it narrows a wide domain only
   by a sixteenth or more (like fpi_narrow), and it fails at once against
   a row hi - lo <= c < 0 posted on the same two variables (a decided
   comparison hi < lo). */
typedef struct IntOrder {
  Propagator base;
  PropVar lo, hi;
} IntOrder;

static bool row_against(const PropStore *s, PropVar lo, PropVar hi) {
  Propagator *subs[SUBS_CAP];
  int n = prop_subscribers(s, lo, subs, SUBS_CAP);
  for (int i = 0; i < n && i < SUBS_CAP; i++) {
    OpRow r;
    if (!op_linear_row(subs[i], &r) || r.n != 2 || r.a[0] != -r.a[1] || (r.a[0] != 1 && r.a[0] != -1)) continue;
    PropVar first = r.a[0] == 1 ? r.x[0] : r.x[1], second = r.a[0] == 1 ? r.x[1] : r.x[0];   /* first - second */
    if (first == hi && second == lo && r.c < 0) return true;            /* hi - lo <= c < 0 */
    if (r.eq && first == lo && second == hi && r.c > 0) return true;   /* lo - hi == c > 0 */
  }
  return false;
}

static bool guarded_bound(PropStore *s, PropVar x, int64_t lo, int64_t hi) {
  uint64_t size = prop_size(s, x);
  int64_t xl = prop_min(s, x), xh = prop_max(s, x);
  if (lo <= xl && hi >= xh) return true;
  if (lo > xh) return prop_set_min(s, x, lo);   /* empty: fails */
  if (hi < xl) return prop_set_max(s, x, hi);
  uint64_t removed = (uint64_t)(lo > xl ? lo - xl : 0) + (uint64_t)(hi < xh ? xh - hi : 0);
  if (size > 64 && removed < size / 16) return true;
  return prop_restrict_range(s, x, lo > xl ? lo : xl, hi < xh ? hi : xh);
}

static PropStatus int_order_propagate(PropStore *s, Propagator *base) {
  IntOrder *p = (IntOrder *)base;
  if (prop_max(s, p->hi) < prop_min(s, p->lo) || row_against(s, p->lo, p->hi)) {
    prop_set_min(s, p->lo, prop_max(s, p->lo) + 1);   /* fails the store */
    return PROP_FAILED;
  }
  if (!guarded_bound(s, p->hi, prop_min(s, p->lo), INT64_MAX) ||
      !guarded_bound(s, p->lo, INT64_MIN, prop_max(s, p->hi)))
    return PROP_FAILED;
  return prop_max(s, p->lo) <= prop_min(s, p->hi) ? PROP_ENTAILED : PROP_SUSPEND;
}

static const PropClass int_order_class = {"fp_int_order", int_order_propagate, PROP_PRIO_LINEAR, false};

static bool post_int_order(PropStore *s, PropVar lo, PropVar hi) {
  IntOrder *p = prop_propagator_new(s, &int_order_class, sizeof *p);
  p->lo = lo;
  p->hi = hi;
  prop_subscribe(s, &p->base, lo, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, hi, PROP_EV_BOUNDS);
  return prop_post(s, &p->base);
}

/* P(a) rel P(b) (rel: ==, <=, >=) for the outputs zp, zq of p, q. */
static bool post_outputs(PropStore *s, const FpiView *p, OpRel rel, PropVar zp, PropVar zq) {
  if (zp == zq) return true;
  if (p->kind != FPI_V_TO_INT) return fpi_post_order(s, p->kind == FPI_V_CONVERT ? p->to : p->f, rel, zp, zq);
  /* Integers as stored (no unsigned 64-bit: direction() excludes it). */
  if (rel == OP_GE) {
    PropVar t = zp;
    zp = zq;
    zq = t;
  }
  if (prop_max(s, zp) <= prop_min(s, zq) && rel != OP_EQ) return true;
  return post_int_order(s, zp, zq) && (rel != OP_EQ || post_int_order(s, zq, zp));
}

/* Rule 5 for a <= b (<, ==): the maps on a (or on extra_a, a variable
   known equal to a) against the same maps on b (or on extra_b). */
static bool pairs(PropStore *s, OpRel rel, PropVar a, PropVar b, PropVar extra_a, PropVar extra_b) {
  assert(rel == OP_LT || rel == OP_LE || rel == OP_EQ);
  Propagator *pa[8 * SUBS_CAP], *pb[8 * SUBS_CAP];
  int na = subscribers(s, a, pa), nb = -1;
  if (extra_a != a) na += subscribers(s, extra_a, pa + na);
  for (int i = 0; i < na; i++) {
    FpiView p;
    if (!fpi_view_arith(pa[i], &p) && !fpi_view_convert(pa[i], &p)) continue;
    for (int pos = 0; pos < 2; pos++) {
      int dir;
      if (pos == 1 && p.kind != FPI_V_ARITH) continue;
      if (!same_value(s, operand(&p, pos), a) || same_value(s, p.z, a) || (dir = direction(s, &p, pos)) == 0)
        continue;
      if (nb < 0) {
        nb = subscribers(s, b, pb);
        if (extra_b != b) nb += subscribers(s, extra_b, pb + nb);
      }
      for (int j = 0; j < nb; j++) {
        FpiView q;
        if (pb[j] == pa[i] || (!fpi_view_arith(pb[j], &q) && !fpi_view_convert(pb[j], &q))) continue;
        if (!same_value(s, operand(&q, pos), b) || same_value(s, q.z, b) || !same_map(s, &p, &q, pos)) continue;
        OpRel out = rel == OP_EQ ? OP_EQ : dir > 0 ? OP_LE : OP_GE;
        if (!post_outputs(s, &p, out, p.z, q.z)) return false;
      }
    }
  }
  return true;
}

/* Rule 5 for an order that is known (fpi_known: through one other value,
   n2 <= -b <= n1) rather than posted between the two operands: a and
   every operation q of the same map (the same op, the same other operand
   o, found among o's subscribers) on another operand, when the program
   compares the two outputs (on demand: posted for every pair, the orders
   of a loop's 100 products b * k cascaded, 10x slower on fm_shrank). */
static bool pairs_known(PropStore *s, const FpiView *a) {
  for (int pos = 0; pos < 2; pos++) {
    int dir = direction(s, a, pos);
    if (dir == 0) continue;
    PropVar o = operand(a, 1 - pos), xa = operand(a, pos);
    if (!no_nan(s, a->f, xa)) continue;
    Propagator *subs[4 * SUBS_CAP];
    int n = subscribers(s, o, subs);
    for (int i = 0; i < n; i++) {
      FpiView q;
      if (!fpi_view_arith(subs[i], &q) || same_value(s, q.z, a->z) || !same_map(s, a, &q, pos)) continue;
      PropVar xb = operand(&q, pos);
      if (!fpi_compared(s, a->z, q.z)) continue;
      if (same_value(s, xb, xa) || same_value(s, q.z, xb) || same_value(s, a->z, xa)) continue;
      if (fpi_known(s, a->f, OP_EQ, xa, xb)) {
        if (!fpi_post_order(s, a->f, OP_EQ, a->z, q.z)) return false;
      } else if (fpi_known(s, a->f, OP_LE, xa, xb)) {
        if (!fpi_post_order(s, a->f, dir > 0 ? OP_LE : OP_GE, a->z, q.z)) return false;
      } else if (fpi_known(s, a->f, OP_LE, xb, xa)) {
        if (!fpi_post_order(s, a->f, dir > 0 ? OP_LE : OP_GE, q.z, a->z)) return false;
      }
    }
  }
  return true;
}

bool fpi_relate_pairs(PropStore *s, const FpFormat *f, OpRel rel, PropVar a, PropVar b) {
  (void)f;
  if (rel == OP_GT || rel == OP_GE) return pairs(s, swap_rel(rel), b, a, b, a);
  return pairs(s, rel, a, b, a, b);
}

bool fpi_relate_posted(PropStore *s, const FpFormat *f, PropVar x) {
  (void)f;
  Propagator *subs[4 * SUBS_CAP];
  int n = subscribers(s, x, subs);
  for (int i = 0; i < n; i++) {
    FpiView v;
    if (!fpi_view_rel(s, subs[i], &v)) continue;
    bool left = same_value(s, v.x, x);
    if (!left && !same_value(s, v.y, x)) continue;
    PropVar a = left ? v.x : v.y, b = left ? v.y : v.x;   /* a rel' b, x known equal to a */
    OpRel rel = left ? v.rel : swap_rel(v.rel);
    bool ok = rel == OP_GT || rel == OP_GE ? pairs(s, swap_rel(rel), b, a, b, x) : pairs(s, rel, a, b, x, b);
    if (!ok) return false;
  }
  return true;
}
