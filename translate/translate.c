/* translate.c - IR statements and expressions into constraints (DESIGN 5.1).
 *
 * Scalars whose address is never taken are SSA values: a TrState maps each to
 * the solver variable holding its current value, and an assignment makes a
 * new state.  Control flow that is not decided at translation time becomes
 * an `ite` (ite.c) or a `w` (w.c), which translate their branches later,
 * when propagation decides them or tries them.
 *
 * Structured exits (return, break, continue) and the end of a path (abort,
 * exit, a failed assume, a runtime trap) are flags in the state: code runs
 * at a point iff no flag is set.  When a flag is undecided, the rest of the
 * block is guarded by an ite on "still running".
 *
 * A runtime trap (division by zero, an over-wide shift) ends the path, like
 * abort(): the statement that may trap is split by an ite on the trap
 * condition, whose else branch resumes the statement knowing it is safe.
 *
 * This file must never decide a branch itself against the program's
 * semantics: every ite/w choice is left to propagation.
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

PropVar tr_fresh(Tr *t, const IrType *ty) {
  if (ty->kind == IR_TY_BOOL) return prop_new_var(t->s, 0, 1);
  if (ty->kind == IR_TY_PTR) return prop_new_var(t->s, 0, INT32_MAX); /* locations, 0 = NULL */
  return op_c_var(t->s, tr_ctype(ty));
}

static PropVar fresh_bool(Tr *t) { return prop_new_var(t->s, 0, 1); }

static const IrVar *slot_var(const IrFunction *fn, int i) {
  return i < fn->nparams ? fn->params[i] : fn->locals[i - fn->nparams];
}

static int nslots(const IrFunction *fn) { return fn->nparams + fn->nlocals; }

/* ---- States ---------------------------------------------------------------- */
TrState *tr_state_copy(Tr *t, const TrState *st) {
  TrState *c = prop_alloc(t->s, sizeof *c);
  *c = *st;
  int n = nslots(st->fn);
  c->slot = prop_alloc(t->s, sizeof(PropVar) * (size_t)(n ? n : 1));
  memcpy(c->slot, st->slot, sizeof(PropVar) * (size_t)n);
  int ng = t->prog->nglobals;
  c->global = prop_alloc(t->s, sizeof(PropVar) * (size_t)(ng ? ng : 1));
  memcpy(c->global, st->global, sizeof(PropVar) * (size_t)ng);
  c->iter = prop_alloc(t->s, sizeof(int) * (size_t)(t->obj.niter ? t->obj.niter : 1));
  memcpy(c->iter, st->iter, sizeof(int) * (size_t)t->obj.niter);
  return c;
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
  for (int i = 0; i < nslots(st->fn); i++)
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
  w->slot = prop_alloc(t->s, (size_t)nslots(st->fn) + 1);
  w->global = prop_alloc(t->s, (size_t)t->prog->nglobals + 1);
}

static void add_facts(Tr *t, const TrState *st, const TrFacts *f, TrWrites *w) {
  int n = nslots(st->fn);
  if (f->slot)
    for (int i = 0; i < n; i++) w->slot[i] |= f->slot[i];
  if (f->global)
    for (int i = 0; i < t->prog->nglobals; i++) w->global[i] |= f->global[i];
  w->flag[TR_ENDED] |= f->may_end || f->contains_obj; /* the path ends at the objective */
  w->flag[TR_RETURNED] |= f->has_return;
  w->retval |= f->has_return;
  w->flag[TR_BROKEN] |= f->has_break;
  w->flag[TR_CONTINUED] |= f->has_continue;
  if (f->contains_obj && tr_objective_possible(t, st, NULL, 0)) w->reached = true;
  w->mem |= f->writes_mem;
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
    case IR_ST_DECL:
      if (s->var->kind != IR_VAR_GLOBAL && tr_frame_slot(fn, s->var) == i) return false;
      continue;
    case IR_ST_ASSIGN: case IR_ST_CALL:
      if (is_slot(fn, s->lhs, i)) return true;
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

TrState *tr_fresh_outputs(Tr *t, const TrState *in, const TrWrites *w, const TrBranch *a, const TrBranch *b) {
  TrState *out = tr_state_copy(t, in);
  for (int i = 0; i < nslots(in->fn); i++) {
    if (!w->slot[i]) continue;
    bool may_stay_uninit = in->slot[i] == TR_UNINIT &&
                           !(a && b && definitely_assigns(t, a, in, i) && definitely_assigns(t, b, in, i));
    out->slot[i] = may_stay_uninit ? TR_UNINIT : tr_fresh(t, slot_var(in->fn, i)->type);
  }
  for (int g = 0; g < t->prog->nglobals; g++)
    if (w->global[g]) out->global[g] = tr_fresh(t, t->prog->globals[g]->type);
  for (int f = 0; f < TR_NFLAGS; f++)
    if (w->flag[f]) out->flag[f] = fresh_bool(t);
  if (w->retval && in->fn->ret->kind != IR_TY_VOID) out->retval = tr_fresh(t, in->fn->ret);
  if (w->reached) out->reached = fresh_bool(t);
  if (w->mem) out->mem = tr_mem_join(t);
  return out;
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
  for (int i = 0; i < nslots(out->fn); i++) {
    if (!w->slot[i]) continue;
    if (out->slot[i] != TR_UNINIT && end->slot[i] == TR_UNINIT && !over && !frame_over(t, end)) {
      /* the join promises a value this path never assigned: never rely on it */
      t->incomplete_reason = "a path reads a variable before it is assigned";
      return false;
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

/* ---- Expressions ------------------------------------------------------------ */
/* The values of the subexpressions of one statement already evaluated, so
   that a statement resumed after a trap split does not evaluate them twice.
   A persistent list (new entries in front); `safe` records that the trap of
   this operation was excluded by the split. */
typedef enum {
  TR_CACHE_VALUE,   /* v is the value of e */
  TR_CACHE_ADDR,    /* v is the address of lvalue e */
  TR_CACHE_SAFE,    /* a split excluded e's trap */
} TrCacheKind;

struct TrCache {
  const IrExpr *e;
  TrCacheKind kind;
  PropVar v;
  TrCache *next;
};

typedef enum { EV_OK, EV_TRAP, EV_FAIL } EvResult;

typedef struct Eval {
  Tr *t;
  const TrState *st;
  TrCache *cache;
  PropVar trap;          /* EV_TRAP: boolean, 1 iff the operation traps */
  const IrExpr *trap_at; /* EV_TRAP: the operation */
} Eval;

static TrCache *cache_find(TrCache *c, const IrExpr *e, TrCacheKind kind) {
  for (; c; c = c->next)
    if (c->e == e && c->kind == kind) return c;
  return NULL;
}

static TrCache *cache_add(Tr *t, TrCache *c, const IrExpr *e, TrCacheKind kind, PropVar v) {
  TrCache *n = prop_alloc(t->s, sizeof *n);
  n->e = e;
  n->kind = kind;
  n->v = v;
  n->next = c;
  return n;
}

static EvResult eval(Eval *ev, const IrExpr *e, PropVar *out);

/* A boolean b = (x != 0), reusing x when it is already 0/1. */
PropVar tr_truth(Tr *t, const IrType *ty, PropVar x) {
  if (prop_min(t->s, x) >= 0 && prop_max(t->s, x) <= 1) return x;
  PropVar b = fresh_bool(t);
  if (!op_c_cast(t->s, tr_ctype(ty), x, (OpCType){1, false}, b)) return TR_UNINIT;
  return b;
}

static PropVar reify_const(Tr *t, PropVar x, OpRel rel, int64_t c) {
  PropVar k = prop_new_const(t->s, c), b = fresh_bool(t);
  if (!op_reify(t->s, b, x, rel, k)) return TR_UNINIT;
  return b;
}

/* The condition under which `x op y` traps on x86-64, or TR_UNINIT when it
   cannot trap given the current domains (*none set). */
static EvResult trap_condition(Eval *ev, const IrExpr *e, PropVar x, PropVar y, PropVar *trap, bool *none) {
  Tr *t = ev->t;
  PropStore *s = t->s;
  OpCType ty = tr_ctype(e->type);
  *none = true;
  if (e->kind == IR_DIV || e->kind == IR_REM) {
    bool zero = prop_has(s, y, 0);
    bool ovf = ty.is_signed && prop_has(s, x, op_c_min(ty)) && prop_has(s, y, -1);
    if (!zero && !ovf) return EV_OK;
    PropVar tz = zero ? reify_const(t, y, OP_EQ, 0) : t->zero;
    PropVar to = t->zero;
    if (ovf) {
      PropVar a = reify_const(t, x, OP_EQ, op_c_min(ty)), b = reify_const(t, y, OP_EQ, -1);
      to = fresh_bool(t);
      if (a == TR_UNINIT || b == TR_UNINIT || !op_bool_and(s, to, a, b)) return EV_FAIL;
    }
    if (tz == TR_UNINIT) return EV_FAIL;
    *trap = fresh_bool(t);
    if (!op_bool_or(s, *trap, tz, to)) return EV_FAIL;
  } else { /* shifts: count outside [0, bits) of the promoted left type */
    if (prop_min(s, y) >= 0 && prop_max(s, y) < ty.bits) return EV_OK;
    PropVar lo = reify_const(t, y, OP_LT, 0), hi = reify_const(t, y, OP_GE, ty.bits);
    *trap = fresh_bool(t);
    if (lo == TR_UNINIT || hi == TR_UNINIT || !op_bool_or(s, *trap, lo, hi)) return EV_FAIL;
  }
  *none = false;
  return EV_OK;
}

static OpCBinary c_binary(IrExprKind k) {
  switch (k) {
  case IR_ADD: return OP_C_ADD;
  case IR_SUB: return OP_C_SUB;
  case IR_MUL: return OP_C_MUL;
  case IR_DIV: return OP_C_DIV;
  case IR_REM: return OP_C_REM;
  case IR_SHL: return OP_C_SHL;
  case IR_SHR: return OP_C_SHR;
  case IR_BAND: return OP_C_AND;
  case IR_BOR: return OP_C_OR;
  default: assert(k == IR_BXOR); return OP_C_XOR;
  }
}

static OpRel c_rel(IrExprKind k) {
  switch (k) {
  case IR_LT: return OP_LT;
  case IR_LE: return OP_LE;
  case IR_GT: return OP_GT;
  case IR_GE: return OP_GE;
  case IR_EQ: return OP_EQ;
  default: assert(k == IR_NE); return OP_NE;
  }
}

static EvResult eval_binary(Eval *ev, const IrExpr *e, PropVar *out) {
  Tr *t = ev->t;
  PropVar x, y;
  EvResult r = eval(ev, e->a[0], &x);
  if (r != EV_OK) return r;
  if ((r = eval(ev, e->a[1], &y)) != EV_OK) return r;
  bool traps = e->kind == IR_DIV || e->kind == IR_REM || e->kind == IR_SHL || e->kind == IR_SHR;
  if (traps && !cache_find(ev->cache, e, TR_CACHE_SAFE)) {
    bool none;
    if ((r = trap_condition(ev, e, x, y, &ev->trap, &none)) != EV_OK) return r;
    if (!none) {
      ev->trap_at = e;
      return EV_TRAP;
    }
  }
  *out = tr_fresh(t, e->type);
  OpCType ty = tr_ctype(e->type);
  return op_c_binary(t->s, c_binary(e->kind), ty, x, tr_ctype(e->a[1]->type), y, *out) ? EV_OK : EV_FAIL;
}

static EvResult eval_compare(Eval *ev, const IrExpr *e, PropVar *out) {
  PropVar x, y;
  EvResult r = eval(ev, e->a[0], &x);
  if (r != EV_OK) return r;
  if ((r = eval(ev, e->a[1], &y)) != EV_OK) return r;
  *out = fresh_bool(ev->t);
  return op_c_compare(ev->t->s, c_rel(e->kind), tr_ctype(e->a[0]->type), x, y, *out) ? EV_OK : EV_FAIL;
}

static EvResult eval_truth(Eval *ev, const IrExpr *e, PropVar *out) {
  PropVar x;
  EvResult r = eval(ev, e, &x);
  if (r != EV_OK) return r;
  *out = tr_truth(ev->t, e->type, x);
  return *out == TR_UNINIT ? EV_FAIL : EV_OK;
}

static EvResult eval_logic(Eval *ev, const IrExpr *e, PropVar *out) {
  Tr *t = ev->t;
  PropVar x, y;
  EvResult r;
  switch (e->kind) {
  case IR_LNOT:
    if ((r = eval_truth(ev, e->a[0], &x)) != EV_OK) return r;
    *out = fresh_bool(t);
    return op_bool_not(t->s, *out, x) ? EV_OK : EV_FAIL;
  case IR_LAND: case IR_LOR:
    if ((r = eval_truth(ev, e->a[0], &x)) != EV_OK) return r;
    if ((r = eval_truth(ev, e->a[1], &y)) != EV_OK) return r;
    *out = fresh_bool(t);
    return (e->kind == IR_LAND ? op_bool_and : op_bool_or)(t->s, *out, x, y) ? EV_OK : EV_FAIL;
  default: { /* IR_COND */
    PropVar c;
    if ((r = eval_truth(ev, e->a[0], &c)) != EV_OK) return r;
    if ((r = eval(ev, e->a[1], &x)) != EV_OK) return r;
    if ((r = eval(ev, e->a[2], &y)) != EV_OK) return r;
    *out = tr_fresh(t, e->type);
    return op_merge(t->s, *out, c, x, y) ? EV_OK : EV_FAIL;
  }
  }
}

static EvResult eval_var(Eval *ev, const IrExpr *e, PropVar *out) {
  const IrVar *v = e->var;
  const TrState *st = ev->st;
  *out = v->kind == IR_VAR_GLOBAL ? st->global[v->index] : st->slot[tr_frame_slot(st->fn, v)];
  if (*out != TR_UNINIT) return EV_OK;
  /* A value no test controls: never rely on it.  The path is abandoned, and
     the search can no longer claim a proof. */
  ev->t->incomplete_reason = "a path reads a variable before it is assigned";
  return EV_FAIL;
}

/* ---- Memory: addresses, access checks, loads ---------------------------------
 * access_s and load_element of the INKA paper: the address of p->f is the
 * location in p plus the field's offset (linear, so it prunes both ways);
 * an access through a pointer that may be NULL, dangling (a freed block) or
 * outside every object splits the statement like any trap; a load through a
 * pointer with several possible targets is one guarded candidate per target
 * (an element constraint), so the loaded value can fix the pointer back. */
static EvResult abandon(Tr *t, const char *why) {
  t->incomplete_reason = why;
  return EV_FAIL;
}

/* Traps unless x is a location the access may use (checked once per
   expression `at`: a resumed statement knows it is safe). */
static EvResult check_access(Eval *ev, const IrExpr *at, PropVar x, bool for_free) {
  if (cache_find(ev->cache, at, TR_CACHE_SAFE)) return EV_OK;
  PropVar trap = tr_access_trap(ev->t, ev->st->mem, x, for_free);
  if (trap == TR_UNINIT) return EV_FAIL;
  if (trap == ev->t->zero) return EV_OK;
  ev->trap = trap;
  ev->trap_at = at;
  return EV_TRAP;
}

/* The value at location x in the current memory (load_element). */
static EvResult load(Eval *ev, const IrType *ty, PropVar x, PropVar *out) {
  *out = tr_fresh(ev->t, ty);
  return tr_load(ev->t, ev->st->mem, x, *out) ? EV_OK : EV_FAIL;
}

/* z = b + k * i: a location moved by i elements of k cells. */
static PropVar displace(Tr *t, PropVar b, int64_t k, PropVar i) {
  PropStore *s = t->s;
  if (prop_is_fixed(s, b) && prop_is_fixed(s, i))
    return prop_new_const(s, prop_value(s, b) + k * prop_value(s, i));
  PropVar z = prop_new_var(s, 0, INT32_MAX);
  int64_t coef[3] = {1, -1, -k};
  PropVar x[3] = {z, b, i};
  return op_linear(s, 3, coef, x, OP_EQ, 0) ? z : TR_UNINIT;
}

static PropVar shift_by(Tr *t, PropVar b, int64_t k) { return k == 0 ? b : displace(t, b, k, t->one); }

static bool is_ssa(const IrVar *v) { return !v->address_taken; }

static EvResult index_trap(Eval *ev, const IrExpr *e, PropVar i) {
  Tr *t = ev->t;
  int64_t count = e->a[0]->type->count;
  if (cache_find(ev->cache, e, TR_CACHE_SAFE) || (prop_min(t->s, i) >= 0 && prop_max(t->s, i) < count)) return EV_OK;
  PropVar lo = reify_const(t, i, OP_LT, 0), hi = reify_const(t, i, OP_GE, count);
  ev->trap = fresh_bool(t);
  if (lo == TR_UNINIT || hi == TR_UNINIT || !op_bool_or(t->s, ev->trap, lo, hi)) return EV_FAIL;
  ev->trap_at = e;
  return EV_TRAP;
}

static EvResult eval_addr(Eval *ev, const IrExpr *e, PropVar *loc);

/* q = p + k (k in elements of the pointed-to type): traps when q leaves
   p's object (checked once per expression `add`). */
static EvResult ptr_add(Eval *ev, const IrExpr *add, PropVar p, PropVar k, PropVar *q) {
  Tr *t = ev->t;
  int64_t stride = add->type->base->kind == IR_TY_VOID ? 1 : tr_cells(add->type->base);
  if ((*q = displace(t, p, stride, k)) == TR_UNINIT) return EV_FAIL;
  if (cache_find(ev->cache, add, TR_CACHE_SAFE)) return EV_OK;
  PropVar trap = tr_arith_trap(t, p, *q);
  if (trap == TR_UNINIT) return EV_FAIL;
  if (trap == t->zero) return EV_OK;
  ev->trap = trap;
  ev->trap_at = add;
  return EV_TRAP;
}

/* *(p + k), that is p[k]: the arithmetic must stay in p's object and the
   access must be valid (not one past the end, not a freed block): two
   checks, each ending the path like a[k] out of bounds. */
static EvResult eval_indexed(Eval *ev, const IrExpr *e, PropVar *loc) {
  const IrExpr *add = e->a[0];
  PropVar p, k;
  EvResult r;
  if ((r = eval(ev, add->a[0], &p)) != EV_OK || (r = eval(ev, add->a[1], &k)) != EV_OK ||
      (r = ptr_add(ev, add, p, k, loc)) != EV_OK)
    return r;
  return check_access(ev, e, *loc, false);
}

static EvResult eval_addr(Eval *ev, const IrExpr *e, PropVar *loc) {
  TrCache *c = cache_find(ev->cache, e, TR_CACHE_ADDR);
  if (c) {
    *loc = c->v;
    return EV_OK;
  }
  Tr *t = ev->t;
  EvResult r;
  PropVar b, i;
  switch (e->kind) {
  case IR_VAR:
    if (e->var->kind == IR_VAR_GLOBAL) *loc = prop_new_const(t->s, t->global_obj[e->var->index]->base);
    else *loc = ev->st->slot[tr_frame_slot(ev->st->fn, e->var)];
    if (*loc == TR_UNINIT) return abandon(t, "the address of a variable outside its lifetime");
    break;
  case IR_DEREF:
    if (e->a[0]->kind == IR_PTR_ADD) {
      if ((r = eval_indexed(ev, e, loc)) != EV_OK) return r;
      break;
    }
    if ((r = eval(ev, e->a[0], &b)) != EV_OK || (r = check_access(ev, e, b, false)) != EV_OK) return r;
    *loc = b;
    break;
  case IR_FIELD:
    if ((r = eval_addr(ev, e->a[0], &b)) != EV_OK) return r;
    *loc = shift_by(t, b, tr_field_cells(e->a[0]->type, e->field));
    break;
  case IR_INDEX:
    if ((r = eval_addr(ev, e->a[0], &b)) != EV_OK || (r = eval(ev, e->a[1], &i)) != EV_OK) return r;
    if ((r = index_trap(ev, e, i)) != EV_OK) return r;
    *loc = displace(t, b, tr_cells(e->type), i);
    break;
  default:
    assert(!"not an lvalue");
    return EV_FAIL;
  }
  if (*loc == TR_UNINIT) return EV_FAIL;
  ev->cache = cache_add(t, ev->cache, e, TR_CACHE_ADDR, *loc);
  return EV_OK;
}

/* The value of a memory lvalue, of &lvalue, and of pointer arithmetic. */
static EvResult eval_memory(Eval *ev, const IrExpr *e, PropVar *out) {
  Tr *t = ev->t;
  EvResult r;
  PropVar p, q;
  switch (e->kind) {
  case IR_ADDR_OF:
    if (e->a[0]->kind == IR_DEREF) return eval(ev, e->a[0]->a[0], out); /* &*p is p, unchecked */
    return eval_addr(ev, e->a[0], out);
  case IR_PTR_ADD:
    if ((r = eval(ev, e->a[0], &p)) != EV_OK || (r = eval(ev, e->a[1], &q)) != EV_OK) return r;
    return ptr_add(ev, e, p, q, out);
  case IR_PTR_DIFF: {
    if ((r = eval(ev, e->a[0], &p)) != EV_OK || (r = eval(ev, e->a[1], &q)) != EV_OK) return r;
    const IrType *pt = e->a[0]->type->base;
    int64_t k = pt->kind == IR_TY_VOID ? 1 : tr_cells(pt);
    *out = tr_fresh(t, e->type);
    int64_t coef[3] = {k, -1, 1};
    PropVar x[3] = {*out, p, q};
    return op_linear(t->s, 3, coef, x, OP_EQ, 0) ? EV_OK : EV_FAIL;
  }
  default: /* VAR in memory, DEREF, FIELD, INDEX: read the cell */
    if ((r = eval_addr(ev, e, &p)) != EV_OK) return r;
    return load(ev, e->type, p, out);
  }
}

static EvResult eval(Eval *ev, const IrExpr *e, PropVar *out) {
  TrCache *c = cache_find(ev->cache, e, TR_CACHE_VALUE);
  if (c) {
    *out = c->v;
    return EV_OK;
  }
  Tr *t = ev->t;
  EvResult r = EV_OK;
  switch (e->kind) {
  case IR_INT_CONST: *out = prop_new_const(t->s, e->ival); break;
  case IR_NULL: *out = t->zero; break;
  case IR_VAR: r = is_ssa(e->var) ? eval_var(ev, e, out) : eval_memory(ev, e, out); break;
  case IR_DEREF: case IR_FIELD: case IR_INDEX: case IR_ADDR_OF: case IR_PTR_ADD: case IR_PTR_DIFF:
    r = eval_memory(ev, e, out);
    break;
  case IR_CAST: {
    PropVar x;
    if ((r = eval(ev, e->a[0], &x)) != EV_OK) return r;
    if (e->type->kind == IR_TY_BOOL) {
      *out = tr_truth(t, e->a[0]->type, x);
      r = *out == TR_UNINIT ? EV_FAIL : EV_OK;
    } else if (e->type->kind == IR_TY_PTR || e->a[0]->type->kind == IR_TY_PTR) {
      *out = x; /* between pointer types: the same location */
    } else {
      *out = tr_fresh(t, e->type);
      r = op_c_cast(t->s, tr_ctype(e->a[0]->type), x, tr_ctype(e->type), *out) ? EV_OK : EV_FAIL;
    }
    break;
  }
  case IR_NEG: case IR_BITNOT: {
    PropVar x;
    if ((r = eval(ev, e->a[0], &x)) != EV_OK) return r;
    *out = tr_fresh(t, e->type);
    r = op_c_unary(t->s, e->kind == IR_NEG ? OP_C_NEG : OP_C_NOT, tr_ctype(e->type), x, *out) ? EV_OK : EV_FAIL;
    break;
  }
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM:
  case IR_SHL: case IR_SHR: case IR_BAND: case IR_BOR: case IR_BXOR:
    r = eval_binary(ev, e, out);
    break;
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE:
    r = eval_compare(ev, e, out);
    break;
  case IR_LNOT: case IR_LAND: case IR_LOR: case IR_COND:
    r = eval_logic(ev, e, out);
    break;
  default:
    /* tr_check_subset rejected every other form before translation */
    assert(!"expression outside the translated subset");
    return EV_FAIL;
  }
  if (r == EV_OK) ev->cache = cache_add(t, ev->cache, e, TR_CACHE_VALUE, *out);
  return r;
}

/* ---- Statements ------------------------------------------------------------------ */
typedef enum { ST_NEXT, ST_DONE, ST_FAIL } StResult; /* DONE: the rest of the block was consumed */

typedef struct StmtCtx {
  Tr *t;
  const IrBlock *block;
  int index;
  TrState *in;       /* the state before the statement */
  Eval ev;
  TrState *out;      /* ST_NEXT: the state after; ST_DONE: after the whole block */
} StmtCtx;

static TrBranch rest_of_block(const StmtCtx *c, int from, TrCache *cache) {
  return (TrBranch){.kind = TR_BR_BLOCK, .block = c->block, .from = from, .cache = cache};
}

static TrBranch end_branch(bool reach_first) {
  return (TrBranch){.kind = TR_BR_END, .reach_first = reach_first};
}

/* The statement may trap at c->ev.trap_at: end the path when it does, and
   resume the statement with the trap excluded otherwise. */
static StResult split_on_trap(StmtCtx *c) {
  TrCache *resume = cache_add(c->t, c->ev.cache, c->ev.trap_at, TR_CACHE_SAFE, TR_UNINIT);
  TrBranch end = end_branch(false), rest = rest_of_block(c, c->index, resume);
  c->out = tr_ite(c->t, c->ev.trap, &end, &rest, c->in, NULL, NULL);
  return c->out ? ST_DONE : ST_FAIL;
}

static StResult ev_result(StmtCtx *c, EvResult r) {
  switch (r) {
  case EV_OK: return ST_NEXT;
  case EV_FAIL: return ST_FAIL;
  default: return split_on_trap(c);
  }
}

static StResult eval_into(StmtCtx *c, const IrExpr *e, PropVar *v) { return ev_result(c, eval(&c->ev, e, v)); }
static StResult eval_into_addr(StmtCtx *c, const IrExpr *e, PropVar *v) { return ev_result(c, eval_addr(&c->ev, e, v)); }

/* lhs = v in st (a fresh copy the caller owns): an SSA slot, or a store
   (store_element) to the lvalue's location, computed in c's input state. */
static StResult assign(StmtCtx *c, TrState *st, const IrExpr *lhs, PropVar v) {
  if (lhs->kind == IR_VAR && is_ssa(lhs->var)) {
    const IrVar *var = lhs->var;
    if (var->kind == IR_VAR_GLOBAL) st->global[var->index] = v;
    else st->slot[tr_frame_slot(st->fn, var)] = v;
    return ST_NEXT;
  }
  PropVar loc;
  StResult r = eval_into_addr(c, lhs, &loc);
  if (r != ST_NEXT) return r;
  st->mem = tr_mem_store(c->t, st->mem, loc, v);
  return ST_NEXT;
}

/* A new object for a local whose address is taken (its lifetime begins). */
static void allocate_local(Tr *t, TrState *st, const IrVar *var) {
  TrObject *o = tr_new_object(t, TR_OBJ_LOCAL, var->type, 1, var->name, var->loc.line);
  st->mem = tr_mem_alloc(t, st->mem, o, false);
  st->slot[tr_frame_slot(st->fn, var)] = prop_new_const(t->s, o->base);
}

static StResult end_path(StmtCtx *c, bool reach) {
  c->out = tr_state_copy(c->t, c->in);
  if (reach && tr_objective_possible(c->t, c->out, NULL, 0) && tr_objective_now(c->t, c->out))
    tr_set_reached(c->t, c->out);
  c->out->flag[TR_ENDED] = c->t->one;
  return ST_NEXT;
}

/* assume(cond) / assert(cond): the rest runs when cond holds; otherwise the
   path ends (after the objective, for a failing assert that is one). */
static StResult conditional_end(StmtCtx *c, const IrExpr *cond, bool reach) {
  PropVar b;
  StResult r = eval_into(c, cond, &b);
  if (r != ST_NEXT) return r;
  if ((b = tr_truth(c->t, cond->type, b)) == TR_UNINIT) return ST_FAIL;
  if (prop_is_fixed(c->t->s, b) && prop_value(c->t->s, b)) {
    c->out = c->in;
    return ST_NEXT;
  }
  TrBranch rest = rest_of_block(c, c->index + 1, NULL), end = end_branch(reach);
  c->out = tr_ite(c->t, b, &rest, &end, c->in, NULL, NULL);
  return c->out ? ST_DONE : ST_FAIL;
}

static StResult call_function(StmtCtx *c, const IrStmt *s, const PropVar *args);

/* malloc / calloc: new_s.  The block's size must be known when it runs; the
   allocation never fails (no NULL result is modelled). */
static StResult allocate(StmtCtx *c, const IrStmt *s, const PropVar *args) {
  Tr *t = c->t;
  const IrType *ptr = s->type;
  if (!ptr || ptr->kind != IR_TY_PTR || ptr->base->kind == IR_TY_VOID || ptr->base->size <= 0)
    return ev_result(c, abandon(t, "an allocation whose element type is not known"));
  for (int i = 0; i < s->nargs; i++)
    if (!prop_is_fixed(t->s, args[i])) return ev_result(c, abandon(t, "an allocation of a size the inputs decide"));
  int64_t bytes = prop_value(t->s, args[0]);
  if (s->builtin == IR_BI_CALLOC) bytes *= prop_value(t->s, args[1]);
  if (bytes < 0 || bytes / ptr->base->size > (1 << 20))
    return ev_result(c, abandon(t, "an allocation larger than the model handles"));
  TrObject *o = tr_new_object(t, TR_OBJ_HEAP, ptr->base, bytes / ptr->base->size, NULL, s->loc.line);
  c->out = tr_state_copy(t, c->in);
  c->out->mem = tr_mem_alloc(t, c->in->mem, o, s->builtin == IR_BI_CALLOC);
  return s->lhs ? assign(c, c->out, s->lhs, prop_new_const(t->s, o->base)) : ST_NEXT;
}

/* free(p): delete_s.  free(NULL) does nothing; freeing anything but a live
   heap block is a runtime error that ends the path. */
static StResult release(StmtCtx *c, const IrStmt *s, PropVar p) {
  Tr *t = c->t;
  if (prop_is_fixed(t->s, p) && prop_value(t->s, p) == 0) return ST_NEXT;
  StResult r = ev_result(c, check_access(&c->ev, s->args[0], p, true));
  if (r != ST_NEXT) return r;
  c->out = tr_state_copy(t, c->in);
  PropVar header = shift_by(t, p, -1);
  if (header == TR_UNINIT) return ST_FAIL;
  c->out->mem = tr_mem_store(t, c->in->mem, header, t->zero);
  return ST_NEXT;
}

static StResult translate_call(StmtCtx *c, const IrStmt *s) {
  Tr *t = c->t;
  PropVar *args = prop_alloc(t->s, sizeof(PropVar) * (size_t)(s->nargs + 1));
  for (int i = 0; i < s->nargs; i++) {
    StResult r = eval_into(c, s->args[i], &args[i]);
    if (r != ST_NEXT) return r;
  }
  bool objective = tr_is_objective_stmt(t, s);
  switch (s->builtin) {
  case IR_BI_NONE:
    return call_function(c, s, args);
  case IR_BI_NONDET: {
    PropVar v = tr_fresh(t, s->type);
    prop_add_decision(t->s, v);
    TrTrace *n = prop_alloc(t->s, sizeof *n);
    n->kind = TR_TRACE_NONDET;
    n->var = v;
    n->type = s->type;
    n->name = s->callee_name;
    n->prev = c->in->trace;
    c->out = tr_state_copy(t, c->in);
    c->out->trace = n;
    return s->lhs ? assign(c, c->out, s->lhs, v) : ST_NEXT;
  }
  case IR_BI_ASSUME: return conditional_end(c, s->args[0], false);
  case IR_BI_ASSERT: return conditional_end(c, s->args[0], objective);
  case IR_BI_ABORT: case IR_BI_EXIT: return end_path(c, false);
  case IR_BI_ERROR: return end_path(c, objective);
  case IR_BI_MALLOC: case IR_BI_CALLOC: return allocate(c, s, args);
  case IR_BI_FREE: return release(c, s, args[0]);
  }
  return ST_FAIL;
}

/* A call to a function of the file, translated in place in its own frame. */
static StResult call_function(StmtCtx *c, const IrStmt *s, const PropVar *args) {
  Tr *t = c->t;
  const IrFunction *fn = s->callee;
  if (t->call_depth >= t->lim.max_unfold) {
    t->budget_hit = true;
    t->incomplete_reason = "call depth exceeds --max-unfold";
    return ST_FAIL;
  }
  TrState *cs = prop_alloc(t->s, sizeof *cs);
  *cs = *c->in;
  cs->fn = fn;
  cs->slot = prop_alloc(t->s, sizeof(PropVar) * (size_t)(nslots(fn) + 1));
  for (int i = 0; i < nslots(fn); i++) cs->slot[i] = i < fn->nparams ? args[i] : TR_UNINIT;
  cs->global = c->in->global;
  for (int i = 0; i < fn->nparams; i++) {
    if (!fn->params[i]->address_taken) continue;
    allocate_local(t, cs, fn->params[i]);
    cs->mem = tr_mem_store(t, cs->mem, cs->slot[i], args[i]);
  }
  cs->flag[TR_RETURNED] = cs->flag[TR_BROKEN] = cs->flag[TR_CONTINUED] = t->zero;
  cs->retval = fn->ret->kind == IR_TY_VOID ? TR_UNINIT : tr_fresh(t, fn->ret);
  if (tr_is_objective_stmt(t, s) && tr_objective_now(t, cs)) tr_set_reached(t, cs);
  t->call_depth++;
  TrState *end = tr_block(t, &fn->body, 0, NULL, cs);
  t->call_depth--;
  if (!end) return ST_FAIL;
  TrState *out = tr_state_copy(t, c->in);
  memcpy(out->global, end->global, sizeof(PropVar) * (size_t)t->prog->nglobals);
  out->flag[TR_ENDED] = end->flag[TR_ENDED];
  out->reached = end->reached;
  out->trace = end->trace;
  out->mem = end->mem;
  c->out = out;
  return s->lhs ? assign(c, out, s->lhs, end->retval) : ST_NEXT;
}

static StResult translate_if(StmtCtx *c, const IrStmt *s) {
  PropVar b;
  StResult r = eval_into(c, s->cond, &b);
  if (r != ST_NEXT) return r;
  if ((b = tr_truth(c->t, s->cond->type, b)) == TR_UNINIT) return ST_FAIL;
  TrBranch then_br = {.kind = TR_BR_BLOCK, .block = &s->then};
  TrBranch else_br = {.kind = TR_BR_BLOCK, .block = &s->els};
  c->out = tr_ite(c->t, b, &then_br, &else_br, c->in, NULL, NULL);
  return c->out ? ST_NEXT : ST_FAIL;
}

static StResult translate_stmt(StmtCtx *c) {
  Tr *t = c->t;
  const IrStmt *s = c->block->stmts[c->index];
  if (s == t->obj.target && s->kind != IR_ST_WHILE && tr_objective_now(t, c->in)) {
    c->out = tr_state_copy(t, c->in); /* the target starts: the path ends there */
    tr_set_reached(t, c->out);
    return ST_NEXT;
  }
  c->out = c->in;
  PropVar v = TR_UNINIT;
  StResult r;
  switch (s->kind) {
  case IR_ST_SKIP: return ST_NEXT;
  case IR_ST_DECL:
    c->out = tr_state_copy(t, c->in);
    if (s->var->kind == IR_VAR_GLOBAL) return ST_NEXT;
    if (s->var->address_taken) allocate_local(t, c->out, s->var);
    else c->out->slot[tr_frame_slot(c->in->fn, s->var)] = TR_UNINIT;
    return ST_NEXT;
  case IR_ST_ASSIGN:
    if ((r = eval_into(c, s->rhs, &v)) != ST_NEXT) return r;
    c->out = tr_state_copy(t, c->in);
    return assign(c, c->out, s->lhs, v);
  case IR_ST_CALL: return translate_call(c, s);
  case IR_ST_IF: return translate_if(c, s);
  case IR_ST_WHILE:
    c->out = tr_loop(t, s, c->in);
    return c->out ? ST_NEXT : ST_FAIL;
  case IR_ST_BLOCK:
    c->out = tr_block(t, &s->body, 0, NULL, c->in);
    return c->out ? ST_NEXT : ST_FAIL;
  case IR_ST_BREAK: case IR_ST_CONTINUE:
    c->out = tr_state_copy(t, c->in);
    c->out->flag[s->kind == IR_ST_BREAK ? TR_BROKEN : TR_CONTINUED] = t->one;
    return ST_NEXT;
  case IR_ST_RETURN:
    if (s->rhs && (r = eval_into(c, s->rhs, &v)) != ST_NEXT) return r;
    c->out = tr_state_copy(t, c->in);
    c->out->flag[TR_RETURNED] = t->one;
    if (s->rhs) c->out->retval = v;
    return ST_NEXT;
  }
  return ST_FAIL;
}

TrState *tr_block(Tr *t, const IrBlock *block, int from, TrCache *cache, TrState *st) {
  for (int i = from; i < block->n; i++) {
    PropVar live = TR_UNINIT;
    int running = tr_live(t, st, &live);
    if (prop_failed(t->s)) return NULL;
    if (running == 0) return st;
    if (running < 0) { /* guard the rest of the block on "still running" */
      TrBranch rest = {.kind = TR_BR_BLOCK, .block = block, .from = i, .cache = cache};
      TrBranch skip = {.kind = TR_BR_EMPTY};
      return tr_ite(t, live, &rest, &skip, st, NULL, NULL);
    }
    StmtCtx c = {.t = t, .block = block, .index = i, .in = st, .ev = {.t = t, .st = st, .cache = cache}};
    cache = NULL; /* only the first statement resumes */
    StResult r = translate_stmt(&c);
    if (r == ST_FAIL || !c.out) return NULL;
    if (r == ST_DONE) return c.out;
    st = c.out;
  }
  return st;
}

TrState *tr_branch(Tr *t, const TrBranch *br, TrState *st) {
  switch (br->kind) {
  case TR_BR_EMPTY: return st;
  case TR_BR_END: {
    TrState *out = tr_state_copy(t, st);
    if (br->reach_first && tr_objective_now(t, out)) tr_set_reached(t, out);
    out->flag[TR_ENDED] = t->one;
    return out;
  }
  case TR_BR_BLOCK: {
    /* a block branch runs: the guard (or the if) established that no flag is set */
    TrState *run = tr_state_copy(t, st);
    for (int f = 0; f < TR_NFLAGS; f++) run->flag[f] = t->zero;
    return tr_block(t, br->block, br->from, br->cache, run);
  }
  case TR_BR_LOOP:
    return tr_loop_continue(t, br->loop, br->iteration, br->cache, br->cond_only, st);
  }
  return NULL;
}

/* ---- Expressions outside statements (--assume, loop conditions) ----------------- */
int tr_eval_split(Tr *t, const TrState *st, const IrExpr *e, TrCache **cache, PropVar *out, PropVar *trap,
                  const IrExpr **trap_at) {
  Eval ev = {.t = t, .st = st, .cache = *cache};
  EvResult r = eval(&ev, e, out);
  *cache = ev.cache;
  if (r == EV_TRAP) {
    *trap = ev.trap;
    *trap_at = ev.trap_at;
    return 1;
  }
  return r == EV_OK ? 0 : -1;
}

TrCache *tr_cache_safe(Tr *t, TrCache *c, const IrExpr *e) { return cache_add(t, c, e, TR_CACHE_SAFE, TR_UNINIT); }

PropVar tr_eval_pure(Tr *t, const TrState *st, const IrExpr *e, bool *ok) {
  Eval ev = {.t = t, .st = st};
  PropVar v = TR_UNINIT;
  EvResult r = eval(&ev, e, &v);
  *ok = r == EV_OK;
  return v;
}
