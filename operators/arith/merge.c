/* merge.c - the value merge of two paths: v = (b ? x : y), b boolean
 * (op_merge; the phi node of an ite).
 *
 * Rules, in order:
 *   1. b fixed: post v = x (b = 1) or v = y (b = 0), be entailed;
 *   2. x and y known equal: post v = x, be entailed (b stays free);
 *   3. dom(v) ∩ dom(x) = ∅: b = 0 (then rule 1); dom(v) ∩ dom(y) = ∅: b = 1;
 *   4. dom(v) := dom(v) ∩ (dom(x) ∪ dom(y)).
 * Once b is fixed, v equals one side exactly.
 *
 * Never: prune x or y while b is undecided (either side may be the dead one).
 */
#include "inka/arith.h"
#include "arith_wide.h"

typedef struct Merge {
  Propagator base;
  PropVar v, b, x, y;
} Merge;

static PropStatus merge_propagate(PropStore *s, Propagator *base) {
  Merge *p = (Merge *)base;
  /* Rule 3: a side that v cannot equal decides b. */
  if (!prop_is_fixed(s, p->b)) {
    if (!domains_meet(s, p->v, p->x) && !prop_fix(s, p->b, 0)) return PROP_FAILED;
    if (!domains_meet(s, p->v, p->y) && !prop_fix(s, p->b, 1)) return PROP_FAILED;
  }
  /* Rule 1: b decides. */
  if (prop_is_fixed(s, p->b)) {
    PropVar side = prop_value(s, p->b) ? p->x : p->y;
    return op_rel(s, p->v, OP_EQ, side) ? PROP_ENTAILED : PROP_FAILED;
  }
  /* Rule 4: v within the union of the sides. */
  IvBuf u;
  ivbuf_init(&u);
  ivbuf_union_vars(s, p->x, p->y, &u);
  bool ok = ivbuf_restrict(s, p->v, &u);
  ivbuf_free(&u);
  return ok ? PROP_SUSPEND : PROP_FAILED;
}

static const PropClass merge_class = {"merge", merge_propagate, PROP_PRIO_LINEAR, true};

bool op_merge(PropStore *s, PropVar v, PropVar b, PropVar x, PropVar y) {
  if (prop_failed(s)) return false;
  if (!prop_restrict_range(s, b, 0, 1)) return false;
  /* Rule 2. */
  if (x == y || prop_same(s, x, y)) return op_rel(s, v, OP_EQ, x);
  Merge *p = prop_propagator_new(s, &merge_class, sizeof *p);
  p->v = v;
  p->b = b;
  p->x = x;
  p->y = y;
  prop_subscribe(s, &p->base, b, PROP_EV_FIX);
  prop_subscribe(s, &p->base, v, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}
