/* rte.c - run-time error sites (--check KINDS --at LINE) as explicit checks.
 *
 * Every operation on the checked line that can go wrong in a checked way
 * (a site) gets a check, placed before the statement that evaluates it:
 *
 *     if (g1) if (g2) ... __inka_check();     one chain per way to go wrong
 *
 * where g1 && g2 && ... holds exactly when the operation's operands make it
 * undefined (ir.h: IrRteKind).  __inka_check is the error builtin, so the
 * run-time error is reached where, and only where, the call is: every engine
 * answers the check as it answers --reach-call.  The guards are nested ifs,
 * never && or ?: (whose operands the IR evaluates unconditionally), and are
 * built so that evaluating them cannot itself go wrong: a 32-bit operation
 * is redone in 64 bits, a 64-bit one is compared against bounds computed
 * only on the side where they cannot overflow (the CERT INT32-C forms).
 *
 * The checks of one statement run in evaluation order (operands before the
 * operation), so a site is checked on the paths where no earlier site of
 * the statement went wrong; an earlier run-time error of another kind ends
 * the path, as it always does.  A site inside ?:, && or || is checked under
 * the condition that evaluates it.  The checks of a loop condition go at the
 * end of the loop's `pre` block, which runs before each test of it.
 *
 * The heap errors (a double free, an access into a freed block) depend on
 * the memory, not on values: their check is the builtin IR_BI_CHECK_HEAP,
 * which each engine decides from its memory; so are the bounds of an access
 * through a pointer p + k (p's object is not a value the guards can name).
 * A site no check here expresses (an index into a variable length array, a
 * pointer computed in steps) is recorded without checks, marked
 * unmodelled: no answer about it may say "proved".
 */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fe.h"

enum { MAX_GUARDS = 8, MAX_CONTEXT = 16 };

typedef struct Sites {
  FeCtx *c;
  unsigned kinds;
  int line;                      /* 0: every line */
  const IrFunction *fn;          /* being lowered */
  IrCheckSite *site;             /* the site whose checks are being made */
  const IrExpr *written;         /* while visiting the place a statement
                                    assigns: that place (not a read) */
  IrBlock *out;                  /* the checks of the statement being visited */
  IrExpr *context[MAX_CONTEXT];  /* the conditions under which ?:, && and ||
                                    evaluate the operand being visited */
  int ncontext;
} Sites;

/* ---- guards ------------------------------------------------------------------ */
typedef struct Chain {
  IrExpr *guard[MAX_GUARDS];
  int n;
  bool never;                    /* a guard is false whatever the inputs */
} Chain;

static IrType *int_type(Sites *st) { return fe_type_int_(st->c); }

static bool int_const(const IrExpr *e, int64_t *v) {
  if (e->kind != IR_INT_CONST) return false;
  *v = e->ival;
  return true;
}

/* a OP b of two integer constants, compared as their type does */
static bool fold(IrExprKind op, const IrExpr *a, int64_t x, int64_t y) {
  bool lt = a->type->is_signed ? x < y : (uint64_t)x < (uint64_t)y;
  switch (op) {
  case IR_LT: return lt;
  case IR_GE: return !lt;
  case IR_GT: return !lt && x != y;
  case IR_LE: return lt || x == y;
  case IR_EQ: return x == y;
  default: return x != y;
  }
}

/* Adds the guard `a OP b` to ch; a guard between constants is decided now. */
static void guard(Sites *st, Chain *ch, IrExprKind op, IrExpr *a, IrExpr *b) {
  int64_t x, y;
  if (int_const(a, &x) && int_const(b, &y)) {
    ch->never |= !fold(op, a, x, y);
    return;
  }
  assert(ch->n < MAX_GUARDS);
  ch->guard[ch->n++] = fe_op(st->c, op, int_type(st), a, b, a->loc);
}

static void guard_truth(Chain *ch, IrExpr *cond) {
  assert(ch->n < MAX_GUARDS);
  ch->guard[ch->n++] = cond;
}

static IrExpr *constant(Sites *st, IrType *t, int64_t v, IrLoc loc) { return fe_int_const(st->c, t, v, loc); }

static IrExpr *float_constant(Sites *st, IrType *t, double v, IrLoc loc) {
  IrExpr *e = fe_op(st->c, IR_FLOAT_CONST, t, NULL, NULL, loc);
  e->fval = v;
  return e;
}

static int64_t max_of(const IrType *t) { return (int64_t)(UINT64_MAX >> (65 - t->bits)); }
static int64_t min_of(const IrType *t) { return -max_of(t) - 1; }

static IrStmt *check_call(Sites *st, IrBuiltin builtin, IrLoc loc) {
  IrStmt *call = fe_stmt_new(st->c, IR_ST_CALL, loc);
  call->builtin = builtin;
  call->callee_name = st->site->call;
  call->type = fe_type_void(st->c);
  return call;
}

/* if (context...) if (guards...) call; */
static void emit_call(Sites *st, const Chain *ch, IrStmt *call, IrLoc loc) {
  if (ch->never) return;
  FeCtx *c = st->c;
  IrStmt *inner = call;
  IrExpr *conds[MAX_CONTEXT + MAX_GUARDS];
  int n = 0;
  for (int i = 0; i < st->ncontext; i++) conds[n++] = st->context[i];
  for (int i = 0; i < ch->n; i++) conds[n++] = ch->guard[i];
  for (int i = n - 1; i >= 0; i--) {
    IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
    s->cond = conds[i];
    fe_push(c->A, (void ***)&s->then.stmts, &s->then.n, inner);
    inner = s;
  }
  fe_push(c->A, (void ***)&st->out->stmts, &st->out->n, inner);
  fe_push(c->A, (void ***)&st->site->checks, &st->site->nchecks, call);
}

/* The chain becomes: if (context...) if (guards...) __inka_check(); */
static void emit(Sites *st, const Chain *ch, IrLoc loc) { emit_call(st, ch, check_call(st, IR_BI_ERROR, loc), loc); }

/* An error of pointer p about to be freed or accessed, or of p + k about to
   be accessed (IR_BI_CHECK_HEAP; k NULL but for bounds). */
static void emit_heap(Sites *st, IrExpr *p, IrCheckUse use, IrExpr *k, IrLoc loc) {
  IrStmt *call = check_call(st, IR_BI_CHECK_HEAP, loc);
  assert(use != IR_USE_READ || p->kind == IR_VAR);
  call->nargs = k ? 3 : 2;
  call->args = fe_alloc(st->c->A, 3 * sizeof *call->args);
  call->args[0] = p;
  call->args[1] = constant(st, int_type(st), use, loc);
  call->args[2] = k;
  call->type = p->type;
  emit_call(st, &(Chain){0}, call, loc);
}


static void emit1(Sites *st, IrExprKind op, IrExpr *a, IrExpr *b, IrLoc loc) {
  Chain ch = {0};
  guard(st, &ch, op, a, b);
  emit(st, &ch, loc);
}

/* ---- the sites of each kind ------------------------------------------------------ */
/* --at FILE:LINE checks the line of that file; without --at, every file of
   the program is checked (never a header's lines). */
bool fe_checked_file(const FeCtx *c, const char *file, bool at_line) {
  if (!file) return false;
  if (at_line) return strcmp(file, c->check_file) == 0;
  for (int i = 0; i < c->prog->nfiles; i++)
    if (strcmp(file, c->prog->files[i]) == 0) return true;
  return false;
}

/* Is an operation of kind k at loc checked?  If so, it is a new site, whose
   checks come next. */
static bool checked_at(Sites *st, IrLoc loc, IrRteKind k) {
  if (!(st->kinds & k) || (st->line && loc.line != st->line) || !fe_checked_file(st->c, loc.file, st->line != 0)) return false;
  IrCheckSite *site = fe_alloc(st->c->A, sizeof *site);
  site->kind = k;
  site->loc = loc;
  site->fn = st->fn;
  site->call = st->line ? IR_CHECK_CALL : fe_fmt(st->c->A, "%s.%d", IR_CHECK_CALL, st->c->prog->ncheck_sites + 1);
  fe_push(st->c->A, (void ***)&st->c->prog->check_sites, &st->c->prog->ncheck_sites, site);
  st->site = site;
  return true;
}

static bool checked(Sites *st, const IrExpr *e, IrRteKind k) { return checked_at(st, e->loc, k); }

static bool signed_int(const IrType *t) { return t->kind == IR_TY_INT && t->is_signed && !t->fnptr; }

/* x / y, x % y: by zero; INT_MIN / -1 (it overflows, and x86 traps) */
static void division(Sites *st, IrExpr *e) {
  IrExpr *x = e->a[0], *y = e->a[1];
  if (e->type->kind != IR_TY_INT) return;
  if (checked(st, e, IR_RTE_DIV)) {
    emit1(st, IR_EQ, y, constant(st, e->type, 0, e->loc), e->loc);
  }
  if (signed_int(e->type) && checked(st, e, IR_RTE_OVERFLOW)) {
    Chain ch = {0};
    guard(st, &ch, IR_EQ, x, constant(st, e->type, min_of(e->type), e->loc));
    guard(st, &ch, IR_EQ, y, constant(st, e->type, -1, e->loc));
    emit(st, &ch, e->loc);
  }
}

/* x op y of a type up to 32 bits, redone in 64 bits: out of range? */
static void narrow_overflow(Sites *st, IrExpr *e) {
  IrType *wide = fe_type_int(st->c, "long long", 64, true);
  IrExpr *x = fe_op(st->c, IR_CAST, wide, e->a[0], NULL, e->loc);
  IrExpr *y = fe_op(st->c, IR_CAST, wide, e->a[1], NULL, e->loc);
  IrExpr *exact = fe_op(st->c, e->kind, wide, x, y, e->loc);
  emit1(st, IR_GT, exact, constant(st, wide, max_of(e->type), e->loc), e->loc);
  emit1(st, IR_LT, exact, constant(st, wide, min_of(e->type), e->loc), e->loc);
}

/* x + y, x - y of 64 bits: the bound is computed on the side where it fits */
static void wide_sum_overflow(Sites *st, IrExpr *e) {
  IrType *t = e->type;
  IrExpr *x = e->a[0], *y = e->a[1], *zero = constant(st, t, 0, e->loc);
  IrExpr *max = constant(st, t, max_of(t), e->loc), *min = constant(st, t, min_of(t), e->loc);
  bool add = e->kind == IR_ADD;
  Chain up = {0}, down = {0};
  /* x + y > MAX  <=>  y > 0 && x > MAX - y;   x - y > MAX  <=>  y < 0 && x > MAX + y */
  guard(st, &up, add ? IR_GT : IR_LT, y, zero);
  guard(st, &up, IR_GT, x, fe_op(st->c, add ? IR_SUB : IR_ADD, t, max, y, e->loc));
  guard(st, &down, add ? IR_LT : IR_GT, y, zero);
  guard(st, &down, IR_LT, x, fe_op(st->c, add ? IR_SUB : IR_ADD, t, min, y, e->loc));
  emit(st, &up, e->loc);
  emit(st, &down, e->loc);
}

/* x * y of 64 bits, by the signs of x and y (each division fits) */
static void wide_product_overflow(Sites *st, IrExpr *e) {
  IrType *t = e->type;
  IrLoc l = e->loc;
  IrExpr *x = e->a[0], *y = e->a[1], *zero = constant(st, t, 0, l);
  IrExpr *max = constant(st, t, max_of(t), l), *min = constant(st, t, min_of(t), l);
  struct { IrExprKind sx, sy; IrExpr *lhs; IrExprKind cmp; IrExpr *num, *den; } cases[] = {
      {IR_GT, IR_GT, x, IR_GT, max, y}, /* x > 0, y > 0:  x > MAX / y */
      {IR_GT, IR_LE, y, IR_LT, min, x}, /* x > 0, y <= 0: y < MIN / x */
      {IR_LE, IR_GT, x, IR_LT, min, y}, /* x <= 0, y > 0: x < MIN / y */
      {IR_LT, IR_LE, y, IR_LT, max, x}, /* x < 0, y <= 0: y < MAX / x */
  };
  for (int i = 0; i < 4; i++) {
    Chain ch = {0};
    guard(st, &ch, cases[i].sx, x, zero);
    guard(st, &ch, cases[i].sy, y, zero);
    guard(st, &ch, cases[i].cmp, cases[i].lhs, fe_op(st->c, IR_DIV, t, cases[i].num, cases[i].den, l));
    emit(st, &ch, l);
  }
}

static void arithmetic(Sites *st, IrExpr *e) {
  if (!signed_int(e->type) || st->c->prog->wrapv || !checked(st, e, IR_RTE_OVERFLOW)) return;
  if (e->type->bits <= 32) narrow_overflow(st, e);
  else if (e->kind == IR_MUL) wide_product_overflow(st, e);
  else wide_sum_overflow(st, e);
}

static void negation(Sites *st, IrExpr *e) {
  if (!signed_int(e->type) || st->c->prog->wrapv || !checked(st, e, IR_RTE_OVERFLOW)) return;
  emit1(st, IR_EQ, e->a[0], constant(st, e->type, min_of(e->type), e->loc), e->loc);
}

/* x << k, x >> k: k outside [0, width); a signed x << k (k in range) that
   shifts out a bit or starts negative overflows */
static void shift(Sites *st, IrExpr *e) {
  IrExpr *x = e->a[0], *k = e->a[1];
  IrType *kt = k->type;
  int width = e->type->bits;
  if (checked(st, e, IR_RTE_SHIFT)) {
    if (kt->is_signed) emit1(st, IR_LT, k, constant(st, kt, 0, e->loc), e->loc);
    emit1(st, IR_GE, k, constant(st, kt, width, e->loc), e->loc);
  }
  if (e->kind != IR_SHL || !signed_int(e->type) || st->c->prog->wrapv || !checked(st, e, IR_RTE_OVERFLOW)) return;
  for (int high = 0; high < 2; high++) {
    Chain ch = {0};
    if (kt->is_signed) guard(st, &ch, IR_GE, k, constant(st, kt, 0, e->loc));
    guard(st, &ch, IR_LT, k, constant(st, kt, width, e->loc));
    IrExpr *max = constant(st, e->type, max_of(e->type), e->loc);
    if (high) guard(st, &ch, IR_GT, x, fe_op(st->c, IR_SHR, e->type, max, k, e->loc));
    else guard(st, &ch, IR_LT, x, constant(st, e->type, 0, e->loc));
    emit(st, &ch, e->loc);
  }
}

/* (integer)f: f must lie strictly between MIN - 1 and MAX + 1 of the type
   (NaN never does).  MAX + 1 is a power of two; MIN - 1 is used where the
   float type holds it exactly, else MIN itself is the first float above it. */
static void float_cast(Sites *st, IrExpr *e) {
  IrExpr *f = e->a[0];
  if (e->type->kind != IR_TY_INT || f->type->kind != IR_TY_FLOAT || !checked(st, e, IR_RTE_FLOAT_CAST)) return;
  int bits = e->type->bits;
  double above = ldexp(1.0, e->type->is_signed ? bits - 1 : bits);
  double min = e->type->is_signed ? -ldexp(1.0, bits - 1) : 0.0;
  int mantissa = f->type->bits == 32 ? 24 : 53;
  bool exact = bits - 1 < mantissa; /* MIN - 1 (or -1) is a float of this type */
  IrType *it = int_type(st);
  IrExpr *low = exact ? fe_op(st->c, IR_GT, it, f, float_constant(st, f->type, min - 1.0, e->loc), e->loc)
                      : fe_op(st->c, IR_GE, it, f, float_constant(st, f->type, min, e->loc), e->loc);
  if (!e->type->is_signed) low = fe_op(st->c, IR_GT, it, f, float_constant(st, f->type, -1.0, e->loc), e->loc);
  IrExpr *high = fe_op(st->c, IR_LT, it, f, float_constant(st, f->type, above, e->loc), e->loc);
  IrExpr *outside[] = {low, high};
  for (int i = 0; i < 2; i++) {
    Chain ch = {0};
    guard_truth(&ch, fe_op(st->c, IR_LNOT, it, outside[i], NULL, e->loc));
    emit(st, &ch, e->loc);
  }
}

/* a[i] of an array of n elements: i in [0, n) where the element is
   accessed, [0, n] where only its address is taken (one past the end) */
static void index_bounds(Sites *st, IrExpr *e, bool accessed) {
  const IrType *at = e->a[0]->type;
  if (at->kind != IR_TY_ARRAY || !checked(st, e, IR_RTE_BOUNDS)) return;
  if (at->variable || at->count <= 0) {
    st->site->unmodelled = "an index into a variable length array";
    return;
  }
  IrExpr *i = e->a[1];
  if (i->type->is_signed) emit1(st, IR_LT, i, constant(st, i->type, 0, e->loc), e->loc);
  emit1(st, accessed ? IR_GE : IR_GT, i, constant(st, i->type, at->count, e->loc), e->loc);
}

/* *a for bounds: a = p + k or a = p, checked against p's object.  Without a
   pointer p to measure from (p + j + k, a converted pointer), the site is
   one no check decides. */
static void access_bounds(Sites *st, IrExpr *e) {
  IrExpr *a = e->a[0];
  if (a->kind == IR_ADDR_OF) return; /* *&x: x itself */
  if (!checked(st, e, IR_RTE_BOUNDS)) return;
  bool sum = a->kind == IR_PTR_ADD;
  IrExpr *p = sum ? a->a[0] : a;
  if (p->kind == IR_PTR_ADD || p->kind == IR_CAST || a->kind == IR_CAST) {
    st->site->unmodelled = "an access through a pointer computed in steps or converted";
    return;
  }
  emit_heap(st, p, IR_USE_BOUNDS, sum ? a->a[1] : constant(st, int_type(st), 0, e->loc), e->loc);
}

/* *p: p is NULL (p + k is NULL only when p is) */
static void dereference(Sites *st, IrExpr *e, bool accessed) {
  IrExpr *base = e->a[0];
  while (base->kind == IR_PTR_ADD || (base->kind == IR_CAST && base->a[0]->type->kind == IR_TY_PTR))
    base = base->a[0];
  if (accessed) access_bounds(st, e);
  if (base->kind == IR_ADDR_OF) return; /* &x is neither NULL nor a heap block */
  if (accessed && checked(st, e, IR_RTE_FREE)) emit_heap(st, base, IR_USE_ACCESS, NULL, e->loc);
  if (!checked(st, e, IR_RTE_NULL)) return;
  emit1(st, IR_EQ, base, fe_zero(st->c, base->type, e->loc), e->loc);
}

/* x read: assigned before?  Locals held in memory (arrays, structs, those
   whose address is taken) are not decided yet; parameters and globals
   always are; the frontend's temporaries are assigned before any read. */
static void read_variable(Sites *st, IrExpr *e) {
  const IrVar *v = e->var;
  if (v->kind != IR_VAR_LOCAL || v->is_temp || e == st->written || !checked(st, e, IR_RTE_UNINIT)) return;
  if (v->address_taken) st->site->unmodelled = "a read of a local that lives in memory";
  else emit_heap(st, e, IR_USE_READ, NULL, e->loc);
}

/* A scalar read from memory (an element, a field, through a pointer): a
   cell never written is not decided yet. */
static void read_memory(Sites *st, IrExpr *e, bool accessed) {
  if (!accessed || e == st->written || e->type->kind == IR_TY_ARRAY || e->type->kind == IR_TY_STRUCT) return;
  if (checked(st, e, IR_RTE_UNINIT)) st->site->unmodelled = "a read of memory (an element, a field, a pointer's target)";
}

/* The object an INDEX or FIELD names: a variable there is not read. */
static bool reads_base(const IrExpr *base, bool accessed) { return base->kind != IR_VAR && accessed; }

/* ---- walking expressions and statements --------------------------------------------- */
static void sites(Sites *st, IrExpr *e, bool accessed);

/* operand k of e, evaluated only when cond holds */
static void sites_when(Sites *st, IrExpr *e, IrExpr *cond) {
  assert(st->ncontext < MAX_CONTEXT);
  st->context[st->ncontext++] = cond;
  sites(st, e, true);
  st->ncontext--;
}

static IrExpr *negated(Sites *st, IrExpr *cond) { return fe_op(st->c, IR_LNOT, int_type(st), cond, NULL, cond->loc); }

static void conditional_operands(Sites *st, IrExpr *e) {
  sites(st, e->a[0], true);
  if (st->ncontext + 1 >= MAX_CONTEXT) {
    /* operands too deep to be visited: a site of the first kind checked
       stands for whatever they hold */
    if (checked(st, e, st->kinds & -st->kinds)) st->site->unmodelled = "an operand nested too deep in ?:, && and ||";
    return;
  }
  if (e->kind == IR_COND) {
    sites_when(st, e->a[1], e->a[0]);
    sites_when(st, e->a[2], negated(st, e->a[0]));
  } else {
    sites_when(st, e->a[1], e->kind == IR_LAND ? e->a[0] : negated(st, e->a[0]));
  }
}

/* The sites of e in evaluation order; accessed: e (an lvalue) is read or
   written, not only its address taken. */
static void sites(Sites *st, IrExpr *e, bool accessed) {
  if (!e) return;
  switch (e->kind) {
  case IR_INT_CONST: case IR_FLOAT_CONST: case IR_NULL: return;
  case IR_VAR:
    if (accessed) read_variable(st, e);
    return;
  case IR_LAND: case IR_LOR: case IR_COND: conditional_operands(st, e); return;
  case IR_ADDR_OF: sites(st, e->a[0], false); return;
  case IR_FIELD:
    sites(st, e->a[0], e->a[0]->kind == IR_DEREF || reads_base(e->a[0], accessed));
    read_memory(st, e, accessed);
    return;
  case IR_INDEX: /* m[i] of m[i][j] designates a row: i < rows, even under & */
    sites(st, e->a[0], e->a[0]->kind == IR_INDEX || reads_base(e->a[0], accessed));
    sites(st, e->a[1], true);
    index_bounds(st, e, accessed);
    read_memory(st, e, accessed);
    return;
  case IR_DEREF:
    sites(st, e->a[0], true);
    dereference(st, e, accessed);
    read_memory(st, e, accessed);
    return;
  default: break;
  }
  for (int i = 0; i < 3; i++) sites(st, e->a[i], true);
  switch (e->kind) {
  case IR_DIV: case IR_REM: division(st, e); break;
  case IR_ADD: case IR_SUB: case IR_MUL: arithmetic(st, e); break;
  case IR_NEG: negation(st, e); break;
  case IR_SHL: case IR_SHR: shift(st, e); break;
  case IR_CAST: float_cast(st, e); break;
  default: break;
  }
}

/* The place a statement assigns: its parts are read, it is written (the
   same node may also be read in the value, `x += 2`: visited first). */
static void place_sites(Sites *st, IrExpr *lhs) {
  st->written = lhs;
  sites(st, lhs, true);
  st->written = NULL;
}

static void statement_sites(Sites *st, IrStmt *s) {
  switch (s->kind) {
  case IR_ST_ASSIGN: case IR_ST_RETURN: case IR_ST_DECL:
    sites(st, s->rhs, true);
    place_sites(st, s->lhs);
    break;
  case IR_ST_CALL:
    for (int i = 0; i < s->nargs; i++) sites(st, s->args[i], true);
    place_sites(st, s->lhs);
    /* realloc takes what free takes: NULL or a live block's start */
    if (((s->builtin == IR_BI_FREE && s->nargs == 1) || (s->builtin == IR_BI_REALLOC && s->nargs == 2)) &&
        checked_at(st, s->loc, IR_RTE_FREE)) {
        emit_heap(st, s->args[0], IR_USE_FREE, NULL, s->loc);
    }
    break;
  case IR_ST_IF: sites(st, s->cond, true); break;
  default: break;
  }
}

static void lower_block(Sites *st, IrBlock *b);

static void lower_statement(Sites *st, IrStmt *s, IrBlock *out) {
  IrBlock *kids[] = {&s->then, &s->els, &s->pre, &s->body, &s->step};
  for (int k = 0; k < 5; k++) lower_block(st, kids[k]);
  IrBlock *saved = st->out;
  if (s->kind == IR_ST_WHILE) { /* the condition is tested after pre, each time */
    st->out = &s->pre;
    sites(st, s->cond, true);
  } else {
    st->out = out;
    statement_sites(st, s);
  }
  st->out = saved;
  fe_push(st->c->A, (void ***)&out->stmts, &out->n, s);
}

static void lower_block(Sites *st, IrBlock *b) {
  IrBlock out = {0};
  for (int i = 0; i < b->n; i++) lower_statement(st, b->stmts[i], &out);
  *b = out;
}

void fe_check_sites(FeCtx *c, unsigned kinds, int line, const char *leak_root) {
  Sites st = {.c = c, .kinds = kinds, .line = line};
  c->prog->check_kinds = kinds;
  c->prog->check_line = line;
  for (int i = 0; i < c->prog->nfuncs; i++) {
    st.fn = c->prog->funcs[i];
    if (st.fn->defined) lower_block(&st, &c->prog->funcs[i]->body);
  }
  if (kinds & IR_RTE_LEAK) fe_leak_sites(c, leak_root, line);
}
