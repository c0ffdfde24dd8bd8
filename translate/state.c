/* state.c - SSA states, the writes of a branch or loop, and joins (the
 * translation's bookkeeping; see docs/design.md, "Translation").
 *
 * Scalars whose address is never taken are SSA values: a TrState maps each to
 * the solver variable holding its current value, and an assignment makes a
 * new state.  Control flow that is not decided at translation time becomes
 * an `ite` (operators/control/ite.c) or a `w` (operators/control/w.c), which
 * translate their branches later, when propagation decides them or tries
 * them; at their exit, the states of the two ways are joined into fresh
 * output variables.
 *
 * Structured exits (return, break, continue) and the end of a path (abort,
 * exit, a failed assume, a runtime trap) are flags in the state: code runs
 * at a point iff no flag is set.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"


/* ---- Types --------------------------------------------------------------- */
OpCType tr_ctype(const IrType *ty) {
  OpCType c = {32, true};
  if (ty->kind == IR_TY_BOOL) c = (OpCType){1, false};
  else if (ty->kind == IR_TY_INT) c = (OpCType){ty->bits, ty->is_signed};
  else if (ty->kind == IR_TY_PTR) c = (OpCType){64, true}; /* a location number */
  return c;
}

const FpFormat *tr_fp_format(const IrType *ty) {
  assert(ty->kind == IR_TY_FLOAT && (ty->bits == 32 || ty->bits == 64));
  return ty->bits == 32 ? &fp_binary32 : &fp_binary64;
}

int64_t tr_fp_key(const IrType *ty, double v) { return fp_key_of_double(tr_fp_format(ty), v); }

PropVar tr_fresh(Tr *t, const IrType *ty) {
  if (ty->kind == IR_TY_BOOL) return prop_new_var(t->s, 0, 1);
  if (ty->kind == IR_TY_FLOAT) return fp_var(t->s, tr_fp_format(ty)); /* keys, see fp.h */
  /* locations, 0 = NULL; a struct value (a return value) is the location of its cells */
  if (ty->kind == IR_TY_PTR || ty->kind == IR_TY_STRUCT) return prop_new_var(t->s, 0, TR_LOC_MAX);
  return op_c_var(t->s, tr_ctype(ty));
}

PropVar tr_fresh_cell(Tr *t, const IrType *ty) {
  if (!t->sign_puns || ty->kind != IR_TY_INT || ty->bits >= 64) return tr_fresh(t, ty);
  /* a uint32_t stored through an int32_t * (or the reverse) keeps its value:
     the cell holds either representation of the same bits */
  return prop_new_var(t->s, -((int64_t)1 << (ty->bits - 1)), ((int64_t)1 << ty->bits) - 1);
}

static PropVar fresh_bool(Tr *t) { return prop_new_var(t->s, 0, 1); }


/* ---- States ---------------------------------------------------------------- */
TrState *tr_state_copy(Tr *t, const TrState *st) {
  TrState *c = prop_alloc(t->s, sizeof *c);
  *c = *st;
  int n = tr_nslots(st->fn);
  c->slot = prop_alloc(t->s, sizeof(PropVar) * (size_t)(n ? n : 1));
  memcpy(c->slot, st->slot, sizeof(PropVar) * (size_t)n);
  int ng = t->prog->nglobals;
  c->global = prop_alloc(t->s, sizeof(PropVar) * (size_t)(ng ? ng : 1));
  memcpy(c->global, st->global, sizeof(PropVar) * (size_t)ng);
  c->iter = prop_alloc(t->s, sizeof(int) * (size_t)(t->obj.niter ? t->obj.niter : 1));
  memcpy(c->iter, st->iter, sizeof(int) * (size_t)t->obj.niter);
  if (st->defined) {
    c->defined = prop_alloc(t->s, sizeof(TrDefined) * (size_t)(n ? n : 1));
    memcpy(c->defined, st->defined, sizeof(TrDefined) * (size_t)n);
  }
  return c;
}

/* ---- Definedness ---------------------------------------------------------------
 * A slot assigned on some paths only (`if (k < 10) y = k;`) is, after the
 * join, a value and a boolean "assigned": the value is the assigned one where
 * the boolean holds and free where it does not, and a read gives up the path
 * only where it runs with the boolean false (expr.c).  Most states have no
 * such slot: `defined` stays NULL until the first one.
 *
 * A flag alone forgets which paths assigned: after `if (a[k] == key) { pos
 * = k; found = 1; }` in a loop, `found && pos < n` would read pos where the
 * relaxed joins allow found == 1 with pos unassigned, and give up the
 * proof.  So a join also posts `j != 0 => flag` for the slots j that
 * witness the assignment (post_witnesses): j != 0 implied it at the entry
 * (j was 0, or a witness already), and inside the branch or loop j becomes
 * nonzero only where slot i is assigned already; an assignment outside a
 * join keeps a witness only when it sets it to 0 (tr_assign_slot). */
static void clear_witness(TrState *st, int j) {
  if (!st->defined || j >= 64) return;
  for (int i = 0; i < tr_nslots(st->fn); i++) st->defined[i].witnesses &= ~((uint64_t)1 << j);
}

void tr_set_slot(TrState *st, int i, PropVar v) {
  st->slot[i] = v;
  if (!st->defined) return;
  st->defined[i] = (TrDefined){TR_UNINIT, 0};
  clear_witness(st, i);
}

void tr_assign_slot(Tr *t, TrState *st, int i, PropVar v) {
  bool zero = v != TR_UNINIT && prop_is_fixed(t->s, v) && prop_value(t->s, v) == 0;
  if (!zero || !st->defined) {
    tr_set_slot(st, i, v);
    return;
  }
  st->slot[i] = v; /* 0 implies anything: still a witness wherever it was */
  st->defined[i] = (TrDefined){TR_UNINIT, 0};
}

PropVar tr_slot_defined(Tr *t, const TrState *st, int i) {
  if (st->slot[i] == TR_UNINIT) return t->zero;
  if (st->defined && st->defined[i].flag != TR_UNINIT) return st->defined[i].flag;
  return t->one;
}

/* Slot i of st gets the flag d, with no witness yet. */
static void set_defined(Tr *t, TrState *st, int i, PropVar d) {
  if (!st->defined) {
    int n = tr_nslots(st->fn);
    st->defined = prop_alloc(t->s, sizeof(TrDefined) * (size_t)(n ? n : 1));
    for (int k = 0; k < n; k++) st->defined[k] = (TrDefined){TR_UNINIT, 0};
  }
  st->defined[i] = (TrDefined){d, 0};
}

int tr_live(Tr *t, const TrState *st, PropVar *live) {
  PropVar open[TR_NFLAGS];
  int nopen = 0;
  for (int f = 0; f < TR_NFLAGS; f++) {
    PropVar v = st->flag[f];
    if (prop_is_fixed(t->s, v)) {
      if (prop_value(t->s, v)) return 0;
    } else {
      open[nopen++] = v;
    }
  }
  if (nopen == 0) return 1;
  /* live = !(f1 || f2 || ...) */
  PropVar any = open[0];
  for (int i = 1; i < nopen; i++) {
    PropVar b = fresh_bool(t);
    if (!op_bool_or(t->s, b, any, open[i])) return 0;
    any = b;
  }
  *live = fresh_bool(t);
  if (!op_bool_not(t->s, *live, any)) return 0;
  return -1;
}

/* The objective happens at st.  What the program does next cannot undo
   that, so the path ends here, as if abort() ran right at the target: the
   rest of the program is never translated for this path (a search node does
   not pay for eliminating the Josephus ring built to --iter 1000).  The end
   is unconditional, the same in a trial as in the real translation, so the
   model is one program throughout; the price is that such a path reports
   no return value.  st's variables become hints, so that a goal-first
   search starts from the target and propagates backwards. */
void tr_set_reached(Tr *t, TrState *st) {
  st->reached = t->one;
  st->flag[TR_ENDED] = t->one;
  tr_hint_state(t, st);
}

void tr_hint_state(Tr *t, const TrState *st) {
  for (int i = 0; i < tr_nslots(st->fn); i++)
    if (st->slot[i] != TR_UNINIT && !prop_is_fixed(t->s, st->slot[i])) prop_add_hint(t->s, st->slot[i]);
  for (int g = 0; g < t->prog->nglobals; g++)
    if (st->global[g] != TR_UNINIT && !prop_is_fixed(t->s, st->global[g])) prop_add_hint(t->s, st->global[g]);
}

/* ---- The objective's loops ---------------------------------------------------- */
int tr_objective_loop_index(const Tr *t, const IrStmt *loop) {
  for (int j = 0; j < t->obj.niter; j++)
    if (t->obj_loop[j] == loop) return j;
  return -1;
}

/* Can the objective still happen from st, counting `loop` as about to run
   iteration k (loop NULL: no loop check)?  Only the --iter loops constrain. */
bool tr_objective_possible(Tr *t, const TrState *st, const IrStmt *loop, int k) {
  for (int j = 0; j < t->obj.niter; j++) {
    if (loop && t->obj_loop[j] == loop) {
      if (k > t->obj.iter[j]) return false;
    } else if (st->iter[j] != 0 && st->iter[j] != t->obj.iter[j]) {
      return false;
    }
  }
  return true;
}

/* Does the objective happen exactly here (all --iter loops at their iteration)? */
bool tr_objective_now(Tr *t, const TrState *st) {
  for (int j = 0; j < t->obj.niter; j++)
    if (st->iter[j] != t->obj.iter[j]) return false;
  return true;
}

/* ---- Write sets ------------------------------------------------------------ */
void tr_writes_init(Tr *t, const TrState *st, TrWrites *w) {
  memset(w, 0, sizeof *w);
  w->slot = prop_alloc(t->s, (size_t)tr_nslots(st->fn) + 1);
  w->declared = prop_alloc(t->s, (size_t)tr_nslots(st->fn) + 1);
  w->global = prop_alloc(t->s, (size_t)t->prog->nglobals + 1);
}

static void add_facts(Tr *t, const TrState *st, const TrFacts *f, TrWrites *w) {
  int n = tr_nslots(st->fn);
  if (f->slot)
    for (int i = 0; i < n; i++) w->slot[i] |= f->slot[i];
  if (f->declared)
    for (int i = 0; i < n; i++) w->declared[i] |= f->declared[i];
  if (f->global)
    for (int i = 0; i < t->prog->nglobals; i++) w->global[i] |= f->global[i];
  w->flag[TR_ENDED] |= f->may_end || f->contains_obj; /* the path ends at the objective */
  w->flag[TR_RETURNED] |= f->has_return;
  w->retval |= f->has_return;
  w->flag[TR_BROKEN] |= f->has_break;
  w->flag[TR_CONTINUED] |= f->has_continue;
  if (f->contains_obj && tr_objective_possible(t, st, NULL, 0)) w->reached = true;
  w->mem |= f->writes_mem;
  w->mem_any |= f->stores_any;
  for (int i = 0; i < f->nstored && !w->mem_any; i++) {
    bool known = false;
    for (int k = 0; k < w->nmem_types && !known; k++) known = w->mem_types[k] == f->stored[i];
    if (known) continue;
    if (w->nmem_types == TR_STORED_TYPES) w->mem_any = true;
    else w->mem_types[w->nmem_types++] = f->stored[i];
  }
}

void tr_branch_writes(Tr *t, const TrBranch *br, const TrState *st, TrWrites *w) {
  switch (br->kind) {
  case TR_BR_EMPTY: break;
  case TR_BR_END:
    w->flag[TR_ENDED] = true;
    if (br->reach_first) w->reached = true;
    break;
  case TR_BR_BLOCK:
    for (int i = br->from; i < br->block->n; i++) add_facts(t, st, tr_facts(t, st->fn, br->block->stmts[i]), w);
    /* the branch runs with every flag cleared (see tr_branch) */
    for (int f = 0; f < TR_NFLAGS; f++)
      if (st->flag[f] != t->zero) w->flag[f] = true;
    break;
  case TR_BR_LOOP:
    break; /* the loop's own writes are given by the caller */
  }
}

void tr_loop_writes(Tr *t, const IrStmt *loop, int next_iter, const TrState *st, TrWrites *w) {
  const TrFacts *f = tr_facts(t, st->fn, loop);
  add_facts(t, st, f, w);
  w->flag[TR_BROKEN] = w->flag[TR_CONTINUED] = false; /* reset when the loop exits */
  w->reached = f->contains_obj && tr_objective_possible(t, st, loop, next_iter);
}

static bool is_slot(const IrFunction *fn, const IrExpr *lhs, int i) {
  return lhs && lhs->kind == IR_VAR && !lhs->var->address_taken && lhs->var->kind != IR_VAR_GLOBAL &&
         tr_frame_slot(fn, lhs->var) == i;
}

/* Does every execution of b[from..] that goes on after it assign slot i?
   (A path that returns or ends never reads the slot again.) */
static bool block_assigns(Tr *t, const IrFunction *fn, const IrBlock *b, int from, int i) {
  for (int k = from; k < b->n; k++) {
    const IrStmt *s = b->stmts[k];
    switch (s->kind) {
    case IR_ST_SKIP: continue;
    case IR_ST_DECL: /* its lifetime starts: an assignment must follow (C scoping puts
                        no use of the variable before its declaration in a block) */
      continue;
    case IR_ST_ASSIGN: case IR_ST_CALL:
      if (is_slot(fn, s->lhs, i)) return true;
      if (s->kind == IR_ST_CALL &&
          (s->builtin == IR_BI_ABORT || s->builtin == IR_BI_EXIT || s->builtin == IR_BI_ERROR))
        return true; /* the path ends here */
      continue;
    case IR_ST_RETURN: return true;
    case IR_ST_BREAK: case IR_ST_CONTINUE: return false;
    case IR_ST_IF:
      if (block_assigns(t, fn, &s->then, 0, i) && block_assigns(t, fn, &s->els, 0, i)) return true;
      break;
    case IR_ST_BLOCK:
      if (block_assigns(t, fn, &s->body, 0, i)) return true;
      break;
    case IR_ST_WHILE: break;
    }
    const TrFacts *f = tr_facts(t, fn, s); /* it did not assign: may it leave early? */
    if (f->has_break || f->has_continue) return false;
  }
  return false;
}

bool tr_empty_is_vacuous(Tr *t, const TrState *in) {
  return in->flag[TR_BROKEN] == t->zero && in->flag[TR_CONTINUED] == t->zero;
}

/* Does every execution of br that goes on assign slot i (from state in)?
   The path is over after an END branch; the EMPTY branch of a guard runs
   only once a flag is set, and when no break or continue can be pending
   that flag ends the frame (return) or the path: nobody reads the slot. */
static bool definitely_assigns(Tr *t, const TrBranch *br, const TrState *in, int i) {
  switch (br->kind) {
  case TR_BR_END: return true;
  case TR_BR_EMPTY: return tr_empty_is_vacuous(t, in);
  case TR_BR_BLOCK: return block_assigns(t, in->fn, br->block, br->from, i);
  default: return false;
  }
}

/* Does every execution of loop that leaves it (and goes on after it) assign
   slot i?  A while loop's condition side effects (pre) run before any exit;
   a do-while's first iteration runs its body whole unless it leaves early
   (block_assigns says no to a break or continue before the assignment). */
static bool loop_assigns(Tr *t, const IrFunction *fn, const IrStmt *loop, int i) {
  if (!loop->is_do_while) return block_assigns(t, fn, &loop->pre, 0, i);
  return block_assigns(t, fn, &loop->body, 0, i);
}

static bool keeps_witness(const IrFunction *fn, const IrBlock *b, int from, int i, int j, bool *assigned);

/* Does b hold a continue of the loop it is the body of? */
static bool continues(const IrBlock *b) {
  for (int k = 0; k < b->n; k++) {
    const IrStmt *s = b->stmts[k];
    if (s->kind == IR_ST_CONTINUE || (s->kind == IR_ST_IF && (continues(&s->then) || continues(&s->els))) ||
        (s->kind == IR_ST_BLOCK && continues(&s->body)))
      return true;
  }
  return false;
}

/* keeps_witness for every iteration of loop, entered with i assigned or
   not: the parts in the order they run (a do-while's body before its
   condition's side effects), each iteration starting with at least as much
   assigned as the first; a continue reaches the step (or a do-while's
   condition) with only what the body's start had. */
static bool loop_keeps_witness(const IrFunction *fn, const IrStmt *loop, int i, int j, bool assigned) {
  if (!loop->is_do_while && !keeps_witness(fn, &loop->pre, 0, i, j, &assigned)) return false;
  bool at_body = assigned;
  if (!keeps_witness(fn, &loop->body, 0, i, j, &assigned)) return false;
  if (continues(&loop->body)) assigned = at_body;
  if (!keeps_witness(fn, &loop->step, 0, i, j, &assigned)) return false;
  return !loop->is_do_while || keeps_witness(fn, &loop->pre, 0, i, j, &assigned);
}

/* Does b[from..] keep "j != 0 => slot i assigned" (given at its start, with
   *assigned saying whether i is assigned there)?  j becomes nonzero only
   where i is assigned, and slot i never becomes unassigned; a break,
   continue or return leaves with the relation holding. */
static bool keeps_witness(const IrFunction *fn, const IrBlock *b, int from, int i, int j, bool *assigned) {
  for (int k = from; k < b->n; k++) {
    const IrStmt *s = b->stmts[k];
    switch (s->kind) {
    case IR_ST_DECL:
      if (s->var->kind != IR_VAR_GLOBAL && !s->var->address_taken &&
          (tr_frame_slot(fn, s->var) == i || tr_frame_slot(fn, s->var) == j))
        return false;
      break;
    case IR_ST_ASSIGN: case IR_ST_CALL:
      if (is_slot(fn, s->lhs, j) && !*assigned &&
          !(s->kind == IR_ST_ASSIGN && s->rhs->kind == IR_INT_CONST && s->rhs->ival == 0))
        return false;
      if (is_slot(fn, s->lhs, i)) *assigned = true;
      break;
    case IR_ST_IF: {
      bool then_assigned = *assigned, else_assigned = *assigned;
      if (!keeps_witness(fn, &s->then, 0, i, j, &then_assigned) ||
          !keeps_witness(fn, &s->els, 0, i, j, &else_assigned))
        return false;
      *assigned = then_assigned && else_assigned;
      break;
    }
    case IR_ST_BLOCK:
      if (!keeps_witness(fn, &s->body, 0, i, j, assigned)) return false;
      break;
    case IR_ST_WHILE:
      if (!loop_keeps_witness(fn, s, i, j, *assigned)) return false;
      break;
    default: break; /* skip, break, continue, return */
    }
  }
  return true;
}

static bool branch_keeps_witness(const IrFunction *fn, const TrBranch *br, int i, int j) {
  bool assigned = false;
  if (!br) return false;
  if (br->kind == TR_BR_EMPTY || br->kind == TR_BR_END) return true;
  return br->kind == TR_BR_BLOCK && keeps_witness(fn, br->block, br->from, i, j, &assigned);
}

/* Was j a witness of slot i at in: 0 there, or a witness already? */
static bool witness_at(Tr *t, const TrState *in, int i, int j) {
  PropVar v = in->slot[j];
  if (v != TR_UNINIT && prop_is_fixed(t->s, v) && prop_value(t->s, v) == 0) return true;
  return in->defined && in->defined[i].flag != TR_UNINIT && (in->defined[i].witnesses >> j & 1);
}

/* The witnesses of the fresh flag of slot i at out (see tr_assign_slot),
   each posted as (j != 0) <= flag. */
static bool post_witnesses(Tr *t, const TrState *in, TrState *out, int i, const TrBranch *a, const TrBranch *b,
                           const IrStmt *loop) {
  const IrFunction *fn = in->fn;
  enum { MAX_WALKS = 8 }; /* candidates walked per flag: a join in a long unfolding stays cheap */
  PropVar d = out->defined[i].flag;
  uint64_t mask = 0;
  int walks = 0;
  for (int j = 0; j < tr_nslots(fn) && j < 64 && walks < MAX_WALKS; j++) {
    const IrVar *u = tr_slot_var(fn, j);
    if (j == i || u->address_taken || (u->type->kind != IR_TY_INT && u->type->kind != IR_TY_BOOL) ||
        out->slot[j] == TR_UNINIT || !witness_at(t, in, i, j))
      continue;
    walks++;
    bool kept = loop ? loop_keeps_witness(fn, loop, i, j, false)
                     : branch_keeps_witness(fn, a, i, j) && branch_keeps_witness(fn, b, i, j);
    if (!kept) continue;
    PropVar nonzero = fresh_bool(t);
    int64_t coef[2] = {1, -1};
    PropVar x[2] = {nonzero, d};
    if (!op_reify(t->s, nonzero, out->slot[j], OP_NE, t->zero) || !op_linear(t->s, 2, coef, x, OP_LE, 0)) return false;
    mask |= (uint64_t)1 << j;
  }
  out->defined[i].witnesses = mask;
  return true;
}

static TrState *fresh_outputs(Tr *t, const TrState *in, const TrWrites *w, const TrBranch *a, const TrBranch *b,
                              const IrStmt *loop) {
  TrState *out = tr_state_copy(t, in);
  for (int i = 0; i < tr_nslots(in->fn); i++) {
    if (!w->slot[i]) continue;
    bool assigned = loop ? loop_assigns(t, in->fn, loop, i)
                         : a && b && definitely_assigns(t, a, in, i) && definitely_assigns(t, b, in, i);
    /* assigned on the paths that assign it, or as it entered */
    PropVar d = assigned ? t->one : tr_slot_defined(t, in, i);
    if (d == t->zero && w->declared[i]) { /* its scope ends inside: nobody reads it after */
      tr_set_slot(out, i, TR_UNINIT);
      continue;
    }
    tr_set_slot(out, i, tr_fresh(t, tr_slot_var(in->fn, i)->type));
    if (d != t->one) set_defined(t, out, i, fresh_bool(t));
  }
  for (int i = 0; i < tr_nslots(in->fn); i++)
    if (w->slot[i] && out->defined && out->defined[i].flag != TR_UNINIT &&
        !post_witnesses(t, in, out, i, a, b, loop))
      return NULL;
  for (int g = 0; g < t->prog->nglobals; g++)
    if (w->global[g]) out->global[g] = tr_fresh(t, t->prog->globals[g]->type);
  for (int f = 0; f < TR_NFLAGS; f++)
    if (w->flag[f]) out->flag[f] = fresh_bool(t);
  if (w->retval && in->fn->ret->kind != IR_TY_VOID) out->retval = tr_fresh(t, in->fn->ret);
  if (w->reached) out->reached = fresh_bool(t);
  if (w->mem) out->mem = tr_mem_join(t, in->mem, w->mem_any ? NULL : w->mem_types, w->nmem_types);
  return out;
}

TrState *tr_fresh_outputs(Tr *t, const TrState *in, const TrWrites *w, const TrBranch *a, const TrBranch *b) {
  return fresh_outputs(t, in, w, a, b, NULL);
}

TrState *tr_loop_outputs(Tr *t, const TrState *in, const TrWrites *w, const IrStmt *loop) {
  return fresh_outputs(t, in, w, NULL, NULL, loop);
}

static bool join_var(Tr *t, PropVar out, PropVar end) {
  if (out == TR_UNINIT || end == TR_UNINIT || out == end) return true;
  return op_rel(t->s, out, OP_EQ, end);
}

/* May the path of st have left the frame for good (returned or ended),
   with no break or continue pending?  Then a local it never assigned is
   never read again.  (The branches' definite-assignment analysis promised
   the local on every path that goes on.) */
static bool frame_over(Tr *t, const TrState *st) {
  PropStore *s = t->s;
  for (int f = TR_BROKEN; f <= TR_CONTINUED; f++)
    if (prop_max(s, st->flag[f]) != 0) return false;
  return prop_max(s, st->flag[TR_ENDED]) == 1 || prop_max(s, st->flag[TR_RETURNED]) == 1;
}

bool tr_join(Tr *t, const TrState *out, const TrState *end, const TrWrites *w, bool over) {
  for (int i = 0; i < tr_nslots(out->fn); i++) {
    if (!w->slot[i]) continue;
    PropVar d = tr_slot_defined(t, out, i);
    if (d != t->one && d != t->zero) { /* the value where this path assigned it, free where not */
      if (!join_var(t, d, tr_slot_defined(t, end, i))) return false;
    } else if (out->slot[i] != TR_UNINIT && end->slot[i] == TR_UNINIT && !over && !frame_over(t, end)) {
      /* the join promises a value this path never assigned: never rely on
         it (the path is abandoned unless propagation refutes it; the value
         stays free) */
      if (!tr_abandon_read_if(t, t->one, "a path reads a variable before it is assigned")) return false;
    }
    if (!join_var(t, out->slot[i], end->slot[i])) return false;
  }
  for (int g = 0; g < t->prog->nglobals; g++)
    if (w->global[g] && !join_var(t, out->global[g], end->global[g])) return false;
  for (int f = 0; f < TR_NFLAGS; f++)
    if (w->flag[f] && !join_var(t, out->flag[f], end->flag[f])) return false;
  if (w->retval && !join_var(t, out->retval, end->retval)) return false;
  if (w->reached && !join_var(t, out->reached, end->reached)) return false;
  if (w->mem && !tr_mem_resolve(t, out->mem, end->mem)) return false;
  return true;
}

int tr_state_vars(const TrState *st, const TrWrites *w, PropVar *vars, int cap) {
  int n = 0;
#define ADD(v) do { if ((v) != TR_UNINIT && n < cap) vars[n++] = (v); } while (0)
  for (int i = 0; i < st->fn->nparams + st->fn->nlocals; i++)
    if (!w || w->slot[i]) ADD(st->slot[i]);
  for (int f = 0; f < TR_NFLAGS; f++)
    if (!w || w->flag[f]) ADD(st->flag[f]);
  if (!w || w->retval) ADD(st->retval);
  if (!w || w->reached) ADD(st->reached);
#undef ADD
  return n;
}
