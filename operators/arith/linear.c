/* linear.c - linear constraints: sum(a_i * x_i) rel c (op_linear,
 * op_linear_wide) and binary relations x rel y (op_rel).
 *
 * Posting normalises the constraint (zero and duplicate terms, fixed terms
 * folded into c, <, >, >= turned into <=, coefficients divided by their gcd)
 * and then picks the cheapest propagator that is exact for the form (the
 * binary ones live in linear_pairs.c):
 *   - no term: decided at post; one term: a unary domain update at post;
 *   - x - y rel c (the pairs (1, -1) and (-1, 1)) and x + y rel c:
 *       != : wakes on FIX only, removes one value and is entailed (N-queens);
 *       <= : bounds, one pass (idempotent; x + y <= c takes the general form,
 *            which is exact on bounds too);
 *       == : bounds, and the interval lists mapped through y -> c -+ y when
 *            a domain has holes (domain consistent); x - y == 0 also unifies
 *            x and y (prop_unify);
 *       prop_same(x, y) decides x - y rel c (0 rel c) at post;
 *   - the general form: bounds consistency for <= and ==, sums in 128 bits
 *     (saturating: a saturated partial sum only ever skips a pruning), and
 *     for != a value removal once a single term is unfixed.
 * Once every variable is fixed, each propagator decides (entailed or failed).
 *
 * Never: an int64 overflow (all bound arithmetic is 128-bit), a pruning
 * that removes a solution.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "inka/arith.h"
#include "arith_wide.h"
#include "linear_internal.h"

/* ---- Helpers ----------------------------------------------------------------- */

bool lin_decide(PropStore *s, prop_wide v, LinRel rel, prop_wide c) {
  bool ok = rel == LIN_EQ ? v == c : rel == LIN_NE ? v != c : v <= c;
  if (ok) return !prop_failed(s);
  return arith_fail(s);
}

/* a * x <= bound, a != 0 */
static bool prune_le(PropStore *s, PropVar x, prop_wide a, prop_wide bound) {
  if (a > 0) return prop_set_max_wide(s, x, wide_floor_div(bound, a));
  return prop_set_min_wide(s, x, wide_ceil_div(bound, a));
}

/* a * x >= bound, a != 0 */
static bool prune_ge(PropStore *s, PropVar x, prop_wide a, prop_wide bound) {
  if (a > 0) return prop_set_min_wide(s, x, wide_ceil_div(bound, a));
  return prop_set_max_wide(s, x, wide_floor_div(bound, a));
}

static inline prop_wide term_lo(const PropStore *s, PropVar x, prop_wide a) {
  return a > 0 ? a * wlo(s, x) : a * whi(s, x);
}

static inline prop_wide term_hi(const PropStore *s, PropVar x, prop_wide a) {
  return a > 0 ? a * whi(s, x) : a * wlo(s, x);
}

/* ---- The general form: sum(a_i x_i) rel c ------------------------------------ */

typedef struct Linear {
  Propagator base;
  LinRel rel;
  bool dups;      /* a variable occurs in two terms: <= must loop too */
  int n;
  PropVar *x;
  prop_wide *a;
  prop_wide c;
} Linear;

/* Sum of the lower (upper) bounds of all terms; *sat when saturated. */
static prop_wide sum_lo(const PropStore *s, const Linear *p, int skip, bool *sat) {
  prop_wide t = 0;
  for (int i = 0; i < p->n; i++)
    if (i != skip) t = wide_sat_add(t, term_lo(s, p->x[i], p->a[i]), sat);
  return t;
}

static prop_wide sum_hi(const PropStore *s, const Linear *p, int skip, bool *sat) {
  prop_wide t = 0;
  for (int i = 0; i < p->n; i++)
    if (i != skip) t = wide_sat_add(t, term_hi(s, p->x[i], p->a[i]), sat);
  return t;
}

/* The sum of the other terms' lower (upper: hi) bounds, from the total when
   it is exact, else recomputed; false when it saturates (then skip). */
static bool rest_bound(const PropStore *s, const Linear *p, int i, bool hi,
                       prop_wide total, bool total_sat, prop_wide *out) {
  bool sat = false;
  if (!total_sat) {
    prop_wide own = hi ? term_hi(s, p->x[i], p->a[i]) : term_lo(s, p->x[i], p->a[i]);
    *out = wide_sat_sub(total, own, &sat);
  } else {
    *out = hi ? sum_hi(s, p, i, &sat) : sum_lo(s, p, i, &sat);
  }
  return !sat;
}

static PropStatus linear_ne(PropStore *s, Linear *p) {
  int unfixed = -1;
  bool sat = false;
  prop_wide fixed_sum = 0;
  for (int i = 0; i < p->n; i++) {
    if (!prop_is_fixed(s, p->x[i])) {
      if (unfixed >= 0) return PROP_SUSPEND;   /* two unfixed: nothing to do */
      unfixed = i;
      continue;
    }
    fixed_sum = wide_sat_add(fixed_sum, p->a[i] * prop_value(s, p->x[i]), &sat);
  }
  /* Rule: all fixed => decide. */
  if (unfixed < 0) return !sat && fixed_sum == p->c ? PROP_FAILED : PROP_ENTAILED;
  /* Rule: one unfixed term a*x => x != (c - rest) / a when it divides. */
  if (sat) return PROP_ENTAILED;   /* |rest| beyond any reachable a*x */
  prop_wide r = wide_sat_sub(p->c, fixed_sum, &sat);
  prop_wide a = p->a[unfixed];
  if (!sat && r % a == 0 && wide_fits_i64(r / a)) {
    if (!prop_remove(s, p->x[unfixed], (int64_t)(r / a))) return PROP_FAILED;
  }
  return PROP_ENTAILED;
}

static bool bounds_changed(const PropStore *s, PropVar x, int64_t lo, int64_t hi) {
  return prop_min(s, x) != lo || prop_max(s, x) != hi;
}

/* Rule 0: with more than two terms of which only two are still unfixed,
   the constraint is posted again on those two (op_linear folds the fixed
   ones into c): x - y == 0 then unifies x and y, x - y <= c joins the
   difference graph of the negative-cycle check.  The residual says exactly
   what this one says in every solution, so this one is entailed. */
static bool repost_pair(PropStore *s, const Linear *p, bool *reposted) {
  *reposted = false;
  if (p->n <= 2) return true;
  int unfixed[2], k = 0;
  for (int i = 0; i < p->n; i++)
    if (!prop_is_fixed(s, p->x[i])) {
      if (k == 2) return true;
      unfixed[k++] = i;
    }
  if (k != 2) return true;
  bool sat = false;
  prop_wide c = p->c;
  for (int i = 0; i < p->n; i++)
    if (prop_is_fixed(s, p->x[i])) c = wide_sat_sub(c, p->a[i] * prop_value(s, p->x[i]), &sat);
  if (sat || !wide_fits_i64(c) || !wide_fits_i64(p->a[unfixed[0]]) || !wide_fits_i64(p->a[unfixed[1]])) return true;
  int64_t a[2] = {(int64_t)p->a[unfixed[0]], (int64_t)p->a[unfixed[1]]};
  PropVar x[2] = {p->x[unfixed[0]], p->x[unfixed[1]]};
  *reposted = true;
  return op_linear(s, 2, a, x, p->rel == LIN_EQ ? OP_EQ : OP_LE, (int64_t)c);
}

/* Rule 5 (==): the sum holds modulo 2^64 and every odd number too
   (congruences). */
static bool linear_congruence(PropStore *s, const Linear *p) {
  enum { MAX = 8 };
  uint64_t a[MAX];
  if (p->n > MAX) return true;
  for (int i = 0; i < p->n; i++) a[i] = (uint64_t)p->a[i];   /* the low 64 bits */
  return op_congruence_sum(s, p->n, a, p->x, (uint64_t)-p->c, 64) && op_odd_congruence_sum(s, p->n, p->a, p->x, p->c);
}

static int fixed_terms(const PropStore *s, const Linear *p) {
  int k = 0;
  for (int i = 0; i < p->n; i++) k += prop_is_fixed(s, p->x[i]);
  return k;
}

static PropStatus linear_run(PropStore *s, Linear *p);

/* The class is idempotent, so its own prunings do not wake it: a variable
   that this run fixed (bounds, or a congruence snapping a domain to one
   value) is known exactly only to the rules after that point.  Rules 0 and
   5 use fixed terms, so the run is repeated while it fixes more of them
   (4*x + y - z == 1 with y fixed by the bounds: z == 4*x + y - 1 mod 4). */
static PropStatus linear_propagate(PropStore *s, Propagator *base) {
  Linear *p = (Linear *)base;
  if (p->rel == LIN_NE) return linear_ne(s, p);
  for (;;) {
    int fixed = fixed_terms(s, p);
    PropStatus st = linear_run(s, p);
    if (st != PROP_SUSPEND || fixed_terms(s, p) == fixed) return st;
  }
}

static PropStatus linear_run(PropStore *s, Linear *p) {
  bool reposted;
  if (!repost_pair(s, p, &reposted)) return PROP_FAILED;
  if (reposted) return PROP_ENTAILED;
  if (p->rel == LIN_EQ && !linear_congruence(s, p)) return PROP_FAILED;
  for (;;) {
    bool lsat = false, hsat = false, changed = false;
    prop_wide L = sum_lo(s, p, -1, &lsat), H = sum_hi(s, p, -1, &hsat);
    /* Rule 1: the smallest sum exceeds c => fail (for == also: largest below c). */
    if (L > p->c) return PROP_FAILED;
    if (p->rel == LIN_EQ && H < p->c) return PROP_FAILED;
    /* Rule 2: entailment. */
    if (p->rel == LIN_LE && H <= p->c) return PROP_ENTAILED;
    if (p->rel == LIN_EQ && L == p->c && H == p->c && !lsat && !hsat) return PROP_ENTAILED;
    for (int i = 0; i < p->n; i++) {
      PropVar x = p->x[i];
      int64_t lo = prop_min(s, x), hi = prop_max(s, x);
      prop_wide rest;
      /* Rule 3: a_i x_i <= c - (sum of the other lower bounds). */
      if (rest_bound(s, p, i, false, L, lsat, &rest)) {
        bool sat = false;
        prop_wide b = wide_sat_sub(p->c, rest, &sat);
        if (!sat && !prune_le(s, x, p->a[i], b)) return PROP_FAILED;
      }
      /* Rule 4 (==): a_i x_i >= c - (sum of the other upper bounds). */
      if (p->rel == LIN_EQ && rest_bound(s, p, i, true, H, hsat, &rest)) {
        bool sat = false;
        prop_wide b = wide_sat_sub(p->c, rest, &sat);
        if (!sat && !prune_ge(s, x, p->a[i], b)) return PROP_FAILED;
      }
      if (bounds_changed(s, x, lo, hi)) changed = true;
    }
    /* <= is idempotent in one pass (unless a variable occurs twice);
       == loops to its fixpoint. */
    if (!changed || (p->rel == LIN_LE && !p->dups)) break;
  }
  return PROP_SUSPEND;
}

static const PropClass linear_class = {"linear", linear_propagate, PROP_PRIO_LINEAR, true};

/* ---- Posting ------------------------------------------------------------------ */

typedef struct Term {
  PropVar x;
  prop_wide a;
} Term;

typedef struct Terms {
  int n;
  Term *t;
  bool dups;      /* a variable occurs twice (coefficients too big to merge) */
} Terms;

static int cmp_term(const void *l, const void *r) {
  const Term *a = l, *b = r;
  return a->x < b->x ? -1 : a->x > b->x;
}

/* Merges duplicate variables (while the coefficient stays within 2^63),
   drops zero coefficients, folds fixed terms into *c while c stays far from
   the 128-bit limits. */
static void normalize_terms(PropStore *s, Terms *t, prop_wide *c) {
  qsort(t->t, (size_t)t->n, sizeof *t->t, cmp_term);
  int m = 0;
  for (int i = 0; i < t->n; i++) {
    Term cur = t->t[i];
    if (m > 0 && t->t[m - 1].x == cur.x) {
      prop_wide sum = t->t[m - 1].a + cur.a;
      if (wabs(sum) <= WIDE_I64_MAX + 1) {
        t->t[m - 1].a = sum;
        continue;
      }
      t->dups = true;
    }
    t->t[m++] = cur;
  }
  int k = 0;
  for (int i = 0; i < m; i++) {
    Term cur = t->t[i];
    if (cur.a == 0) continue;
    if (prop_is_fixed(s, cur.x)) {
      prop_wide nc = *c - cur.a * prop_value(s, cur.x);   /* |a * v| <= 2^126 */
      if (wabs(*c) < WIDE_POW2(125) && wabs(nc) < WIDE_POW2(125)) {
        *c = nc;
        continue;
      }
    }
    t->t[k++] = cur;
  }
  t->n = k;
}

/* One term a*x rel c: a domain update. */
static bool post_unary(PropStore *s, PropVar x, prop_wide a, LinRel rel, prop_wide c) {
  switch (rel) {
  case LIN_EQ:
    if (c % a != 0) return prop_set_min_wide(s, x, WIDE_MAX);
    return prop_set_min_wide(s, x, c / a) && prop_set_max_wide(s, x, c / a);
  case LIN_NE:
    if (c % a != 0 || !wide_fits_i64(c / a)) return !prop_failed(s);
    return prop_remove(s, x, (int64_t)(c / a));
  case LIN_LE:
    return prune_le(s, x, a, c);
  }
  return false;
}

static bool post_general(PropStore *s, const Terms *t, LinRel rel, prop_wide c);

/* Divides by the gcd of the coefficients, then picks the propagator. */
static bool post_terms(PropStore *s, Terms *t, LinRel rel, prop_wide c) {
  prop_wide g = 0;
  for (int i = 0; i < t->n; i++) g = wide_gcd(g, t->t[i].a);
  if (g > 1) {
    for (int i = 0; i < t->n; i++) t->t[i].a /= g;
    if (rel == LIN_LE) c = wide_floor_div(c, g);
    else if (c % g != 0) return rel == LIN_NE ? true : arith_fail(s);   /* == never holds */
    else c /= g;
  }
  const Term *a = t->t;
  if (t->n == 0) return lin_decide(s, 0, rel, c);
  if (t->n == 1) return post_unary(s, a[0].x, a[0].a, rel, c);
  if (t->n == 2 && a[0].a == 1 && a[1].a == -1) return lin_post_diff(s, a[0].x, a[1].x, rel, c);
  if (t->n == 2 && a[0].a == -1 && a[1].a == 1) return lin_post_diff(s, a[1].x, a[0].x, rel, c);
  /* x + y == c, x + y != c (and their negations): the pair forms */
  if (t->n == 2 && a[0].a == a[1].a && (a[0].a == 1 || a[0].a == -1) && rel != LIN_LE) {
    prop_wide cc = a[0].a == 1 ? c : -c;
    return rel == LIN_EQ ? lin_post_pair_eq(s, a[0].x, 1, a[1].x, cc) : lin_post_pair_ne(s, a[0].x, 1, a[1].x, cc);
  }
  return post_general(s, t, rel, c);
}

static bool post_general(PropStore *s, const Terms *t, LinRel rel, prop_wide c) {
  Linear *p = prop_propagator_new(s, &linear_class, sizeof *p);
  p->rel = rel;
  p->n = t->n;
  p->c = c;
  p->dups = t->dups;
  p->x = prop_alloc(s, (size_t)t->n * sizeof *p->x);
  p->a = prop_alloc(s, (size_t)t->n * sizeof *p->a);
  for (int i = 0; i < t->n; i++) {
    p->x[i] = t->t[i].x;
    p->a[i] = t->t[i].a;
  }
  int ev = rel == LIN_NE ? PROP_EV_FIX : PROP_EV_BOUNDS;
  for (int i = 0; i < t->n; i++) prop_subscribe(s, &p->base, p->x[i], ev);
  prop_add_linear(s, &p->base);   /* the relaxation reads <= and ==, gauss.c all three */
  return prop_post(s, &p->base);
}

/* ---- The rows of the linear relaxation ------------------------------------------ */
bool op_linear_row(const Propagator *base, OpRow *row) {
  if (lin_pair_row(base, row)) return true;
  if (base->cls != &linear_class) return false;
  const Linear *p = (const Linear *)base;
  if (p->rel == LIN_NE || p->n > OP_ROW_MAX) return false;
  row->n = p->n;
  row->c = p->c;
  row->eq = p->rel == LIN_EQ;
  for (int i = 0; i < p->n; i++) {
    row->x[i] = p->x[i];
    row->a[i] = p->a[i];
  }
  return true;
}

bool lin_row_rel(const Propagator *base, OpRow *row, LinRel *rel) {
  if (lin_pair_ne_row(base, row)) {
    *rel = LIN_NE;
    return true;
  }
  if (lin_pair_row(base, row)) {
    *rel = row->eq ? LIN_EQ : LIN_LE;
    return true;
  }
  if (base->cls != &linear_class) return false;
  const Linear *p = (const Linear *)base;
  if (p->n > OP_ROW_MAX) return false;
  row->n = p->n;
  row->c = p->c;
  row->eq = p->rel == LIN_EQ;
  for (int i = 0; i < p->n; i++) {
    row->x[i] = p->x[i];
    row->a[i] = p->a[i];
  }
  *rel = p->rel;
  return true;
}

bool op_linear_wide(PropStore *s, int n, const int64_t *coef, const PropVar *xs, OpRel rel,
                    prop_wide c) {
  if (prop_failed(s)) return false;
  assert(n >= 0);
  assert(c > WIDE_MIN + 2 && c < WIDE_MAX - 2);
  Terms t = {n, malloc((size_t)(n ? n : 1) * sizeof(Term)), false};
  if (!t.t) abort();
  for (int i = 0; i < n; i++) t.t[i] = (Term){xs[i], coef[i]};
  /* <, >, >= become <= (negating when needed); c stays exact in 128 bits */
  LinRel lr = LIN_LE;
  bool negate = false;
  switch (rel) {
  case OP_EQ: lr = LIN_EQ; break;
  case OP_NE: lr = LIN_NE; break;
  case OP_LE: break;
  case OP_LT: c -= 1; break;
  case OP_GE: negate = true; break;
  case OP_GT: negate = true; c += 1; break;
  }
  if (negate) {
    for (int i = 0; i < n; i++) t.t[i].a = -t.t[i].a;
    c = -c;
  }
  normalize_terms(s, &t, &c);
  bool ok = post_terms(s, &t, lr, c);
  free(t.t);
  return ok && prop_propagate(s);   /* callers outside propagation get a fixpoint */
}

bool op_linear(PropStore *s, int n, const int64_t *coef, const PropVar *x, OpRel rel, int64_t c) {
  return op_linear_wide(s, n, coef, x, rel, c);
}

bool op_rel(PropStore *s, PropVar x, OpRel rel, PropVar y) {
  if (prop_failed(s)) return false;
  /* x rel y is x - y rel 0: straight to the binary propagators. */
  bool ok = false;
  switch (rel) {
  case OP_EQ: ok = lin_post_diff(s, x, y, LIN_EQ, 0); break;
  case OP_NE: ok = lin_post_diff(s, x, y, LIN_NE, 0); break;
  case OP_LE: ok = lin_post_diff(s, x, y, LIN_LE, 0); break;
  case OP_LT: ok = lin_post_diff(s, x, y, LIN_LE, -1); break;
  case OP_GE: ok = lin_post_diff(s, y, x, LIN_LE, 0); break;
  case OP_GT: ok = lin_post_diff(s, y, x, LIN_LE, -1); break;
  }
  return ok && prop_propagate(s);
}
