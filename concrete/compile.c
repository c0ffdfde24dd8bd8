/* compile.c - the IR of a function (and of every function it calls) into
 * the compiled form that run.c executes (cx_internal.h).
 *
 * Everything that does not depend on values is resolved here, once: frame
 * slots, widths and signedness, strides and field offsets in cells, the
 * bases of the globals' objects, the objective's statements and loops.  The
 * evaluation order of the translation is kept (the right-hand side of an
 * assignment before the address of its left-hand side, operands left to
 * right, an index before its bounds check), so that a run stops on the same
 * trap or uncontrolled read as the model would.
 *
 * Must never compile what the concrete mode would run differently from the
 * translation: such programs get an error (they are simply not run).
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cx_float.h"
#include "inka/fp.h"
#include "cx_internal.h"

/* ---- Arena ------------------------------------------------------------------ */
typedef struct CxArena {
  struct CxArena *next;
  size_t used, cap;
  _Alignas(16) unsigned char data[];
} CxArena;

void *cx_alloc(CxProgram *c, size_t size) {
  size = (size + 15) & ~(size_t)15;
  CxArena *a = c->arena;
  if (!a || a->used + size > a->cap) {
    size_t cap = size > 65536 ? size : 65536;
    CxArena *n = malloc(sizeof *n + cap);
    if (!n) abort(); /* out of memory while compiling: nothing sensible to do */
    n->next = a;
    n->used = 0;
    n->cap = cap;
    c->arena = a = n;
  }
  void *p = a->data + a->used;
  a->used += size;
  memset(p, 0, size);
  return p;
}

char *cx_error(const IrLoc *loc, const char *fmt, ...) {
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  size_t n = strlen(what) + (loc && loc->file ? strlen(loc->file) : 1) + 64;
  char *e = malloc(n);
  snprintf(e, n, "%s:%d:%d: error: %s", loc && loc->file ? loc->file : "?", loc ? loc->line : 0, loc ? loc->col : 0,
           what);
  return e;
}

int64_t cx_cells(const IrType *ty) {
  switch (ty->kind) {
  case IR_TY_STRUCT: {
    int64_t n = 0;
    for (int i = 0; i < ty->nfields; i++) n += cx_cells(ty->fields[i].type);
    return n;
  }
  case IR_TY_ARRAY: return ty->count * cx_cells(ty->base);
  default: return 1;
  }
}

static int64_t field_cells(const IrType *st, int field) {
  int64_t n = 0;
  for (int i = 0; i < field; i++) n += cx_cells(st->fields[i].type);
  return n;
}

/* ---- Compiler state ------------------------------------------------------------ */
typedef struct Comp {
  CxProgram *c;
  const CxObjective *obj;
  const IrStmt **obj_loop;   /* the --iter loops, outermost first */
  const IrFunction *fn;      /* being compiled */
  const IrFunction *entry;   /* the function under test */
  char *err;
} Comp;

static bool fail(Comp *k, const IrLoc *loc, const char *fmt, const char *what) {
  if (!k->err) k->err = cx_error(loc, fmt, what);
  return false;
}

static int frame_slot(const IrFunction *fn, const IrVar *v) {
  return v->kind == IR_VAR_PARAM ? v->index : fn->nparams + v->index;
}

static bool scalar(const IrType *t) {
  return t->kind == IR_TY_INT || t->kind == IR_TY_BOOL || t->kind == IR_TY_PTR || t->kind == IR_TY_FLOAT;
}

static CxExpr *node(Comp *k, CxExprOp op, const IrExpr *e) {
  CxExpr *x = cx_alloc(k->c, sizeof *x);
  x->op = (uint8_t)op;
  x->line = e ? e->loc.line : 0;
  if (e && e->type) {
    const IrType *t = e->type;
    bool fl = t->kind == IR_TY_FLOAT; /* a key: generic code (loads, casts) must never wrap it */
    x->bits = (uint8_t)(t->kind == IR_TY_PTR || fl ? 64 : t->kind == IR_TY_BOOL ? 1 : t->bits);
    x->is_signed = t->kind == IR_TY_PTR || fl || (t->kind == IR_TY_INT && t->is_signed);
    x->u64 = t->kind == IR_TY_INT && t->bits == 64 && !t->is_signed;
    x->fbits = (uint8_t)(fl ? t->bits : 0);
  }
  return x;
}

static CxExpr *value(Comp *k, const IrExpr *e);

/* Does an overflow of arithmetic e trap?  ISO C (no --wrapv), signed type. */
static bool overflow_traps(const Comp *k, const IrExpr *e) {
  return !k->c->prog->wrapv && e->type->kind == IR_TY_INT && e->type->is_signed;
}

static int64_t stride(const IrType *ptr) { return ptr->base->kind == IR_TY_VOID ? 1 : cx_cells(ptr->base); }

/* The location of lvalue e (checked as the translation checks it). */
static CxExpr *address(Comp *k, const IrExpr *e) {
  CxExpr *x;
  switch (e->kind) {
  case IR_VAR:
    if (e->var->kind == IR_VAR_GLOBAL) {
      x = node(k, X_CONST, e);
      x->k = k->c->global_base[e->var->index];
      if (!x->k) return fail(k, &e->loc, "%s", "internal: a global in memory without an object"), NULL;
      return x;
    }
    x = node(k, X_SLOT_ADDR, e);
    x->slot = frame_slot(k->fn, e->var);
    return x;
  case IR_DEREF:
    if (e->a[0]->kind == IR_PTR_ADD) {
      x = node(k, X_DEREF_ADD, e);
      x->a = value(k, e->a[0]->a[0]);
      x->b = value(k, e->a[0]->a[1]);
      x->k = stride(e->a[0]->type);
      return x->a && x->b ? x : NULL;
    }
    x = node(k, X_DEREF, e);
    x->a = value(k, e->a[0]);
    return x->a ? x : NULL;
  case IR_FIELD:
    x = node(k, X_SHIFT, e);
    x->a = address(k, e->a[0]);
    x->k = field_cells(e->a[0]->type, e->field);
    return x->a ? x : NULL;
  case IR_INDEX:
    x = node(k, X_INDEX, e);
    x->a = address(k, e->a[0]);
    x->b = value(k, e->a[1]);
    x->k = cx_cells(e->type);
    x->k2 = e->a[0]->type->count;
    /* a variable length array: its object's length bounds the index (the
       address must be a cell of the object, as a[i] with 0 <= i < length) */
    if (e->a[0]->type->kind == IR_TY_ARRAY && e->a[0]->type->variable) x->op = X_DEREF_ADD;
    return x->a && x->b ? x : NULL;
  default:
    return fail(k, &e->loc, "%s", "internal: not an lvalue"), NULL;
  }
}

static CxExprOp binary_op(IrExprKind kind, bool u64) {
  switch (kind) {
  case IR_ADD: return X_ADD;
  case IR_SUB: return X_SUB;
  case IR_MUL: return X_MUL;
  case IR_DIV: return X_DIV;
  case IR_REM: return X_REM;
  case IR_SHL: return X_SHL;
  case IR_SHR: return X_SHR;
  case IR_BAND: return X_AND;
  case IR_BOR: return X_OR;
  case IR_BXOR: return X_XOR;
  case IR_LT: return u64 ? X_ULT : X_LT;
  case IR_LE: return u64 ? X_ULE : X_LE;
  case IR_GT: return u64 ? X_UGT : X_GT;
  case IR_GE: return u64 ? X_UGE : X_GE;
  case IR_EQ: return X_EQ;
  default: return X_NE;
  }
}

static bool operands(Comp *k, CxExpr *x, const IrExpr *e, int n) {
  CxExpr **slot[3] = {&x->a, &x->b, &x->c};
  for (int i = 0; i < n; i++)
    if (!(*slot[i] = value(k, e->a[i]))) return false;
  return true;
}

/* ---- Floating point ---------------------------------------------------------
 * Float and double values are keys (cx_float.h); these are the expressions
 * whose evaluation differs from the integer ones: constants, arithmetic,
 * comparisons of floats, conversions with a float side, and the truth of a
 * float (x != 0.0, where -0.0 is false and NaN true). */
static bool is_float(const IrType *t) { return t && t->kind == IR_TY_FLOAT; }

/* The key of a constant: the model's own encoding (the frontend gives
   values exactly representable in their type). */
static int64_t const_key(int bits, double v) { return fp_key_of_double(bits == 32 ? &fp_binary32 : &fp_binary64, v); }

static bool float_expr(const IrExpr *e) {
  switch (e->kind) {
  case IR_FLOAT_CONST: return true;
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM: case IR_NEG: case IR_BITNOT:
  case IR_SHL: case IR_SHR: case IR_BAND: case IR_BOR: case IR_BXOR:
    return is_float(e->type);
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE: return is_float(e->a[0]->type);
  case IR_CAST: return e->type->kind != IR_TY_BOOL && (is_float(e->type) || is_float(e->a[0]->type));
  case IR_BITCAST: return true;
  default: return false;
  }
}

/* e's truth as an int 0/1 (or any nonzero), for conditions and logic. */
static CxExpr *condition(Comp *k, const IrExpr *e) {
  CxExpr *v = value(k, e);
  if (!v || !is_float(e->type)) return v;
  CxExpr *x = node(k, X_FTRUTH, NULL);
  x->bits = 32;
  x->is_signed = true;
  x->line = e->loc.line;
  x->a = v;
  return x;
}

static CxExprOp float_op(IrExprKind kind) {
  switch (kind) {
  case IR_ADD: return X_FADD;
  case IR_SUB: return X_FSUB;
  case IR_MUL: return X_FMUL;
  case IR_DIV: return X_FDIV;
  case IR_NEG: return X_FNEG;
  case IR_LT: return X_FLT;
  case IR_LE: return X_FLE;
  case IR_GT: return X_FGT;
  case IR_GE: return X_FGE;
  case IR_EQ: return X_FEQ;
  case IR_NE: return X_FNE;
  default: return X_CONST; /* none */
  }
}

static CxExpr *float_value(Comp *k, const IrExpr *e) {
  CxExpr *x;
  if (e->kind == IR_FLOAT_CONST) {
    x = node(k, X_CONST, e);
    x->k = const_key(e->type->bits, e->fval);
    return x;
  }
  if (e->kind == IR_CAST) {
    const IrType *from = e->a[0]->type, *to = e->type;
    if (is_float(from) && is_float(to)) {
      if (from->bits == to->bits) return value(k, e->a[0]);
      x = node(k, X_F2F, e);
      x->k = from->bits;
    } else if (is_float(to)) {
      if (from->kind != IR_TY_INT && from->kind != IR_TY_BOOL)
        return fail(k, &e->loc, "unsupported: %s", "a conversion of a pointer to a float"), NULL;
      x = node(k, X_I2F, e);
      x->k = from->kind == IR_TY_BOOL ? 8 : from->bits;
      x->k2 = from->kind == IR_TY_INT && from->bits == 64 && !from->is_signed;
    } else {
      if (to->kind != IR_TY_INT) return fail(k, &e->loc, "unsupported: %s", "a conversion of a float to a pointer"), NULL;
      x = node(k, X_F2I, e);
      x->fbits = (uint8_t)from->bits;
    }
    return operands(k, x, e, 1) ? x : NULL;
  }
  if (e->kind == IR_BITCAST) { /* the same bits: fbits is the float side's format */
    x = node(k, is_float(e->type) ? X_BITS2F : X_F2BITS, e);
    x->fbits = (uint8_t)e->type->bits;
    return operands(k, x, e, 1) ? x : NULL;
  }
  CxExprOp op = float_op(e->kind);
  if (op == X_CONST) return fail(k, &e->loc, "unsupported: %s", "an operation on floats outside C"), NULL;
  x = node(k, op, e);
  x->fbits = (uint8_t)e->a[0]->type->bits;
  return operands(k, x, e, e->kind == IR_NEG ? 1 : 2) ? x : NULL;
}

/* The parameter of the function under test (its index) whose value side
   is a simple function of, when side is compiled in that function: the
   parameter itself (an integer one, in a slot), its conversions, + k,
   - k, k - it, ^ k, * k, -it, ~it, nested; else -1.  cx_compare_inverse
   (run.c) inverts them. */
static int simple_param(const Comp *k, const CxExpr *side) {
  if (k->fn != k->entry || !k->entry) return -1;
  for (int depth = 0; side && depth < 16; depth++) {
    switch ((CxExprOp)side->op) {
    case X_SLOT: {
      if (side->slot >= k->fn->nparams) return -1;
      const IrType *t = k->fn->params[side->slot]->type;
      return t->kind == IR_TY_INT || t->kind == IR_TY_BOOL ? side->slot : -1;
    }
    case X_CAST: case X_NEG: case X_BITNOT:
      side = side->a;
      break;
    case X_ADD: case X_SUB: case X_XOR: case X_MUL:
      if (side->a->op == X_CONST) side = side->b;
      else if (side->b->op == X_CONST) side = side->a;
      else return -1;
      break;
    default: return -1;
    }
  }
  return -1;
}

/* The value of e. */
static CxExpr *value(Comp *k, const IrExpr *e) {
  if (k->err) return NULL;
  if (float_expr(e)) return float_value(k, e);
  if (e->type && (e->type->kind == IR_TY_STRUCT || e->type->kind == IR_TY_ARRAY) && e->kind != IR_ADDR_OF)
    return fail(k, &e->loc, "unsupported: %s", "a struct or array used as a value"), NULL;
  CxExpr *x;
  switch (e->kind) {
  case IR_INT_CONST:
    x = node(k, X_CONST, e);
    x->k = e->ival;
    return x;
  case IR_NULL:
    x = node(k, X_CONST, e);
    x->k = 0;
    return x;
  case IR_VAR:
    if (e->var->address_taken) break; /* a load below */
    x = node(k, e->var->kind == IR_VAR_GLOBAL ? X_GLOBAL : X_SLOT, e);
    x->slot = e->var->kind == IR_VAR_GLOBAL ? e->var->index : frame_slot(k->fn, e->var);
    return x;
  case IR_DEREF: case IR_FIELD: case IR_INDEX:
    break;
  case IR_ADDR_OF:
    if (e->a[0]->kind == IR_DEREF) return value(k, e->a[0]->a[0]); /* &*p is p, unchecked */
    x = address(k, e->a[0]);
    if (x && x->op == X_INDEX) x->k2++; /* &a[N], one past the end, is an address C allows */
    return x;
  case IR_PTR_ADD:
    x = node(k, X_PTR_ADD, e);
    x->k = stride(e->type);
    return operands(k, x, e, 2) ? x : NULL;
  case IR_LENGTH:
    x = node(k, X_LENGTH, e);
    x->k = stride(e->a[0]->type);
    return operands(k, x, e, 1) ? x : NULL;
  case IR_PTR_DIFF:
    x = node(k, X_PTR_DIFF, e);
    x->k = stride(e->a[0]->type);
    return operands(k, x, e, 2) ? x : NULL;
  case IR_CAST: {
    const IrType *from = e->a[0]->type, *to = e->type;
    if (to->kind == IR_TY_BOOL) {
      x = node(k, X_TO_BOOL, e);
      return (x->a = condition(k, e->a[0])) ? x : NULL;
    }
    if (to->kind == IR_TY_PTR || from->kind == IR_TY_PTR) return value(k, e->a[0]); /* the same location */
    x = node(k, X_CAST, e);
    return operands(k, x, e, 1) ? x : NULL;
  }
  case IR_LNOT:
    x = node(k, X_LNOT, e);
    return (x->a = condition(k, e->a[0])) ? x : NULL;
  case IR_NEG: case IR_BITNOT:
    x = node(k, e->kind == IR_NEG ? X_NEG : X_BITNOT, e);
    x->overflow_traps = e->kind == IR_NEG && overflow_traps(k, e);
    return operands(k, x, e, 1) ? x : NULL;
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM:
  case IR_SHL: case IR_SHR: case IR_BAND: case IR_BOR: case IR_BXOR:
    x = node(k, binary_op(e->kind, false), e);
    x->overflow_traps = (e->kind == IR_ADD || e->kind == IR_SUB || e->kind == IR_MUL || e->kind == IR_SHL) &&
                        overflow_traps(k, e);
    return operands(k, x, e, 2) ? x : NULL;
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE: {
    const IrType *t = e->a[0]->type;
    x = node(k, binary_op(e->kind, t->kind == IR_TY_INT && t->bits == 64 && !t->is_signed), e);
    if (!operands(k, x, e, 2)) return NULL;
    x->cmp = (uint8_t)((simple_param(k, x->a) >= 0) | (simple_param(k, x->b) >= 0) << 1);
    return x;
  }
  case IR_LAND: case IR_LOR:
    x = node(k, e->kind == IR_LAND ? X_LAND : X_LOR, e);
    return (x->a = condition(k, e->a[0])) && (x->b = condition(k, e->a[1])) ? x : NULL;
  case IR_COND:
    x = node(k, X_COND, e);
    return (x->a = condition(k, e->a[0])) && (x->b = value(k, e->a[1])) && (x->c = value(k, e->a[2])) ? x : NULL;
  default:
    return fail(k, &e->loc, "unsupported: %s", "an expression outside the concrete mode"), NULL;
  }
  x = node(k, X_LOAD, e);
  x->a = address(k, e);
  return x->a ? x : NULL;
}

/* ---- The objective --------------------------------------------------------- */
static bool is_objective_call(const CxObjective *obj, const IrStmt *s) { return ir_is_call_to(s, obj->target_call); }


static bool objective_loops(Comp *k) {
  CxProgram *c = k->c;
  const CxObjective *obj = k->obj;
  c->niter = obj->niter;
  c->want_iter = cx_alloc(c, sizeof(int) * (size_t)(obj->niter + 1));
  c->iter = cx_alloc(c, sizeof(int) * (size_t)(obj->niter + 1));
  if (obj->niter == 0) return true;
  if (!obj->target) return fail(k, NULL, "%s", "--iter needs a --reach target");
  const IrStmt **loops;
  int nloops = ir_loops_around(c->prog, obj->target, &loops);
  if (nloops < obj->niter) {
    free(loops);
    return fail(k, &obj->target->loc, "%s", "--iter gives more iteration numbers than loops around the target");
  }
  k->obj_loop = cx_alloc(c, sizeof *k->obj_loop * (size_t)obj->niter);
  memcpy(k->obj_loop, loops + (nloops - obj->niter), sizeof *k->obj_loop * (size_t)obj->niter);
  memcpy(c->want_iter, obj->iter, sizeof(int) * (size_t)obj->niter);
  free(loops);
  return true;
}

/* ---- Statements ------------------------------------------------------------------ */
static CxFunc *function(Comp *k, const IrFunction *fn);
static bool block(Comp *k, const IrBlock *in, CxBlock *out);

static bool lhs(Comp *k, const IrExpr *e, CxLhs *out) {
  if (!e) {
    out->kind = L_NONE;
    return true;
  }
  if (e->type->kind == IR_TY_STRUCT && ir_is_lvalue(e)) { /* the place a returned struct is copied to */
    out->kind = L_MEM;
    out->addr = address(k, e);
    return out->addr != NULL;
  }
  if (!scalar(e->type)) return fail(k, &e->loc, "unsupported: %s", "an assignment of a struct or array");
  if (e->kind == IR_VAR && !e->var->address_taken) {
    out->kind = e->var->kind == IR_VAR_GLOBAL ? L_GLOBAL : L_SLOT;
    out->slot = e->var->kind == IR_VAR_GLOBAL ? e->var->index : frame_slot(k->fn, e->var);
    return true;
  }
  out->kind = L_MEM;
  out->addr = address(k, e);
  return out->addr != NULL;
}

static bool args(Comp *k, const IrStmt *s, CxStmt *x) {
  x->nargs = s->nargs;
  x->args = cx_alloc(k->c, sizeof *x->args * (size_t)(s->nargs + 1));
  for (int i = 0; i < s->nargs; i++) {
    const IrExpr *a = s->args[i];
    if (a->type->kind == IR_TY_STRUCT && s->builtin == IR_BI_NONE && ir_is_lvalue(a)) {
      if (!(x->args[i] = address(k, a))) return false; /* copied by push_frame */
      continue;
    }
    if (!scalar(a->type)) return fail(k, &a->loc, "unsupported: %s", "a struct passed by value");
    if (!(x->args[i] = value(k, a))) return false;
  }
  return true;
}

/* The truth of an argument already compiled (v, the value of e). */
static CxExpr *truth_of(Comp *k, CxExpr *v, const IrExpr *e) {
  if (!is_float(e->type)) return v;
  CxExpr *x = node(k, X_FTRUTH, NULL);
  x->bits = 32;
  x->is_signed = true;
  x->a = v;
  return x;
}

/* fabs, sqrt and the classifications of math.h: an assignment of one float
   operation on the argument (as the translation makes them). */
static bool float_call(Comp *k, const IrStmt *s, CxStmt *x) {
  if (s->nargs != 1 || !is_float(s->args[0]->type))
    return fail(k, &s->loc, "unsupported: a call to '%s' on a value that is not a float", s->callee_name);
  CxExpr *op;
  if (s->builtin == IR_BI_FP_CLASS) {
    static const struct { const char *name; CxFloatClass what; } names[] = {
        {"__builtin_isnan", CX_ISNAN}, {"__builtin_isinf", CX_ISINF}, {"__builtin_isinf_sign", CX_ISINF_SIGN},
        {"__builtin_isfinite", CX_ISFINITE}, {"__builtin_isnormal", CX_ISNORMAL}};
    int i = 0, n = (int)(sizeof names / sizeof *names);
    while (i < n && strcmp(names[i].name, s->callee_name ? s->callee_name : "")) i++;
    if (i == n) return fail(k, &s->loc, "unsupported: the classification '%s'", s->callee_name ? s->callee_name : "?");
    op = node(k, X_FCLASS, NULL);
    op->bits = 32;
    op->is_signed = true;
    op->k = names[i].what;
  } else {
    if (s->type != s->args[0]->type) return fail(k, &s->loc, "unsupported: a call to '%s' with an unusual declaration", s->callee_name);
    op = node(k, s->builtin == IR_BI_FABS ? X_FABS : X_FSQRT, NULL);
    op->bits = 64;
    op->is_signed = true;
  }
  op->fbits = (uint8_t)s->args[0]->type->bits;
  op->line = s->loc.line;
  op->a = x->args[0];
  x->kind = S_ASSIGN;
  x->e = op;
  return lhs(k, s->lhs, &x->lhs);
}

static bool call(Comp *k, const IrStmt *s, CxStmt *x) {
  x->objective = is_objective_call(k->obj, s);
  if (!args(k, s, x)) return false;
  switch (s->builtin) {
  case IR_BI_NONE:
    if (!s->callee || !s->callee->defined)
      return fail(k, &s->loc, "unsupported: a call to %s, which has no body", s->callee_name ? s->callee_name : "?");
    x->kind = S_CALL;
    if (!(x->callee = function(k, s->callee))) return false;
    return lhs(k, s->lhs, &x->lhs);
  case IR_BI_NONDET:
    if (s->type->kind != IR_TY_INT && s->type->kind != IR_TY_BOOL && s->type->kind != IR_TY_FLOAT)
      return fail(k, &s->loc, "unsupported: %s", "nondet values that are not numbers");
    x->kind = S_NONDET;
    x->bits = (uint8_t)(s->type->kind == IR_TY_BOOL ? 1 : s->type->bits);
    x->is_signed = s->type->kind == IR_TY_INT && s->type->is_signed;
    x->is_float = s->type->kind == IR_TY_FLOAT;
    k->c->uses_nondet = true;
    return lhs(k, s->lhs, &x->lhs);
  case IR_BI_FABS: case IR_BI_SQRT: case IR_BI_FP_CLASS: return float_call(k, s, x);
  case IR_BI_ASSUME: case IR_BI_ASSERT:
    if (s->nargs < 1) return fail(k, &s->loc, "unsupported: %s", "an assume or assert without a condition");
    x->kind = s->builtin == IR_BI_ASSUME ? S_ASSUME : S_ASSERT;
    x->e = truth_of(k, x->args[0], s->args[0]);
    return true;
  case IR_BI_ABORT: x->kind = S_ABORT; return true;
  case IR_BI_EXIT: x->kind = S_EXIT; return true;
  case IR_BI_ERROR: x->kind = S_ERROR; return true;
  case IR_BI_MALLOC: case IR_BI_CALLOC: case IR_BI_REALLOC: {
    const IrType *ptr = s->type;
    x->kind = S_MALLOC;
    x->zeroed = s->builtin == IR_BI_CALLOC;
    x->moves = s->builtin == IR_BI_REALLOC;
    if (s->nargs < (x->zeroed || x->moves ? 2 : 1)) return fail(k, &s->loc, "unsupported: %s", "an allocation without its size");
    const IrExpr *size = s->args[x->moves ? 1 : 0];
    x->bits = (uint8_t)size->type->bits; /* of size_t: PTRDIFF_MAX is the most a block may have */
    if (!ptr || ptr->kind != IR_TY_PTR || ptr->base->kind == IR_TY_VOID || ptr->base->size <= 0) {
      x->reason = "an allocation whose element type is not known";
    } else if (size->type->kind != IR_TY_INT || size->type->is_signed ||
               (x->zeroed && s->args[1]->type->bits != s->args[0]->type->bits)) {
      x->reason = "an allocation whose size is not a size_t";
    } else {
      x->type = ptr->base;
      x->cells = cx_cells(ptr->base);
    }
    return lhs(k, s->lhs, &x->lhs);
  }
  case IR_BI_FREE:
    if (s->nargs < 1) return fail(k, &s->loc, "unsupported: %s", "free without its argument");
    x->kind = S_FREE;
    x->e = x->args[0];
    return true;
  case IR_BI_ALLOC_LINE:
    x->kind = S_ALLOC_LINE;
    x->e = x->args[0];
    return lhs(k, s->lhs, &x->lhs);
  case IR_BI_CHECK_HEAP:
    assert(s->nargs >= 2 && s->args[1]->kind == IR_INT_CONST);
    x->kind = S_CHECK_HEAP;
    x->e = x->args[0];
    x->use = (uint8_t)s->args[1]->ival;
    assert(x->use != IR_USE_READ || x->e->op == X_SLOT);
    assert(x->use != IR_USE_BOUNDS || s->nargs == 3);
    x->cells = s->type->kind == IR_TY_PTR ? stride(s->type) : 1;
    return true;
  }
  return fail(k, &s->loc, "unsupported: %s", "a call outside the concrete mode");
}

static int loop_index(const Comp *k, const IrStmt *s) {
  for (int j = 0; j < k->obj->niter; j++)
    if (k->obj_loop[j] == s) return j;
  return -1;
}

static CxStmt *stmt(Comp *k, const IrStmt *s) {
  CxStmt *x = cx_alloc(k->c, sizeof *x);
  x->obj_index = -1;
  x->line = s->loc.file && k->c->prog->path && strcmp(s->loc.file, k->c->prog->path) == 0 ? s->loc.line : 0;
  x->target = s == k->obj->target && s->kind != IR_ST_WHILE;
  x->src_line = s->loc.line;
  x->ir = s;
  bool ok = true;
  switch (s->kind) {
  case IR_ST_SKIP: x->kind = S_SKIP; break;
  case IR_ST_DECL:
    if (s->var->kind == IR_VAR_GLOBAL) {
      x->kind = S_SKIP;
    } else if (s->var->address_taken) {
      x->kind = S_DECL_MEM;
      x->slot = frame_slot(k->fn, s->var);
      x->type = s->var->type;
      x->var = s->var;
      x->cells = cx_cells(s->var->type);
      if (s->rhs) { /* a variable length array: elements of its base type, as many as rhs says */
        x->type = s->var->type->base;
        x->cells = cx_cells(x->type);
        ok = (x->e = value(k, s->rhs)) != NULL;
      }
    } else {
      x->kind = S_DECL_SLOT;
      x->slot = frame_slot(k->fn, s->var);
    }
    break;
  case IR_ST_ASSIGN:
    x->kind = S_ASSIGN;
    ok = (x->e = value(k, s->rhs)) && lhs(k, s->lhs, &x->lhs);
    break;
  case IR_ST_CALL: ok = call(k, s, x); break;
  case IR_ST_IF:
    x->kind = S_IF;
    ok = (x->e = condition(k, s->cond)) && block(k, &s->then, &x->a) && block(k, &s->els, &x->b);
    break;
  case IR_ST_WHILE:
    x->kind = S_WHILE;
    k->c->has_loops = true;
    x->do_while = s->is_do_while;
    x->loop_target = s == k->obj->target;
    x->obj_index = loop_index(k, s);
    ok = block(k, &s->pre, &x->a) && (x->e = condition(k, s->cond)) && block(k, &s->body, &x->b) &&
         block(k, &s->step, &x->c);
    break;
  case IR_ST_BREAK: x->kind = S_BREAK; break;
  case IR_ST_CONTINUE: x->kind = S_CONTINUE; break;
  case IR_ST_RETURN:
    x->kind = S_RETURN;
    if (s->rhs && s->rhs->type->kind == IR_TY_STRUCT && ir_is_lvalue(s->rhs)) {
      ok = (x->e = address(k, s->rhs)) != NULL; /* the caller copies the cells */
    } else if (s->rhs) {
      if (!scalar(s->rhs->type)) return fail(k, &s->loc, "unsupported: %s", "a struct returned by value"), NULL;
      ok = (x->e = value(k, s->rhs)) != NULL;
    }
    break;
  case IR_ST_BLOCK:
    x->kind = S_BLOCK;
    ok = block(k, &s->body, &x->a);
    break;
  }
  return ok && !k->err ? x : NULL;
}

static bool block(Comp *k, const IrBlock *in, CxBlock *out) {
  out->n = in->n;
  out->s = cx_alloc(k->c, sizeof *out->s * (size_t)(in->n + 1));
  for (int i = 0; i < in->n; i++)
    if (!(out->s[i] = stmt(k, in->stmts[i]))) return false;
  return true;
}

static int function_index(const IrProgram *p, const IrFunction *fn) {
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i] == fn) return i;
  return -1;
}

static CxFunc *function(Comp *k, const IrFunction *fn) {
  CxProgram *c = k->c;
  int i = function_index(c->prog, fn);
  if (i < 0) return fail(k, &fn->loc, "%s", "internal: a function outside the program"), NULL;
  if (c->funcs[i]) {
    if (!c->funcs[i]->compiled) c->has_loops = true; /* a recursive call */
    return c->funcs[i];
  }
  if (fn->unsupported) return fail(k, &fn->unsupported->loc, "%s", fn->unsupported->message), NULL;
  CxFunc *f = cx_alloc(c, sizeof *f);
  c->funcs[i] = f;
  f->ir = fn;
  f->nparams = fn->nparams;
  f->nslots = fn->nparams + fn->nlocals;
  f->has_value = fn->ret->kind != IR_TY_VOID && fn->ret->kind != IR_TY_STRUCT;
  f->ret_cells = fn->ret->kind == IR_TY_STRUCT ? cx_cells(fn->ret) : 0;
  f->param_in_memory = cx_alloc(c, sizeof(bool) * (size_t)(fn->nparams + 1));
  f->param_type = cx_alloc(c, sizeof *f->param_type * (size_t)(fn->nparams + 1));
  f->param_cells = cx_alloc(c, sizeof(int64_t) * (size_t)(fn->nparams + 1));
  for (int p = 0; p < fn->nparams; p++) {
    const IrVar *v = fn->params[p];
    if (!scalar(v->type) && v->type->kind != IR_TY_STRUCT)
      return fail(k, &v->loc, "unsupported: %s", "a parameter that is not a scalar or a struct"), NULL;
    f->param_in_memory[p] = v->address_taken;
    f->param_type[p] = v->type;
    f->param_cells[p] = cx_cells(v->type);
  }
  const IrFunction *saved = k->fn;
  k->fn = fn;
  bool ok = block(k, &fn->body, &f->body);
  f->compiled = true;
  k->fn = saved;
  return ok ? f : NULL;
}

/* ---- Globals ---------------------------------------------------------------------- */
/* The initial cells of a global from its initializer (absent parts are 0). */
static void initial_cells(CxProgram *c, const IrType *ty, const IrInit *in, int64_t at) {
  if (ty->kind == IR_TY_ARRAY || ty->kind == IR_TY_STRUCT) {
    int64_t n = ty->kind == IR_TY_ARRAY ? ty->count : ty->nfields;
    for (int64_t i = 0; i < n; i++) {
      const IrType *et = ty->kind == IR_TY_ARRAY ? ty->base : ty->fields[i].type;
      const IrInit *ei = in && in->kind == IR_INIT_LIST && i < in->nelems ? in->elems[i] : NULL;
      initial_cells(c, et, ei, at);
      at += cx_cells(et);
    }
    return;
  }
  int64_t v = 0;
  if (in && in->kind == IR_INIT_INT) v = in->ival;
  if (in && in->kind == IR_INIT_FLOAT) v = const_key(ty->bits, in->fval);
  if (in && in->kind == IR_INIT_ADDR) v = c->global_base[in->addr_of->index] + in->addr_cell;
  c->pristine.val[at] = v;
  c->pristine.def[at] = 1;
}

/* Globals whose address is taken (arrays and structs among them) are
   objects, made in program order before anything else, as the translation
   makes them; the others are SSA values. */
static bool globals(Comp *k) {
  CxProgram *c = k->c;
  const IrProgram *p = c->prog;
  c->nglobals = p->nglobals;
  c->global_init = cx_alloc(c, sizeof(int64_t) * (size_t)(p->nglobals + 1));
  c->global_def = cx_alloc(c, (size_t)p->nglobals + 1);
  c->global_base = cx_alloc(c, sizeof(int64_t) * (size_t)(p->nglobals + 1));
  c->globals = cx_alloc(c, sizeof(int64_t) * (size_t)(p->nglobals + 1));
  c->globals_def = cx_alloc(c, (size_t)p->nglobals + 1);
  cx_mem_init(&c->pristine);
  for (int g = 0; g < p->nglobals; g++) {
    const IrVar *v = p->globals[g];
    if (!v->address_taken) continue;
    int o = cx_mem_new_object(&c->pristine, CX_OBJ_GLOBAL, cx_cells(v->type), true);
    if (o < 0) return fail(k, &v->loc, "unsupported: %s", "globals larger than the concrete memory");
    c->pristine.objs[o].name = v->name;
    c->pristine.objs[o].type = v->type;
    c->pristine.objs[o].count = 1;
    c->pristine.objs[o].line = v->loc.line;
    c->global_base[g] = c->pristine.objs[o].base;
  }
  for (int g = 0; g < p->nglobals; g++) {
    const IrVar *v = p->globals[g];
    if (v->address_taken) {
      initial_cells(c, v->type, v->init, c->global_base[g]);
      continue;
    }
    const IrInit *in = v->init;
    c->global_def[g] = scalar(v->type);
    if (in && in->kind == IR_INIT_INT) c->global_init[g] = in->ival;
    if (in && in->kind == IR_INIT_ADDR) c->global_init[g] = c->global_base[in->addr_of->index] + in->addr_cell;
    if (in && in->kind == IR_INIT_FLOAT) c->global_init[g] = const_key(v->type->bits, in->fval);
  }
  c->nglobal_objects = c->pristine.nobjs;
  return true;
}

/* ---- Entry points ------------------------------------------------------------------- */
static void release(CxProgram *c) {
  cx_native_free(c->native);
  for (CxArena *a = c->arena, *n; a; a = n) {
    n = a->next;
    free(a);
  }
  cx_mem_free(&c->pristine);
  cx_mem_free(&c->mem);
  free(c->stack);
  free(c->stack_def);
  free(c->funcs);
  free(c->assumes);
  free(c);
}

/* ---- Exit probes (run.c) ---------------------------------------------------------- */
/* Does a statement of b write frame slot `slot` (of the function b is in)? */
static bool writes_slot(const CxBlock *b, int slot) {
  for (int i = 0; i < b->n; i++) {
    const CxStmt *s = b->s[i];
    if (s->lhs.kind == L_SLOT && s->lhs.slot == slot) return true;
    if ((s->kind == S_DECL_SLOT || s->kind == S_DECL_MEM) && s->slot == slot) return true;
    const CxBlock *sub[4] = {&s->a, &s->b, &s->c, &s->d};
    for (int j = 0; j < 4; j++)
      if (writes_slot(sub[j], slot)) return true;
  }
  return false;
}

/* The parameter slot of an integer parameter that side reads directly, or -1. */
static int param_slot(const CxFunc *f, const CxExpr *side) {
  if (side->op != X_SLOT || side->slot >= f->nparams || f->param_in_memory[side->slot]) return -1;
  const IrType *t = f->param_type[side->slot];
  return t->kind == IR_TY_INT ? side->slot : -1;
}

/* Marks the loops of f's top-level block that exit probes may use: not a
   do-while, the condition v op p or p op v with op one of < <= > >= != on
   signed or narrow values and p an integer parameter f never writes. */
static void mark_probes(CxFunc *f) {
  CxBlock *body = &f->body;
  for (int i = 0; i < body->n; i++) {
    CxStmt *s = body->s[i];
    if (s->kind != S_WHILE || s->do_while || !s->e || s->a.n > 0) continue;
    const CxExpr *e = s->e;
    if (e->op != X_LT && e->op != X_LE && e->op != X_GT && e->op != X_GE && e->op != X_NE) continue;
    int right = param_slot(f, e->b), left = param_slot(f, e->a);
    int p = right >= 0 ? right : left;
    if (p < 0 || (right >= 0 && left >= 0) || writes_slot(body, p)) continue;
    /* as v op p; the parameter's value that fails the check is then v for
       <, > and !=, v - 1 for <=, v + 1 for >= */
    CxExprOp op = (CxExprOp)e->op;
    if (right < 0) /* p op v */
      op = op == X_LT ? X_GT : op == X_LE ? X_GE : op == X_GT ? X_LT : op == X_GE ? X_LE : op;
    s->probe = (int8_t)(op == X_GT || op == X_GE ? -1 : 1);
    s->probe_left = right < 0;
    s->probe_param = p;
    s->probe_shift = (int8_t)(op == X_LE ? -1 : op == X_GE ? 1 : 0);
    s->probe_rest = (CxBlock){body->s + i + 1, body->n - i - 1};
  }
}

CxProgram *cx_new(const IrProgram *p, const IrFunction *fn, const CxObjective *obj, char **err) {
  *err = NULL;
  CxProgram *c = calloc(1, sizeof *c);
  c->prog = p;
  c->funcs = calloc((size_t)p->nfuncs + 1, sizeof *c->funcs);
  cx_mem_init(&c->mem);
  Comp k = {.c = c, .obj = obj, .fn = fn, .entry = fn};
  bool ok = objective_loops(&k) && globals(&k);
  for (int i = 0; ok && i < fn->nparams; i++) {
    const IrType *t = fn->params[i]->type;
    if (t->kind != IR_TY_INT && t->kind != IR_TY_BOOL && t->kind != IR_TY_FLOAT && t->kind != IR_TY_PTR &&
        t->kind != IR_TY_STRUCT) /* (a struct: copied from the place its value is given, see cx_run) */
      ok = fail(&k, &fn->params[i]->loc, "unsupported: %s",
                "parameters of the function under test that are not numbers, pointers or structs");
  }
  if (ok && !fn->defined) ok = fail(&k, &fn->loc, "unsupported: %s", "a function without a body");
  if (ok) c->entry = function(&k, fn);
  if (c->entry && !k.err) mark_probes(c->entry);
  if (!c->entry || k.err) {
    *err = k.err ? k.err : cx_error(&fn->loc, "%s", "internal: compilation failed");
    release(c);
    return NULL;
  }
  return c;
}

void cx_free(CxProgram *c) {
  if (c) release(c);
}

bool cx_add_assume(CxProgram *c, const IrExpr *e, char **err) {
  *err = NULL;
  Comp k = {.c = c, .obj = &(CxObjective){0}, .fn = c->entry->ir};
  CxExpr *x = condition(&k, e);
  if (!x) {
    *err = k.err;
    return false;
  }
  c->assumes = realloc(c->assumes, sizeof *c->assumes * (size_t)(c->nassumes + 1));
  c->assumes[c->nassumes++] = x;
  return true;
}

bool cx_uses_nondet(const CxProgram *c) { return c->uses_nondet; }
bool cx_has_loops(const CxProgram *c) { return c->has_loops; }

int cx_probe_direction(const CxProgram *c, int param) {
  const CxBlock *body = &c->entry->body;
  for (int i = 0; i < body->n; i++) {
    const CxStmt *s = body->s[i];
    if (s->probe && s->probe_param == param) return s->probe;
  }
  return 0;
}
