/* trip_count.c - what running a loop N times demands of the state that
 * enters it, known before the loop is unfolded (--iter N).
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

bool tr_trip_count(Tr *t, const IrStmt *loop, int obj_index, const TrState *in, const TrState *out,
                   const TrWrites *w) {
  if (obj_index < 0 || !w->reached || in->reached == t->one) return true;
  int n = t->obj.iter[obj_index];
  if (n < 1 || (loop->is_do_while && n < 2) || loop->pre.n > 0 || !loop->cond) return true;
  for (int f = 0; f < TR_NFLAGS; f++)
    if (in->flag[f] != t->zero) return true;
  bool has_induction = false;
  if (!virtual_operand(t, loop, in, w, loop->cond, &has_induction) || !has_induction) return true;
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
