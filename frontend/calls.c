/* calls.c - calls: to functions of the file, and to the builtins by name.
 *
 * The sv-benchmarks conventions (__VERIFIER_nondet_*, __VERIFIER_assume,
 * reach_error, __VERIFIER_error, assert's __assert_fail), abort/exit and
 * malloc/calloc/realloc/free become IR_ST_CALL with an IrBuiltin; their bodies, when
 * the file defines them, are never translated.  A call's value lands in a
 * temporary (the assignment that uses it may retarget the call, see
 * fe_assign_from).  A malloc/calloc whose void * result is converted to T *
 * gets stmt->type = T * (the allocated cells are T).  Never follows a
 * function pointer.
 */
#include <string.h>

#include "fe.h"

IrExpr *fe_call(FeCtx *c, CXCursor call, IrType *alloc_type, bool want_value, IrBlock *out);

IrBuiltin fe_builtin(const char *name, bool *is_builtin) {
  static const struct { const char *name; IrBuiltin b; } table[] = {
      {"malloc", IR_BI_MALLOC}, {"calloc", IR_BI_CALLOC}, {"realloc", IR_BI_REALLOC}, {"free", IR_BI_FREE},
      {"__VERIFIER_assume", IR_BI_ASSUME}, {"abort", IR_BI_ABORT}, {"exit", IR_BI_EXIT},
      {"_Exit", IR_BI_EXIT}, {"_exit", IR_BI_EXIT}, {"__assert_fail", IR_BI_ASSERT},
      {"__assert", IR_BI_ASSERT}, {"__assert_rtn", IR_BI_ASSERT}, {"__assert_perror_fail", IR_BI_ASSERT},
      {"reach_error", IR_BI_ERROR}, {"__VERIFIER_error", IR_BI_ERROR},
      {"fabs", IR_BI_FABS}, {"fabsf", IR_BI_FABS}, {"sqrt", IR_BI_SQRT}, {"sqrtf", IR_BI_SQRT},
      {"__builtin_isnan", IR_BI_FP_CLASS}, {"__builtin_isinf", IR_BI_FP_CLASS},
      {"__builtin_isinf_sign", IR_BI_FP_CLASS}, {"__builtin_isfinite", IR_BI_FP_CLASS},
      {"__builtin_isnormal", IR_BI_FP_CLASS},
      /* undefined behaviour when reached: the path ends, like a trap */
      {"__builtin_trap", IR_BI_ABORT}, {"__builtin_unreachable", IR_BI_ABORT}};
  *is_builtin = true;
  if (strncmp(name, "__VERIFIER_nondet_", 18) == 0) return IR_BI_NONDET;
  for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
    if (strcmp(table[i].name, name) == 0) return table[i].b;
  *is_builtin = false;
  return IR_BI_NONE;
}

bool fe_is_setjmp(const char *name) {
  static const char *const names[] = {"setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp", "longjmp",
                                      "_longjmp", "siglongjmp", "__longjmp_chk", NULL};
  for (int i = 0; names[i]; i++)
    if (strcmp(names[i], name) == 0) return true;
  return false;
}

/* The called FunctionDecl, or a null cursor for a call through a pointer. */
static CXCursor callee_decl(FeCtx *c, CXCursor call) {
  FeKids k = fe_kids(c, call);
  if (k.n < 1) return clang_getNullCursor();
  CXCursor e = k.k[0];
  for (;;) {
    enum CXCursorKind kind = clang_getCursorKind(e);
    if (kind == CXCursor_DeclRefExpr) break;
    if (kind != CXCursor_UnexposedExpr && kind != CXCursor_ParenExpr) return clang_getNullCursor();
    FeKids in = fe_kids(c, e);
    if (in.n != 1) return clang_getNullCursor();
    e = in.k[0];
  }
  CXCursor d = clang_getCursorReferenced(e);
  return clang_getCursorKind(d) == CXCursor_FunctionDecl ? d : clang_getNullCursor();
}

static IrExpr *arg(FeCtx *c, CXCursor call, int i, IrBlock *out) {
  return fe_expr(c, clang_Cursor_getArgument(call, (unsigned)i), out);
}

static IrExpr *strip_ptr_cast(IrExpr *e) {
  while (e->kind == IR_CAST && e->type->kind == IR_TY_PTR && e->a[0]->type->kind == IR_TY_PTR) e = e->a[0];
  return e;
}

/* length(p) in a --pre contract: p as the program holds it (before its
   conversion to void *), so that its elements are the pointee type's. */
static IrExpr *length_call(FeCtx *c, CXCursor call, IrLoc loc) {
  if (clang_Cursor_getNumArguments(call) != 1) {
    fe_unsupported(c, loc, "unsupported: length() takes one pointer");
    return NULL;
  }
  IrBlock none = {0};
  IrExpr *p = fe_expr(c, fe_libc_unconverted(c, clang_Cursor_getArgument(call, 0)), &none);
  if (p->type->kind == IR_TY_ARRAY) p = fe_cast(c, fe_type_ptr(c, p->type->base), p, loc);
  if (p->type->kind != IR_TY_PTR || p->type->base->kind == IR_TY_VOID) {
    fe_unsupported(c, loc, "unsupported: length() of %s (a pointer to elements of a known type)", p->type->spelling);
    return NULL;
  }
  return fe_op(c, IR_LENGTH, fe_type_ptrdiff(c), p, NULL, loc);
}

IrExpr *fe_call(FeCtx *c, CXCursor call, IrType *alloc_type, bool want_value, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  CXCursor d = callee_decl(c, call);
  if (clang_Cursor_isNull(d)) return fe_indirect_call(c, call, want_value, out);
  char *name = fe_spelling(c, d);
  if (fe_is_setjmp(name)) {
    fe_unsupported(c, loc, "unsupported: setjmp/longjmp");
    return NULL;
  }
  if (fe_overflow_name(name)) return fe_overflow_call(c, call, name, want_value, out);
  if (c->pure_only && !strcmp(name, fe_length_name)) return length_call(c, call, loc);
  int nargs = clang_Cursor_getNumArguments(call);
  if (nargs < 0) nargs = 0;
  bool is_builtin;
  IrBuiltin bi = fe_builtin(name, &is_builtin);
  if ((bi == IR_BI_FABS || bi == IR_BI_SQRT) && !clang_Cursor_isNull(clang_getCursorDefinition(d))) {
    bi = IR_BI_NONE;   /* the file's own fabs / sqrt */
  }
  if (bi == IR_BI_NONE && fe_is_stub(c, d)) return fe_stub_call(c, call, d, want_value, out);
  if (bi == IR_BI_NONE && fe_is_output(c, d, name)) return fe_output_call(c, call, name, want_value, out);
  IrStmt *s = fe_stmt_new(c, IR_ST_CALL, loc);
  s->builtin = bi;
  s->callee_name = name;
  const char *why = "type";
  s->type = fe_type(c, clang_getResultType(clang_getCursorType(d)), &why);
  if (!s->type) {
    fe_unsupported(c, loc, "unsupported: %s", why);
    s->type = fe_type_int_(c);
  }
  int want_args = 0;
  switch (bi) {
  case IR_BI_NONE: {
    FeFunc *f = fe_func_for(c, d);
    if (f->has_def && fe_in_system_header(f->def) && !fe_libc_bytes_ok(c, f->def, call)) {
      if (fe_mem_cells_name(name)) return fe_mem_cells_call(c, call, name, want_value, out); /* int cells, ... */
      fe_unsupported(c, loc, "unsupported: %s on an object that is not made of chars", name);
    }
    s->callee = f->fn;
    s->type = f->fn->ret;
    want_args = nargs;
    break;
  }
  case IR_BI_MALLOC: case IR_BI_FREE: case IR_BI_ASSUME: case IR_BI_EXIT: want_args = 1; break;
  case IR_BI_FABS: case IR_BI_SQRT: case IR_BI_FP_CLASS: want_args = 1; break;
  case IR_BI_CALLOC: case IR_BI_REALLOC: want_args = 2; break;
  case IR_BI_ASSERT: /* __assert_fail(text, file, line, func): a failed assertion */
    s->args = fe_alloc(c->A, sizeof(IrExpr *));
    s->args[0] = fe_int_const(c, fe_type_int_(c), 0, loc);
    s->nargs = 1;
    break;
  default: break;
  }
  if (bi == IR_BI_MALLOC || bi == IR_BI_CALLOC || bi == IR_BI_REALLOC) {
    if (alloc_type) s->type = alloc_type;
    if (s->type->kind != IR_TY_PTR) {
      fe_unsupported(c, loc, "unsupported: %s with an unusual declaration", name);
      return NULL;
    }
  }
  if (want_args > nargs) {
    fe_unsupported(c, loc, "unsupported: call to '%s' with too few arguments", name);
    return NULL;
  }
  if (want_args) {
    s->args = fe_alloc(c->A, sizeof(IrExpr *) * (size_t)want_args);
    s->nargs = want_args;
    for (int i = 0; i < want_args; i++) {
      s->args[i] = arg(c, call, i, out);
      /* a struct argument is the place it is copied from (a call's result is a temporary) */
      if (s->args[i]->type->kind == IR_TY_STRUCT && (bi != IR_BI_NONE || !ir_is_lvalue(s->args[i])))
        fe_unsupported(c, loc, "unsupported: struct value");
    }
    if (bi == IR_BI_FREE || bi == IR_BI_REALLOC) s->args[0] = strip_ptr_cast(s->args[0]);
  }
  if (s->type->kind == IR_TY_STRUCT && bi != IR_BI_NONE) fe_unsupported(c, loc, "unsupported: struct returned by value");
  return fe_emit_call(c, s, want_value, loc, out);
}

IrExpr *fe_emit_call(FeCtx *c, IrStmt *s, bool want_value, IrLoc loc, IrBlock *out) {
  IrExpr *value = NULL;
  if (want_value && s->type->kind == IR_TY_STRUCT) { /* the result lands in a temporary in memory */
    s->lhs = fe_struct_temp(c, s->type, loc, out);
    value = fe_var_expr(c, s->lhs->var, loc);
  } else if (want_value && s->type->kind != IR_TY_VOID) {
    IrVar *t = fe_temp(c, s->type, loc);
    s->lhs = fe_var_expr(c, t, loc);
    value = fe_var_expr(c, t, loc);
  }
  fe_emit(c, out, s);
  return value;
}
