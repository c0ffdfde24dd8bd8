/* fp_unary.c - z = -x, z = fabs(x), z = sqrt(x), and the bit pattern of x.
 *
 * Negation and fabs are exact maps on keys (no rounding): -x is the key
 * -1 - key(x) (NaN stays NaN), fabs(x) clears the sign.  So is the bit
 * pattern (fp_bits): keys and patterns of one sign are in the same order.
 * Their propagators map whole interval lists both ways, so they are as
 * strong as the domains.
 *
 * sqrt is monotone on [-0, +inf] (sqrt(-0) = -0), NaN below -0 and on NaN:
 *   1. forward: per piece, the results at the two ends (NaN for negatives);
 *   2. inverse: a negative piece or NaN stays when z may be NaN; -0 and
 *      +inf stay when their result is allowed; the positive part lies in
 *      [rl^2, rh^2] for R the reals that round into dom(z) (rounded out).
 *
 * Never: narrow a domain without the guard of fpi_narrow (sqrt).
 */
#include <assert.h>
#include <stdlib.h>

#include "fp_internal.h"

typedef struct FpUnary {
  Propagator base;
  const FpFormat *f;
  PropVar x, z;
} FpUnary;

/* ---- Exact maps of interval lists ------------------------------------------------- */

typedef struct KeyList {
  PropInterval *iv;
  int n, cap;
} KeyList;

static void list_add(KeyList *l, int64_t lo, int64_t hi) {
  if (lo > hi) return;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 16;
    l->iv = realloc(l->iv, (size_t)l->cap * sizeof *l->iv);
    assert(l->iv);
  }
  l->iv[l->n++] = (PropInterval){lo, hi};
}

static int by_lo(const void *a, const void *b) {
  const PropInterval *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Restricts v to the union of l (sorted and merged here); frees l. */
static bool restrict_to_list(PropStore *s, PropVar v, KeyList *l) {
  qsort(l->iv, (size_t)l->n, sizeof l->iv[0], by_lo);
  int k = 0;
  for (int i = 0; i < l->n; i++) {
    if (k > 0 && (prop_wide)l->iv[k - 1].hi + 1 >= l->iv[i].lo) {
      if (l->iv[i].hi > l->iv[k - 1].hi) l->iv[k - 1].hi = l->iv[i].hi;
    } else {
      l->iv[k++] = l->iv[i];
    }
  }
  PropDomain d = {l->iv, k, l->cap};
  bool ok = prop_restrict_domain(s, v, &d);
  free(l->iv);
  return ok;
}

/* The image of dom(x) under key map m: negation (abs = false) or fabs. */
static bool map_domain(PropStore *s, const FpFormat *f, PropVar from, PropVar to, bool abs) {
  KeyList l = {NULL, 0, 0};
  int64_t nan = fp_key_nan(f);
  int n = prop_interval_count(s, from);
  for (int i = 0; i < n; i++) {
    PropInterval a = prop_interval(s, from, i);
    if (a.hi == nan) {
      list_add(&l, nan, nan);
      a.hi--;
    }
    if (a.lo > a.hi) continue;
    int64_t nlo = a.lo, nhi = a.hi < -1 ? a.hi : -1;   /* the negative part */
    if (nlo <= nhi) list_add(&l, fp_key_neg(nhi), fp_key_neg(nlo));
    int64_t plo = a.lo > 0 ? a.lo : 0, phi = a.hi;      /* the non-negative part */
    if (plo <= phi) {
      if (abs) list_add(&l, plo, phi);
      else list_add(&l, fp_key_neg(phi), fp_key_neg(plo));
    }
  }
  return restrict_to_list(s, to, &l);
}

static PropStatus neg_propagate(PropStore *s, Propagator *base) {
  FpUnary *p = (FpUnary *)base;
  if (!map_domain(s, p->f, p->x, p->z, false) || !map_domain(s, p->f, p->z, p->x, false)) return PROP_FAILED;
  return prop_is_fixed(s, p->x) ? PROP_ENTAILED : PROP_SUSPEND;
}

/* fabs inverse: x within dom(z) (non-negative keys and NaN) and its negation. */
static bool abs_inverse(PropStore *s, const FpFormat *f, PropVar z, PropVar x) {
  KeyList l = {NULL, 0, 0};
  int64_t nan = fp_key_nan(f);
  int n = prop_interval_count(s, z);
  for (int i = 0; i < n; i++) {
    PropInterval a = prop_interval(s, z, i);
    if (a.hi == nan) {
      list_add(&l, nan, nan);
      a.hi--;
    }
    if (a.lo < 0) a.lo = 0;
    if (a.lo > a.hi) continue;
    list_add(&l, a.lo, a.hi);
    list_add(&l, fp_key_neg(a.hi), fp_key_neg(a.lo));
  }
  return restrict_to_list(s, x, &l);
}

static PropStatus abs_propagate(PropStore *s, Propagator *base) {
  FpUnary *p = (FpUnary *)base;
  if (!map_domain(s, p->f, p->x, p->z, true) || !abs_inverse(s, p->f, p->z, p->x)) return PROP_FAILED;
  return prop_is_fixed(s, p->x) ? PROP_ENTAILED : PROP_SUSPEND;
}

/* ---- sqrt ----------------------------------------------------------------------- */

/* Rule 1: forward, per piece (monotone inside each). */
static bool sqrt_forward(PropStore *s, const FpUnary *p) {
  const FpFormat *f = p->f;
  int64_t nan = fp_key_nan(f);
  FpiPiece px[FPI_KINDS];
  int nx = fpi_pieces(s, f, p->x, px);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < nx; i++) {
    int64_t a = fp_eval_sqrt(f, px[i].lo), b = fp_eval_sqrt(f, px[i].hi);
    if (fp_key_is_nan(f, a)) fpi_set_add(&set, nan, nan);
    else fpi_set_add(&set, a, b);
  }
  return fpi_narrow(s, f, p->z, &set);
}

static PropStatus sqrt_propagate(PropStore *s, Propagator *base) {
  FpUnary *p = (FpUnary *)base;
  const FpFormat *f = p->f;
  if (!sqrt_forward(s, p)) return PROP_FAILED;
  /* Rule 2: inverse. */
  FpiPiece px[FPI_KINDS];
  int nx = fpi_pieces(s, f, p->x, px);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < nx; i++) {
    const FpiPiece *pc = &px[i];
    if (pc->kind != FPI_POS) {   /* one value, or all NaN (negatives): keep if allowed */
      if (pc->lo == pc->hi || pc->kind == FPI_NEG) {
        int64_t r = fp_eval_sqrt(f, pc->lo);
        if (prop_has(s, p->z, r)) fpi_set_add(&set, pc->lo, pc->hi);
      }
      continue;
    }
    int64_t a = fp_eval_sqrt(f, pc->lo), b = fp_eval_sqrt(f, pc->hi), zl, zh;
    if (!fpi_first_in(s, p->z, a, b, &zl)) continue;
    bool ok = fpi_last_in(s, p->z, a, b, &zh);
    assert(ok);
    (void)ok;
    mpfr_t rl, rh, r;
    mpfr_inits2(FPI_WIDE_PREC(f), rl, rh, (mpfr_ptr)0);
    mpfr_init2(r, f->prec);
    fpi_preimage(f, zl, zh, rl, rh);
    if (mpfr_sgn(rl) < 0) mpfr_set_zero(rl, 1);
    mpfr_sqr(r, rl, MPFR_RNDU);
    int64_t lo = fpi_lower_key(f, r, false);
    mpfr_sqr(r, rh, MPFR_RNDD);
    int64_t hi = fpi_upper_key(f, r, false);
    mpfr_clears(rl, rh, r, (mpfr_ptr)0);
    fpi_set_add(&set, lo > pc->lo ? lo : pc->lo, hi < pc->hi ? hi : pc->hi);
  }
  if (!fpi_narrow(s, f, p->x, &set)) return PROP_FAILED;
  if (!prop_is_fixed(s, p->x)) return PROP_SUSPEND;
  return sqrt_forward(s, p) ? PROP_ENTAILED : PROP_FAILED;   /* the inverse may have fixed x */
}

/* ---- The bit pattern (fp_bits) ---------------------------------------------------
 * A pattern is stored as its integer type stores it: below 64 bits the
 * unsigned value, for binary64 the signed reinterpretation (include/inka/
 * arith.h).  With n = exp_bits + prec bits and h = 2^(n-1) patterns per
 * sign, the positive keys 0..inf_key are the patterns 0..inf_key, the
 * negative key -1 - m (magnitude m) is the pattern sign + m, where sign is
 * 2^(n-1) (or INT64_MIN for n = 64), and the one NaN key is every pattern
 * of a magnitude in (inf_key, h): a NaN's bits are any NaN's. */
typedef struct Bits {
  int64_t sign, top;   /* the first negative pattern; the largest magnitude, h - 1 */
} Bits;

static Bits bits_of(const FpFormat *f) {
  int n = f->exp_bits + f->prec;
  assert(n >= 4 && n <= 64);
  if (n == 64) return (Bits){INT64_MIN, INT64_MAX};
  return (Bits){(int64_t)1 << (n - 1), ((int64_t)1 << (n - 1)) - 1};
}

/* Patterns of the magnitudes [lo, hi] with sign base b (0 or B.sign). */
static void add_patterns(KeyList *l, int64_t base, int64_t lo, int64_t hi) {
  if (lo <= hi) list_add(l, (int64_t)((uint64_t)base + (uint64_t)lo), (int64_t)((uint64_t)base + (uint64_t)hi));
}

static bool bits_forward(PropStore *s, const FpFormat *f, PropVar x, PropVar z) {
  Bits B = bits_of(f);
  KeyList l = {NULL, 0, 0};
  int64_t nan = fp_key_nan(f);
  int n = prop_interval_count(s, x);
  for (int i = 0; i < n; i++) {
    PropInterval a = prop_interval(s, x, i);
    if (a.hi >= nan && a.lo <= nan) {
      add_patterns(&l, 0, f->inf_key + 1, B.top);
      add_patterns(&l, B.sign, f->inf_key + 1, B.top);
    }
    int64_t nlo = a.lo > fp_key_neg(f->inf_key) ? a.lo : fp_key_neg(f->inf_key), nhi = a.hi < -1 ? a.hi : -1;
    if (nlo <= nhi) add_patterns(&l, B.sign, fp_key_neg(nhi), fp_key_neg(nlo));
    int64_t plo = a.lo > 0 ? a.lo : 0, phi = a.hi < f->inf_key ? a.hi : f->inf_key;
    add_patterns(&l, 0, plo, phi);
  }
  return restrict_to_list(s, z, &l);
}

/* The magnitudes of the patterns [lo, hi] with sign base `base` (the
   patterns of that sign in [lo, hi]) into the keys they encode. */
static void add_keys(KeyList *l, const FpFormat *f, Bits B, int64_t base, int64_t lo, int64_t hi) {
  int64_t first = base, last = (int64_t)((uint64_t)base + (uint64_t)B.top);
  if (lo < first) lo = first;
  if (hi > last) hi = last;
  if (lo > hi) return;
  int64_t mlo = (int64_t)((uint64_t)lo - (uint64_t)base), mhi = (int64_t)((uint64_t)hi - (uint64_t)base);
  if (mhi > f->inf_key) list_add(l, fp_key_nan(f), fp_key_nan(f));
  if (mhi > f->inf_key) mhi = f->inf_key;
  if (mlo > mhi) return;
  if (base == 0) list_add(l, mlo, mhi);
  else list_add(l, fp_key_neg(mhi), fp_key_neg(mlo));
}

static bool bits_inverse(PropStore *s, const FpFormat *f, PropVar z, PropVar x) {
  Bits B = bits_of(f);
  KeyList l = {NULL, 0, 0};
  int n = prop_interval_count(s, z);
  for (int i = 0; i < n; i++) {
    PropInterval a = prop_interval(s, z, i);
    add_keys(&l, f, B, 0, a.lo, a.hi);
    add_keys(&l, f, B, B.sign, a.lo, a.hi);
  }
  return restrict_to_list(s, x, &l);
}

static PropStatus bits_propagate(PropStore *s, Propagator *base) {
  FpUnary *p = (FpUnary *)base;
  if (!bits_forward(s, p->f, p->x, p->z) || !bits_inverse(s, p->f, p->z, p->x)) return PROP_FAILED;
  return prop_is_fixed(s, p->x) ? PROP_ENTAILED : PROP_SUSPEND; /* a NaN's patterns are all NaN's */
}

static const PropClass neg_class = {"fp_neg", neg_propagate, PROP_PRIO_LINEAR, true};
static const PropClass abs_class = {"fp_abs", abs_propagate, PROP_PRIO_LINEAR, true};
static const PropClass sqrt_class = {"fp_sqrt", sqrt_propagate, PROP_PRIO_NONLINEAR, false};
static const PropClass bits_class = {"fp_bits", bits_propagate, PROP_PRIO_LINEAR, true};

/* The same map posted on x before (the translation numbers binary
   operations, not these): its output is z's value, key for key (all three
   are functions of the key of x, NaN included).  Posted as the row
   z - z' == 0 of an assignment, which unifies the two and through which
   fp_relate.c finds the relations of either (-b + s and -b - s). */
static bool same_as_posted(PropStore *s, const PropClass *cls, const FpFormat *f, PropVar x, PropVar z) {
  Propagator *subs[64];
  int n = prop_subscribers(s, x, subs, 64);
  for (int i = 0; i < n && i < 64; i++) {
    if (subs[i]->cls != cls) continue;
    const FpUnary *q = (const FpUnary *)subs[i];
    if (q->f != f || q->x != x || q->z == z || q->z == x) continue;
    static const int64_t coef[2] = {1, -1};
    PropVar zz[2] = {z, q->z};
    return op_linear(s, 2, coef, zz, OP_EQ, 0);
  }
  return true;
}

static bool post_unary(PropStore *s, const PropClass *cls, const FpFormat *f, PropVar x, PropVar z) {
  if (prop_failed(s)) return false;
  if (x != z && !same_as_posted(s, cls, f, x, z)) return false;
  FpUnary *p = prop_propagator_new(s, cls, sizeof *p);
  p->f = f;
  p->x = x;
  p->z = z;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}

bool fp_neg(PropStore *s, const FpFormat *f, PropVar x, PropVar z) { return post_unary(s, &neg_class, f, x, z); }
bool fp_abs(PropStore *s, const FpFormat *f, PropVar x, PropVar z) { return post_unary(s, &abs_class, f, x, z); }
bool fp_sqrt(PropStore *s, const FpFormat *f, PropVar x, PropVar z) { return post_unary(s, &sqrt_class, f, x, z); }
bool fp_bits(PropStore *s, const FpFormat *f, PropVar x, PropVar z) { return post_unary(s, &bits_class, f, x, z); }
