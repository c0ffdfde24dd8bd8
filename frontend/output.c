/* output.c - printf, puts, putchar (and fprintf, fputs, fputc, putc to
 * stdout or stderr) of the C library, when the program ignores their
 * result: they write to a stream no objective reads, so
 * their call is an IR_ST_SKIP carrying the name (its line stays a target).
 *
 * Their arguments are evaluated first, into temporaries, because
 * evaluating them may trap, as for a stub (stubs.c).  What the library
 * itself reads is not modelled, so only arguments whose reading cannot go
 * wrong are accepted: numbers, and string literals (terminated, in bounds)
 * without %n (which writes through a pointer).  Anything else, or a use of
 * the result (a character count that depends on the formatting), is
 * refused as unsupported: never answered on a model that skips a read.
 */
#include <string.h>

#include "fe.h"

static const char *const outputs[] = {"printf", "puts", "putchar", "fprintf", "fputs", "fputc", "putc"};

/* The stream argument of the f- functions (-1: none): stdout or stderr. */
static int stream_arg(const char *name) {
  if (!strcmp(name, "fprintf")) return 0;
  if (!strcmp(name, "fputs") || !strcmp(name, "fputc") || !strcmp(name, "putc")) return 1;
  return -1;
}

static enum CXChildVisitResult first_child(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  *(CXCursor *)data = cur;
  return CXChildVisit_Break;
}

/* Is e (through implicit conversions) the library's stdout or stderr? */
static bool standard_stream(FeCtx *c, CXCursor e) {
  while (clang_getCursorKind(e) == CXCursor_UnexposedExpr || clang_getCursorKind(e) == CXCursor_ParenExpr) {
    CXCursor child = clang_getNullCursor();
    clang_visitChildren(e, first_child, &child);
    if (clang_Cursor_isNull(child)) return false;
    e = child;
  }
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return false;
  CXCursor d = clang_getCursorReferenced(e);
  if (!fe_in_system_header(clang_getCanonicalCursor(d))) return false;
  const char *n = fe_spelling(c, d);
  return !strcmp(n, "stdout") || !strcmp(n, "stderr");
}

bool fe_is_output(FeCtx *c, CXCursor decl, const char *name) {
  (void)c;
  if (!fe_in_system_header(clang_getCanonicalCursor(decl))) return false; /* the file's own printf */
  for (size_t i = 0; i < sizeof outputs / sizeof *outputs; i++)
    if (strcmp(name, outputs[i]) == 0) return true;
  return false;
}

/* A string literal (an array of chars the translation owns), or NULL. */
static const IrVar *literal_string(const IrExpr *a) {
  while (a->kind == IR_CAST) a = a->a[0];
  if (a->kind != IR_ADDR_OF) return NULL;
  a = a->a[0];
  if (a->kind == IR_INDEX) a = a->a[0];
  if (a->kind != IR_VAR || a->var->kind != IR_VAR_GLOBAL || !a->var->is_const) return NULL;
  const IrType *t = a->var->type;
  if (t->kind != IR_TY_ARRAY || t->base->kind != IR_TY_INT || t->base->bits != 8 || !a->var->init) return NULL;
  return a->var;
}

/* Does the literal v hold "%n"?  (Its initializer lists the characters.) */
static bool writes_count(const IrVar *v) {
  const IrInit *in = v->init;
  if (in->kind != IR_INIT_LIST) return false;
  for (int i = 0; i + 1 < in->nelems; i++) {
    const IrInit *a = in->elems[i], *b = in->elems[i + 1];
    if (!a || !b || a->ival != '%') continue;
    if (b->ival == '%') i++; /* "%%" prints a percent sign */
    else if (b->ival == 'n') return true;
  }
  return false;
}

IrExpr *fe_output_call(FeCtx *c, CXCursor call, const char *name, bool want_value, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  if (want_value) {
    fe_unsupported(c, loc, "unsupported: the result of %s (the number of characters written)", name);
    return NULL;
  }
  int nargs = clang_Cursor_getNumArguments(call), stream = stream_arg(name);
  for (int i = 0; i < nargs; i++) {
    if (i == stream) {
      if (standard_stream(c, clang_Cursor_getArgument(call, (unsigned)i))) continue;
      fe_unsupported(c, loc, "unsupported: %s to a stream other than stdout or stderr", name);
      return NULL;
    }
    IrExpr *a = fe_expr(c, clang_Cursor_getArgument(call, (unsigned)i), out);
    if (!a) return NULL;
    if (a->type->kind == IR_TY_ARRAY) a = fe_cast(c, fe_type_ptr(c, a->type->base), a, loc);
    if (a->type->kind == IR_TY_PTR) {
      const IrVar *lit = literal_string(a);
      if (!lit || writes_count(lit)) {
        fe_unsupported(c, loc, "unsupported: %s of a pointer other than a string literal without %%n", name);
        return NULL;
      }
      continue;
    }
    if (a->type->kind != IR_TY_INT && a->type->kind != IR_TY_BOOL && a->type->kind != IR_TY_FLOAT) {
      fe_unsupported(c, loc, "unsupported: %s of a %s", name, a->type->spelling);
      return NULL;
    }
    if (a->kind == IR_INT_CONST || a->kind == IR_FLOAT_CONST) continue;
    IrStmt *s = fe_stmt_new(c, IR_ST_ASSIGN, loc); /* evaluated for its traps */
    s->lhs = fe_var_expr(c, fe_temp(c, a->type, loc), loc);
    s->rhs = a;
    fe_emit(c, out, s);
  }
  IrStmt *s = fe_stmt_new(c, IR_ST_SKIP, loc);
  s->callee_name = name;
  fe_emit(c, out, s);
  return NULL;
}
