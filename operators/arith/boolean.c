/* boolean.c - logical connectives on 0/1 variables: b = x && y, b = x || y,
 * b = x ^ y, b = !x (op_bool_and, op_bool_or, op_bool_xor, op_bool_not).
 *
 * Every operand is restricted to {0, 1} at post.  `or` is `and` on the
 * complemented values (De Morgan), so one propagator serves both; its rules:
 *   1. an operand at the absorbing value (0 for and) fixes b to it;
 *   2. both operands at the neutral value fix b to it;
 *   3. b at the neutral value fixes both operands to it;
 *   4. b absorbing and one operand neutral: the other is absorbing;
 *   5. one operand neutral, the other known equal to b (x == y): b = other.
 *   6. outside trials, b absorbing and both operands open (`s > 6 * i ||
 *      s < -6 * i` required): each operand is tried at the absorbing
 *      value; one whose trial fails leaves the other (the case split that
 *      lets linear reasoning refute each side; bounds alone cannot).
 * xor: any two fixed fix the third; x and y the same variable: b = 0.
 * Domains within {0, 1} change only by fixing: subscriptions are FIX only.
 *
 * Never: accept an operand outside {0, 1} (it is pruned to {0, 1}).
 */
#include "inka/arith.h"
#include "arith_wide.h"

typedef struct BoolAnd {
  Propagator base;
  PropVar b, x, y;
  int absorb;         /* 0 for and, 1 for or */
} BoolAnd;

static inline bool is(const PropStore *s, PropVar v, int value) {
  return prop_is_fixed(s, v) && prop_value(s, v) == value;
}

typedef struct Fix {
  PropVar v;
  int value;
} Fix;

static bool post_fix(PropStore *s, void *ctx) {
  const Fix *f = ctx;
  return prop_fix(s, f->v, f->value);
}

/* Rule 6: b is absorbing, neither operand fixed.  Only outside trials: a
   trial's own trials would multiply. */
static PropStatus split(PropStore *s, BoolAnd *p, int zero) {
  if (prop_trial_depth(s) > 0) return PROP_SUSPEND;
  Fix x = {p->x, zero}, y = {p->y, zero};
  if (prop_try(s, post_fix, &x, NULL, 0, NULL) == PROP_TRIAL_FAILED)
    return prop_fix(s, p->y, zero) ? PROP_ENTAILED : PROP_FAILED;
  if (prop_try(s, post_fix, &y, NULL, 0, NULL) == PROP_TRIAL_FAILED)
    return prop_fix(s, p->x, zero) ? PROP_ENTAILED : PROP_FAILED;
  return PROP_SUSPEND;
}

static PropStatus and_propagate(PropStore *s, Propagator *base) {
  BoolAnd *p = (BoolAnd *)base;
  int zero = p->absorb, one = 1 - p->absorb;
  /* Rule 1: an absorbing operand. */
  if (is(s, p->x, zero) || is(s, p->y, zero))
    return prop_fix(s, p->b, zero) ? PROP_ENTAILED : PROP_FAILED;
  /* Rule 2: both neutral. */
  if (is(s, p->x, one) && is(s, p->y, one))
    return prop_fix(s, p->b, one) ? PROP_ENTAILED : PROP_FAILED;
  /* Rule 3: b neutral. */
  if (is(s, p->b, one)) {
    if (!prop_fix(s, p->x, one) || !prop_fix(s, p->y, one)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  /* Rule 4: b absorbing and one operand neutral. */
  if (is(s, p->b, zero)) {
    if (is(s, p->x, one)) return prop_fix(s, p->y, zero) ? PROP_ENTAILED : PROP_FAILED;
    if (is(s, p->y, one)) return prop_fix(s, p->x, zero) ? PROP_ENTAILED : PROP_FAILED;
    return split(s, p, zero);
  }
  /* Rule 5: one operand neutral: b equals the other. */
  if (is(s, p->x, one)) return op_rel(s, p->b, OP_EQ, p->y) ? PROP_ENTAILED : PROP_FAILED;
  if (is(s, p->y, one)) return op_rel(s, p->b, OP_EQ, p->x) ? PROP_ENTAILED : PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass and_class = {"bool_and", and_propagate, PROP_PRIO_UNARY, true};

static bool restrict_bool(PropStore *s, PropVar v) { return prop_restrict_range(s, v, 0, 1); }

static bool post_and(PropStore *s, PropVar b, PropVar x, PropVar y, int absorb) {
  if (prop_failed(s)) return false;
  if (!restrict_bool(s, b) || !restrict_bool(s, x) || !restrict_bool(s, y)) return false;
  if (x == y || prop_same(s, x, y)) return op_rel(s, b, OP_EQ, x);   /* x && x == x */
  BoolAnd *p = prop_propagator_new(s, &and_class, sizeof *p);
  p->b = b;
  p->x = x;
  p->y = y;
  p->absorb = absorb;
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  prop_subscribe(s, &p->base, x, PROP_EV_FIX);
  prop_subscribe(s, &p->base, y, PROP_EV_FIX);
  return prop_post(s, &p->base);
}

bool op_bool_and(PropStore *s, PropVar b, PropVar x, PropVar y) { return post_and(s, b, x, y, 0); }
bool op_bool_or(PropStore *s, PropVar b, PropVar x, PropVar y) { return post_and(s, b, x, y, 1); }

/* ---- xor ---------------------------------------------------------------------- */

typedef struct BoolXor {
  Propagator base;
  PropVar b, x, y;
} BoolXor;

static PropStatus xor_propagate(PropStore *s, Propagator *base) {
  BoolXor *p = (BoolXor *)base;
  bool fb = prop_is_fixed(s, p->b), fx = prop_is_fixed(s, p->x), fy = prop_is_fixed(s, p->y);
  /* Rule: two fixed fix the third (b = x ^ y, x = b ^ y, y = b ^ x). */
  PropVar target;
  int64_t v;
  if (fx && fy) { target = p->b; v = prop_value(s, p->x) ^ prop_value(s, p->y); }
  else if (fb && fy) { target = p->x; v = prop_value(s, p->b) ^ prop_value(s, p->y); }
  else if (fb && fx) { target = p->y; v = prop_value(s, p->b) ^ prop_value(s, p->x); }
  else return PROP_SUSPEND;
  return prop_fix(s, target, v) ? PROP_ENTAILED : PROP_FAILED;
}

static const PropClass xor_class = {"bool_xor", xor_propagate, PROP_PRIO_UNARY, true};

bool op_bool_xor(PropStore *s, PropVar b, PropVar x, PropVar y) {
  if (prop_failed(s)) return false;
  if (!restrict_bool(s, b) || !restrict_bool(s, x) || !restrict_bool(s, y)) return false;
  if (x == y || prop_same(s, x, y)) return prop_fix(s, b, 0) && prop_propagate(s);
  BoolXor *p = prop_propagator_new(s, &xor_class, sizeof *p);
  p->b = b;
  p->x = x;
  p->y = y;
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  prop_subscribe(s, &p->base, x, PROP_EV_FIX);
  prop_subscribe(s, &p->base, y, PROP_EV_FIX);
  return prop_post(s, &p->base);
}

/* ---- not: b + x == 1 ------------------------------------------------------------ */

bool op_bool_not(PropStore *s, PropVar b, PropVar x) {
  if (prop_failed(s)) return false;
  if (!restrict_bool(s, b) || !restrict_bool(s, x)) return false;
  if (x == b || prop_same(s, x, b)) return arith_fail(s);
  static const int64_t coef[2] = {1, 1};
  PropVar v[2] = {b, x};
  return op_linear(s, 2, coef, v, OP_EQ, 1);
}
