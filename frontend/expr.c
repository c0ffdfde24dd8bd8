/* expr.c - C expressions -> side-effect-free IR expressions + statements.
 *
 * fe_expr() converts an expression and emits the statements its side
 * effects need (assignments, ++/--, calls, short-circuit with effects) into
 * the block `out`, in C's evaluation order, each with the location of the
 * construct it comes from; the returned IrExpr is free of effects.
 * fe_effect() does the same for an expression whose value is unused.
 * Every implicit conversion clang applied becomes an explicit IR_CAST (or
 * decay / NULL).  &&, || and ?: stay expressions only when their conditional
 * operands are harmless (no effects, cannot trap); otherwise they become if
 * statements writing a temporary.  Never emits a statement in pure mode
 * (fe_parse_expr), never returns NULL.
 */
#include <string.h>

#include "fe.h"

IrExpr *fe_call(FeCtx *c, CXCursor call, IrType *alloc_type, bool want_value, IrBlock *out);
void fe_stmt_into(FeCtx *c, CXCursor s, IrBlock *out);

/* ---- construction ---------------------------------------------------------- */
static IrExpr *mk(FeCtx *c, IrExprKind k, IrType *t, IrLoc loc) {
  IrExpr *e = fe_alloc(c->A, sizeof *e);
  e->kind = k;
  e->type = t;
  e->loc = loc;
  return e;
}

IrExpr *fe_op(FeCtx *c, IrExprKind k, IrType *t, IrExpr *a, IrExpr *b, IrLoc loc) {
  IrExpr *e = mk(c, k, t, loc);
  e->a[0] = a;
  e->a[1] = b;
  return e;
}

int64_t fe_wrap(const IrType *t, int64_t v) {
  if (t->kind == IR_TY_BOOL) return v != 0;
  if (t->kind != IR_TY_INT || t->bits >= 64) return v;
  uint64_t mask = (UINT64_C(1) << t->bits) - 1, u = (uint64_t)v & mask;
  if (t->is_signed && (u >> (t->bits - 1))) u |= ~mask;
  return (int64_t)u;
}

IrExpr *fe_int_const(FeCtx *c, IrType *t, int64_t v, IrLoc loc) {
  IrExpr *e = mk(c, IR_INT_CONST, t, loc);
  e->ival = fe_wrap(t, v);
  return e;
}

static IrExpr *float_const(FeCtx *c, IrType *t, double v, IrLoc loc) {
  IrExpr *e = mk(c, IR_FLOAT_CONST, t, loc);
  e->fval = t->bits == 32 ? (double)(float)v : v;
  return e;
}

IrExpr *fe_dummy(FeCtx *c, IrLoc loc) { return fe_int_const(c, fe_type_int_(c), 0, loc); }

IrExpr *fe_zero(FeCtx *c, IrType *t, IrLoc loc) {
  switch (t->kind) {
  case IR_TY_INT:
  case IR_TY_BOOL: return fe_int_const(c, t, 0, loc);
  case IR_TY_FLOAT: return float_const(c, t, 0.0, loc);
  case IR_TY_PTR: return mk(c, IR_NULL, t, loc);
  default: return fe_dummy(c, loc);
  }
}

IrExpr *fe_var_expr(FeCtx *c, IrVar *v, IrLoc loc) {
  IrExpr *e = mk(c, IR_VAR, v->type, loc);
  e->var = v;
  return e;
}

IrVar *fe_temp(FeCtx *c, IrType *t, IrLoc loc) {
  IrVar *v = fe_alloc(c->A, sizeof *v);
  v->name = fe_fmt(c->A, "tmp.%d", ++c->ntemps);
  v->type = t;
  v->kind = IR_VAR_LOCAL;
  v->is_temp = true;
  v->loc = loc;
  if (c->fn) {
    v->index = c->fn->nlocals;
    fe_push(c->A, (void ***)&c->fn->locals, &c->fn->nlocals, v);
  }
  return v;
}

/* A temporary struct (or array) in memory, its lifetime begun by a DECL in out. */
IrExpr *fe_struct_temp(FeCtx *c, IrType *t, IrLoc loc, IrBlock *out) {
  IrVar *v = fe_temp(c, t, loc);
  v->address_taken = true;
  IrStmt *d = fe_stmt_new(c, IR_ST_DECL, loc);
  d->var = v;
  fe_emit(c, out, d);
  return fe_var_expr(c, v, loc);
}

IrStmt *fe_stmt_new(FeCtx *c, IrStmtKind k, IrLoc loc) {
  IrStmt *s = fe_alloc(c->A, sizeof *s);
  s->kind = k;
  s->loc = loc;
  return s;
}

void fe_emit(FeCtx *c, IrBlock *b, IrStmt *s) {
  if (c->pure_only) {
    fe_unsupported(c, s->loc, "expression has side effects");
    return;
  }
  const IrField *bf = s->kind == IR_ST_ASSIGN ? fe_bitfield_of(s->lhs) : NULL;
  if (bf) s->rhs = fe_bitfield_store(c, bf, s->rhs, s->loc); /* every store into a bit-field */
  const FeView *view = s->kind == IR_ST_ASSIGN && !ir_is_lvalue(s->lhs) ? fe_view_of(c, s->lhs) : NULL;
  if (view) fe_view_store(c, view, s); /* a store into a part of a union: into its carrier */
  fe_push(c->A, (void ***)&b->stmts, &b->n, s);
}

static void emit_assign(FeCtx *c, IrExpr *lhs, IrExpr *rhs, IrLoc loc, IrBlock *out) {
  IrStmt *s = fe_stmt_new(c, IR_ST_ASSIGN, loc);
  s->lhs = lhs;
  s->rhs = rhs;
  fe_emit(c, out, s);
}

static void mark_address_taken(IrExpr *e) {
  while (e && (e->kind == IR_FIELD || e->kind == IR_INDEX)) e = e->a[0];
  if (e && e->kind == IR_VAR) e->var->address_taken = true;
}

/* ---- conversions ------------------------------------------------------------- */
static IrExpr *decay(FeCtx *c, IrExpr *arr, IrLoc loc) {
  IrExpr *idx = fe_op(c, IR_INDEX, arr->type->base, arr, fe_int_const(c, fe_type_ptrdiff(c), 0, loc), loc);
  mark_address_taken(arr);
  IrExpr *e = mk(c, IR_ADDR_OF, fe_type_ptr(c, arr->type->base), loc);
  e->a[0] = idx;
  return e;
}

static bool exact_in(const IrType *t, double v) {
  return t->bits == 64 || (double)(float)v == v;
}

IrExpr *fe_cast(FeCtx *c, IrType *to, IrExpr *e, IrLoc loc) {
  if (e->type == to) return e;
  /* a parameter declared as an array is a pointer (fe_param_type); clang
     still gives its uses the array type, which decays right away */
  if (to->kind == IR_TY_ARRAY && e->type->kind == IR_TY_PTR && e->type->base == to->base) return e;
  if (e->type->kind == IR_TY_ARRAY) {
    e = decay(c, e, loc);
    if (e->type == to || to->kind != IR_TY_PTR) return e->type == to ? e : fe_cast(c, to, e, loc);
  }
  IrType *from = e->type;
  if ((to->fnptr || from->fnptr) && to->kind != IR_TY_VOID && to->kind != IR_TY_BOOL) {
    /* ids of functions (fnptr.c): NULL is the only other value they take */
    if (to->fnptr && (e->kind == IR_NULL || (e->kind == IR_INT_CONST && e->ival == 0 && !from->fnptr)))
      return fe_int_const(c, to, 0, loc);
    fe_unsupported(c, loc, "unsupported: conversion from %s to %s", from->spelling, to->spelling);
    return fe_zero(c, to, loc);
  }
  switch (to->kind) {
  case IR_TY_VOID: return e;
  case IR_TY_BOOL:
  case IR_TY_INT:
    if (from->kind == IR_TY_PTR && to->kind == IR_TY_INT) {
      fe_unsupported(c, loc, "unsupported: pointer to integer cast");
      return fe_zero(c, to, loc);
    }
    if (!fe_is_scalar(from)) break;
    if (e->kind == IR_INT_CONST) return fe_int_const(c, to, to->kind == IR_TY_BOOL ? e->ival != 0 : e->ival, loc);
    if (e->kind == IR_FLOAT_CONST && to->kind == IR_TY_BOOL) return fe_int_const(c, to, e->fval != 0, loc);
    break;
  case IR_TY_FLOAT:
    if (!fe_is_arith(from)) break;
    if (e->kind == IR_FLOAT_CONST && exact_in(to, e->fval)) return float_const(c, to, e->fval, loc);
    if (e->kind == IR_INT_CONST && from->kind == IR_TY_INT && from->is_signed && (int64_t)(double)e->ival == e->ival &&
        exact_in(to, (double)e->ival))
      return float_const(c, to, (double)e->ival, loc);
    break;
  case IR_TY_PTR:
    if (e->kind == IR_NULL) return mk(c, IR_NULL, to, loc);
    if (from->kind == IR_TY_PTR) break;
    if (fe_is_integer(from) && e->kind == IR_INT_CONST && e->ival == 0) return mk(c, IR_NULL, to, loc);
    fe_unsupported(c, loc, "unsupported: integer to pointer cast");
    return mk(c, IR_NULL, to, loc);
  default:
    fe_unsupported(c, loc, "unsupported: conversion to %s", to->spelling);
    return e;
  }
  if (!fe_is_scalar(from)) {
    fe_unsupported(c, loc, "unsupported: conversion from %s to %s", from->spelling, to->spelling);
    return fe_zero(c, to, loc);
  }
  IrExpr *r = mk(c, IR_CAST, to, loc);
  r->a[0] = e;
  return r;
}

static IrType *promote(FeCtx *c, IrType *t) {
  if (t->kind == IR_TY_BOOL || (t->kind == IR_TY_INT && t->bits < 32)) return fe_type_int_(c);
  return t;
}

/* e as an int 0/1 (for a temporary holding the value of && or ||) */
static IrExpr *truth(FeCtx *c, IrExpr *e) {
  switch (e->kind) {
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE:
  case IR_LNOT: case IR_LAND: case IR_LOR: return e;
  default: break;
  }
  if (e->kind == IR_INT_CONST) return fe_int_const(c, fe_type_int_(c), e->ival != 0, e->loc);
  return fe_op(c, IR_NE, fe_type_int_(c), e, fe_zero(c, e->type, e->loc), e->loc);
}

/* Can the expression be evaluated when C would not evaluate it?  Not when
   it may trap: a signed + - * << or unary - may overflow under ISO C (no
   --wrapv), and the translation excludes a trap wherever it evaluates the
   operation, so the right operand of && must run only where C runs it. */
static bool harmless(const FeCtx *c, const IrExpr *e) {
  if (!e) return true;
  switch (e->kind) {
  case IR_INT_CONST: case IR_FLOAT_CONST: case IR_NULL: case IR_VAR: return true;
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_NEG:
    if (!c->prog->wrapv && e->type->kind == IR_TY_INT && e->type->is_signed) return false;
    break;
  case IR_DEREF: return false;
  case IR_INDEX:
    return e->a[1]->kind == IR_INT_CONST && e->a[1]->ival >= 0 && e->a[0]->type->kind == IR_TY_ARRAY &&
           e->a[1]->ival < e->a[0]->type->count && harmless(c, e->a[0]);
  case IR_DIV:
  case IR_REM:
    if (e->type->kind == IR_TY_FLOAT) break;
    if (e->a[1]->kind != IR_INT_CONST || e->a[1]->ival == 0) return false;
    if (e->type->is_signed && e->a[1]->ival == -1) return false;
    break;
  case IR_SHL:
  case IR_SHR:
    if (e->a[1]->kind != IR_INT_CONST || e->a[1]->ival < 0 || e->a[1]->ival >= e->type->bits) return false;
    if (e->kind == IR_SHL && !c->prog->wrapv && e->type->is_signed) return false;
    break;
  default: break;
  }
  return harmless(c, e->a[0]) && harmless(c, e->a[1]) && harmless(c, e->a[2]);
}

/* ---- constants ---------------------------------------------------------------- */
bool fe_eval_int(CXCursor e, int64_t *v) {
  CXEvalResult r = clang_Cursor_Evaluate(e);
  if (!r) return false;
  bool ok = clang_EvalResult_getKind(r) == CXEval_Int;
  if (ok)
    *v = clang_EvalResult_isUnsignedInt(r) ? (int64_t)clang_EvalResult_getAsUnsigned(r)
                                            : (int64_t)clang_EvalResult_getAsLongLong(r);
  clang_EvalResult_dispose(r);
  return ok;
}

static bool eval_float(CXCursor e, double *v) {
  CXEvalResult r = clang_Cursor_Evaluate(e);
  if (!r) return false;
  bool ok = clang_EvalResult_getKind(r) == CXEval_Float;
  if (ok) *v = clang_EvalResult_getAsDouble(r);
  clang_EvalResult_dispose(r);
  return ok;
}

typedef struct Closed {
  bool ok;
  int depth;
} Closed;

/* Is the subtree made of constants only (so folding it drops no effect)? */
static enum CXChildVisitResult closed_visit(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  Closed *cl = data;
  enum CXCursorKind k = clang_getCursorKind(cur);
  CXType t = clang_getCanonicalType(clang_getCursorType(cur));
  switch (k) {
  case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral: case CXCursor_FloatingLiteral:
  case CXCursor_TypeRef:
    return CXChildVisit_Continue;
  case CXCursor_UnaryExpr: /* sizeof/alignof: the operand is not evaluated */
    return CXChildVisit_Continue;
  case CXCursor_DeclRefExpr:
    if (clang_getCursorKind(clang_getCursorReferenced(cur)) == CXCursor_EnumConstantDecl) return CXChildVisit_Continue;
    cl->ok = false;
    return CXChildVisit_Break;
  case CXCursor_CallExpr: { /* INFINITY, HUGE_VAL, NAN of math.h: constant builtins */
    static const char *const consts[] = {"__builtin_inf", "__builtin_inff", "__builtin_huge_val",
                                         "__builtin_huge_valf", "__builtin_nan", "__builtin_nanf", NULL};
    CXString name = clang_getCursorSpelling(cur);
    const char *n = clang_getCString(name);
    bool constant = false;
    for (int i = 0; consts[i] && n; i++) constant |= strcmp(n, consts[i]) == 0;
    clang_disposeString(name);
    if (constant) return CXChildVisit_Continue;
    cl->ok = false;
    return CXChildVisit_Break;
  }
  case CXCursor_ParenExpr: case CXCursor_UnaryOperator: case CXCursor_BinaryOperator:
  case CXCursor_ConditionalOperator: case CXCursor_CStyleCastExpr: case CXCursor_UnexposedExpr:
    if (t.kind == CXType_Pointer || t.kind == CXType_Void || t.kind == CXType_Record ||
        t.kind == CXType_ConstantArray || ++cl->depth > FE_MAX_DEPTH) {
      cl->ok = false;
      return CXChildVisit_Break;
    }
    clang_visitChildren(cur, closed_visit, cl);
    cl->depth--;
    return cl->ok ? CXChildVisit_Continue : CXChildVisit_Break;
  default:
    cl->ok = false;
    return CXChildVisit_Break;
  }
}

static bool closed(CXCursor e) {
  Closed cl = {true, 0};
  closed_visit(e, clang_getNullCursor(), &cl);
  return cl.ok;
}

/* ISO C (no --wrapv): does a signed + - * << or unary - inside constant
   expression e overflow (or shift a negative value)?  clang folds it
   wrapping; it must stay an operation instead, which traps where it runs. */
static bool folds_an_overflow(FeCtx *c, CXCursor e, int depth) {
  if (depth > FE_MAX_DEPTH) return true; /* (closed() refuses it anyway) */
  FeKids k = fe_kids(c, e);
  for (int i = 0; i < k.n; i++)
    if (folds_an_overflow(c, k.k[i], depth + 1)) return true;
  enum CXCursorKind kind = clang_getCursorKind(e);
  CXType t = clang_getCanonicalType(clang_getCursorType(e));
  bool is_signed = t.kind == CXType_Int || t.kind == CXType_Long || t.kind == CXType_LongLong;
  if (!is_signed || (kind != CXCursor_BinaryOperator && kind != CXCursor_UnaryOperator)) return false;
  int bits = (int)clang_Type_getSizeOf(t) * 8;
  __int128 lo = -((__int128)1 << (bits - 1)), hi = ((__int128)1 << (bits - 1)) - 1, exact;
  char buf[8];
  int64_t x, y;
  if (kind == CXCursor_UnaryOperator) {
    bool postfix;
    const char *op = k.n == 1 ? fe_unop(e, &postfix, buf, sizeof buf) : NULL;
    if (!op || strcmp(op, "-") || !fe_eval_int(k.k[0], &x)) return false;
    exact = -(__int128)x;
  } else {
    const char *op = k.n == 2 ? fe_binop(e, buf, sizeof buf) : NULL;
    if (!op || !fe_eval_int(k.k[0], &x) || !fe_eval_int(k.k[1], &y)) return false;
    if (!strcmp(op, "+")) exact = (__int128)x + y;
    else if (!strcmp(op, "-")) exact = (__int128)x - y;
    else if (!strcmp(op, "*")) exact = (__int128)x * y;
    else if (!strcmp(op, "<<") && y >= 0 && y < bits) exact = x < 0 ? hi + 1 : (__int128)x << y;
    else return false;
  }
  return exact < lo || exact > hi;
}

/* A constant expression of arithmetic type, folded by clang; NULL if not. */
static IrExpr *fold(FeCtx *c, CXCursor e, IrLoc loc) {
  CXType ct = clang_getCanonicalType(clang_getCursorType(e));
  if (ct.kind == CXType_Pointer || ct.kind == CXType_Void || ct.kind == CXType_Record) return NULL;
  if (!closed(e)) return NULL;
  if (!c->prog->wrapv && folds_an_overflow(c, e, 0)) return NULL;
  const char *why = NULL;
  IrType *t = fe_type(c, ct, &why);
  if (!t || !fe_is_arith(t)) return NULL;
  int64_t v;
  double d;
  if (t->kind == IR_TY_FLOAT) {
    if (eval_float(e, &d)) return float_const(c, t, d, loc);
    if (fe_eval_int(e, &v)) return float_const(c, t, (double)v, loc);
    return NULL;
  }
  if (fe_eval_int(e, &v)) return fe_int_const(c, t, v, loc);
  return NULL;
}

/* ---- operators ------------------------------------------------------------------- */
/* An operator libclang does not name (a C++ or ObjC one) is outside the
   subset. */
static void no_operator(FeCtx *c, CXCursor e) {
  fe_unsupported(c, fe_loc(c, e), "unsupported: operator");
}

static IrExpr *need_lvalue(FeCtx *c, IrExpr *e, CXCursor cur) {
  if (ir_is_lvalue(e) || fe_view_of(c, e)) return e;
  fe_unsupported(c, fe_loc(c, cur), "unsupported: assignment to a non-lvalue");
  IrVar *v = fe_temp(c, e->type, e->loc);
  return fe_var_expr(c, v, e->loc);
}

/* lhs = (T)((CT)lhs op rhs) for compound assignment and ++/-- */
static IrExpr *arith_update(FeCtx *c, IrExpr *lv, const char *op, IrExpr *rhs, IrLoc loc) {
  IrType *t = lv->type;
  if (t->kind == IR_TY_PTR) {
    IrExpr *n = rhs;
    if (op[0] == '-') n = fe_op(c, IR_NEG, fe_type_ptrdiff(c), fe_cast(c, fe_type_ptrdiff(c), rhs, loc), NULL, loc);
    return fe_op(c, IR_PTR_ADD, t, lv, n, loc);
  }
  static const struct { const char *op; IrExprKind k; } ops[] = {
      {"+", IR_ADD}, {"-", IR_SUB}, {"*", IR_MUL}, {"/", IR_DIV}, {"%", IR_REM}, {"<<", IR_SHL},
      {">>", IR_SHR}, {"&", IR_BAND}, {"|", IR_BOR}, {"^", IR_BXOR}};
  IrExprKind k = IR_ADD;
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
    if (strcmp(ops[i].op, op) == 0) k = ops[i].k;
  bool shift = k == IR_SHL || k == IR_SHR;
  IrType *ct = shift || !fe_is_arith(rhs->type) ? promote(c, t) : rhs->type;
  if (!fe_is_arith(t) || t->fnptr) {
    fe_unsupported(c, loc, "unsupported: compound assignment to %s", t->spelling);
    return lv;
  }
  if (!shift) rhs = fe_cast(c, ct, rhs, loc);
  IrExpr *v = fe_op(c, k, ct, fe_cast(c, ct, lv, loc), rhs, loc);
  return fe_cast(c, t, v, loc);
}

static IrExpr *one_for(FeCtx *c, IrType *t, IrLoc loc) {
  if (t->kind == IR_TY_FLOAT) return float_const(c, t, 1.0, loc);
  if (t->kind == IR_TY_PTR) return fe_int_const(c, fe_type_int_(c), 1, loc);
  return fe_int_const(c, promote(c, t), 1, loc);
}

static IrExpr *incdec(FeCtx *c, CXCursor e, CXCursor sub, bool inc, bool postfix, bool want, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  IrExpr *lv = need_lvalue(c, fe_expr(c, sub, out), sub);
  const char *op = inc ? "+" : "-";
  if (!fe_is_scalar(lv->type)) {
    fe_unsupported(c, loc, "unsupported: ++/-- on %s", lv->type->spelling);
    return lv;
  }
  if (postfix && want) {
    IrVar *t = fe_temp(c, lv->type, loc);
    IrExpr *tv = fe_var_expr(c, t, loc);
    emit_assign(c, tv, lv, loc, out);
    emit_assign(c, lv, arith_update(c, tv, op, one_for(c, lv->type, loc), loc), loc, out);
    return tv;
  }
  emit_assign(c, lv, arith_update(c, lv, op, one_for(c, lv->type, loc), loc), loc, out);
  return lv;
}

/* lhs = value of the expression `rhs`, with a call's result stored directly. */
void fe_assign_from(FeCtx *c, IrExpr *lv, CXCursor rhs, IrLoc loc, IrBlock *out) {
  int before = out->n;
  IrExpr *rv = fe_expr(c, rhs, out);
  if (rv->type != lv->type && fe_is_scalar(lv->type)) rv = fe_cast(c, lv->type, rv, loc);
  IrStmt *last = out->n > before ? out->stmts[out->n - 1] : NULL;
  if (last && !fe_bitfield_of(lv) && !fe_view_of(c, lv) && last->kind == IR_ST_CALL && rv->kind == IR_VAR && last->lhs && last->lhs->kind == IR_VAR &&
      last->lhs->var == rv->var && rv->var->is_temp && rv->var->type == lv->type) {
    last->lhs = lv;
    last->loc = loc;
    IrFunction *fn = c->fn;
    IrStmt *decl = out->n > before + 1 ? out->stmts[out->n - 2] : NULL;
    if (decl && decl->kind == IR_ST_DECL && decl->var == rv->var) { /* a struct result's temporary */
      out->stmts[out->n - 2] = last;
      out->n--;
    }
    if (fn && fn->nlocals && fn->locals[fn->nlocals - 1] == rv->var) {
      fn->nlocals--;
      c->ntemps--;
    }
    return;
  }
  fe_assign(c, lv, rv, loc, out);
}

void fe_assign(FeCtx *c, IrExpr *lhs, IrExpr *rhs, IrLoc loc, IrBlock *out) {
  IrType *t = lhs->type;
  if (t->kind == IR_TY_STRUCT) {
    if (rhs->type != t || !ir_is_lvalue(rhs)) {
      fe_unsupported(c, loc, "unsupported: struct value");
      return;
    }
    for (int i = 0; i < t->nfields; i++) {
      IrExpr *l = mk(c, IR_FIELD, t->fields[i].type, loc), *r = mk(c, IR_FIELD, t->fields[i].type, loc);
      l->a[0] = lhs;
      l->field = i;
      r->a[0] = rhs;
      r->field = i;
      fe_assign(c, l, r, loc, out);
    }
    return;
  }
  if (t->kind == IR_TY_ARRAY) {
    if (rhs->type != t || !ir_is_lvalue(rhs) || t->count > FE_MAX_INIT_ELEMS) {
      fe_unsupported(c, loc, "unsupported: array copy");
      return;
    }
    for (int64_t i = 0; i < t->count; i++) {
      IrExpr *ix = fe_int_const(c, fe_type_ptrdiff(c), i, loc);
      fe_assign(c, fe_op(c, IR_INDEX, t->base, lhs, ix, loc), fe_op(c, IR_INDEX, t->base, rhs, ix, loc), loc, out);
    }
    return;
  }
  emit_assign(c, lhs, fe_cast(c, t, rhs, loc), loc, out);
}

static IrExpr *assignment(FeCtx *c, CXCursor e, CXCursor l, CXCursor r, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  IrExpr *lv = need_lvalue(c, fe_expr(c, l, out), l);
  fe_assign_from(c, lv, r, loc, out);
  return lv;
}

static IrExpr *compound(FeCtx *c, CXCursor e, IrBlock *out) {
  FeKids k = fe_kids(c, e);
  IrLoc loc = fe_loc(c, e);
  if (k.n != 2) return fe_dummy(c, loc);
  char buf[8];
  const char *op = fe_binop(e, buf, sizeof buf);
  if (!op || strlen(op) < 2) {
    no_operator(c, e);
    return fe_dummy(c, loc);
  }
  char base[4] = {0};
  memcpy(base, op, strlen(op) - 1);
  IrExpr *lv = need_lvalue(c, fe_expr(c, k.k[0], out), k.k[0]);
  IrExpr *rv = fe_expr(c, k.k[1], out);
  emit_assign(c, lv, arith_update(c, lv, base, rv, loc), loc, out);
  return lv;
}

/* && and ||: an expression when the right operand is harmless, else ifs. */
static IrExpr *logical(FeCtx *c, CXCursor e, bool is_and, CXCursor l, CXCursor r, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  IrType *it = fe_type_int_(c);
  IrExpr *lv = fe_expr(c, l, out);
  IrBlock rb = {0};
  bool saved = c->pure_only;
  c->pure_only = false;
  IrExpr *rv = fe_expr(c, r, &rb);
  c->pure_only = saved;
  if (rb.n == 0 && harmless(c, rv)) return fe_op(c, is_and ? IR_LAND : IR_LOR, it, lv, rv, loc);
  if (c->pure_only) {
    fe_unsupported(c, loc, "expression has side effects or may trap");
    return fe_dummy(c, loc);
  }
  IrVar *t = fe_temp(c, it, loc);
  IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
  s->cond = lv;
  IrBlock *eval = is_and ? &s->then : &s->els, *shortcut = is_and ? &s->els : &s->then;
  *eval = rb;
  emit_assign(c, fe_var_expr(c, t, loc), truth(c, rv), loc, eval);
  emit_assign(c, fe_var_expr(c, t, loc), fe_int_const(c, it, is_and ? 0 : 1, loc), loc, shortcut);
  fe_emit(c, out, s);
  return fe_var_expr(c, t, loc);
}

static IrExpr *conditional(FeCtx *c, CXCursor e, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids k = fe_kids(c, e);
  if (k.n != 3) {
    fe_unsupported(c, loc, "unsupported: ?: without middle operand");
    return fe_dummy(c, loc);
  }
  IrType *t = fe_type_of(c, e);
  IrExpr *cv = fe_expr(c, k.k[0], out);
  IrBlock xb = {0}, yb = {0};
  bool saved = c->pure_only;
  c->pure_only = false;
  IrExpr *xv = fe_expr(c, k.k[1], &xb), *yv = fe_expr(c, k.k[2], &yb);
  c->pure_only = saved;
  if (t->kind == IR_TY_STRUCT && !c->pure_only) { /* a temporary, assigned in each branch */
    IrExpr *tv = fe_struct_temp(c, t, loc, out);
    IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
    s->cond = cv;
    s->then = xb;
    s->els = yb;
    fe_assign(c, tv, xv, loc, &s->then);
    fe_assign(c, tv, yv, loc, &s->els);
    fe_emit(c, out, s);
    return tv;
  }
  if (!fe_is_scalar(t)) {
    fe_unsupported(c, loc, "unsupported: ?: of type %s", t->spelling);
    return fe_dummy(c, loc);
  }
  xv = fe_cast(c, t, xv, loc);
  yv = fe_cast(c, t, yv, loc);
  if (xb.n == 0 && yb.n == 0 && harmless(c, xv) && harmless(c, yv)) {
    IrExpr *r = fe_op(c, IR_COND, t, cv, xv, loc);
    r->a[2] = yv;
    return r;
  }
  if (c->pure_only) {
    fe_unsupported(c, loc, "expression has side effects or may trap");
    return fe_dummy(c, loc);
  }
  IrVar *tv = fe_temp(c, t, loc);
  IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
  s->cond = cv;
  s->then = xb;
  s->els = yb;
  emit_assign(c, fe_var_expr(c, tv, loc), xv, loc, &s->then);
  emit_assign(c, fe_var_expr(c, tv, loc), yv, loc, &s->els);
  fe_emit(c, out, s);
  return fe_var_expr(c, tv, loc);
}

static IrExpr *binary(FeCtx *c, CXCursor e, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids k = fe_kids(c, e);
  if (k.n != 2) return fe_dummy(c, loc);
  char buf[8];
  const char *op = fe_binop(e, buf, sizeof buf);
  if (!op) {
    no_operator(c, e);
    return fe_dummy(c, loc);
  }
  if (strcmp(op, "=") == 0) return assignment(c, e, k.k[0], k.k[1], out);
  if (strcmp(op, ",") == 0) {
    fe_effect(c, k.k[0], out);
    return fe_expr(c, k.k[1], out);
  }
  if (strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) return logical(c, e, op[0] == '&', k.k[0], k.k[1], out);
  IrType *t = fe_type_of(c, e);
  IrExpr *a = fe_expr(c, k.k[0], out), *b = fe_expr(c, k.k[1], out);
  if (a->type->kind == IR_TY_ARRAY) a = decay(c, a, loc);
  if (b->type->kind == IR_TY_ARRAY) b = decay(c, b, loc);
  static const struct { const char *op; IrExprKind k; bool cmp; } ops[] = {
      {"*", IR_MUL, 0}, {"/", IR_DIV, 0}, {"%", IR_REM, 0}, {"+", IR_ADD, 0}, {"-", IR_SUB, 0},
      {"<<", IR_SHL, 0}, {">>", IR_SHR, 0}, {"&", IR_BAND, 0}, {"|", IR_BOR, 0}, {"^", IR_BXOR, 0},
      {"<", IR_LT, 1}, {"<=", IR_LE, 1}, {">", IR_GT, 1}, {">=", IR_GE, 1}, {"==", IR_EQ, 1}, {"!=", IR_NE, 1}};
  int i = 0, n = (int)(sizeof ops / sizeof ops[0]);
  while (i < n && strcmp(ops[i].op, op) != 0) i++;
  if (i == n) {
    fe_unsupported(c, loc, "unsupported: operator %s", op);
    return fe_dummy(c, loc);
  }
  bool ap = a->type->kind == IR_TY_PTR, bp = b->type->kind == IR_TY_PTR;
  if ((a->type->fnptr || b->type->fnptr) && ops[i].k != IR_EQ && ops[i].k != IR_NE) {
    fe_unsupported(c, loc, "unsupported: operator %s on function pointers", op);
    return fe_dummy(c, loc);
  }
  if (ops[i].cmp) {
    if (a->type != b->type) {
      if (ap && bp) b = fe_cast(c, a->type, b, loc);
      else if (ap) b = fe_cast(c, a->type, b, loc);
      else if (bp) a = fe_cast(c, b->type, a, loc);
      else b = fe_cast(c, a->type, b, loc);
    }
    return fe_op(c, ops[i].k, t, a, b, loc);
  }
  if (ops[i].k == IR_ADD && (ap || bp)) return ap ? fe_op(c, IR_PTR_ADD, t, a, b, loc) : fe_op(c, IR_PTR_ADD, t, b, a, loc);
  if (ops[i].k == IR_SUB && ap && bp) return fe_op(c, IR_PTR_DIFF, t, a, b, loc);
  if (ops[i].k == IR_SUB && ap) {
    IrExpr *neg = fe_op(c, IR_NEG, fe_type_ptrdiff(c), fe_cast(c, fe_type_ptrdiff(c), b, loc), NULL, loc);
    return fe_op(c, IR_PTR_ADD, t, a, neg, loc);
  }
  if (!fe_is_arith(t) || !fe_is_arith(a->type) || !fe_is_arith(b->type)) {
    fe_unsupported(c, loc, "unsupported: operator %s on %s", op, a->type->spelling);
    return fe_dummy(c, loc);
  }
  bool shift = ops[i].k == IR_SHL || ops[i].k == IR_SHR;
  a = fe_cast(c, t, a, loc);
  if (!shift) b = fe_cast(c, t, b, loc);
  return fe_op(c, ops[i].k, t, a, b, loc);
}

static IrExpr *unary(FeCtx *c, CXCursor e, bool want, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids k = fe_kids(c, e);
  if (k.n != 1) return fe_dummy(c, loc);
  char buf[16];
  bool postfix = false;
  const char *op = fe_unop(e, &postfix, buf, sizeof buf);
  if (!op) {
    no_operator(c, e);
    return fe_dummy(c, loc);
  }
  if (strcmp(op, "++") == 0 || strcmp(op, "--") == 0) return incdec(c, e, k.k[0], op[0] == '+', postfix, want, out);
  if (strcmp(op, "__extension__") == 0) return fe_expr(c, k.k[0], out);
  if (strncmp(op, "__real", 6) == 0 || strncmp(op, "__imag", 6) == 0) {
    fe_unsupported(c, loc, "unsupported: _Complex");
    return fe_dummy(c, loc);
  }
  IrExpr *a = fe_expr(c, k.k[0], out);
  if (a->type->fnptr && (strcmp(op, "&") == 0 || strcmp(op, "*") == 0)) {
    /* &f and *fp: a function designator and the pointer to it are the same id */
    CXType st = clang_getCanonicalType(clang_getCursorType(k.k[0]));
    if (op[0] == '*' || st.kind == CXType_FunctionProto) return a;
  }
  if (strcmp(op, "&") == 0) {
    if (a->kind == IR_DEREF) return a->a[0]; /* &*p is p */
    if (!ir_is_lvalue(a)) {
      fe_unsupported(c, loc, fe_view_of(c, a) ? "unsupported: the address of a part of a union read through a member "
                                                "other than the integer holding its bytes"
                                              : "unsupported: address of a non-object");
      return fe_dummy(c, loc);
    }
    mark_address_taken(a);
    IrExpr *r = mk(c, IR_ADDR_OF, fe_type_ptr(c, a->type), loc);
    r->a[0] = a;
    return r;
  }
  if (a->type->kind == IR_TY_ARRAY) a = decay(c, a, loc);
  if (strcmp(op, "*") == 0) {
    if (a->type->kind != IR_TY_PTR || a->type->base->kind == IR_TY_VOID) {
      fe_unsupported(c, loc, "unsupported: dereference of %s", a->type->spelling);
      return fe_dummy(c, loc);
    }
    if (a->kind == IR_ADDR_OF) return a->a[0]; /* *&x is x */
    IrExpr *r = mk(c, IR_DEREF, a->type->base, loc);
    r->a[0] = a;
    return r;
  }
  IrType *t = fe_type_of(c, e);
  if (strcmp(op, "+") == 0) return fe_cast(c, t, a, loc);
  if (strcmp(op, "!") == 0) {
    if (a->kind == IR_INT_CONST) return fe_int_const(c, t, a->ival == 0, loc);
    return fe_op(c, IR_LNOT, t, a, NULL, loc);
  }
  if (!fe_is_arith(t)) {
    fe_unsupported(c, loc, "unsupported: operator %s on %s", op, t->spelling);
    return fe_dummy(c, loc);
  }
  a = fe_cast(c, t, a, loc);
  if (strcmp(op, "-") == 0) {
    if (a->kind == IR_INT_CONST) return fe_int_const(c, t, (int64_t)(0 - (uint64_t)a->ival), loc);
    if (a->kind == IR_FLOAT_CONST) return float_const(c, t, -a->fval, loc);
    return fe_op(c, IR_NEG, t, a, NULL, loc);
  }
  if (strcmp(op, "~") == 0 && t->kind == IR_TY_INT) {
    if (a->kind == IR_INT_CONST) return fe_int_const(c, t, ~a->ival, loc);
    return fe_op(c, IR_BITNOT, t, a, NULL, loc);
  }
  fe_unsupported(c, loc, "unsupported: operator %s", op);
  return fe_dummy(c, loc);
}

/* ---- places ------------------------------------------------------------------------ */
static IrExpr *decl_ref(FeCtx *c, CXCursor e, IrLoc loc) {
  CXCursor d = clang_getCursorReferenced(e);
  switch (clang_getCursorKind(d)) {
  case CXCursor_EnumConstantDecl:
    return fe_int_const(c, fe_type_of(c, e), clang_getEnumConstantDeclValue(d), loc);
  case CXCursor_FunctionDecl: return fe_function_id(c, d, loc);
  case CXCursor_VarDecl:
  case CXCursor_ParmDecl: break;
  default:
    fe_unsupported(c, loc, "unsupported: reference to '%s'", fe_spelling(c, e));
    return fe_dummy(c, loc);
  }
  IrVar *v = fe_map_get(&c->locals, clang_getCanonicalCursor(d));
  if (v) return fe_var_expr(c, v, loc);
  if (clang_Cursor_hasVarDeclGlobalStorage(d) != 1) {
    fe_unsupported(c, loc, "unsupported: reference to '%s' outside its function", fe_spelling(c, e));
    return fe_dummy(c, loc);
  }
  if (c->pure_only) { /* fe_parse_expr: the program's globals, by name */
    char *name = fe_spelling(c, d);
    for (int i = 0; i < c->prog->nglobals; i++)
      if (strcmp(c->prog->globals[i]->name, name) == 0) return fe_var_expr(c, c->prog->globals[i], loc);
    fe_unsupported(c, loc, "unknown global '%s'", name);
    return fe_dummy(c, loc);
  }
  FeGlobal *g = fe_global_for(c, d);
  if (g->unsupported) {
    fe_unsupported(c, g->unsupported->loc, "%s", g->unsupported->message);
    return fe_dummy(c, loc);
  }
  if (!g->var) return fe_dummy(c, loc);
  return fe_var_expr(c, g->var, loc);
}

/* The member `name` of struct or union object base, looked for through its
   anonymous struct and union members too (C11 6.7.2.1p13: their members
   are the enclosing object's); NULL when there is none. */
static IrExpr *field_named(FeCtx *c, IrExpr *base, const char *name, IrLoc loc) {
  const IrType *st = base->type;
  if (st->is_union) return fe_union_has_member(c, st, name) ? fe_union_member(c, base, name, loc) : NULL;
  for (int i = 0; i < st->nfields; i++) {
    const IrField *fd = &st->fields[i];
    if (strcmp(fd->name, name) != 0 && (fd->name[0] || fd->type->kind != IR_TY_STRUCT)) continue;
    IrExpr *f = mk(c, IR_FIELD, fd->type, loc);
    f->a[0] = base;
    f->field = i;
    if (fd->name[0]) return f;
    IrExpr *inner = field_named(c, f, name, loc); /* an anonymous member */
    if (inner) return inner;
  }
  return NULL;
}

static IrExpr *member(FeCtx *c, CXCursor e, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids k = fe_kids(c, e);
  if (k.n < 1) return fe_dummy(c, loc);
  IrExpr *view = fe_union_view(c, e, loc, out);
  if (view) return view;
  IrExpr *base = fe_expr(c, k.k[0], out);
  if (base->type->kind == IR_TY_PTR) {
    IrExpr *d = mk(c, IR_DEREF, base->type->base, loc);
    d->a[0] = base;
    base = base->kind == IR_ADDR_OF ? base->a[0] : d;
  }
  IrType *st = base->type;
  if (st->kind != IR_TY_STRUCT || !st->complete) {
    fe_unsupported(c, loc, "unsupported: member of %s", st->spelling);
    return fe_dummy(c, loc);
  }
  char *name = fe_spelling(c, e);
  IrExpr *f = field_named(c, base, name, loc);
  if (!f) fe_unsupported(c, loc, "unsupported: member '%s'", name);
  return f ? f : fe_dummy(c, loc);
}

static IrExpr *subscript(FeCtx *c, CXCursor e, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids k = fe_kids(c, e);
  if (k.n != 2) return fe_dummy(c, loc);
  IrExpr *view = fe_union_view(c, e, loc, out);
  if (view) return view;
  IrExpr *a = fe_expr(c, k.k[0], out), *i = fe_expr(c, k.k[1], out);
  if (a->type->kind == IR_TY_ARRAY) a = decay(c, a, loc);
  if (i->type->kind == IR_TY_ARRAY) i = decay(c, i, loc);
  if (i->type->kind == IR_TY_PTR) {
    IrExpr *t = a;
    a = i;
    i = t;
  }
  if (a->type->kind != IR_TY_PTR || !fe_is_integer(i->type) || a->type->base->kind == IR_TY_VOID) {
    fe_unsupported(c, loc, "unsupported: subscript of %s", a->type->spelling);
    return fe_dummy(c, loc);
  }
  if (a->kind == IR_ADDR_OF && a->a[0]->kind == IR_INDEX && a->a[0]->a[1]->kind == IR_INT_CONST &&
      a->a[0]->a[1]->ival == 0) /* a decayed array: index it */
    return fe_op(c, IR_INDEX, a->type->base, a->a[0]->a[0], i, loc);
  IrExpr *d = mk(c, IR_DEREF, a->type->base, loc);
  d->a[0] = fe_op(c, IR_PTR_ADD, a->type, a, i, loc);
  return d;
}

/* sizeof v of a variable length array v (clang cannot evaluate it): the
   length its declaration computed (kept in v->vla_length) times the size of
   an element; NULL for any other operand (a type, an expression). */
static IrExpr *vla_sizeof(FeCtx *c, CXCursor e, IrType *t, IrLoc loc) {
  FeKids k = fe_kids(c, e);
  if (k.n != 1 || clang_getCursorKind(fe_strip(k.k[0])) != CXCursor_DeclRefExpr || !t || t->kind != IR_TY_INT) return NULL;
  IrVar *v = fe_map_get(&c->locals, clang_getCanonicalCursor(clang_getCursorReferenced(fe_strip(k.k[0]))));
  if (!v || !v->vla_length || v->type->kind != IR_TY_ARRAY || !v->type->variable || v->type->base->size <= 0) return NULL;
  IrExpr *n = fe_cast(c, t, fe_var_expr(c, v->vla_length, loc), loc);
  return fe_op(c, IR_MUL, t, n, fe_int_const(c, t, v->type->base->size, loc), loc);
}

/* ---- casts ------------------------------------------------------------------------ */
static CXCursor last_expr_kid(FeKids k) {
  for (int i = k.n - 1; i >= 0; i--)
    if (clang_isExpression(clang_getCursorKind(k.k[i]))) return k.k[i];
  return clang_getNullCursor();
}

static bool is_alloc_call(FeCtx *c, CXCursor x) {
  x = fe_strip(x);
  if (clang_getCursorKind(x) != CXCursor_CallExpr) return false;
  char *n = fe_spelling(c, x);
  return strcmp(n, "malloc") == 0 || strcmp(n, "calloc") == 0 || strcmp(n, "realloc") == 0;
}

/* Is there a `?` token directly followed by `:` in e's extent (GNU's x ?: y)? */
static bool has_elvis_token(FeCtx *c, CXCursor e) {
  CXToken *t = NULL;
  unsigned n = 0;
  clang_tokenize(c->tu, clang_getCursorExtent(e), &t, &n);
  bool yes = false;
  for (unsigned i = 0; i + 1 < n && !yes; i++) {
    CXString a = clang_getTokenSpelling(c->tu, t[i]), b = clang_getTokenSpelling(c->tu, t[i + 1]);
    yes = strcmp(clang_getCString(a), "?") == 0 && strcmp(clang_getCString(b), ":") == 0;
    clang_disposeString(a);
    clang_disposeString(b);
  }
  if (t) clang_disposeTokens(c->tu, t, n);
  return yes;
}

/* GNU's x ?: y (clang's children: x, two references to it, y): x once, then
   x when it is nonzero, else y (evaluated only then). */
static IrExpr *elvis(FeCtx *c, CXCursor e, CXCursor x, CXCursor y, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  IrType *t = fe_type_of(c, e);
  if (!fe_is_scalar(t) || c->pure_only) {
    fe_unsupported(c, loc, "unsupported: ?: without middle operand%s", c->pure_only ? " here" : " of this type");
    return fe_dummy(c, loc);
  }
  IrExpr *xv = fe_expr(c, x, out);
  if (xv->type->kind == IR_TY_ARRAY) xv = decay(c, xv, loc);
  if (!fe_is_scalar(xv->type)) {
    fe_unsupported(c, loc, "unsupported: ?: without middle operand of this type");
    return fe_dummy(c, loc);
  }
  IrVar *xt = fe_temp(c, xv->type, loc), *tv = fe_temp(c, t, loc);
  emit_assign(c, fe_var_expr(c, xt, loc), xv, loc, out);
  IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
  s->cond = fe_var_expr(c, xt, loc);
  IrExpr *yv = fe_expr(c, y, &s->els);
  emit_assign(c, fe_var_expr(c, tv, loc), fe_cast(c, t, fe_var_expr(c, xt, loc), loc), loc, &s->then);
  emit_assign(c, fe_var_expr(c, tv, loc), fe_cast(c, t, yv, loc), loc, &s->els);
  fe_emit(c, out, s);
  return fe_var_expr(c, tv, loc);
}

/* An UnexposedExpr that is no implicit conversion (whose one operand spans
   the same source): GNU's x ?: y, offsetof (a constant, or refused: an
   index that varies), __builtin_choose_expr, ...; never taken for a cast of
   its last operand. */
static IrExpr *not_a_cast(FeCtx *c, CXCursor e, FeKids ek, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  int64_t v;
  IrType *t = fe_type_of(c, e);
  if (fe_is_integer(t) && fe_eval_int(e, &v)) return fe_int_const(c, t, fe_wrap(t, v), loc);
  if (ek.n == 4 && has_elvis_token(c, e)) return elvis(c, e, ek.k[0], ek.k[3], out);
  fe_unsupported(c, loc, "unsupported: %s", ek.n == 4 ? "?: without middle operand here"
                                                : "expression clang does not expose (offsetof with a variable index, ...)");
  return fe_dummy(c, loc);
}

static IrExpr *cast_expr(FeCtx *c, CXCursor e, bool want, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids all = fe_kids(c, e), ek = {fe_alloc(c->A, sizeof(CXCursor) * (size_t)(all.n + 1)), 0};
  for (int i = 0; i < all.n; i++)
    if (clang_isExpression(clang_getCursorKind(all.k[i]))) ek.k[ek.n++] = all.k[i];
  if (clang_getCursorKind(e) == CXCursor_UnexposedExpr &&
      (ek.n > 1 || (ek.n == 1 && clang_getCursorKind(ek.k[0]) != CXCursor_StringLiteral &&
                    !clang_equalRanges(clang_getCursorExtent(e), clang_getCursorExtent(ek.k[0])))))
    return not_a_cast(c, e, ek, out);
  CXCursor x = last_expr_kid(all);
  if (clang_Cursor_isNull(x)) {
    int64_t v;
    IrType *t = clang_getCursorKind(e) == CXCursor_UnexposedExpr ? fe_type_of(c, e) : NULL;
    if (t && fe_is_integer(t) && fe_eval_int(e, &v)) return fe_int_const(c, t, fe_wrap(t, v), loc); /* offsetof */
    fe_unsupported(c, loc, "unsupported: %s", clang_getCursorKind(e) == CXCursor_UnexposedExpr ? "expression" : "cast");
    return fe_dummy(c, loc);
  }
  IrType *to = fe_type_of(c, e);
  if (to->kind == IR_TY_VOID) {
    fe_effect(c, x, out);
    return fe_dummy(c, loc);
  }
  if (to->kind == IR_TY_PTR && is_alloc_call(c, x)) return fe_call(c, fe_strip(x), to, want, out);
  if (!want) {
    fe_effect(c, x, out);
    return fe_dummy(c, loc);
  }
  CXType xt = clang_getCanonicalType(clang_getCursorType(x));
  if ((xt.kind == CXType_FunctionProto || xt.kind == CXType_FunctionNoProto) && !to->fnptr) {
    fe_unsupported(c, loc, "unsupported: function pointer");
    return fe_dummy(c, loc);
  } /* else a function designator decays: it is its id already (fnptr.c) */
  CXCursor outer = c->decayed_literal;
  if (clang_getCursorKind(x) == CXCursor_StringLiteral) c->decayed_literal = e;
  IrExpr *a = fe_expr(c, x, out);
  c->decayed_literal = outer;
  return fe_cast(c, to, a, loc);
}

/* ---- compound literals ------------------------------------------------------ */
/* (T){...} in a function: an unnamed local of type T in memory (its address
   may be taken, an array decays), declared and initialized like
   `T tmp = {...};` each time the expression runs (C gives it the enclosing
   block's lifetime; running the literal again re-initializes it). */
static IrExpr *compound_literal(FeCtx *c, CXCursor e, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  if (!c->fn || c->pure_only) {
    fe_unsupported(c, loc, "unsupported: compound literal outside a function body");
    return fe_dummy(c, loc);
  }
  FeKids k = fe_kids(c, e);
  CXCursor init = clang_getNullCursor();
  for (int i = 0; i < k.n; i++)
    if (clang_isExpression(clang_getCursorKind(k.k[i]))) init = k.k[i];
  IrType *t = fe_type_of(c, e);
  if (clang_Cursor_isNull(init) || t->kind == IR_TY_VOID || (t->kind == IR_TY_ARRAY && t->variable) ||
      (t->kind == IR_TY_STRUCT && !t->complete)) {
    fe_unsupported(c, loc, "unsupported: compound literal of type %s", t->spelling);
    return fe_dummy(c, loc);
  }
  IrExpr *v = fe_struct_temp(c, t, loc, out);
  fe_local_init(c, v, init, out);
  return fe_var_expr(c, v->var, loc);
}

/* ---- GNU statement expressions ---------------------------------------------- */
static IrExpr *stmt_expr(FeCtx *c, CXCursor e, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids k = fe_kids(c, e);
  if (k.n != 1 || clang_getCursorKind(k.k[0]) != CXCursor_CompoundStmt) return fe_dummy(c, loc);
  FeKids s = fe_kids(c, k.k[0]);
  for (int i = 0; i + 1 < s.n; i++) fe_stmt_into(c, s.k[i], out);
  if (s.n == 0) return fe_dummy(c, loc);
  CXCursor last = s.k[s.n - 1];
  if (clang_isExpression(clang_getCursorKind(last)) &&
      clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Void)
    return fe_expr(c, last, out);
  fe_stmt_into(c, last, out);
  return fe_dummy(c, loc);
}

/* ---- the dispatch ------------------------------------------------------------------ */
static IrExpr *expr(FeCtx *c, CXCursor e, bool want, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  enum CXCursorKind kind = clang_getCursorKind(e);
  switch (kind) {
  case CXCursor_IntegerLiteral: case CXCursor_CharacterLiteral: case CXCursor_FloatingLiteral:
  case CXCursor_UnaryOperator: case CXCursor_BinaryOperator: case CXCursor_ConditionalOperator:
  case CXCursor_CStyleCastExpr: case CXCursor_UnexposedExpr: case CXCursor_UnaryExpr:
  case CXCursor_ParenExpr: {
    IrExpr *k = fold(c, e, loc);
    if (k) return k;
    break;
  }
  default: break;
  }
  switch (kind) {
  case CXCursor_ParenExpr: {
    FeKids k = fe_kids(c, e);
    return k.n == 1 ? fe_expr(c, k.k[0], out) : fe_dummy(c, loc);
  }
  case CXCursor_IntegerLiteral:
  case CXCursor_CharacterLiteral:
  case CXCursor_FloatingLiteral:
  case CXCursor_UnaryExpr: {
    IrType *t = fe_type_of(c, e);
    if (kind == CXCursor_UnaryExpr) {
      IrExpr *size = vla_sizeof(c, e, t, loc);
      if (size) return size;
    }
    fe_unsupported(c, loc, "unsupported: %s", kind == CXCursor_UnaryExpr ? "sizeof of a variable length array"
                                                                         : "literal clang cannot evaluate");
    return fe_zero(c, t, loc);
  }
  case CXCursor_StringLiteral: {
    IrVar *v = fe_string_literal(c, e);
    return v ? fe_var_expr(c, v, loc) : fe_dummy(c, loc);
  }
  case CXCursor_DeclRefExpr: return decl_ref(c, e, loc);
  case CXCursor_MemberRefExpr: return member(c, e, out);
  case CXCursor_ArraySubscriptExpr: return subscript(c, e, out);
  case CXCursor_UnaryOperator: return unary(c, e, want, out);
  case CXCursor_BinaryOperator: return binary(c, e, out);
  case CXCursor_CompoundAssignOperator: return compound(c, e, out);
  case CXCursor_ConditionalOperator: return conditional(c, e, out);
  case CXCursor_CStyleCastExpr:
  case CXCursor_UnexposedExpr: return cast_expr(c, e, want, out);
  case CXCursor_CallExpr: {
    IrExpr *r = fe_call(c, e, NULL, want, out);
    return r ? r : fe_dummy(c, loc);
  }
  case CXCursor_StmtExpr: return stmt_expr(c, e, out);
  case CXCursor_GenericSelectionExpr: { /* _Generic: only when clang folds the selection to a number */
    int64_t v;
    IrType *t = fe_type_of(c, e);
    if (fe_is_integer(t) && fe_eval_int(e, &v)) return fe_int_const(c, t, fe_wrap(t, v), loc);
    fe_unsupported(c, loc, "unsupported: _Generic whose selection is not an integer constant");
    return fe_dummy(c, loc);
  }
  case CXCursor_CompoundLiteralExpr: return compound_literal(c, e, out);
  case CXCursor_InitListExpr:
    fe_unsupported(c, loc, "unsupported: compound literal");
    return fe_dummy(c, loc);
  default: {
    CXString s = clang_getCursorKindSpelling(kind);
    fe_unsupported(c, loc, "unsupported: %s", clang_getCString(s));
    clang_disposeString(s);
    return fe_dummy(c, loc);
  }
  }
}

IrExpr *fe_expr(FeCtx *c, CXCursor e, IrBlock *out) {
  IrExpr *r = fe_enter(c, e) ? expr(c, e, true, out) : fe_dummy(c, fe_loc(c, e));
  fe_leave(c);
  return r;
}

/* ---- expressions for their effects only ------------------------------------------- */
static void effect(FeCtx *c, CXCursor e, IrBlock *out) {
  IrLoc loc = fe_loc(c, e);
  FeKids k;
  char buf[16];
  switch (clang_getCursorKind(e)) {
  case CXCursor_ParenExpr:
    k = fe_kids(c, e);
    if (k.n == 1) fe_effect(c, k.k[0], out);
    return;
  case CXCursor_BinaryOperator: {
    k = fe_kids(c, e);
    if (k.n != 2) return;
    const char *op = fe_binop(e, buf, sizeof buf);
    if (!op) {
      if (fold(c, e, loc)) return;
      no_operator(c, e);
      return;
    }
    if (strcmp(op, "=") == 0) {
      assignment(c, e, k.k[0], k.k[1], out);
    } else if (strcmp(op, ",") == 0) {
      fe_effect(c, k.k[0], out);
      fe_effect(c, k.k[1], out);
    } else if (strcmp(op, "&&") == 0 || strcmp(op, "||") == 0) {
      IrExpr *lv = fe_expr(c, k.k[0], out);
      IrBlock rb = {0};
      fe_effect(c, k.k[1], &rb);
      if (rb.n == 0) return;
      IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
      s->cond = lv;
      if (op[0] == '&') s->then = rb;
      else s->els = rb;
      fe_emit(c, out, s);
    } else {
      (void)fe_expr(c, e, out);
    }
    return;
  }
  case CXCursor_CompoundAssignOperator: (void)compound(c, e, out); return;
  case CXCursor_UnaryOperator: (void)expr(c, e, false, out); return;
  case CXCursor_ConditionalOperator: {
    k = fe_kids(c, e);
    if (k.n != 3) {
      (void)fe_expr(c, e, out);
      return;
    }
    IrExpr *cv = fe_expr(c, k.k[0], out);
    IrBlock xb = {0}, yb = {0};
    fe_effect(c, k.k[1], &xb);
    fe_effect(c, k.k[2], &yb);
    if (xb.n == 0 && yb.n == 0) return;
    IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
    s->cond = cv;
    s->then = xb;
    s->els = yb;
    fe_emit(c, out, s);
    return;
  }
  case CXCursor_CallExpr: (void)fe_call(c, e, NULL, false, out); return;
  case CXCursor_CStyleCastExpr:
  case CXCursor_UnexposedExpr: (void)cast_expr(c, e, false, out); return;
  case CXCursor_StmtExpr: (void)stmt_expr(c, e, out); return;
  default: (void)fe_expr(c, e, out); return;
  }
}

void fe_effect(FeCtx *c, CXCursor e, IrBlock *out) {
  if (fe_enter(c, e)) effect(c, e, out);
  fe_leave(c);
}
