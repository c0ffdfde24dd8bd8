/* stmt.c - IR statements and calls into constraints.
 *
 * A block is translated statement by statement from an input state; a
 * statement makes a new state (state.c).  `if` becomes an ite, loops a w
 * (operators/control/); malloc/calloc/realloc and free are the memory
 * operators new_s and delete_s (operators/memory/); a call to a function of the file
 * is translated in place, in a frame of its own.
 *
 * When a flag of the state is undecided (the path may have returned or
 * ended), the rest of the block is guarded by an ite on "still running".
 * A runtime trap ends the path like abort(), which can never be the path
 * of a witness (the objective ends the path where it happens): the trap
 * condition is excluded and the statement resumes knowing it is safe.
 *
 * This file must never decide a branch itself against the program's
 * semantics: every ite/w choice is left to propagation.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"

/* ---- Statements ------------------------------------------------------------------ */
typedef enum { ST_NEXT, ST_DONE, ST_FAIL } StResult; /* DONE: the rest of the block was consumed */

typedef struct StmtCtx {
  Tr *t;
  const IrBlock *block;
  int index;
  TrState *in;       /* the state before the statement */
  TrEval ev;
  TrState *out;      /* ST_NEXT: the state after; ST_DONE: after the whole block */
} StmtCtx;

static TrBranch rest_of_block(const StmtCtx *c, int from, TrCache *cache) {
  return (TrBranch){.kind = TR_BR_BLOCK, .block = c->block, .from = from, .cache = cache};
}

static TrBranch end_branch(bool reach_first) {
  return (TrBranch){.kind = TR_BR_END, .reach_first = reach_first};
}

/* The statement may trap at c->ev.trap_at: the path ends there, and the
   statement resumes with the trap excluded otherwise.  A path that ends at
   a trap never meets the objective: the objective ends the path where it
   happens (tr_set_reached), so on any path still running it has not
   happened, and the root demands that it did.  The trap is therefore
   excluded at once (the same model as an ite on it, without an ite whose
   ended branch no trial could refute: an addition that may overflow, in
   every statement of a loop, would keep such a branch alive until the
   end). */
static StResult split_on_trap(StmtCtx *c) {
  Tr *t = c->t;
  TrCache *resume = tr_cache_add(t, c->ev.cache, c->ev.trap_at, TR_CACHE_SAFE, TR_UNINIT);
  TrBranch rest = rest_of_block(c, c->index, resume);
  if (!prop_fix(t->s, c->ev.trap, 0)) return ST_FAIL;
  c->out = tr_branch(t, &rest, c->in);
  return c->out ? ST_DONE : ST_FAIL;
}

static StResult ev_result(StmtCtx *c, TrEvResult r) {
  switch (r) {
  case TR_EV_OK: return ST_NEXT;
  case TR_EV_FAIL: return ST_FAIL;
  default: return split_on_trap(c);
  }
}

static StResult eval_into(StmtCtx *c, const IrExpr *e, PropVar *v) { return ev_result(c, tr_eval(&c->ev, e, v)); }
static StResult eval_into_addr(StmtCtx *c, const IrExpr *e, PropVar *v) { return ev_result(c, tr_eval_addr(&c->ev, e, v)); }

/* lhs = v in st (a fresh copy the caller owns): an SSA slot, or a store
   (store_element) to the lvalue's location, computed in c's input state. */
static StResult assign(StmtCtx *c, TrState *st, const IrExpr *lhs, PropVar v) {
  if (lhs->kind == IR_VAR && tr_is_ssa(lhs->var)) {
    const IrVar *var = lhs->var;
    if (var->kind == IR_VAR_GLOBAL) st->global[var->index] = v;
    else tr_assign_slot(c->t, st, tr_frame_slot(st->fn, var), v);
    return ST_NEXT;
  }
  PropVar loc;
  StResult r = eval_into_addr(c, lhs, &loc);
  if (r != ST_NEXT) return r;
  st->mem = tr_store_element(c->t, st->mem, loc, v);
  return ST_NEXT;
}

/* A new object for a local whose address is taken (its lifetime begins). */
static bool allocate_local(Tr *t, TrState *st, const IrVar *var) {
  TrObject *o = tr_new_object(t, TR_OBJ_LOCAL, var->type, 1, var->name, var->loc.line);
  if (!o) return false;
  st->mem = tr_new_s(t, st->mem, o, false);
  tr_set_slot(st, tr_frame_slot(st->fn, var), prop_new_const(t->s, o->base));
  return true;
}

/* A variable length array: an object whose length is the value of the
   declaration's length expression.  A length below 1 is undefined
   behaviour, and one past TR_SIZED_CELLS cells is beyond any stack (the
   run would die of it): either ends the path, as a trap does. */
static StResult declare_vla(StmtCtx *c, const IrStmt *s) {
  Tr *t = c->t;
  PropVar n;
  StResult r = eval_into(c, s->rhs, &n);
  if (r != ST_NEXT) return r;
  const IrType *elem = s->var->type->base;
  int64_t reserve = tr_sized_reserve(elem);
  if (!tr_cache_find(c->ev.cache, s->rhs, TR_CACHE_SAFE) && (prop_min(t->s, n) < 1 || prop_max(t->s, n) > reserve)) {
    PropVar low = prop_new_var(t->s, 0, 1), high = prop_new_var(t->s, 0, 1), bad = prop_new_var(t->s, 0, 1);
    if (!op_reify(t->s, low, n, OP_LT, t->one) || !op_reify(t->s, high, n, OP_GT, prop_new_const(t->s, reserve)) ||
        !op_bool_or(t->s, bad, low, high))
      return ST_FAIL;
    c->ev.trap = bad;
    c->ev.trap_at = s->rhs;
    return split_on_trap(c);
  }
  c->out = tr_state_copy(t, c->in);
  TrObject *o = tr_new_sized_object(t, TR_OBJ_LOCAL, elem, n, s->var->name, s->var->loc.line);
  if (!o) return ST_FAIL;
  c->out->mem = tr_new_s(t, c->out->mem, o, false);
  tr_set_slot(c->out, tr_frame_slot(c->in->fn, s->var), prop_new_const(t->s, o->base));
  return ST_NEXT;
}

static StResult end_path(StmtCtx *c, bool reach) {
  c->out = tr_state_copy(c->t, c->in);
  if (reach && tr_objective_possible(c->t, c->out, NULL, 0) && tr_objective_now(c->t, c->out))
    tr_set_reached(c->t, c->out);
  c->out->flag[TR_ENDED] = c->t->one;
  return ST_NEXT;
}

/* The rest runs when the boolean b holds; otherwise the path ends (after
   the objective, when reach). */
static StResult continue_when(StmtCtx *c, PropVar b, bool reach) {
  if (prop_is_fixed(c->t->s, b) && prop_value(c->t->s, b)) {
    c->out = c->in;
    return ST_NEXT;
  }
  TrBranch rest = rest_of_block(c, c->index + 1, NULL), end = end_branch(reach);
  c->out = tr_ite(c->t, b, &rest, &end, c->in, NULL, NULL);
  return c->out ? ST_DONE : ST_FAIL;
}

/* assume(cond) / assert(cond): the rest runs when cond holds; otherwise the
   path ends (after the objective, for a failing assert that is one). */
static StResult conditional_end(StmtCtx *c, const IrExpr *cond, bool reach) {
  PropVar b;
  StResult r = eval_into(c, cond, &b);
  if (r != ST_NEXT) return r;
  if ((b = tr_truth(c->t, cond->type, b)) == TR_FAIL) return ST_FAIL;
  return continue_when(c, b, reach);
}

/* --check free and bounds: the boolean "this use of p is an error" (p + k
   for bounds, k in elements of stmt->type), TR_FAIL on failure. */
static PropVar use_error(Tr *t, const IrStmt *s, const TrState *in, const PropVar *args) {
  PropVar p = args[0];
  PropStore *st = t->s;
  IrCheckUse use = (IrCheckUse)s->args[1]->ival;
  if (use == IR_USE_ACCESS) return tr_dangling(t, in->mem, p);
  if (use == IR_USE_LEAK || use == IR_USE_LEAK_EXIT) return t->one; /* where the guard (a block of the
                                                                       site allocated) holds: reachability
                                                                       is the concrete run's to tell */
  PropVar bad = use == IR_USE_FREE ? tr_access_trap(t, in->mem, p, true) : tr_outside(t, p, s->type, args[2]);
  PropVar null = prop_new_var(st, 0, 1), real = prop_new_var(st, 0, 1), error = prop_new_var(st, 0, 1);
  if (bad == TR_FAIL || !op_reify(st, null, p, OP_EQ, t->zero) || !op_bool_not(st, real, null) ||
      !op_bool_and(st, error, real, bad)) /* free(NULL) does nothing; *NULL is a null error */
    return TR_FAIL;
  return error;
}

/* The objective where the use of args[0] is an error (use_error); the rest
   runs where it is not.  A leak is no undefined behaviour: the check of
   another site's leak goes on. */
static StResult heap_check(StmtCtx *c, const IrStmt *s, const PropVar *args, bool reach) {
  Tr *t = c->t;
  IrCheckUse use = (IrCheckUse)s->args[1]->ival;
  if ((use == IR_USE_LEAK || use == IR_USE_LEAK_EXIT) && !reach) return ST_NEXT;
  PropVar bad = use_error(t, s, c->in, args), fine = prop_new_var(t->s, 0, 1);
  if (bad == TR_FAIL || !op_bool_not(t->s, fine, bad)) return ST_FAIL;
  return continue_when(c, fine, reach);
}

static StResult call_function(StmtCtx *c, const IrStmt *s, const PropVar *args);

/* ---- malloc / calloc: new_s ------------------------------------------------------
 * As the C library does it (docs/design.md §5.2, "Allocations"): a request
 * of more than PTRDIFF_MAX bytes (glibc refuses it; calloc's product too,
 * overflow included) gives NULL and the program's own check runs; a block
 * of more elements than TR_MAX_ALLOC abandons the path (a real malloc may
 * give it or not); any other block is allocated.  A size the inputs decide
 * makes a sized object whose length variable is bytes / sizeof(T), its
 * header reading "it succeeded" and the program's pointer NULL where it
 * did not. */
enum { TR_MAX_ALLOC = 1 << 20 };

/* The boolean "lo <= x <= hi" on x's stored value; TR_FAIL on failure. */
static PropVar within(Tr *t, PropVar x, int64_t lo, int64_t hi) {
  PropStore *st = t->s;
  if (prop_min(st, x) >= lo && prop_max(st, x) <= hi) return t->one;
  if (prop_max(st, x) < lo || prop_min(st, x) > hi) return t->zero;
  PropVar above = prop_new_var(st, 0, 1), below = prop_new_var(st, 0, 1), in = prop_new_var(st, 0, 1);
  PropVar neither = prop_new_var(st, 0, 1);
  if (!op_reify(st, below, x, OP_LT, prop_new_const(st, lo)) || !op_reify(st, above, x, OP_GT, prop_new_const(st, hi)) ||
      !op_bool_or(st, neither, below, above) || !op_bool_not(st, in, neither))
    return TR_FAIL;
  return in;
}

/* The state after the allocation of o, which succeeded where `allocated`
   holds (its header reads it); a realloc of block `old` (else NULL) frees
   old where it succeeded and gives o old's first elements. */
static TrMem *new_block(StmtCtx *c, const IrStmt *s, TrObject *o, PropVar allocated, TrObject *old) {
  Tr *t = c->t;
  TrMem *m = c->in->mem;
  if (!old) return tr_new_s_if(t, m, o, s->builtin == IR_BI_CALLOC, allocated);
  PropVar kept = allocated == t->one ? t->zero : prop_new_var(t->s, 0, 1);
  if (kept != t->zero && !op_bool_not(t->s, kept, allocated)) return NULL;
  m = tr_store_element(t, m, prop_new_const(t->s, old->base - 1), kept); /* old's header: freed if moved */
  return m ? tr_new_s_copy(t, m, o, allocated, old, c->in->mem) : NULL;
}

/* The block of `bytes` bytes (a value at most PTRDIFF_MAX), known now. */
static StResult allocate_known(StmtCtx *c, const IrStmt *s, uint64_t bytes, TrObject *old) {
  Tr *t = c->t;
  const IrType *elem = s->type->base;
  if (bytes / (uint64_t)elem->size > TR_MAX_ALLOC)
    return ev_result(c, tr_abandon(t, "an allocation larger than the model handles"));
  TrObject *o = tr_new_object(t, TR_OBJ_HEAP, elem, (int64_t)(bytes / (uint64_t)elem->size), NULL, s->loc.line);
  if (!o) return ST_FAIL;
  c->out = tr_state_copy(t, c->in);
  if (!(c->out->mem = new_block(c, s, o, t->one, old))) return ST_FAIL;
  return s->lhs ? assign(c, c->out, s->lhs, prop_new_const(t->s, o->base)) : ST_NEXT;
}

/* The block of units * unit bytes, units a variable of the unsigned type
   of the size (its stored value: the value itself up to PTRDIFF_MAX), unit
   a constant at least 1; `most` is PTRDIFF_MAX. */
static StResult allocate_sized(StmtCtx *c, const IrStmt *s, PropVar units, uint64_t unit, int64_t most, TrObject *old) {
  Tr *t = c->t;
  PropStore *st = t->s;
  const IrType *elem = s->type->base;
  int64_t reserve = tr_sized_reserve(elem), size = elem->size;
  if (reserve > TR_MAX_ALLOC) reserve = TR_MAX_ALLOC;
  if (unit > (uint64_t)most) unit = 1, most = 0; /* only units == 0 fits: no bytes */
  int64_t fit_units = most / (int64_t)unit, use_units = (reserve * size + size - 1) / (int64_t)unit;
  if (use_units > fit_units) use_units = fit_units;
  PropVar fits = within(t, units, 0, fit_units), usable = within(t, units, 0, use_units);
  if (fits == TR_FAIL || usable == TR_FAIL) return ST_FAIL;
  if (use_units < fit_units) { /* a real malloc may give a block this large or not */
    PropVar large = within(t, units, use_units + 1, fit_units);
    if (large == TR_FAIL || !tr_abandon_if(t, large, "an allocation larger than the model handles")) return ST_FAIL;
    /* and no proof rests on the path: the model's block is no longer than
       the reserve, so propagation could refute a large request (through an
       access past the reserve, say) before `large` is decided */
    if (large != t->zero) t->incomplete_reason = "an allocation that may be larger than the model handles";
  }
  /* used = usable ? units : 0, and used * unit = size * len + rest (or
     len = used * (unit / size), exact, when the unit is whole elements) */
  PropVar used = prop_new_var(st, 0, use_units), len = prop_new_var(st, 0, reserve), rest = prop_new_var(st, 0, size - 1);
  int64_t coef[3] = {(int64_t)unit, -size, -1}, whole[2] = {(int64_t)unit / size, -1};
  PropVar terms[3] = {used, len, rest};
  bool tied = (int64_t)unit % size == 0 ? op_linear(st, 2, whole, terms, OP_EQ, 0) : op_linear(st, 3, coef, terms, OP_EQ, 0);
  if (!op_merge(st, used, usable, units, t->zero) || !tied) return ST_FAIL;
  TrObject *o = tr_new_sized_object(t, TR_OBJ_HEAP, elem, len, NULL, s->loc.line);
  if (!o) return ST_FAIL;
  PropVar block = prop_new_var(st, 0, o->base);
  if (!op_merge(st, block, fits, prop_new_const(st, o->base), t->zero)) return ST_FAIL;
  c->out = tr_state_copy(t, c->in);
  if (!(c->out->mem = new_block(c, s, o, fits, old))) return ST_FAIL;
  return s->lhs ? assign(c, c->out, s->lhs, block) : ST_NEXT;
}

/* For a size `x * c` (c a constant, x of the size's unsigned type) whose
   product cannot wrap for any x the domain still holds: c, and x in *x
   (then "x * c bytes" is exactly "x units of c bytes", and the block's
   length a multiple of x, not a quotient the search must find); else 0. */
static uint64_t product_units(StmtCtx *c, const IrExpr *size, PropVar *x) {
  if (size->kind != IR_MUL) return 0;
  const IrExpr *k = size->a[1], *e = size->a[0];
  if (k->kind != IR_INT_CONST) k = size->a[0], e = size->a[1];
  if (k->kind != IR_INT_CONST || e->type != size->type || k->ival <= 0 || k->ival > INT32_MAX) return 0;
  if (tr_eval(&c->ev, e, x) != TR_EV_OK) return 0;
  PropStore *st = c->t->s;
  int64_t lo = prop_min(st, *x), hi = prop_max(st, *x);
  /* 64 bits: the stored patterns times c stay in int64 (a negative one is
     a value past PTRDIFF_MAX, and so is its product); narrower: no wrap */
  bool exact = size->type->bits >= 64 ? lo >= INT64_MIN / k->ival && hi <= INT64_MAX / k->ival
                                      : lo >= 0 && hi <= (int64_t)((((uint64_t)1 << size->type->bits) - 1) / (uint64_t)k->ival);
  return exact ? (uint64_t)k->ival : 0;
}

/* malloc(n), calloc(n, size) (size args[0 .. nsize - 1]), and realloc of
   block old (else NULL) to args[0] bytes. */
static StResult allocate(StmtCtx *c, const IrStmt *s, const PropVar *args, const IrExpr *const *size_args, int nsize,
                         TrObject *old) {
  Tr *t = c->t;
  const IrType *ptr = s->type;
  if (!ptr || ptr->kind != IR_TY_PTR || ptr->base->kind == IR_TY_VOID || ptr->base->size <= 0)
    return ev_result(c, tr_abandon(t, "an allocation whose element type is not known"));
  const IrType *size_type = size_args[0]->type;
  for (int i = 0; i < nsize; i++)
    if (size_args[i]->type->kind != IR_TY_INT || size_args[i]->type->is_signed || size_args[i]->type->bits != size_type->bits)
      return ev_result(c, tr_abandon(t, "an allocation whose size is not a size_t"));
  OpCType ct = tr_ctype(size_type);
  int64_t most = size_type->bits >= 64 ? INT64_MAX : ((int64_t)1 << (size_type->bits - 1)) - 1; /* PTRDIFF_MAX */
  /* a size computed from constants (`mk(4)` allocating `cap * sizeof(int)`)
     is fixed once what computed it has run: inside a propagator that
     translates this code, those posts are only queued */
  bool fixed = true;
  for (int i = 0; i < nsize; i++) fixed = fixed && prop_is_fixed(t->s, args[i]);
  if (!fixed && !prop_settle(t->s, PROP_PRIO_CONTROL, TR_SETTLE_RUNS)) return ST_FAIL;
  if (old) { /* realloc(p, 0): freed or not, NULL or not, as the library chooses */
    PropVar none = prop_new_var(t->s, 0, 1);
    if (!op_reify(t->s, none, args[0], OP_EQ, t->zero) ||
        !tr_abandon_if(t, none, "a realloc to size 0 (what it does is the library's choice)"))
      return ST_FAIL;
    /* the model gives a block of no elements there: propagation may refute
       the path before `none` is decided, so no proof rests on it */
    if (prop_has(t->s, args[0], 0)) t->incomplete_reason = "a realloc that may be to size 0 (the library's choice)";
  }
  int nfixed = 0, free_arg = -1;
  unsigned __int128 known = 1; /* the product of the fixed arguments' values */
  for (int i = 0; i < nsize; i++) {
    if (!prop_is_fixed(t->s, args[i])) {
      free_arg = i;
      continue;
    }
    nfixed++;
    known *= (unsigned __int128)(uint64_t)op_c_value(ct, prop_value(t->s, args[i]));
  }
  if (nfixed == nsize) {
    if (known > (unsigned __int128)most) { /* the library refuses it (realloc keeps the old block) */
      c->out = tr_state_copy(t, c->in);
      return s->lhs ? assign(c, c->out, s->lhs, t->zero) : ST_NEXT;
    }
    return allocate_known(c, s, (uint64_t)known, old);
  }
  if (nfixed + 1 < nsize) return ev_result(c, tr_abandon(t, "a calloc whose count and size the inputs both decide"));
  if (nsize == 1) { /* malloc(x * c): x of c-byte units where the product cannot wrap */
    PropVar x;
    uint64_t c_units = product_units(c, size_args[0], &x);
    if (c_units) return allocate_sized(c, s, x, c_units, most, old);
  }
  if (known == 0) return allocate_known(c, s, 0, old); /* calloc(n, 0) */
  return allocate_sized(c, s, args[free_arg], known > (unsigned __int128)most ? UINT64_MAX : (uint64_t)known, most, old);
}

/* realloc(p, n): malloc(n) for p NULL; else p must be a live block (as for
   free), known when the call runs, of the result's element type: a new
   block holding p's first min(old, new) elements, p freed, or NULL and p
   kept where the library refuses the size. */
static StResult reallocate(StmtCtx *c, const IrStmt *s, const PropVar *args) {
  Tr *t = c->t;
  PropVar p = args[0];
  if (!prop_is_fixed(t->s, p) && !prop_settle(t->s, PROP_PRIO_CONTROL, TR_SETTLE_RUNS)) return ST_FAIL;
  if (!prop_is_fixed(t->s, p)) return ev_result(c, tr_abandon(t, "a realloc of a block not known when it runs"));
  if (prop_value(t->s, p) == 0) return allocate(c, s, args + 1, (const IrExpr *const *)s->args + 1, 1, NULL);
  StResult r = ev_result(c, tr_check_access(&c->ev, s->args[0], p, true));
  if (r != ST_NEXT) return r;
  TrObject *old = tr_object_at(t, prop_value(t->s, p));
  assert(old && old->base == prop_value(t->s, p)); /* a live block's start */
  if (old->kind != TR_OBJ_HEAP) return ev_result(c, tr_abandon(t, "a realloc of an input object"));
  if (!s->type || s->type->kind != IR_TY_PTR || old->type != s->type->base)
    return ev_result(c, tr_abandon(t, "a realloc to another element type"));
  return allocate(c, s, args + 1, (const IrExpr *const *)s->args + 1, 1, old);
}

/* free(p): delete_s.  free(NULL) does nothing; freeing anything but a live
   heap block is a runtime error that ends the path. */
static StResult release(StmtCtx *c, const IrStmt *s, PropVar p) {
  Tr *t = c->t;
  if (prop_is_fixed(t->s, p) && prop_value(t->s, p) == 0) return ST_NEXT;
  StResult r = ev_result(c, tr_check_access(&c->ev, s->args[0], p, true));
  if (r != ST_NEXT) return r;
  c->out = tr_state_copy(t, c->in);
  c->out->mem = tr_delete_s(t, c->in->mem, p);
  return c->out->mem ? ST_NEXT : ST_FAIL;
}

/* isnan, isinf, isinf_sign, isfinite, isnormal of x (a float or double):
   booleans on key ranges, exact both ways; TR_FAIL if the store failed. */
static PropVar fp_classify(Tr *t, const IrStmt *s, PropVar x) {
  const FpFormat *f = tr_fp_format(s->args[0]->type);
  const char *n = s->callee_name;
  PropStore *st = t->s;
  int64_t inf = f->inf_key, max = inf - 1, min_normal = (int64_t)1 << (f->prec - 1);
  PropVar r = prop_new_var(st, -1, 1), a = prop_new_var(st, 0, 1), b = prop_new_var(st, 0, 1);
  bool ok;
  if (!strcmp(n, "__builtin_isnan")) {
    ok = fp_key_in(st, x, fp_key_nan(f), fp_key_nan(f), r);
  } else if (!strcmp(n, "__builtin_isfinite")) {
    ok = fp_key_in(st, x, fp_key_neg(max), max, r);
  } else if (!strcmp(n, "__builtin_isnormal")) {   /* |x| in [min normal, max] */
    ok = fp_key_in(st, x, min_normal, max, a) && fp_key_in(st, x, fp_key_neg(max), fp_key_neg(min_normal), b) &&
         op_bool_or(st, r, a, b);
  } else {   /* isinf: either infinity; isinf_sign: 1 for +inf, -1 for -inf */
    ok = fp_key_in(st, x, inf, inf, a) && fp_key_in(st, x, fp_key_neg(inf), fp_key_neg(inf), b);
    if (ok && !strcmp(n, "__builtin_isinf_sign")) {
      int64_t coef[3] = {1, -1, 1};
      PropVar v[3] = {r, a, b};
      ok = op_linear(st, 3, coef, v, OP_EQ, 0);   /* r = a - b */
    } else if (ok) {
      ok = op_bool_or(st, r, a, b);
    }
  }
  return ok ? r : TR_FAIL;
}

/* --check uninit: the objective where the local variable is read before it
   is assigned (the read itself would abandon the path: never evaluated). */
static StResult read_check(StmtCtx *c, const IrStmt *s) {
  Tr *t = c->t;
  PropVar assigned = tr_slot_defined(t, c->in, tr_frame_slot(c->in->fn, s->args[0]->var));
  return assigned == TR_FAIL ? ST_FAIL : continue_when(c, assigned, tr_is_objective_stmt(t, s));
}

static StResult translate_call(StmtCtx *c, const IrStmt *s) {
  Tr *t = c->t;
  if (s->builtin == IR_BI_CHECK_HEAP && s->args[1]->ival == IR_USE_READ) return read_check(c, s);
  PropVar *args = prop_alloc(t->s, sizeof(PropVar) * (size_t)(s->nargs + 1));
  for (int i = 0; i < s->nargs; i++) { /* a struct argument: the location it is copied from */
    const IrExpr *a = s->args[i];
    StResult r = a->type->kind == IR_TY_STRUCT ? eval_into_addr(c, a, &args[i]) : eval_into(c, a, &args[i]);
    if (r != ST_NEXT) return r;
  }
  bool objective = tr_is_objective_stmt(t, s);
  switch (s->builtin) {
  case IR_BI_NONE:
    if (s->lhs && !(s->lhs->kind == IR_VAR && tr_is_ssa(s->lhs->var))) {
      /* the place the result goes to, computed before the call as gcc does
         (cached: assign() finds it); a trap there ends the path before the call */
      PropVar at;
      StResult r = eval_into_addr(c, s->lhs, &at);
      if (r != ST_NEXT) return r;
    }
    return call_function(c, s, args);
  case IR_BI_NONDET: {
    PropVar v = tr_fresh(t, s->type);
    prop_add_decision(t->s, v);
    TrTrace *n = prop_alloc(t->s, sizeof *n);
    n->kind = TR_TRACE_NONDET;
    n->var = v;
    n->type = s->type;
    n->name = s->callee_name;
    n->call = s;
    n->prev = c->in->trace;
    n->created_prev = t->nondet_created;
    prop_save_ptr(t->s, (void **)&t->nondet_created, n);
    c->out = tr_state_copy(t, c->in);
    c->out->trace = n;
    return s->lhs ? assign(c, c->out, s->lhs, v) : ST_NEXT;
  }
  case IR_BI_ASSUME: return conditional_end(c, s->args[0], false);
  case IR_BI_ASSERT: return conditional_end(c, s->args[0], objective);
  case IR_BI_ABORT: case IR_BI_EXIT: return end_path(c, false);
  case IR_BI_ERROR: return end_path(c, objective);
  case IR_BI_MALLOC: case IR_BI_CALLOC: return allocate(c, s, args, (const IrExpr *const *)s->args, s->nargs, NULL);
  case IR_BI_REALLOC: return reallocate(c, s, args);
  case IR_BI_FREE: return release(c, s, args[0]);
  case IR_BI_CHECK_HEAP: return heap_check(c, s, args, objective);
  case IR_BI_ALLOC_LINE: { /* a freed block is no block of the line's */
    PropVar line = tr_alloc_line(t, args[0]), dead = tr_dangling(t, c->in->mem, args[0]);
    PropVar live_line = prop_new_var(t->s, 0, INT32_MAX);
    if (line == TR_FAIL || dead == TR_FAIL || !op_merge(t->s, live_line, dead, t->zero, line)) return ST_FAIL;
    c->out = tr_state_copy(t, c->in);
    return assign(c, c->out, s->lhs, live_line);
  }
  case IR_BI_FP_CLASS: {
    PropVar v = fp_classify(t, s, args[0]);
    if (v == TR_FAIL) return ST_FAIL;
    c->out = tr_state_copy(t, c->in);
    return s->lhs ? assign(c, c->out, s->lhs, v) : ST_NEXT;
  }
  case IR_BI_FABS: case IR_BI_SQRT: {   /* exact (fabs) or correctly rounded (sqrt) */
    assert(s->args[0]->type == s->type && s->type->kind == IR_TY_FLOAT);   /* check_subset */
    PropVar v = tr_fresh(t, s->type);
    const FpFormat *f = tr_fp_format(s->type);
    if (!(s->builtin == IR_BI_FABS ? fp_abs : fp_sqrt)(t->s, f, args[0], v)) return ST_FAIL;
    c->out = tr_state_copy(t, c->in);
    return s->lhs ? assign(c, c->out, s->lhs, v) : ST_NEXT;
  }
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
  if (prop_stack_low()) { /* calls translate in place: recursion the program decides */
    t->budget_hit = true;
    t->incomplete_reason = "the translation's nesting (loops and calls inside each other) outgrew the stack";
    return ST_FAIL;
  }
  TrState *cs = prop_alloc(t->s, sizeof *cs);
  *cs = *c->in;
  cs->fn = fn;
  cs->defined = NULL; /* every parameter is assigned; the locals are not yet */
  cs->slot = prop_alloc(t->s, sizeof(PropVar) * (size_t)(tr_nslots(fn) + 1));
  for (int i = 0; i < tr_nslots(fn); i++) cs->slot[i] = i < fn->nparams ? args[i] : TR_UNINIT;
  cs->global = c->in->global;
  for (int i = 0; i < fn->nparams; i++) {
    const IrVar *p = fn->params[i];
    if (!p->address_taken) continue;
    if (!allocate_local(t, cs, p)) return ST_FAIL;
    if (p->type->kind == IR_TY_STRUCT) cs->mem = tr_copy_struct(t, cs->mem, cs->slot[i], args[i], p->type);
    else cs->mem = tr_store_element(t, cs->mem, cs->slot[i], args[i]);
    if (!cs->mem) return ST_FAIL;
  }
  cs->flag[TR_RETURNED] = cs->flag[TR_BROKEN] = cs->flag[TR_CONTINUED] = t->zero;
  cs->retval = fn->ret->kind == IR_TY_VOID ? TR_UNINIT : tr_fresh(t, fn->ret);
  if (fn->ret->kind == IR_TY_STRUCT && s->lhs) {
    /* until a return says otherwise, the result is a zeroed struct of its
       own: a path that ends inside the call (or falls off its end) copies
       that, never cells through a location nothing constrains */
    size_t len = strlen(fn->name) + 3;
    char *name = prop_alloc(t->s, len);
    snprintf(name, len, "%s()", fn->name);
    TrObject *o = tr_new_object(t, TR_OBJ_LOCAL, fn->ret, 1, name, s->loc.line);
    if (!o) return ST_FAIL;
    cs->mem = tr_new_s(t, cs->mem, o, true);
    cs->retval = prop_new_const(t->s, o->base);
  }
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
  if (s->lhs && fn->ret->kind == IR_TY_STRUCT) { /* copy the returned cells to their place */
    PropVar at;
    StResult r = eval_into_addr(c, s->lhs, &at);
    if (r != ST_NEXT) return r;
    out->mem = tr_copy_struct(t, out->mem, at, end->retval, fn->ret);
    return out->mem ? ST_NEXT : ST_FAIL;
  }
  return s->lhs ? assign(c, out, s->lhs, end->retval) : ST_NEXT;
}

static StResult translate_if(StmtCtx *c, const IrStmt *s) {
  PropVar b;
  StResult r = eval_into(c, s->cond, &b);
  if (r != ST_NEXT) return r;
  if ((b = tr_truth(c->t, s->cond->type, b)) == TR_FAIL) return ST_FAIL;
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
    if (s->rhs) return declare_vla(c, s);
    c->out = tr_state_copy(t, c->in);
    if (s->var->kind == IR_VAR_GLOBAL) return ST_NEXT;
    if (!s->var->address_taken) tr_set_slot(c->out, tr_frame_slot(c->in->fn, s->var), TR_UNINIT);
    else if (!allocate_local(t, c->out, s->var)) return ST_FAIL;
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
  case IR_ST_RETURN: /* a struct is returned as the location of its cells (copied by the caller) */
    if (s->rhs && (r = (s->rhs->type->kind == IR_TY_STRUCT ? eval_into_addr : eval_into)(c, s->rhs, &v)) != ST_NEXT)
      return r;
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
