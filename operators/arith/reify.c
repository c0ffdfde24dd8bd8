/* reify.c - reified comparison: b <=> (x rel y), b boolean (op_reify).
 *
 * Rules, in order:
 *   1. prop_same(x, y): the comparison is 0 rel 0, b is fixed at post;
 *   2. b fixed: post x rel y (b = 1) or its negation (b = 0) and be entailed;
 *   3. the domains decide the comparison (bounds for the orders; for == and
 *      != also disjoint interval lists): fix b and be entailed.
 * Once x and y are fixed, rule 3 always decides.
 *
 * Never: wake on more than it needs (b: FIX; x, y: BOUNDS for orders,
 * DOMAIN for equalities), or leave b unfixed when x and y are fixed.
 */
#include <assert.h>

#include "inka/arith.h"
#include "arith_wide.h"
#include "linear_internal.h"

typedef struct Reify {
  Propagator base;
  PropVar b, x, y;
  OpRel rel;          /* OP_EQ, OP_NE, OP_LT or OP_LE after normalisation */
} Reify;

static OpRel negate(OpRel r) {
  switch (r) {
  case OP_EQ: return OP_NE;
  case OP_NE: return OP_EQ;
  case OP_LT: return OP_GE;
  case OP_LE: return OP_GT;
  case OP_GT: return OP_LE;
  case OP_GE: return OP_LT;
  }
  return r;
}

/* 1: holds for every pair, 0: for none, -1: not decided. */
static int entailment(const PropStore *s, PropVar x, OpRel rel, PropVar y) {
  int64_t xl = prop_min(s, x), xh = prop_max(s, x), yl = prop_min(s, y), yh = prop_max(s, y);
  switch (rel) {
  case OP_EQ:
  case OP_NE: {
    int eq = -1;
    if (xl == xh && yl == yh && xl == yl) eq = 1;
    else if (!domains_meet(s, x, y)) eq = 0;
    if (eq < 0 || rel == OP_EQ) return eq;
    return !eq;
  }
  case OP_LT:
    if (xh < yl) return 1;
    if (xl >= yh) return 0;
    return -1;
  case OP_LE:
    if (xh <= yl) return 1;
    if (xl > yh) return 0;
    return -1;
  default:
    assert(!"normalised away");
    return -1;
  }
}

static PropStatus reify_propagate(PropStore *s, Propagator *base) {
  Reify *p = (Reify *)base;
  /* Rule 2: b decides which relation holds. */
  if (prop_is_fixed(s, p->b)) {
    OpRel r = prop_value(s, p->b) ? p->rel : negate(p->rel);
    return op_rel(s, p->x, r, p->y) ? PROP_ENTAILED : PROP_FAILED;
  }
  /* Rule 1 again: x and y may have been unified since the post. */
  int e = prop_same(s, p->x, p->y) ? p->rel == OP_EQ || p->rel == OP_LE : -1;
  if (e >= 0) prop_note(s, PROP_NOTE_EQUALITY);
  /* Rule 3: the domains decide the relation. */
  if (e < 0) e = entailment(s, p->x, p->rel, p->y);
  if (e < 0) return PROP_SUSPEND;
  return prop_fix(s, p->b, e) ? PROP_ENTAILED : PROP_FAILED;
}

static const PropClass reify_class = {"reify", reify_propagate, PROP_PRIO_LINEAR, true};

bool op_reify(PropStore *s, PropVar b, PropVar x, OpRel rel, PropVar y) {
  if (prop_failed(s)) return false;
  if (!prop_restrict_range(s, b, 0, 1)) return false;
  /* > and >= swap their operands */
  if (rel == OP_GT || rel == OP_GE) {
    PropVar t = x;
    x = y;
    y = t;
    rel = rel == OP_GT ? OP_LT : OP_LE;
  }
  /* Rule 1: the same value on both sides. */
  if (x == y || prop_same(s, x, y)) {
    prop_note(s, PROP_NOTE_EQUALITY);
    return prop_fix(s, b, rel == OP_EQ || rel == OP_LE) && prop_propagate(s);
  }
  Reify *p = prop_propagator_new(s, &reify_class, sizeof *p);
  p->b = b;
  p->x = x;
  p->y = y;
  p->rel = rel;
  int ev = rel == OP_EQ || rel == OP_NE ? PROP_EV_DOMAIN : PROP_EV_BOUNDS;
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  prop_subscribe(s, &p->base, x, ev);
  prop_subscribe(s, &p->base, y, ev);
  prop_add_linear(s, &p->base);   /* gauss.c may decide it from the equalities */
  return prop_post(s, &p->base);
}

bool lin_reify_row(const Propagator *base, PropVar *b, PropVar *x, OpRel *rel, PropVar *y) {
  if (base->cls != &reify_class) return false;
  const Reify *p = (const Reify *)base;
  *b = p->b;
  *x = p->x;
  *rel = p->rel;
  *y = p->y;
  return true;
}
