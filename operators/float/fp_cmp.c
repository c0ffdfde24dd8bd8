/* fp_cmp.c - comparisons of floats: b <=> (x rel y) with C semantics
 * (fp_compare): NaN is unordered (every relation false except !=), and
 * -0 == +0.
 *
 * A relation is a pair (rel, nan_ok): it holds when x and y are ordered and
 * x rel y, or when one is NaN and nan_ok.  C's == < <= > >= have nan_ok
 * false, != is (NE, true), and the negation of (rel, nan_ok) is
 * (negated rel, !nan_ok), so b = 0 posts a relation of the same kind.
 * Orders compare RANKS: the key with the two zeros merged into 0.
 *
 * Rules of a relation (FpRel):
 *   1. not nan_ok: NaN is removed from x and y;
 *   2. x's ordered values are bounded by y's ordered values (an order), lie
 *      in y's values with both zeros when one is there (==), or lose y's
 *      only rank (!=) -- unless nan_ok and y may be NaN, which supports any x;
 *      the same for y;
 *   3. entailed when its negation is impossible.
 * An order also posts the order of the keys (post_key_order).
 * A variable compared with itself is one value, not two: x != x holds
 * exactly when x is NaN, x == x (<=, >=) when it is not, x < x never.
 * Rules of the reified comparison:
 *   1. b fixed: post the relation or its negation, entailed;
 *   2. the domains make the relation or its negation impossible: fix b.
 *
 * Never: treat -0 and +0 as different values, or NaN as ordered.
 */
#include <assert.h>

#include "fp_internal.h"

typedef struct Rel {
  OpRel rel;
  bool nan_ok;
} Rel;

static Rel negate(Rel r) {
  static const OpRel neg[] = {[OP_EQ] = OP_NE, [OP_NE] = OP_EQ, [OP_LT] = OP_GE,
                              [OP_LE] = OP_GT, [OP_GT] = OP_LE, [OP_GE] = OP_LT};
  return (Rel){neg[r.rel], !r.nan_ok};
}

static int64_t rank(int64_t key) { return key < 0 ? key + 1 : key; }
static int64_t largest_key_of_rank(int64_t r) { return r >= 0 ? r : r - 1; }
static int64_t smallest_key_of_rank(int64_t r) { return r > 0 ? r : r - 1; }

/* The ordered part of a domain: its non-NaN keys. */
typedef struct Ordered {
  bool any, nan;
  int64_t lo, hi;       /* smallest and largest non-NaN key */
} Ordered;

static Ordered ordered(const PropStore *s, const FpFormat *f, PropVar x) {
  Ordered o = {false, prop_has(s, x, fp_key_nan(f)), 0, 0};
  int64_t ninf = fp_key_neg(f->inf_key);
  o.any = fpi_first_in(s, x, ninf, f->inf_key, &o.lo);
  if (o.any) fpi_last_in(s, x, ninf, f->inf_key, &o.hi);
  return o;
}

/* One rank only (a fixed value or the two zeros)? */
static bool single_rank(const Ordered *o) { return rank(o->lo) == rank(o->hi); }

/* Do the ordered parts share a value (-0 == +0)? */
static bool values_meet(const PropStore *s, PropVar x, PropVar y, const Ordered *ox, const Ordered *oy) {
  if (fpi_meets(s, x, -1, 0) && fpi_meets(s, y, -1, 0)) return true;
  int n = prop_interval_count(s, x);
  for (int i = 0; i < n; i++) {
    PropInterval a = prop_interval(s, x, i);
    int64_t lo = a.lo > oy->lo ? a.lo : oy->lo, hi = a.hi < oy->hi ? a.hi : oy->hi;
    if (hi > ox->hi) hi = ox->hi;
    if (lo <= hi && fpi_meets(s, y, lo, hi)) return true;
  }
  return false;
}

/* x rel x: NaN when nan_ok, every ordered value when rel is reflexive
   (y != y holds exactly for NaN, y == y for every other value). */
static bool reflexive(OpRel rel) { return rel == OP_EQ || rel == OP_LE || rel == OP_GE; }

static bool possible_self(const PropStore *s, const FpFormat *f, Rel r, PropVar x) {
  Ordered o = ordered(s, f, x);
  return (r.nan_ok && o.nan) || (reflexive(r.rel) && o.any);
}

static bool prune_self(PropStore *s, const FpFormat *f, Rel r, PropVar x) {
  FpiSet set;
  fpi_set_init(&set);
  if (r.nan_ok) fpi_set_add(&set, fp_key_nan(f), fp_key_nan(f));
  if (reflexive(r.rel)) fpi_set_add(&set, fp_key_neg(f->inf_key), f->inf_key);
  return fpi_narrow(s, f, x, &set);
}

/* Can (x, y) satisfy r? */
static bool possible(const PropStore *s, const FpFormat *f, Rel r, PropVar x, PropVar y) {
  if (x == y) return possible_self(s, f, r, x);
  Ordered ox = ordered(s, f, x), oy = ordered(s, f, y);
  if (r.nan_ok && (ox.nan || oy.nan)) return true;
  if (!ox.any || !oy.any) return false;
  switch (r.rel) {
  case OP_LT: return rank(ox.lo) < rank(oy.hi);
  case OP_LE: return rank(ox.lo) <= rank(oy.hi);
  case OP_GT: return rank(ox.hi) > rank(oy.lo);
  case OP_GE: return rank(ox.hi) >= rank(oy.lo);
  case OP_EQ: return values_meet(s, x, y, &ox, &oy);
  case OP_NE: return !(single_rank(&ox) && single_rank(&oy) && rank(ox.lo) == rank(oy.lo));
  }
  return true;
}

/* Rule 2 for x against y (rel as x rel y). */
static bool prune(PropStore *s, const FpFormat *f, Rel r, PropVar x, PropVar y) {
  Ordered oy = ordered(s, f, y);
  if (r.nan_ok && oy.nan) return true;   /* y = NaN supports every x */
  int64_t nan = fp_key_nan(f), ninf = fp_key_neg(f->inf_key);
  FpiSet set;
  fpi_set_init(&set);
  if (r.nan_ok) fpi_set_add(&set, nan, nan);
  if (oy.any) {
    switch (r.rel) {
    case OP_LT: fpi_set_add(&set, ninf, largest_key_of_rank(rank(oy.hi) - 1)); break;
    case OP_LE: fpi_set_add(&set, ninf, largest_key_of_rank(rank(oy.hi))); break;
    case OP_GT: fpi_set_add(&set, smallest_key_of_rank(rank(oy.lo) + 1), f->inf_key); break;
    case OP_GE: fpi_set_add(&set, smallest_key_of_rank(rank(oy.lo)), f->inf_key); break;
    case OP_EQ: {
      int n = prop_interval_count(s, y);
      for (int i = 0; i < n; i++) {   /* (a set too long becomes its hull) */
        PropInterval a = prop_interval(s, y, i);
        fpi_set_add(&set, a.lo, a.hi < f->inf_key ? a.hi : f->inf_key);
      }
      if (fpi_meets(s, y, -1, 0)) fpi_set_add(&set, -1, 0);
      break;
    }
    case OP_NE:
      if (!single_rank(&oy)) return true;
      if (rank(oy.lo) == 0) {
        fpi_set_add(&set, ninf, -2);
        fpi_set_add(&set, 1, f->inf_key);
      } else {
        fpi_set_add(&set, ninf, oy.lo - 1);
        fpi_set_add(&set, oy.lo + 1, f->inf_key);
      }
      break;
    }
  }
  return fpi_narrow(s, f, x, &set);
}

static OpRel swap(OpRel r) {
  switch (r) {
  case OP_LT: return OP_GT;
  case OP_LE: return OP_GE;
  case OP_GT: return OP_LT;
  case OP_GE: return OP_LE;
  default: return r;
  }
}

/* ---- The relation ------------------------------------------------------------- */

typedef struct FpRel {
  Propagator base;
  const FpFormat *f;
  Rel r;
  PropVar x, y;
} FpRel;

static PropStatus rel_propagate(PropStore *s, Propagator *base) {
  FpRel *p = (FpRel *)base;
  Rel ry = {swap(p->r.rel), p->r.nan_ok};   /* y rel' x */
  if (p->x == p->y) {
    if (!prune_self(s, p->f, p->r, p->x)) return PROP_FAILED;
  } else if (!prune(s, p->f, p->r, p->x, p->y) || !prune(s, p->f, ry, p->y, p->x)) return PROP_FAILED;
  if (!possible(s, p->f, p->r, p->x, p->y)) return PROP_FAILED;
  return possible(s, p->f, negate(p->r), p->x, p->y) ? PROP_SUSPEND : PROP_ENTAILED;
}

static const PropClass rel_class = {"fp_rel", rel_propagate, PROP_PRIO_LINEAR, false};

/* An order between ordered values is an order between their keys, off by
   one at the two zeros (-0 < +0 as keys, equal as values): x < y implies
   key(x) - key(y) <= -1, x <= y implies <= 1, x == y both ways <= 1.
   Posted as integer differences, so a cycle (a < b && b < a) is refuted
   by the negative-cycle check instead of narrowing 2^64 keys. */
static bool post_key_order(PropStore *s, Rel r, PropVar x, PropVar y) {
  if (r.nan_ok || x == y) return true;
  static const int64_t coef[2] = {1, -1};
  PropVar xy[2] = {x, y}, yx[2] = {y, x};
  switch (r.rel) {
  case OP_LT: return op_linear(s, 2, coef, xy, OP_LE, -1);
  case OP_LE: return op_linear(s, 2, coef, xy, OP_LE, 1);
  case OP_GT: return op_linear(s, 2, coef, yx, OP_LE, -1);
  case OP_GE: return op_linear(s, 2, coef, yx, OP_LE, 1);
  case OP_EQ: return op_linear(s, 2, coef, xy, OP_LE, 1) && op_linear(s, 2, coef, yx, OP_LE, 1);
  default: return true;
  }
}

/* An order (not nan_ok, not !=) also relates the results of monotone
   operations on x and y (fp_relate.c). */
static bool conflicts(const PropStore *s, OpRel rel, PropVar x, PropVar y);

/* A known order (fpi_known: posted, derived, through one other value or a
   copy) that no ordered pair satisfies together with x rel y. */
static bool known_against(const PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y) {
  switch (rel) {
  case OP_EQ: return fpi_known(s, f, OP_LT, x, y) || fpi_known(s, f, OP_GT, x, y);
  case OP_NE: return fpi_known(s, f, OP_EQ, x, y);
  case OP_LT: return fpi_known(s, f, OP_GE, x, y);
  case OP_LE: return fpi_known(s, f, OP_GT, x, y);
  case OP_GT: return fpi_known(s, f, OP_LE, x, y);
  case OP_GE: return fpi_known(s, f, OP_LT, x, y);
  }
  return false;
}

/* derived: a relation fp_relate.c deduced, posted without the key
   differences, whose unguarded one-key steps against the arithmetic
   propagators would converge slowly (contradictions between relations are
   caught by conflicts() and known_against() instead). */
static bool post_rel(PropStore *s, const FpFormat *f, Rel r, PropVar x, PropVar y, bool derived) {
  bool ordered_only = !r.nan_ok || (!prop_has(s, x, fp_key_nan(f)) && !prop_has(s, y, fp_key_nan(f)));
  if (x != y && ordered_only && (conflicts(s, r.rel, x, y) || known_against(s, f, r.rel, x, y)))
    return prop_set_min(s, x, prop_max(s, x) + 1);   /* fails the store */
  if (!derived && !post_key_order(s, r, x, y)) return false;
  FpRel *p = prop_propagator_new(s, &rel_class, sizeof *p);
  p->f = f;
  p->r = r;
  p->x = x;
  p->y = y;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  if (!prop_post(s, &p->base)) return false;
  if (r.nan_ok || r.rel == OP_NE || x == y) return true;
  return fpi_relate_pairs(s, f, r.rel, x, y);
}

bool fpi_view_rel(const PropStore *s, const Propagator *p, FpiView *v) {
  if (p->cls != &rel_class) return false;
  const FpRel *r = (const FpRel *)p;
  if (r->r.rel == OP_NE) return false;   /* not an order */
  /* x >= y or NaN (a negated <): an order once neither can be NaN. */
  int64_t nan = fp_key_nan(r->f);
  if (r->r.nan_ok && (prop_has(s, r->x, nan) || prop_has(s, r->y, nan))) return false;
  *v = (FpiView){.kind = FPI_V_REL, .f = r->f, .rel = r->r.rel, .x = r->x, .y = r->y};
  return true;
}

/* ---- The reified comparison ------------------------------------------------------ */

typedef struct FpReify {
  Propagator base;
  const FpFormat *f;
  Rel r;
  PropVar x, y, b;
} FpReify;

/* 1 when an order known to hold (fpi_known; no NaN) implies x rel y, 0
   when one excludes it, -1 otherwise.  Each C relation is decided by two
   orders: one that implies it, and its complement among ordered values. */
static int known_outcome(const PropStore *s, const FpReify *p) {
  if (p->x == p->y) return -1;
  static const OpRel holds[][2] = {[OP_EQ] = {OP_EQ, OP_EQ}, [OP_NE] = {OP_LT, OP_GT},
                                   [OP_LT] = {OP_LT, OP_LT}, [OP_LE] = {OP_LE, OP_LE},
                                   [OP_GT] = {OP_GT, OP_GT}, [OP_GE] = {OP_GE, OP_GE}};
  static const OpRel fails[][2] = {[OP_EQ] = {OP_LT, OP_GT}, [OP_NE] = {OP_EQ, OP_EQ},
                                   [OP_LT] = {OP_GE, OP_GE}, [OP_LE] = {OP_GT, OP_GT},
                                   [OP_GT] = {OP_LE, OP_LE}, [OP_GE] = {OP_LT, OP_LT}};
  OpRel rel = p->r.rel;
  for (int i = 0; i < 2; i++) {
    if (fpi_known(s, p->f, holds[rel][i], p->x, p->y)) return 1;
    if (fpi_known(s, p->f, fails[rel][i], p->x, p->y)) return 0;
  }
  return -1;
}

static PropStatus reify_propagate(PropStore *s, Propagator *base) {
  FpReify *p = (FpReify *)base;
  /* Rule 1: b decides. */
  if (prop_is_fixed(s, p->b)) {
    Rel r = prop_value(s, p->b) ? p->r : negate(p->r);
    return post_rel(s, p->f, r, p->x, p->y, false) ? PROP_ENTAILED : PROP_FAILED;
  }
  /* Rule 2: the domains decide. */
  if (!possible(s, p->f, p->r, p->x, p->y)) return prop_fix(s, p->b, 0) ? PROP_ENTAILED : PROP_FAILED;
  if (!possible(s, p->f, negate(p->r), p->x, p->y)) return prop_fix(s, p->b, 1) ? PROP_ENTAILED : PROP_FAILED;
  /* Rule 3: a posted order decides. */
  int known = known_outcome(s, p);
  if (known >= 0) return prop_fix(s, p->b, known) ? PROP_ENTAILED : PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass reify_class = {"fp_reify", reify_propagate, PROP_PRIO_LINEAR, true};

bool fpi_is_compare(const Propagator *p) { return p->cls == &reify_class; }

bool fpi_compared(const PropStore *s, PropVar x, PropVar y) {
  Propagator *subs[64];
  int n = prop_subscribers(s, x, subs, 64);
  for (int i = 0; i < n && i < 64; i++) {
    if (subs[i]->cls != &reify_class) continue;
    const FpReify *q = (const FpReify *)subs[i];
    if ((q->x == x && q->y == y) || (q->x == y && q->y == x)) return true;
  }
  return false;
}

/* Wakes the comparisons of x and y (a posted order may decide them, which
   their domains need not show). */
static void wake_compares(PropStore *s, PropVar x) {
  Propagator *subs[64];
  int n = prop_subscribers(s, x, subs, 64);
  for (int i = 0; i < n && i < 64; i++)
    if (subs[i]->cls == &reify_class && subs[i]->state != PROP_STATE_ENTAILED) prop_wake(s, subs[i]);
}

/* Does x rel y hold when x and y compare as c (-1: x < y, 0: ==, 1: x > y)? */
static bool holds_at(OpRel rel, int c) {
  switch (rel) {
  case OP_EQ: return c == 0;
  case OP_NE: return c != 0;
  case OP_LT: return c < 0;
  case OP_LE: return c <= 0;
  case OP_GT: return c > 0;
  case OP_GE: return c >= 0;
  }
  return true;
}

/* A posted relation between x and y that no ordered pair satisfies
   together with x rel y (a nan_ok one too: NaN is excluded here). */
static bool conflicts(const PropStore *s, OpRel rel, PropVar x, PropVar y) {
  Propagator *subs[64];
  int n = prop_subscribers(s, x, subs, 64);
  for (int i = 0; i < n && i < 64; i++) {
    if (subs[i]->cls != &rel_class) continue;
    const FpRel *q = (const FpRel *)subs[i];
    OpRel other;
    if (q->x == x && q->y == y) other = q->r.rel;
    else if (q->x == y && q->y == x) other = swap(q->r.rel);
    else continue;
    bool together = false;
    for (int c = -1; c <= 1; c++) together = together || (holds_at(rel, c) && holds_at(other, c));
    if (!together) return true;
  }
  return false;
}

bool fpi_post_order(PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y) {
  assert(rel != OP_NE);
  if (prop_failed(s)) return false;
  if (x == y || fpi_known(s, f, rel, x, y)) return true;
  if (!post_rel(s, f, (Rel){rel, false}, x, y, true)) return false;
  wake_compares(s, x);
  return true;
}

bool fp_compare(PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y, PropVar b) {
  if (prop_failed(s)) return false;
  if (!prop_restrict_range(s, b, 0, 1)) return false;
  FpReify *p = prop_propagator_new(s, &reify_class, sizeof *p);
  p->f = f;
  p->r = (Rel){rel, rel == OP_NE};
  p->x = x;
  p->y = y;
  p->b = b;
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}
