/* loop_summary.c - what a counting loop leaves in its counter, known before
 * the loop is unfolded (an acceleration of w).
 *
 *   while (v < e) { ... v = v + 1; ... }   exits with v == max(v0, e)
 *   while (v > e) { ... v = v - 1; ... }   exits with v == min(v0, e)
 *
 * when v is a scalar local of the frame, e a constant or a scalar local the
 * loop never writes, both of the same integer type (no conversion in the
 * condition); the only write of v in the loop is one top-level statement of
 * the body or step (so it runs once per iteration: if it is in the body, the
 * body has no continue); and the loop can leave only through a false
 * condition: no break, no return, no statements in the condition, not a
 * do-while, neither being nor containing the objective (the path ends
 * there), entered on a path with no flag set.  A path may end inside (a
 * trap, abort): the summary then also refutes the outputs of a path that
 * ended in the loop, which is harmless (such a path never reaches the
 * objective, which is not in the loop; a path that reaches it ends there).  Then v moved by one per iteration from v0 and stopped at the
 * first check where v >= e (v <= e): v == max(v0, e) (min).  A step of one
 * never overflows: v + 1 <= e.
 *
 * Induction variables: every other scalar integer local u that the loop
 * changes once per iteration by "u = u + k" (k a constant, one top-level
 * statement) leaves u == u0 + k * (vout - v0) (v0 - vout when counting
 * down), computed in u's C type, that is, modulo 2^bits exactly as the
 * iterations' wrapping additions.  This is the loop invariant u - k * v ==
 * u0 - k * v0 at the exit, which proves `j == 2 * i` and `y == n` after the
 * loops of invariants.c without unfolding them.
 *
 * The relation follows from the loop's semantics, so posting it on the
 * loop's outputs never removes a solution; it lets the code after a loop
 * that is not unfolded yet (an unbounded e) reason about v: sum_to's
 * "n > 0 && i != n" is refuted at the root instead of unfolding for ever.
 * (Posting it again at every check of the condition would refute "exit
 * now" and "iterate" alike in more programs, but set off slow bounds
 * convergence through merge and reify, which the negative-cycle check of
 * linear.c does not see.)
 */
#include "tr_internal.h"

static bool scalar_local(const IrExpr *e) {
  return e->kind == IR_VAR && e->var->kind != IR_VAR_GLOBAL && !e->var->address_taken;
}

/* The constant k when s is "u = u + k" or "u = u - k" (or "u = k + u"). */
static bool constant_step(const IrStmt *s, const IrVar *u, int64_t *k) {
  if (s->kind != IR_ST_ASSIGN || !s->lhs || s->lhs->kind != IR_VAR || s->lhs->var != u || !s->rhs) return false;
  const IrExpr *r = s->rhs;
  if (r->type != u->type || (r->kind != IR_ADD && r->kind != IR_SUB)) return false;
  const IrExpr *x = r->a[0], *c = r->a[1];
  if (r->kind == IR_ADD && x->kind == IR_INT_CONST) {
    x = r->a[1];
    c = r->a[0];
  }
  if (x->kind != IR_VAR || x->var != u || c->kind != IR_INT_CONST) return false;
  *k = r->kind == IR_ADD ? c->ival : -c->ival;
  return true;
}

/* Is s "v = v + step" (or "v = step + v" for +1)? */
static bool is_step(const IrStmt *s, const IrVar *v, int64_t step) {
  if (s->kind != IR_ST_ASSIGN || !s->lhs || s->lhs->kind != IR_VAR || s->lhs->var != v || !s->rhs) return false;
  const IrExpr *r = s->rhs;
  if (r->type != v->type || (r->kind != IR_ADD && r->kind != IR_SUB)) return false;
  const IrExpr *x = r->a[0], *k = r->a[1];
  if (r->kind == IR_ADD && x->kind == IR_INT_CONST) {
    x = r->a[1];
    k = r->a[0];
  }
  if (x->kind != IR_VAR || x->var != v || k->kind != IR_INT_CONST) return false;
  return (r->kind == IR_ADD ? k->ival : -k->ival) == step;
}

/* How the statements of b treat v and e: *updates counts the top-level
   steps of v; false if any other statement writes v or e, or leaves the
   iteration early. */
static bool scan(Tr *t, const IrFunction *fn, const IrBlock *b, const IrVar *v, const IrVar *e, int64_t step,
                 bool in_body, int *updates) {
  int sv = tr_frame_slot(fn, v), se = e ? tr_frame_slot(fn, e) : -1;
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    const TrFacts *f = tr_facts(t, fn, s);
    if (f->has_break || f->has_return || f->contains_obj) return false;
    if (in_body && f->has_continue) return false;
    if (se >= 0 && f->slot && f->slot[se]) return false;
    if (!f->slot || !f->slot[sv]) continue;
    if (!is_step(s, v, step)) return false;
    ++*updates;
  }
  return true;
}

const IrStmt *tr_loop_update(Tr *t, const IrFunction *fn, const IrStmt *loop, const IrVar *u) {
  int su = tr_frame_slot(fn, u), writes = 0;
  bool may_continue = false;
  const IrStmt *update = NULL;
  const IrBlock *blocks[2] = {&loop->body, &loop->step};
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < blocks[b]->n; i++) {
      const IrStmt *s = blocks[b]->stmts[i];
      const TrFacts *f = tr_facts(t, fn, s);
      if (f->slot && f->slot[su]) {
        if (b == 0 && may_continue) return NULL;
        update = s;
        writes++;
      }
      if (b == 0) may_continue |= f->has_continue;
    }
  return writes == 1 ? update : NULL;
}

/* The constant step of u when its one update (tr_loop_update) is
   "u = u + k": every iteration that runs to its end moves u by k. */
bool tr_induction_step(Tr *t, const IrFunction *fn, const IrStmt *loop, const IrVar *u, int64_t *k) {
  const IrStmt *s = tr_loop_update(t, fn, loop, u);
  return s && constant_step(s, u, k);
}

/* Every other scalar local u of integer type that the loop changes by a
   constant k once per iteration ends at u0 + k * n, n the number of
   iterations (count, of C type vt), in u's C type: exactly what n
   wrapping additions of k leave.  Posted with numbered operations
   (expr.c: tr_c_binary), so `j != 2 * i` after `while (i < n) { i++;
   j += 2; }` meets the very variable the summary made. */
static bool induction_summaries(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, const IrVar *v,
                                PropVar count, OpCType vt) {
  const IrFunction *fn = in->fn;
  for (int i = 0; i < tr_nslots(fn); i++) {
    const IrVar *u = tr_slot_var(fn, i);
    if (u == v || u->address_taken || u->type->kind != IR_TY_INT) continue;
    PropVar u0 = in->slot[i], uout = out->slot[i];
    int64_t k;
    if (u0 == TR_UNINIT || uout == TR_UNINIT || uout == u0 || !tr_induction_step(t, fn, loop, u, &k)) continue;
    OpCType ut = tr_ctype(u->type);
    PropVar n = count;
    if (vt.bits != ut.bits || vt.is_signed != ut.is_signed) { /* the count in u's type (modulo 2^bits) */
      n = op_c_var(t->s, ut);
      if (!op_c_cast(t->s, vt, count, ut, n)) return false;
    }
    PropVar moved = tr_c_binary(t, IR_MUL, ut, ut, prop_new_const(t->s, k), n);
    PropVar end = moved == TR_FAIL ? TR_FAIL : tr_c_binary(t, IR_ADD, ut, ut, u0, moved);
    if (end == TR_FAIL || !op_rel(t->s, uout, OP_EQ, end)) return false;
  }
  return true;
}

/* ---- Congruence invariants ---------------------------------------------------------
 * A local that the loop changes only by constants, u = u + c_1, u = u - c_2,
 * ... anywhere in the loop (branches, nested loops), keeps its residue
 * modulo 2^m, 2^m the largest power of two dividing every c_i: the exit
 * value is u0 + (a sum of the c_i), wrapped to u's type, whose width is at
 * least m.  `while (x > 0) x -= 2;` leaves x == x0 (mod 2), which the
 * bounds of the exit (x <= 0, x > -2) then make exact. */

/* The power of two dividing every step of u in b (*m, at most 63), false
   when some statement of b writes u otherwise. */
static bool steps_of(Tr *t, const IrFunction *fn, const IrBlock *b, const IrVar *u, int *m) {
  int su = tr_frame_slot(fn, u);
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    const TrFacts *f = tr_facts(t, fn, s);
    if (!f->slot || !f->slot[su]) continue;
    int64_t k;
    switch (s->kind) {
    case IR_ST_ASSIGN:
      if (!constant_step(s, u, &k)) return false;
      if (k != 0) {
        int tz = __builtin_ctzll((unsigned long long)k);
        if (tz < *m) *m = tz;
      }
      break;
    case IR_ST_IF:
      if (!steps_of(t, fn, &s->then, u, m) || !steps_of(t, fn, &s->els, u, m)) return false;
      break;
    case IR_ST_WHILE:
      if (!steps_of(t, fn, &s->pre, u, m) || !steps_of(t, fn, &s->body, u, m) || !steps_of(t, fn, &s->step, u, m))
        return false;
      break;
    case IR_ST_BLOCK:
      if (!steps_of(t, fn, &s->body, u, m)) return false;
      break;
    default: return false; /* a call's result, a declaration: not a step */
    }
  }
  return true;
}

static bool congruence_invariants(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out) {
  const IrFunction *fn = in->fn;
  for (int i = 0; i < tr_nslots(fn); i++) {
    const IrVar *u = tr_slot_var(fn, i);
    PropVar u0 = in->slot[i], uout = out->slot[i];
    if (u->address_taken || u->type->kind != IR_TY_INT || u0 == TR_UNINIT || uout == TR_UNINIT || uout == u0)
      continue;
    int m = 63;
    if (!steps_of(t, fn, &loop->pre, u, &m) || !steps_of(t, fn, &loop->body, u, &m) ||
        !steps_of(t, fn, &loop->step, u, &m))
      continue;
    if (m > u->type->bits) m = u->type->bits;
    if (m == 0) continue;
    prop_note(t->s, PROP_NOTE_SUMMARY);
    if (!op_congruent(t->s, uout, u0, m)) return false;
  }
  return true;
}

static bool counting_summary(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, PropVar trips);
static bool stepped_summary(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, const IrVar *v,
                            PropVar bound, int64_t step, PropVar trips);

/* Counting loops get their summary; every loop its congruences and its
   invariants (invariant.c). */
bool tr_loop_summary(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, PropVar trips) {
  return counting_summary(t, loop, in, out, trips) && congruence_invariants(t, loop, in, out) &&
         tr_loop_invariant(t, loop, in, out);
}

/* The trip count of a counting loop is the distance v travelled, |vout - v0|
   as integers (each iteration moves v by one without overflow).  A
   counter of at most 32 bits keeps it under TR_TRIPS_MAX, where the trip
   count saturates. */
static bool trips_of_counter(Tr *t, PropVar trips, PropVar v0, PropVar vout, int step, int bits) {
  if (trips == TR_UNINIT || bits > 32) return true;
  int64_t coef[3] = {1, -step, step};
  PropVar x[3] = {trips, vout, v0};
  return op_linear(t->s, 3, coef, x, OP_EQ, 0);
}

/* A counter v from v0, tested against e, moving by step: entered <=> v0 <
   e (v0 > e counting down), and vout = entered ? last : v0.  The boolean is
   a branch, so a path-first search splits on it: each side is an equality,
   which relational facts like n > k can then refute. */
static bool exit_value(Tr *t, PropVar v0, PropVar vout, PropVar e, int64_t step, PropVar last) {
  PropVar entered = prop_new_var(t->s, 0, 1);
  prop_add_branch(t->s, entered);
  return op_reify(t->s, entered, v0, step > 0 ? OP_LT : OP_GT, e) && op_merge(t->s, vout, entered, last, v0);
}

static bool counting_summary(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, PropVar trips) {
  const IrExpr *c = loop->cond;
  if (loop->is_do_while || loop->pre.n > 0 || !c || (c->kind != IR_LT && c->kind != IR_GT)) return true;
  const IrExpr *v = c->a[0], *e = c->a[1];
  if (!scalar_local(v) || v->type->kind != IR_TY_INT || e->type != v->type) return true;
  if (e->kind != IR_INT_CONST && !scalar_local(e)) return true;
  const IrFunction *fn = in->fn;
  if (tr_facts(t, fn, loop)->contains_obj) return true; /* the path may end in it, or at it */
  for (int f = 0; f < TR_NFLAGS; f++)
    if (in->flag[f] != t->zero) return true;
  int64_t step;
  int updates = 0;
  const IrVar *ev = e->kind == IR_VAR ? e->var : NULL;
  if (!tr_induction_step(t, fn, loop, v->var, &step) || (c->kind == IR_LT ? step < 1 : step > -1)) return true;
  if (ev == v->var || !scan(t, fn, &loop->body, v->var, ev, step, true, &updates) ||
      !scan(t, fn, &loop->step, v->var, ev, step, false, &updates) || updates != 1)
    return true;
  PropVar v0 = in->slot[tr_frame_slot(fn, v->var)], vout = out->slot[tr_frame_slot(fn, v->var)];
  PropVar bound = ev ? in->slot[tr_frame_slot(fn, ev)] : prop_new_const(t->s, e->ival);
  if (v0 == TR_UNINIT || vout == TR_UNINIT || bound == TR_UNINIT || vout == v0) return true;
  if (step != 1 && step != -1) return stepped_summary(t, loop, in, out, v->var, bound, step, trips);
  /* vout = entered ? e : v0 */
  prop_note(t->s, PROP_NOTE_SUMMARY);
  OpCType vt = tr_ctype(v->type);
  if (!exit_value(t, v0, vout, bound, step, bound)) return false;
  PropVar count = step > 0 ? tr_c_binary(t, IR_SUB, vt, vt, vout, v0) : tr_c_binary(t, IR_SUB, vt, vt, v0, vout);
  return count != TR_FAIL && induction_summaries(t, loop, in, out, v->var, count, vt) &&
         trips_of_counter(t, trips, v0, vout, (int)step, v->type->bits);
}

/* A counter of step k, |k| > 1 (`for (i = a; i < n; i += 3)`): when the
   bound e is at most max - (k - 1) (at least min + (|k| - 1) counting
   down), v never wraps, and the loop leaves v at v0 + k * p, p >= 0 the
   number of iterations: v0 itself when v0 >= e (not entered), else the one
   value w of v0's class modulo k within [e, e + k - 1].  Posted as
   integers: vout - v0 == k * p, w - v0 == k * q (q any: w always exists),
   e <= w <= e + k - 1, vout = entered ? w : v0.  The exact equalities give
   vout the class of v0 modulo k (congruences, odd ones included), so `i %
   3 == 0` after the loop above is refuted for a == 1 without unfolding. */
static bool stepped_summary(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, const IrVar *v,
                            PropVar bound, int64_t step, PropVar trips) {
  const IrFunction *fn = in->fn;
  OpCType vt = tr_ctype(v->type);
  int64_t span = (step > 0 ? step : -step) - 1;
  OpCValues tv = op_c_values(vt);
  if (vt.bits > 32 || (step > 0 ? prop_max(t->s, bound) > tv.hi - span : prop_min(t->s, bound) < tv.lo + span))
    return true; /* the last step might wrap */
  PropStore *s = t->s;
  PropVar v0 = in->slot[tr_frame_slot(fn, v)], vout = out->slot[tr_frame_slot(fn, v)];
  const int64_t wide = (int64_t)1 << 34;
  PropVar w = prop_new_var(s, (int64_t)tv.lo, (int64_t)tv.hi), p = prop_new_var(s, 0, wide), q = prop_new_var(s, -wide, wide);
  int64_t moved[3] = {1, -1, -step}, window[2] = {1, -1};
  PropVar by_p[3] = {vout, v0, p}, by_q[3] = {w, v0, q}, from_e[2] = {w, bound};
  prop_note(s, PROP_NOTE_SUMMARY);
  bool ok = op_linear(s, 3, moved, by_p, OP_EQ, 0) && op_linear(s, 3, moved, by_q, OP_EQ, 0) &&
            op_linear(s, 2, window, from_e, step > 0 ? OP_GE : OP_LE, 0) &&
            op_linear(s, 2, window, from_e, step > 0 ? OP_LE : OP_GE, step > 0 ? span : -span) &&
            exit_value(t, v0, vout, bound, step, w);
  OpCType counted = {64, true};
  ok = ok && induction_summaries(t, loop, in, out, v, p, counted);
  return ok && (trips == TR_UNINIT || op_rel(s, trips, OP_EQ, p));
}
