/* trip_count.c - what running a loop N times demands of the state that
 * enters it, known before the loop is unfolded (--iter N), and the trip
 * count of a loop execution as a variable of the model.
 *
 * The objective "in iteration N of loop L" (or of L's header) can happen in
 * an execution of L only if L's condition holds at its check N.  When every
 * variable the condition reads is either left alone by the loop or an
 * induction variable (changed once per iteration by "u = u + k", see
 * tr_induction_step), the state at check N is known from the entry state:
 * u is u0 + (N - 1) * k, computed in u's C type (modulo 2^bits, exactly what
 * N - 1 wrapping additions leave), the rest is as it entered.  So the
 * condition evaluated in that virtual state is a necessary condition of the
 * objective happening in this execution of L:
 *
 *     reached(after L) and not reached(before L)  =>  cond(state at check N)
 *
 * posted when L is entered, before any unfolding.  `for (i = 0; i < n; i++)`
 * asked for iteration 3001 then demands n > 3000 at once: a bound n <= 3000
 * refutes the objective at the root instead of after 3000 unfoldings for
 * every n, and a reachable one gets n >= 3001 before the search starts.
 *
 * The state at check N is that of iterations that all ran to their end (an
 * iteration that breaks, returns or ends the path has no check after it),
 * so a continue or a pending goto can only skip the update if it comes
 * before it in the body: tr_induction_step refuses that.  For a do-while,
 * check N - 1 (after iteration N - 1) opens iteration N and sees the same
 * values; iteration 1 of a do-while needs no check.  The condition must be
 * free of side effects and unable to trap, and read no memory (the loop may
 * store to it): only scalars, constants and non-trapping operators.
 *
 * ---- The trip count T, a variable of the model ----
 * T is the number of iterations one execution of L starts (iteration k
 * starts when check k passes; iteration 1 of a do-while always starts),
 * saturated at TR_TRIPS_MAX = 2^60: T = min(started, 2^60).  Every path the
 * search considers is finite (the objective ends it, or the function
 * returns), so T is a number.  It is made for the executions where
 * something links it: the objective loops, list walks and list builders
 * (list_length.c); other loops pay nothing.  What is posted, each a
 * consequence of the definition on every execution of L (so no solution is
 * lost), at L's entry:
 *  - the objective in iteration N of this execution started iteration N:
 *      reached(after L) and not reached(before L)  =>  T >= N;
 *  - iteration T started, so check T passed, in the virtual state above
 *    with the variable T - 1 for N - 1 (wrapping like the additions):
 *      T >= 1 (T >= 2 for a do-while)  =>  cond(state at check T);
 *    if T saturated, iteration 2^60 started and the same holds at it;
 *  - a counter of step +1 tested by `v < e` (step -1 by `v > e`), e left
 *    alone by the loop, at most 32 bits wide, not a do-while: checks 1..T
 *    all passed, so v + 1 <= e at each step and v never wrapped:
 *      T >= 1  =>  v0 + (T - 1) < e   (v0 - (T - 1) > e)
 *    as integers, which the wrapping form loses when T's range is wide;
 *  - the loop summary of a counting loop (loop_summary.c): T == |vout - v0|;
 *  - a list walk: T <= the length of the list it starts on; a builder: the
 *    list it leaves is at most T cells longer (list_length.c);
 * and while L is unfolded (operators/control/w.c): iteration k starts:
 * T >= k; the loop is left at check k: T == k - 1.
 */
#include "tr_internal.h"

/* May cond be evaluated in the virtual state at check N?  It reads only
   scalars (no memory), none the loop writes except induction variables,
   and its operators cannot trap.  *has_induction: it reads at least one
   induction variable (else the constraint says nothing w does not). */
static bool virtual_operand(Tr *t, const IrStmt *loop, const TrState *in, const TrWrites *w, const IrExpr *e,
                            bool *has_induction) {
  if (!e) return true;
  switch (e->kind) {
  case IR_INT_CONST: return true;
  case IR_VAR: {
    const IrVar *v = e->var;
    if (v->address_taken || (v->type->kind != IR_TY_INT && v->type->kind != IR_TY_BOOL)) return false;
    if (v->kind == IR_VAR_GLOBAL) return !w->global[v->index];
    int slot = tr_frame_slot(in->fn, v);
    if (tr_slot_defined(t, in, slot) != t->one) return false; /* (maybe unassigned: its read gives up) */
    if (!w->slot[slot]) return true;
    int64_t k;
    if (!tr_induction_step(t, in->fn, loop, v, &k)) return false;
    *has_induction = true;
    return true;
  }
  case IR_CAST:
  case IR_NEG:
  case IR_BITNOT:
  case IR_LNOT:
  case IR_ADD:
  case IR_SUB:
  case IR_MUL:
  case IR_BAND:
  case IR_BOR:
  case IR_BXOR:
  case IR_LT:
  case IR_LE:
  case IR_GT:
  case IR_GE:
  case IR_EQ:
  case IR_NE:
  case IR_LAND:
  case IR_LOR:
  case IR_COND:
    if (e->type->kind != IR_TY_INT && e->type->kind != IR_TY_BOOL) return false;
    for (int i = 0; i < 3; i++)
      if (!virtual_operand(t, loop, in, w, e->a[i], has_induction)) return false;
    return true;
  default: return false; /* division (traps), shifts (may trap), memory, floats, pointers */
  }
}

/* The state at check N: induction variables moved N - 1 steps from in;
   NULL when the distance does not fit 64 bits (then nothing is posted). */
static TrState *state_at_check(Tr *t, const IrStmt *loop, const TrState *in, const TrWrites *w, int n) {
  TrState *at = tr_state_copy(t, in);
  const IrFunction *fn = in->fn;
  for (int i = 0; i < tr_nslots(fn); i++) {
    if (!w->slot[i] || in->slot[i] == TR_UNINIT) continue;
    const IrVar *u = tr_slot_var(fn, i);
    int64_t k, moved;
    if (u->address_taken || u->type->kind != IR_TY_INT || !tr_induction_step(t, fn, loop, u, &k)) continue;
    if (__builtin_mul_overflow((int64_t)(n - 1), k, &moved)) return NULL;
    OpCType ut = tr_ctype(u->type);
    PropVar step = prop_new_const(t->s, op_c_wrap(ut, moved));
    at->slot[i] = tr_c_binary(t, IR_ADD, ut, ut, in->slot[i], step); /* wraps like the N - 1 additions */
    if (at->slot[i] == TR_FAIL) return NULL;
  }
  return at;
}


/* The objective in iteration N of this execution of the loop: the condition
   at check N (a constant N, so the bounds come at once). */
static bool check_n(Tr *t, const IrStmt *loop, int n, const TrState *in, const TrState *out, const TrWrites *w) {
  if (n < 1 || (loop->is_do_while && n < 2)) return true;
  TrState *at = state_at_check(t, loop, in, w, n);
  if (!at) return !prop_failed(t->s);
  bool ok;
  PropVar c = tr_eval_pure(t, at, loop->cond, &ok);
  if (!ok) return !prop_failed(t->s);
  PropVar holds = tr_truth(t, loop->cond->type, c);
  if (holds == TR_FAIL) return false;
  prop_note(t->s, PROP_NOTE_SUMMARY);
  PropVar allowed = prop_new_var(t->s, 0, 1); /* reached before, or check N passes */
  return op_bool_or(t->s, allowed, in->reached, holds) && op_rel(t->s, out->reached, OP_LE, allowed);
}

PropVar tr_trips_var(Tr *t) { return prop_new_var(t->s, 0, TR_TRIPS_MAX); }

/* The state at the check that opened iteration T (T >= 1): every
   induction variable u at u0 + (T - 1) * k, wrapped to u's type. */
static TrState *state_at_trips(Tr *t, const IrStmt *loop, const TrState *in, const TrWrites *w, PropVar trips) {
  TrState *at = tr_state_copy(t, in);
  const IrFunction *fn = in->fn;
  for (int i = 0; i < tr_nslots(fn); i++) {
    if (!w->slot[i] || in->slot[i] == TR_UNINIT) continue;
    const IrVar *u = tr_slot_var(fn, i);
    int64_t k;
    if (u->address_taken || u->type->kind != IR_TY_INT || !tr_induction_step(t, fn, loop, u, &k)) continue;
    if (k == INT64_MIN) return NULL;
    OpCType ut = tr_ctype(u->type);
    PropVar z = op_c_var(t->s, ut);
    int64_t coef[2] = {1, k};
    PropVar x[2] = {in->slot[i], trips};
    if (!op_wrap_linear(t->s, 2, coef, x, -k, z, ut.bits, ut.is_signed)) return NULL;
    at->slot[i] = z;
  }
  return at;
}

/* T >= 1 (T >= 2 for a do-while) => the condition holds at the check that
   opened iteration T, in the state state_at_trips computes. */
static bool check_t(Tr *t, const IrStmt *loop, const TrState *in, const TrWrites *w, PropVar trips) {
  TrState *at = state_at_trips(t, loop, in, w, trips);
  if (!at) return !prop_failed(t->s);
  bool ok;
  PropVar c = tr_eval_pure(t, at, loop->cond, &ok);
  if (!ok) return !prop_failed(t->s);
  PropVar holds = tr_truth(t, loop->cond->type, c);
  if (holds == TR_FAIL) return false;
  PropVar opened = prop_new_var(t->s, 0, 1);
  prop_note(t->s, PROP_NOTE_SUMMARY);
  return op_reify(t->s, opened, trips, OP_GE, prop_new_const(t->s, loop->is_do_while ? 2 : 1)) &&
         op_rel(t->s, opened, OP_LE, holds);
}

/* A counter of step +1 tested by `v < e` (or of step -1 by `v > e`), e
   left alone by the loop: every check 1..T passed, so v never wrapped
   (v + 1 <= e) and v0 + (T - 1) < e in the integers (v0 - (T - 1) > e):
   T <= e - v0 once T >= 1, a bound that the wrapping form of check_t
   loses when T's range is wide. */
static bool counter_bound(Tr *t, const IrStmt *loop, const TrState *in, const TrWrites *w, PropVar trips) {
  const IrExpr *c = loop->cond;
  if (loop->is_do_while || loop->pre.n > 0 || !c || (c->kind != IR_LT && c->kind != IR_GT)) return true;
  for (int side = 0; side < 2; side++) {
    const IrExpr *v = c->a[side], *e = c->a[1 - side];
    bool up = (c->kind == IR_LT) == (side == 0); /* v < e, or e > v */
    if (v->kind != IR_VAR || v->var->kind == IR_VAR_GLOBAL || v->var->address_taken || v->type->kind != IR_TY_INT ||
        v->type->bits > 32 || e->type != v->type)
      continue;
    int64_t k;
    bool e_induction = false;
    if (!tr_induction_step(t, in->fn, loop, v->var, &k) || k != (up ? 1 : -1)) continue;
    if (tr_slot_defined(t, in, tr_frame_slot(in->fn, v->var)) != t->one ||
        !virtual_operand(t, loop, in, w, e, &e_induction) ||
        e_induction)
      continue;
    bool ok;
    PropVar ev = tr_eval_pure(t, in, e, &ok);
    if (!ok) return !prop_failed(t->s);
    PropVar v0 = in->slot[tr_frame_slot(in->fn, v->var)];
    /* last = v at check T, v0 + (T - 1) or v0 - (T - 1), as an integer */
    PropVar last = prop_new_var(t->s, -((int64_t)1 << 62), (int64_t)1 << 62);
    int64_t coef[3] = {1, -1, up ? -1 : 1};
    PropVar x[3] = {last, v0, trips};
    PropVar opened = prop_new_var(t->s, 0, 1), passes = prop_new_var(t->s, 0, 1);
    prop_note(t->s, PROP_NOTE_SUMMARY);
    return op_linear(t->s, 3, coef, x, OP_EQ, up ? -1 : 1) &&
           op_reify(t->s, opened, trips, OP_GE, t->one) && op_reify(t->s, passes, last, up ? OP_LT : OP_GT, ev) &&
           op_rel(t->s, opened, OP_LE, passes);
  }
  return true;
}

/* ---- Counters with a step bounded away from zero ----
 * A counter v moved once per iteration by `v = v + s` or `v = v - s`
 * towards the bound of `v < e`, `v <= e` (up) or `v > e`, `v >= e` (down),
 * s a constant or a scalar the loop never writes, e left alone by the loop,
 * v, s and e of one integer type of at most 32 bits, not a do-while.  Write
 * hi = e - 1 (`<`) or e (`<=`), m the step's size (s, or -s counting down
 * with v = v + s).  Checks 1..T all passed: v_k <= hi for k <= T.  If
 * m >= 1 and hi + m <= the type's largest value (as integers), no update
 * between two passed checks wraps (v_k <= hi, so v_k + m <= hi + m), so
 * v_k == v0 + (k - 1) * m as integers and, at check T,
 *     (T - 1) * m <= hi - v0,  that is  T - 1 <= (hi - v0) / m
 * (m >= 1, T >= 1, so hi - v0 >= 0 and the division is floor).  Counting
 * down, lo = e + 1 (`>`) or e, lo - m >= the smallest value, and
 * T - 1 <= (v0 - lo) / m.  The conditions (T >= 1, m >= 1, no wrap) are
 * reified: where one fails the divisor and dividend fall back to 1 and
 * 2^61 (merge), so nothing is claimed there.  The loop's body may write
 * anything else, break, return or end the path: a check that comes passed
 * it after the iterations before it all ran to their end.  The case of
 * step 1 and `<` (-1 and `>`) is counter_bound's. */

/* v's one update (tr_loop_update) when it is `v = v + s`, `v = s + v` or
   `v = v - s` with s a constant or a variable (a scalar local or global
   that the loop leaves alone), all of v's type.  *dir is +1 for an
   addition, -1 for a subtraction. */
static bool monotone_step(Tr *t, const IrStmt *loop, const TrState *in, const TrWrites *w, const IrVar *v,
                          const IrExpr **step, int *dir) {
  const IrFunction *fn = in->fn;
  const IrStmt *s = tr_loop_update(t, fn, loop, v);
  if (!s || s->kind != IR_ST_ASSIGN || !s->lhs || s->lhs->kind != IR_VAR || s->lhs->var != v || !s->rhs) return false;
  const IrExpr *r = s->rhs;
  if (r->type != v->type || (r->kind != IR_ADD && r->kind != IR_SUB)) return false;
  const IrExpr *x = r->a[0], *k = r->a[1];
  if (r->kind == IR_ADD && !(x->kind == IR_VAR && x->var == v)) {
    x = r->a[1];
    k = r->a[0];
  }
  if (x->kind != IR_VAR || x->var != v || k->type != v->type) return false;
  if (k->kind == IR_VAR) {
    const IrVar *u = k->var;
    if (u == v || u->address_taken || u->type->kind != IR_TY_INT) return false;
    if (u->kind == IR_VAR_GLOBAL) {
      if (w->global[u->index]) return false;
    } else {
      int su = tr_frame_slot(fn, u);
      if (w->slot[su] || tr_slot_defined(t, in, su) != t->one) return false;
    }
  } else if (k->kind != IR_INT_CONST) {
    return false;
  }
  *step = k;
  *dir = r->kind == IR_ADD ? 1 : -1;
  return true;
}

static bool step_bound(Tr *t, const IrStmt *loop, const TrState *in, const TrWrites *w, PropVar trips) {
  const IrExpr *c = loop->cond;
  if (loop->is_do_while || loop->pre.n > 0 || !c ||
      (c->kind != IR_LT && c->kind != IR_LE && c->kind != IR_GT && c->kind != IR_GE))
    return true;
  for (int side = 0; side < 2; side++) {
    const IrExpr *v = c->a[side], *e = c->a[1 - side];
    bool below = c->kind == IR_LT || c->kind == IR_LE;
    bool up = below == (side == 0); /* v < e, v <= e, e > v, e >= v */
    int strict = c->kind == IR_LT || c->kind == IR_GT;
    if (v->kind != IR_VAR || v->var->kind == IR_VAR_GLOBAL || v->var->address_taken || v->type->kind != IR_TY_INT ||
        v->type->bits > 32 || e->type != v->type)
      continue;
    int sv = tr_frame_slot(in->fn, v->var);
    if (!w->slot[sv] || tr_slot_defined(t, in, sv) != t->one) continue;
    const IrExpr *step = NULL;
    int dir = 0;
    if (!monotone_step(t, loop, in, w, v->var, &step, &dir)) continue;
    int64_t k = 0;
    if (step->kind == IR_INT_CONST) {
      k = dir * step->ival; /* the signed move per iteration, exactly (|ival| < 2^33) */
      if (up ? k < 1 : k > -1) continue; /* away from the bound, or no move */
      if (strict && (k == 1 || k == -1)) continue; /* counter_bound */
    } else if ((dir > 0) != up) {
      continue; /* v = v - s counting up: s would have to be negative */
    }
    bool e_induction = false;
    if (!virtual_operand(t, loop, in, w, e, &e_induction) || e_induction) continue;
    bool ok;
    PropVar ev = tr_eval_pure(t, in, e, &ok);
    if (!ok) return !prop_failed(t->s);
    PropVar m;
    if (step->kind == IR_INT_CONST) {
      m = prop_new_const(t->s, up ? k : -k);
    } else {
      m = tr_eval_pure(t, in, step, &ok);
      if (!ok) return !prop_failed(t->s);
    }
    OpCType vt = tr_ctype(v->type);
    int64_t tmin = vt.is_signed ? -((int64_t)1 << (vt.bits - 1)) : 0;
    int64_t tmax = vt.is_signed ? ((int64_t)1 << (vt.bits - 1)) - 1 : (int64_t)((uint64_t)1 << vt.bits) - 1;
    PropVar v0 = in->slot[sv];
    const int64_t wide = (int64_t)1 << 40, big = (int64_t)1 << 61;
    prop_note(t->s, PROP_NOTE_SUMMARY);
    /* edge = hi + m (up) or lo - m (down); dist = hi - v0 or v0 - lo */
    PropVar edge = prop_new_var(t->s, -wide, wide), dist = prop_new_var(t->s, -wide, wide);
    int64_t ce[3] = {1, -1, up ? -1 : 1}, cd[3] = {1, up ? -1 : 1, up ? 1 : -1};
    PropVar xe[3] = {edge, ev, m}, xd[3] = {dist, ev, v0};
    int64_t off = up ? -strict : strict; /* hi = e - strict, lo = e + strict */
    /* dist = hi - v0 = ev - strict - v0 (up); v0 - lo = v0 - ev - strict (down) */
    if (!op_linear(t->s, 3, ce, xe, OP_EQ, off) || !op_linear(t->s, 3, cd, xd, OP_EQ, -strict)) return false;
    PropVar opened = prop_new_var(t->s, 0, 1), moves = prop_new_var(t->s, 0, 1), nowrap = prop_new_var(t->s, 0, 1);
    PropVar both = prop_new_var(t->s, 0, 1), cond = prop_new_var(t->s, 0, 1);
    if (!op_reify(t->s, opened, trips, OP_GE, t->one) || !op_reify(t->s, moves, m, OP_GE, t->one) ||
        !op_reify(t->s, nowrap, edge, up ? OP_LE : OP_GE, prop_new_const(t->s, up ? tmax : tmin)) ||
        !op_bool_and(t->s, both, opened, moves) || !op_bool_and(t->s, cond, both, nowrap))
      return false;
    PropVar dc = prop_new_var(t->s, -wide, big), mc = prop_new_var(t->s, -wide, wide), q = prop_new_var(t->s, -big, big);
    int64_t ct[2] = {1, -1};
    PropVar xt[2] = {trips, q};
    return op_merge(t->s, dc, cond, dist, prop_new_const(t->s, big)) &&
           op_merge(t->s, mc, cond, m, t->one) && op_div(t->s, dc, mc, q) &&
           op_linear(t->s, 2, ct, xt, OP_LE, 1); /* T - 1 <= q */
  }
  return true;
}

/* The objective in iteration N of this execution: T >= N. */
static bool objective_needs(Tr *t, int n, const TrState *in, const TrState *out, PropVar trips) {
  PropVar enough = prop_new_var(t->s, 0, 1), allowed = prop_new_var(t->s, 0, 1);
  return op_reify(t->s, enough, trips, OP_GE, prop_new_const(t->s, n)) &&
         op_bool_or(t->s, allowed, in->reached, enough) && op_rel(t->s, out->reached, OP_LE, allowed);
}

bool tr_trip_count(Tr *t, const IrStmt *loop, int obj_index, const TrState *in, const TrState *out,
                   const TrWrites *w, PropVar *trips) {
  *trips = TR_UNINIT;
  for (int f = 0; f < TR_NFLAGS; f++)
    if (in->flag[f] != t->zero) return true;
  bool objective = obj_index >= 0 && w->reached && in->reached != t->one;
  bool has_induction = false, virtual_cond = loop->pre.n == 0 && loop->cond &&
                                             virtual_operand(t, loop, in, w, loop->cond, &has_induction) &&
                                             has_induction;
  int n = objective ? t->obj.iter[obj_index] : 0;
  if (objective && virtual_cond && !check_n(t, loop, n, in, out, w)) return false;
  PropVar walk = tr_list_walk_bound(t, loop, in);
  if (objective || walk != TR_UNINIT) *trips = tr_trips_var(t);
  if (!tr_list_builder(t, loop, in, out, trips)) return false;
  if (*trips == TR_UNINIT) return true;
  if (objective && !objective_needs(t, n, in, out, *trips)) return false;
  if (walk != TR_UNINIT) {
    prop_note(t->s, PROP_NOTE_SUMMARY);
    if (!op_rel(t->s, *trips, OP_LE, walk)) return false;
  }
  return (!virtual_cond || check_t(t, loop, in, w, *trips)) && counter_bound(t, loop, in, w, *trips) &&
         step_bound(t, loop, in, w, *trips);
}
