/* stubs.c - functions the file declares but does not define.
 *
 * A call to such a function (declared outside system headers, not a
 * builtin) is a stub call: its result is an input like a
 * __VERIFIER_nondet_* value (IR_BI_NONDET named after the function), a
 * void one does nothing (an IR_ST_SKIP carrying the name), and nothing is
 * ever written through its pointer arguments.  Its arguments are still
 * evaluated, into temporaries just before the call, since evaluating them
 * may trap.  Library functions (declared first in a system header) are not
 * stubbed: their real behaviour matters and is not modelled.
 *
 * fe_collect_stubs() lists every such function the file refers to, in any
 * function or initializer, so that a test driver can define them all and
 * the file links whatever the function under test is.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

bool fe_is_stub(FeCtx *c, CXCursor decl) {
  if (c->no_stubs || clang_getCursorKind(decl) != CXCursor_FunctionDecl) return false;
  CXCursor key = clang_getCanonicalCursor(decl);
  if (fe_map_get(&c->sysdefs, key)) return false;
  CXCursor def = fe_definition(c, decl); /* (in another file of the program too) */
  if (!clang_Cursor_isNull(def)) return false;
  if (fe_in_system_header(key)) return false;
  char *name = fe_spelling(c, decl);
  bool builtin = false;
  fe_builtin(name, &builtin);
  CXCursor model;
  if (fe_libc_model(c, name, &model)) return false; /* the library's, modelled (libc.c) */
  return !builtin && !fe_is_setjmp(name) && strncmp(name, "__builtin", 9) != 0;
}

/* ---- the list of stubs --------------------------------------------------------- */
/* A type's spelling usable in front of a declarator. */
static const char *spell_ret(FeCtx *c, CXType t) {
  CXString s = clang_getTypeSpelling(t);
  const char *p = clang_getCString(s);
  char *r = fe_strdup(c->A, p ? p : "int");
  clang_disposeString(s);
  if (strchr(r, '(') || strchr(r, '[')) r = fe_fmt(c->A, "__typeof__(%s)", r);
  return r;
}

static const char *spell_params(FeCtx *c, CXType ft) {
  if (ft.kind != CXType_FunctionProto) return "()";
  int n = clang_getNumArgTypes(ft);
  if (n <= 0) return clang_isFunctionTypeVariadic(ft) == 1 ? "(...)" : "(void)";
  FeBuf b = {0};
  fe_buf_add(&b, "(");
  for (int i = 0; i < n; i++) {
    CXString s = clang_getTypeSpelling(clang_getArgType(ft, (unsigned)i));
    fe_buf_add(&b, "%s%s", i ? ", " : "", clang_getCString(s));
    clang_disposeString(s);
  }
  fe_buf_add(&b, "%s)", clang_isFunctionTypeVariadic(ft) == 1 ? ", ..." : "");
  char *r = fe_strdup(c->A, b.s);
  free(b.s);
  return r;
}

static IrStubKind stub_kind(CXType ret) {
  switch (clang_getCanonicalType(ret).kind) {
  case CXType_Void: return IR_STUB_VOID;
  case CXType_Record: case CXType_ConstantArray: case CXType_Complex: case CXType_Vector:
  case CXType_LongDouble: case CXType_Int128: case CXType_UInt128: return IR_STUB_OTHER;
  default: return IR_STUB_SCALAR;
  }
}

static void add_stub(FeCtx *c, CXCursor decl) {
  char *name = fe_spelling(c, decl);
  IrProgram *p = c->prog;
  for (int i = 0; i < p->nstubs; i++)
    if (strcmp(p->stubs[i]->name, name) == 0) return;
  CXType ft = clang_getCursorType(clang_getCanonicalCursor(decl));
  IrStub *s = fe_alloc(c->A, sizeof *s);
  s->name = name;
  s->ret = spell_ret(c, clang_getResultType(ft));
  s->params = spell_params(c, ft);
  s->kind = stub_kind(clang_getResultType(ft));
  fe_push(c->A, (void ***)&p->stubs, &p->nstubs, s);
}

static enum CXChildVisitResult find_refs(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  FeCtx *c = data;
  if (fe_in_system_header(cur)) return CXChildVisit_Continue;
  if (clang_getCursorKind(cur) == CXCursor_DeclRefExpr) {
    CXCursor d = clang_getCursorReferenced(cur);
    if (clang_getCursorKind(d) == CXCursor_FunctionDecl && fe_is_stub(c, d)) add_stub(c, d);
  }
  return CXChildVisit_Recurse;
}

void fe_collect_stubs(FeCtx *c) {
  bool saved = c->no_stubs;
  c->no_stubs = false; /* the driver defines them even when calls are errors */
  clang_visitChildren(clang_getTranslationUnitCursor(c->tu), find_refs, c);
  c->no_stubs = saved;
}

/* ---- a call to a stub -------------------------------------------------------------- */
static bool is_constant(const IrExpr *e) {
  return e->kind == IR_INT_CONST || e->kind == IR_FLOAT_CONST || e->kind == IR_NULL;
}

IrExpr *fe_stub_call(FeCtx *c, CXCursor call, CXCursor decl, bool want_value, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  char *name = fe_spelling(c, decl);
  int nargs = clang_Cursor_getNumArguments(call);
  for (int i = 0; i < nargs; i++) { /* evaluated for their traps; the stub ignores them */
    IrExpr *a = fe_expr(c, clang_Cursor_getArgument(call, (unsigned)i), out);
    if (a->type->kind == IR_TY_ARRAY) a = fe_cast(c, fe_type_ptr(c, a->type->base), a, loc);
    if (a->type->kind == IR_TY_STRUCT) { /* copied (read) like any argument */
      fe_assign(c, fe_struct_temp(c, a->type, loc, out), a, loc, out);
      continue;
    }
    if (is_constant(a) || a->type->kind == IR_TY_VOID) continue;
    IrStmt *s = fe_stmt_new(c, IR_ST_ASSIGN, loc);
    s->lhs = fe_var_expr(c, fe_temp(c, a->type, loc), loc);
    s->rhs = a;
    fe_emit(c, out, s);
  }
  const char *why = "type";
  IrType *t = fe_type(c, clang_getResultType(clang_getCursorType(decl)), &why);
  if (!t) {
    fe_unsupported(c, loc, "unsupported: %s returned by the undefined function '%s'", why, name);
    return NULL;
  }
  if (t->kind == IR_TY_VOID) {
    IrStmt *s = fe_stmt_new(c, IR_ST_SKIP, loc);
    s->callee_name = name;
    fe_emit(c, out, s);
    return NULL;
  }
  if (t->kind != IR_TY_INT && t->kind != IR_TY_BOOL) {
    fe_unsupported(c, loc, "unsupported: the undefined function '%s' returns %s (only integer results of stubs are inputs)",
                   name, t->spelling);
    return NULL;
  }
  IrStmt *s = fe_stmt_new(c, IR_ST_CALL, loc);
  s->builtin = IR_BI_NONDET;
  s->callee_name = name;
  s->type = t;
  IrExpr *value = NULL;
  if (want_value) {
    IrVar *v = fe_temp(c, t, loc);
    s->lhs = fe_var_expr(c, v, loc);
    value = fe_var_expr(c, v, loc);
  }
  fe_emit(c, out, s);
  return value;
}
