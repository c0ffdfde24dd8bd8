/* assume.c - fe_parse_expr: a C expression typed in the scope of a function.
 *
 * For `--assume 'm == 3'`: the file is parsed again with one more function
 * appended (same clang arguments), whose parameters are those of the
 * function under test and whose body is the expression; the expression is
 * then converted like any other, except that parameters, globals and struct
 * types resolve to the program's own (so IrType interning holds) and no
 * statement may be emitted: an expression with effects, or one that could
 * trap where C would not evaluate it, is an error.  Never touches the
 * program beyond allocating the new expression in its arena.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

static const char fn_name[] = "__inka_assume_expr";
const char fe_length_name[] = "__inka_length";

static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  FeBuf b = {0};
  fe_buf_add(&b, "%s", "");
  char chunk[8192];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (b.len + n + 1 > b.cap) {
      size_t cap = b.cap;
      while (cap < b.len + n + 1) cap *= 2;
      char *s = realloc(b.s, cap);
      if (!s) abort();
      b.s = s;
      b.cap = cap;
    }
    memcpy(b.s + b.len, chunk, n);
    b.len += n;
    b.s[b.len] = 0;
  }
  fclose(f);
  *len = b.len;
  return b.s;
}

static enum CXChildVisitResult find_fn(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(cur) == CXCursor_FunctionDecl && clang_isCursorDefinition(cur)) {
    CXString s = clang_getCursorSpelling(cur);
    if (strcmp(clang_getCString(s), fn_name) == 0) *(CXCursor *)data = cur;
    clang_disposeString(s);
  }
  return CXChildVisit_Continue;
}

static IrExpr *fail(FeErrors *err, const char *fmt, const char *a) {
  FeBuf b = {0};
  fe_buf_add(&b, fmt, a);
  fe_buf_add(&b, "\n");
  err->text = b.s;
  return NULL;
}

static IrExpr *convert(IrProgram *p, const IrFunction *fn, FeSaved *sv, const FeSavedUnit *unit,
                       CXTranslationUnit tu, FeErrors *err) {
  CXCursor def = clang_getNullCursor();
  clang_visitChildren(clang_getTranslationUnitCursor(tu), find_fn, &def);
  if (clang_Cursor_isNull(def)) return fail(err, "<assume>: error: %s", "not an expression");
  FeCtx ctx = {0};
  FeCtx *c = &ctx;
  c->prog = p;
  c->A = p->arena;
  c->tu = tu;
  c->main_file = clang_getFile(tu, unit->path);
  c->path = unit->path;
  c->pure_only = c->reuse_program = true;
  for (int i = 0; i < sv->ntypes; i++) fe_push(c->A, (void ***)&c->types, &c->ntypes, sv->types[i]);
  IrFunction scratch = {0};
  scratch.name = fn_name;
  c->fn = &scratch;
  int n = clang_Cursor_getNumArguments(def);
  for (int i = 0; i < n && i < fn->nparams; i++)
    fe_map_put(&c->locals, clang_getCanonicalCursor(clang_Cursor_getArgument(def, (unsigned)i)), fn->params[i]);
  FeKids k = fe_kids(c, def);
  CXCursor body = clang_getNullCursor(), e = clang_getNullCursor();
  for (int i = 0; i < k.n; i++)
    if (clang_getCursorKind(k.k[i]) == CXCursor_CompoundStmt) body = k.k[i];
  int nexpr = 0;
  FeKids s = clang_Cursor_isNull(body) ? (FeKids){NULL, 0} : fe_kids(c, body);
  for (int i = 0; i < s.n; i++) {
    enum CXCursorKind kind = clang_getCursorKind(s.k[i]);
    if (kind == CXCursor_NullStmt) continue;
    nexpr++;
    if (clang_isExpression(kind)) e = s.k[i];
  }
  IrExpr *r = NULL;
  if (nexpr != 1 || clang_Cursor_isNull(e)) {
    fail(err, "<assume>: error: %s", "expected one C expression");
  } else {
    IrBlock out = {0};
    r = fe_expr(c, e, &out);
    if (scratch.unsupported) {
      fail(err, "<assume>: error: %s", scratch.unsupported->message);
      r = NULL;
    } else if (out.n || scratch.nlocals) {
      fail(err, "<assume>: error: %s", "expression has side effects");
      r = NULL;
    } else if (!fe_is_scalar(r->type)) {
      fail(err, "<assume>: error: %s", "expression is not a scalar");
      r = NULL;
    }
  }
  fe_map_free(&c->locals);
  fe_map_free(&c->struct_types);
  return r;
}

IrExpr *fe_parse_expr(IrProgram *p, const IrFunction *fn, const char *text, FeErrors *err) {
  FeErrors dummy;
  if (!err) err = &dummy;
  err->text = NULL;
  if (!p || !fn || !text) return fail(err, "<assume>: error: %s", "no program, function or expression");
  FeSaved *sv = fe_arena_saved(p->arena);
  if (!sv) return fail(err, "<assume>: error: %s", "program was not parsed from a file");
  const FeSavedUnit *unit = &sv->units[0]; /* the file that defines fn */
  for (int i = 0; i < sv->nunits; i++)
    if (fn->loc.file && strcmp(sv->units[i].path, fn->loc.file) == 0) unit = &sv->units[i];
  const char *path = unit->path;
  size_t len = 0;
  char *src = read_all(path, &len);
  if (!src) return fail(err, "%s: error: cannot read file", path);
  FeBuf b = {0};
  /* length(p), the contract of an input object (IR_LENGTH) */
  fe_buf_add(&b, "%s\nlong %s(const volatile void *);\n#undef length\n#define length(p) %s(p)\nvoid %s(", src,
             fe_length_name, fe_length_name, fn_name);
  free(src);
  IrArena *scratch = fe_arena_new();
  for (int i = 0; i < fn->nparams; i++)
    fe_buf_add(&b, "%s%s", i ? ", " : "", fe_declarator(scratch, fn->params[i]->type, fn->params[i]->name));
  fe_arena_free(scratch);
  fe_buf_add(&b, "%s) {\n#line 1 \"<assume>\"\n%s\n;}\n", fn->nparams ? "" : "void", text);
  struct CXUnsavedFile files[3] = {{path, b.s, (unsigned long)b.len},
                                   {fe_libc_path, fe_libc_models, fe_libc_models_len},
                                   {fe_stub32_path, "", 0}};
  CXIndex index = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode ec = clang_parseTranslationUnit2(index, path, unit->args, unit->nargs, files,
                                                    sv->stub32 ? 3 : 2, CXTranslationUnit_None, &tu);
  IrExpr *r = NULL;
  FeBuf errs = {0};
  if (ec != CXError_Success || !tu) fail(err, "%s: error: clang could not parse the expression", path);
  else if (fe_format_errors(tu, path, true, &errs)) err->text = errs.s;
  else r = convert(p, fn, sv, unit, tu, err);
  if (tu) clang_disposeTranslationUnit(tu);
  clang_disposeIndex(index);
  free(b.s);
  return r;
}
