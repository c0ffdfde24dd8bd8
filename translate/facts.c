/* facts.c - static facts about IR statements that the translation asks
 * again and again: which scalars and flags a statement may write, whether it
 * may end the path, whether it contains the objective.  Computed once per
 * statement (and per function, through calls) and memoized in a pointer hash
 * table owned by the Tr (malloc, never the arena: the facts are about the
 * program, not about a search state).
 *
 * Everything here over-approximates: "may write" and "may end" are allowed
 * to say yes when the answer is no (that only costs a fresh variable), never
 * the reverse.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"

typedef TrFacts Facts;

typedef struct MemoEntry {
  const void *key;
  Facts *facts;
} MemoEntry;

struct TrMemo {
  MemoEntry *tab;
  size_t cap, n;
  const void **active;  /* functions being computed (recursion guard) */
  int nactive, capactive;
  Facts *anything;      /* the answer for a function still being computed */
};

static void memo_grow(TrMemo *m);

static Facts **memo_slot(TrMemo *m, const void *key) {
  if (2 * (m->n + 1) > m->cap) memo_grow(m);
  size_t h = ((uintptr_t)key >> 4) * 0x9E3779B97F4A7C15ull;
  for (size_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
    if (m->tab[i].key == key) return &m->tab[i].facts;
    if (!m->tab[i].key) {
      m->tab[i].key = key;
      m->n++;
      return &m->tab[i].facts;
    }
  }
}

static void memo_grow(TrMemo *m) {
  MemoEntry *old = m->tab;
  size_t oldcap = m->cap;
  m->cap = oldcap ? 2 * oldcap : 256;
  m->tab = calloc(m->cap, sizeof *m->tab);
  m->n = 0;
  for (size_t i = 0; i < oldcap; i++)
    if (old[i].key) *memo_slot(m, old[i].key) = old[i].facts;
  free(old);
}

TrMemo *tr_memo_new(void) { return calloc(1, sizeof(TrMemo)); }

static void facts_free(Facts *f) {
  if (!f) return;
  free(f->slot);
  free(f->read);
  free(f->declared);
  free(f->global);
  free(f);
}

void tr_memo_free(TrMemo *m) {
  if (!m) return;
  for (size_t i = 0; i < m->cap; i++)
    if (m->tab[i].key) facts_free(m->tab[i].facts);
  free(m->tab);
  free(m->active);
  if (m->anything) free(m->anything->global);
  free(m->anything);
  free(m);
}

static int frame_slots(const IrFunction *fn) { return fn->nparams + fn->nlocals; }

int tr_frame_slot(const IrFunction *fn, const IrVar *v) {
  assert(v->kind != IR_VAR_GLOBAL);
  return v->kind == IR_VAR_PARAM ? v->index : fn->nparams + v->index;
}

static void mark(uint8_t **set, int size, int i) {
  if (!*set) *set = calloc((size_t)size ? (size_t)size : 1, 1);
  (*set)[i] = 1;
}

static void merge_set(uint8_t **into, const uint8_t *from, int size) {
  if (!from) return;
  for (int i = 0; i < size; i++)
    if (from[i]) mark(into, size, i);
}

/* ---- Stores: the types of the cells they may write ------------------------- */
static void store_type(Facts *f, const IrType *ty) {
  if (f->stores_any) return;
  bool scalar = ty->kind == IR_TY_INT || ty->kind == IR_TY_BOOL || ty->kind == IR_TY_FLOAT || ty->kind == IR_TY_PTR;
  if (!scalar || f->nstored == TR_STORED_TYPES) {
    f->stores_any = true;
    return;
  }
  for (int i = 0; i < f->nstored; i++)
    if (f->stored[i] == ty) return;
  f->stored[f->nstored++] = ty;
}

static void merge_stores(Facts *f, const Facts *g) {
  if (g->stores_any) f->stores_any = true;
  for (int i = 0; i < g->nstored; i++) store_type(f, g->stored[i]);
}

/* ---- Expressions: which slots they read ------------------------------------ */
static void expr_reads(const IrFunction *fn, const IrExpr *e, Facts *f) {
  if (!e) return;
  if (e->kind == IR_VAR && e->var->kind != IR_VAR_GLOBAL) mark(&f->read, frame_slots(fn), tr_frame_slot(fn, e->var));
  for (int i = 0; i < 3; i++) expr_reads(fn, e->a[i], f);
}

/* ---- Expressions: may they trap? ---------------------------------------- */
/* A shift count that is a constant, or a mask `x & k` with 0 <= k < bits
   (`c >> (i & 15)`): within [0, bits) whatever x is, so the shift never
   traps. */
static bool count_in_range(const IrExpr *e, int bits) {
  while (e->kind == IR_CAST && e->a[0]->type->kind == IR_TY_INT) e = e->a[0];
  if (e->kind == IR_INT_CONST) return true; /* an over-wide constant count is checked where it runs */
  if (e->kind != IR_BAND) return false;
  for (int i = 0; i < 2; i++) {
    const IrExpr *k = tr_uncast(e->a[i]);
    if (k->kind == IR_INT_CONST && k->ival >= 0 && k->ival < bits) return true;
  }
  return false;
}

static bool expr_may_trap(const IrExpr *e) {
  if (!e) return false;
  switch (e->kind) {
  case IR_DIV: case IR_REM:
    if (e->a[1]->kind != IR_INT_CONST || e->a[1]->ival == 0 || e->a[1]->ival == -1) return true;
    break;
  case IR_SHL: case IR_SHR:
    if (!count_in_range(e->a[1], e->type->bits)) return true;
    break;
  case IR_DEREF: case IR_INDEX:
    return true;
  case IR_CAST:   /* float -> integer: undefined out of range or on NaN */
    if (e->a[0]->type->kind == IR_TY_FLOAT && e->type->kind == IR_TY_INT) return true;
    break;
  default:
    break;
  }
  for (int i = 0; i < 3; i++)
    if (expr_may_trap(e->a[i])) return true;
  return false;
}

/* ---- Objective -------------------------------------------------------------- */
static bool is_objective_call(const Tr *t, const IrStmt *s) { return ir_is_call_to(s, t->obj.target_call); }

bool tr_is_objective_stmt(const Tr *t, const IrStmt *s) {
  return s == t->obj.target || is_objective_call(t, s);
}

static const Facts *stmt_facts(Tr *t, const IrFunction *fn, const IrStmt *s);
static const Facts *function_facts(Tr *t, const IrFunction *fn);

static void block_facts(Tr *t, const IrFunction *fn, const IrBlock *b, Facts *f, bool loop_body) {
  for (int i = 0; i < b->n; i++) {
    const Facts *g = stmt_facts(t, fn, b->stmts[i]);
    f->may_end |= g->may_end;
    f->writes_mem |= g->writes_mem;
    merge_stores(f, g);
    f->has_return |= g->has_return;
    f->contains_obj |= g->contains_obj;
    if (!loop_body) {
      f->has_break |= g->has_break;
      f->has_continue |= g->has_continue;
    }
    merge_set(&f->slot, g->slot, frame_slots(fn));
    merge_set(&f->read, g->read, frame_slots(fn));
    merge_set(&f->declared, g->declared, frame_slots(fn));
    merge_set(&f->global, g->global, t->prog->nglobals);
  }
}

static void lhs_facts(Tr *t, const IrFunction *fn, const IrExpr *lhs, Facts *f) {
  if (!lhs) return;
  if (lhs->kind != IR_VAR || lhs->var->address_taken) { /* memory: not a scalar slot */
    f->writes_mem = true;
    store_type(f, lhs->type);
    return;
  }
  const IrVar *v = lhs->var;
  if (v->kind == IR_VAR_GLOBAL) mark(&f->global, t->prog->nglobals, v->index);
  else mark(&f->slot, frame_slots(fn), tr_frame_slot(fn, v));
}

static void call_facts(Tr *t, const IrFunction *fn, const IrStmt *s, Facts *f) {
  lhs_facts(t, fn, s->lhs, f);
  for (int i = 0; i < s->nargs; i++) f->may_end |= expr_may_trap(s->args[i]);
  switch (s->builtin) {
  case IR_BI_NONE:
    if (s->callee && s->callee->defined) {
      const Facts *g = function_facts(t, s->callee);
      f->may_end |= g->may_end;
      f->writes_mem |= g->writes_mem;
      merge_stores(f, g);
      for (int i = 0; i < s->callee->nparams; i++)
        if (s->callee->params[i]->address_taken) {
          f->writes_mem = true;
          store_type(f, s->callee->params[i]->type);
        }
      f->contains_obj |= g->contains_obj;
      merge_set(&f->global, g->global, t->prog->nglobals);
    }
    break;
  case IR_BI_ASSUME: case IR_BI_ABORT: case IR_BI_EXIT: case IR_BI_ASSERT: case IR_BI_ERROR:
  case IR_BI_FREE: case IR_BI_MALLOC: case IR_BI_CALLOC: case IR_BI_REALLOC: case IR_BI_CHECK_HEAP:
    f->may_end = true;
    f->writes_mem = true;
    if (s->builtin == IR_BI_FREE || s->builtin == IR_BI_REALLOC) f->stores_any = true; /* a header cell (allocations make new objects) */
    break;
  case IR_BI_NONDET: case IR_BI_FABS: case IR_BI_SQRT: case IR_BI_FP_CLASS: case IR_BI_ALLOC_LINE:
    break;
  }
}

static void compute_stmt_facts(Tr *t, const IrFunction *fn, const IrStmt *s, Facts *f) {
  f->contains_obj = tr_is_objective_stmt(t, s);
  if (s->lhs && s->lhs->kind != IR_VAR) expr_reads(fn, s->lhs, f); /* the place's address */
  if (s->lhs && s->lhs->kind == IR_VAR && s->lhs->var->address_taken) expr_reads(fn, s->lhs, f);
  expr_reads(fn, s->rhs, f);
  expr_reads(fn, s->cond, f);
  for (int i = 0; i < s->nargs; i++) expr_reads(fn, s->args[i], f);
  switch (s->kind) {
  case IR_ST_ASSIGN:
    lhs_facts(t, fn, s->lhs, f);
    f->may_end = expr_may_trap(s->rhs) || (s->lhs && s->lhs->kind != IR_VAR);
    break;
  case IR_ST_CALL: call_facts(t, fn, s, f); break;
  case IR_ST_IF:
    f->may_end = expr_may_trap(s->cond);
    block_facts(t, fn, &s->then, f, false);
    block_facts(t, fn, &s->els, f, false);
    break;
  case IR_ST_WHILE:
    f->may_end = expr_may_trap(s->cond);
    block_facts(t, fn, &s->pre, f, true);
    block_facts(t, fn, &s->body, f, true);
    block_facts(t, fn, &s->step, f, true);
    break;
  case IR_ST_BLOCK: block_facts(t, fn, &s->body, f, false); break;
  case IR_ST_BREAK: f->has_break = true; break;
  case IR_ST_CONTINUE: f->has_continue = true; break;
  case IR_ST_RETURN:
    f->has_return = true;
    f->may_end = expr_may_trap(s->rhs);
    break;
  case IR_ST_DECL:
    if (s->var && s->var->kind != IR_VAR_GLOBAL) {
      mark(&f->slot, frame_slots(fn), tr_frame_slot(fn, s->var));
      mark(&f->declared, frame_slots(fn), tr_frame_slot(fn, s->var));
    }
    if (s->var && s->var->address_taken) {
      f->writes_mem = true;
      store_type(f, s->var->type);
    }
    break;
  case IR_ST_SKIP: break;
  }
}

static const Facts *stmt_facts(Tr *t, const IrFunction *fn, const IrStmt *s) {
  Facts **slot = memo_slot(t->memo, s);
  if (*slot) return *slot;
  Facts *f = calloc(1, sizeof *f);
  compute_stmt_facts(t, fn, s, f);
  slot = memo_slot(t->memo, s); /* the table may have grown meanwhile */
  if (*slot) { /* s is in a recursive function: the call inside it computed s too */
    facts_free(f);
    return *slot;
  }
  *slot = f;
  return f;
}

/* A recursive function: while its facts are being computed, a call to it
   answers "may do anything" (globals: all; may end; may contain the objective). */
static const Facts *function_facts(Tr *t, const IrFunction *fn) {
  TrMemo *m = t->memo;
  Facts **slot = memo_slot(m, fn);
  if (*slot) return *slot;
  for (int i = 0; i < m->nactive; i++) {
    if (m->active[i] != fn) continue;
    if (!m->anything) {
      m->anything = calloc(1, sizeof *m->anything);
      m->anything->may_end = m->anything->contains_obj = m->anything->writes_mem = m->anything->stores_any = true;
      for (int g = 0; g < t->prog->nglobals; g++) mark(&m->anything->global, t->prog->nglobals, g);
    }
    return m->anything;
  }
  if (m->nactive == m->capactive) {
    m->capactive = m->capactive ? 2 * m->capactive : 8;
    m->active = realloc(m->active, (size_t)m->capactive * sizeof *m->active);
  }
  m->active[m->nactive++] = fn;
  Facts *f = calloc(1, sizeof *f);
  block_facts(t, fn, &fn->body, f, false);
  free(f->slot); /* the callee's own frame is not the caller's */
  free(f->read);
  free(f->declared);
  f->slot = f->read = f->declared = NULL;
  f->has_return = f->has_break = f->has_continue = false;
  m->nactive--;
  *memo_slot(m, fn) = f;
  return f;
}

/* ---- What the rest of the translation asks --------------------------------- */
const TrFacts *tr_facts(Tr *t, const IrFunction *fn, const IrStmt *s) {
  return stmt_facts(t, fn, s);
}

const TrFacts *tr_function_facts(Tr *t, const IrFunction *fn) {
  return function_facts(t, fn);
}
