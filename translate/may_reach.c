/* may_reach.c - can the objective still happen in the remaining iterations
 * of a loop?  An over-approximation that lets `w` close a loop for the
 * objective: when no iteration can reach it, the loop leaves `reached` as it
 * finds it, and "exit now" trials can fail early instead of unfolding for
 * ever (a target guarded by `r == 3` inside an inner loop run with r = 0).
 *
 * Flow-insensitive interval reasoning: a variable the loop writes may hold
 * anything of its type; a variable it does not write keeps the domain it has
 * at the check.  The objective is unreachable when every path to it inside
 * the loop passes an `if` whose condition's interval excludes the branch.
 * Must never answer "no" when some execution could reach the objective.
 */
#include "tr_internal.h"

typedef struct Range {
  prop_wide lo, hi;
} Range;

typedef struct Env {
  Tr *t;
  const TrState *at;
  const TrFacts *loop; /* what the loop writes */
} Env;

static Range type_range(const IrType *ty) {
  if (ty->kind == IR_TY_BOOL) return (Range){0, 1};
  if (ty->kind != IR_TY_INT) return (Range){INT64_MIN, INT64_MAX};
  OpCValues v = op_c_values(tr_ctype(ty));
  return (Range){v.lo, v.hi};
}

static bool fits(Range r, const IrType *ty) {
  Range t = type_range(ty);
  return r.lo >= t.lo && r.hi <= t.hi;
}

static Range var_range(const Env *e, const IrExpr *x) {
  const IrVar *v = x->var;
  const TrState *at = e->at;
  PropVar pv;
  if (v->kind == IR_VAR_GLOBAL) {
    if (e->loop->global && e->loop->global[v->index]) return type_range(x->type);
    pv = at->global[v->index];
  } else {
    int i = tr_frame_slot(at->fn, v);
    if (e->loop->slot && e->loop->slot[i]) return type_range(x->type);
    pv = at->slot[i];
  }
  if (pv == TR_UNINIT) return type_range(x->type);
  if (x->type->kind != IR_TY_INT) return (Range){prop_min(e->t->s, pv), prop_max(e->t->s, pv)};
  OpCValues r = op_c_var_values(e->t->s, pv, tr_ctype(x->type)); /* not the stored patterns */
  return (Range){r.lo, r.hi};
}

static Range eval(const Env *e, const IrExpr *x);

static Range truth(Range r) {
  if (r.lo > 0 || r.hi < 0) return (Range){1, 1};
  if (r.lo == 0 && r.hi == 0) return (Range){0, 0};
  return (Range){0, 1};
}

static Range compare(IrExprKind k, Range a, Range b) {
  bool always, never;
  switch (k) {
  case IR_LT: always = a.hi < b.lo; never = a.lo >= b.hi; break;
  case IR_LE: always = a.hi <= b.lo; never = a.lo > b.hi; break;
  case IR_GT: always = a.lo > b.hi; never = a.hi <= b.lo; break;
  case IR_GE: always = a.lo >= b.hi; never = a.hi < b.lo; break;
  case IR_EQ: always = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo; never = a.hi < b.lo || b.hi < a.lo; break;
  default: /* IR_NE */
    never = a.lo == a.hi && b.lo == b.hi && a.lo == b.lo;
    always = a.hi < b.lo || b.hi < a.lo;
    break;
  }
  return always ? (Range){1, 1} : never ? (Range){0, 0} : (Range){0, 1};
}

static bool within_int64(Range r) { return r.lo >= INT64_MIN && r.hi <= INT64_MAX; }

static Range arith(const IrExpr *x, Range a, Range b) {
  Range r;
  switch (x->kind) {
  case IR_ADD: r = (Range){a.lo + b.lo, a.hi + b.hi}; break;
  case IR_SUB: r = (Range){a.lo - b.hi, a.hi - b.lo}; break;
  case IR_MUL: {
    /* products of int64 magnitudes fit in 128 bits; those of u64 values
       above 2^63 may not (2^64 - 1 squared passes 2^127) */
    if (!within_int64(a) || !within_int64(b)) return type_range(x->type);
    prop_wide p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
    r = (Range){p[0], p[0]};
    for (int i = 1; i < 4; i++) {
      if (p[i] < r.lo) r.lo = p[i];
      if (p[i] > r.hi) r.hi = p[i];
    }
    break;
  }
  default: return type_range(x->type);
  }
  return fits(r, x->type) ? r : type_range(x->type);
}

static Range eval(const Env *e, const IrExpr *x) {
  Range a, b;
  /* Float values are keys, whose arithmetic and order (-0 < +0, NaN on
     top) are not the values': nothing is known of them here. */
  if (x->type->kind == IR_TY_FLOAT) return type_range(x->type);
  if (x->a[0] && x->a[0]->type->kind == IR_TY_FLOAT) return type_range(x->type);
  switch (x->kind) {
  case IR_INT_CONST:
    if (x->type->kind == IR_TY_INT) {
      prop_wide v = op_c_value(tr_ctype(x->type), x->ival); /* ival is the stored pattern */
      return (Range){v, v};
    }
    return (Range){x->ival, x->ival};
  case IR_VAR: return x->var->address_taken ? type_range(x->type) : var_range(e, x);
  case IR_CAST:
    a = eval(e, x->a[0]);
    if (x->type->kind == IR_TY_BOOL) return truth(a);
    return fits(a, x->type) ? a : type_range(x->type);
  case IR_ADD: case IR_SUB: case IR_MUL:
    return arith(x, eval(e, x->a[0]), eval(e, x->a[1]));
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE:
    return compare(x->kind, eval(e, x->a[0]), eval(e, x->a[1]));
  case IR_LNOT:
    a = truth(eval(e, x->a[0]));
    return (Range){1 - a.hi, 1 - a.lo};
  case IR_LAND: case IR_LOR:
    a = truth(eval(e, x->a[0]));
    b = truth(eval(e, x->a[1]));
    if (x->kind == IR_LAND) return (Range){a.lo && b.lo, a.hi && b.hi};
    return (Range){a.lo || b.lo, a.hi || b.hi};
  default:
    return type_range(x->type);
  }
}

static bool block_may_reach(const Env *e, const IrBlock *b);

static bool stmt_may_reach(const Env *e, const IrStmt *s) {
  Tr *t = e->t;
  if (!tr_facts(t, e->at->fn, s)->contains_obj) return false;
  if (tr_is_objective_stmt(t, s)) return true;
  switch (s->kind) {
  case IR_ST_IF: {
    Range c = truth(eval(e, s->cond));
    return (c.hi == 1 && block_may_reach(e, &s->then)) || (c.lo == 0 && block_may_reach(e, &s->els));
  }
  case IR_ST_WHILE: {
    if (block_may_reach(e, &s->pre)) return true;
    Range c = truth(eval(e, s->cond));
    if (c.hi == 0 && !s->is_do_while) return false;
    return block_may_reach(e, &s->body) || block_may_reach(e, &s->step);
  }
  case IR_ST_BLOCK: return block_may_reach(e, &s->body);
  default: return true; /* a call, or anything else holding it: assume it may */
  }
}

static bool block_may_reach(const Env *e, const IrBlock *b) {
  for (int i = 0; i < b->n; i++)
    if (stmt_may_reach(e, b->stmts[i])) return true;
  return false;
}

bool tr_loop_may_reach(Tr *t, const IrStmt *loop, const TrState *at) {
  Env e = {t, at, tr_facts(t, at->fn, loop)};
  if (!e.loop->contains_obj) return false;
  if (loop == t->obj.target) return true;
  return block_may_reach(&e, &loop->pre) || block_may_reach(&e, &loop->body) || block_may_reach(&e, &loop->step);
}
