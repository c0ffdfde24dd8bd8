/* stmt.c - C statements -> structured IR statements (docs/design.md §3).
 *
 * A function body becomes an IrBlock: compound statements become BLOCKs
 * (their statements go straight into if/loop bodies), for/while/do-while
 * become IR_ST_WHILE (the condition's side effects in `pre`, a for's
 * increment in `step`), declarations become DECL + the statements of their
 * initializer, labels that no goto targets vanish.  Constructs outside the
 * subset (goto, switch, asm, ...) are reported on the function, which is
 * still converted as far as possible.  Never recurses without fe_enter().
 */
#include <string.h>

#include "fe.h"

IrVar *fe_local_var(FeCtx *c, CXCursor decl, IrVarKind kind) {
  IrVar *v = fe_alloc(c->A, sizeof *v);
  v->name = fe_spelling(c, decl);
  v->kind = kind;
  v->loc = fe_loc(c, decl);
  if (kind == IR_VAR_PARAM) {
    const char *why = "type";
    v->type = fe_param_ctype(c, clang_getCursorType(decl), &why);
    if (!v->type) {
      fe_unsupported(c, v->loc, "unsupported: %s", why);
      v->type = fe_type_int_(c);
    }
  } else {
    v->type = fe_type_of(c, decl);
  }
  v->is_const = fe_const_type(clang_getCursorType(decl));
  if (v->type->kind == IR_TY_VOID || (v->type->kind == IR_TY_STRUCT && !v->type->complete)) {
    fe_unsupported(c, v->loc, "unsupported: variable of incomplete type");
    v->type = fe_type_int_(c);
  }
  v->address_taken = v->type->kind == IR_TY_STRUCT || v->type->kind == IR_TY_ARRAY;
  if (kind == IR_VAR_LOCAL) {
    v->index = c->fn->nlocals;
    fe_push(c->A, (void ***)&c->fn->locals, &c->fn->nlocals, v);
  }
  fe_map_put(&c->locals, clang_getCanonicalCursor(decl), v);
  return v;
}

void fe_stmt_into(FeCtx *c, CXCursor s, IrBlock *out);

/* The length of a variable length array: the expression its declaration
   holds (clang lists it among the declaration's children), evaluated when
   the declaration runs, as a ptrdiff_t; side effects go to `out` first. */
static IrExpr *vla_length(FeCtx *c, CXCursor d, IrBlock *out) {
  FeKids k = fe_kids(c, d);
  for (int i = 0; i < k.n; i++) {
    if (!clang_isExpression(clang_getCursorKind(k.k[i]))) continue;
    IrExpr *n = fe_expr(c, k.k[i], out);
    return n ? fe_cast(c, fe_type_ptrdiff(c), n, n->loc) : NULL;
  }
  fe_unsupported(c, fe_loc(c, d), "unsupported: %s", "a variable length array whose length clang does not show");
  return NULL;
}

static void local_decl(FeCtx *c, CXCursor d, IrBlock *out) {
  enum CX_StorageClass sc = clang_Cursor_getStorageClass(d);
  if (sc == CX_SC_Extern) return; /* refers to a global */
  if (sc == CX_SC_Static) {       /* a global named "f.x" */
    FeGlobal *g = fe_global_for(c, d);
    if (g->unsupported) fe_unsupported(c, g->unsupported->loc, "%s", g->unsupported->message);
    return;
  }
  IrVar *v = fe_local_var(c, d, IR_VAR_LOCAL);
  IrStmt *s = fe_stmt_new(c, IR_ST_DECL, v->loc);
  s->var = v;
  if (v->type->kind == IR_TY_ARRAY && v->type->variable && (s->rhs = vla_length(c, d, out))) {
    /* the length, kept for sizeof: the expression's operands may change later */
    IrVar *len = fe_temp(c, s->rhs->type, v->loc);
    IrStmt *keep = fe_stmt_new(c, IR_ST_ASSIGN, v->loc);
    keep->lhs = fe_var_expr(c, len, v->loc);
    keep->rhs = s->rhs;
    fe_emit(c, out, keep);
    s->rhs = fe_var_expr(c, len, v->loc);
    v->vla_length = len;
  }
  fe_emit(c, out, s);
  CXCursor init = clang_Cursor_getVarDeclInitializer(d);
  if (!clang_Cursor_isNull(init)) fe_local_init(c, fe_var_expr(c, v, v->loc), init, out);
}

static void decl_stmt(FeCtx *c, CXCursor s, IrBlock *out) {
  FeKids k = fe_kids(c, s);
  for (int i = 0; i < k.n; i++) {
    enum CXCursorKind kind = clang_getCursorKind(k.k[i]);
    if (kind == CXCursor_VarDecl) local_decl(c, k.k[i], out);
    /* typedefs, struct/enum/union declarations and prototypes declare
       nothing to execute; their types are checked where they are used */
  }
}

/* The statements of s into b: a compound statement's own statements. */
static void body_into(FeCtx *c, CXCursor s, IrBlock *b) {
  if (clang_getCursorKind(s) != CXCursor_CompoundStmt) {
    fe_stmt_into(c, s, b);
    return;
  }
  FeKids k = fe_kids(c, s);
  for (int i = 0; i < k.n; i++) fe_stmt_into(c, k.k[i], b);
}

static bool only_skips(const IrBlock *b) {
  for (int i = 0; i < b->n; i++)
    if (b->stmts[i]->kind != IR_ST_SKIP) return false;
  return true;
}

static bool is_assert_fail(const IrBlock *b) {
  return b->n == 1 && b->stmts[0]->kind == IR_ST_CALL && b->stmts[0]->builtin == IR_BI_ASSERT &&
         b->stmts[0]->nargs == 1 && b->stmts[0]->args[0]->kind == IR_INT_CONST && b->stmts[0]->args[0]->ival == 0;
}

/* glibc's assert: `if (c) ; else __assert_fail(...)` is assert(c). */
static IrStmt *assert_peephole(FeCtx *c, IrStmt *s) {
  IrExpr *cond = NULL;
  if (only_skips(&s->then) && is_assert_fail(&s->els)) cond = s->cond;
  if (s->els.n == 0 && is_assert_fail(&s->then)) {
    cond = fe_alloc(c->A, sizeof *cond);
    cond->kind = IR_LNOT;
    cond->type = fe_type_int_(c);
    cond->loc = s->cond->loc;
    cond->a[0] = s->cond;
  }
  if (!cond) return s;
  IrStmt *a = is_assert_fail(&s->els) ? s->els.stmts[0] : s->then.stmts[0];
  a->loc = s->loc;
  a->args[0] = cond;
  return a;
}

static void if_stmt(FeCtx *c, CXCursor cur, IrBlock *out) {
  FeKids k = fe_kids(c, cur);
  IrLoc loc = fe_loc(c, cur);
  if (k.n < 2 || k.n > 3) {
    fe_unsupported(c, loc, "unsupported: if statement with a declaration");
    return;
  }
  IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
  s->cond = fe_expr(c, k.k[0], out);
  body_into(c, k.k[1], &s->then);
  if (k.n == 3) body_into(c, k.k[2], &s->els);
  fe_emit(c, out, assert_peephole(c, s));
}

static IrStmt *loop(FeCtx *c, CXCursor cur, CXCursor cond, CXCursor body, CXCursor inc) {
  IrStmt *w = fe_stmt_new(c, IR_ST_WHILE, fe_loc(c, cur));
  if (clang_Cursor_isNull(cond)) w->cond = fe_int_const(c, fe_type_int_(c), 1, w->loc);
  else w->cond = fe_expr(c, cond, &w->pre);
  c->loop_depth++;
  int saved_break = c->break_label;
  c->break_label = -1;
  if (!clang_Cursor_isNull(body)) body_into(c, body, &w->body);
  c->break_label = saved_break;
  c->loop_depth--;
  if (!clang_Cursor_isNull(inc)) fe_effect(c, inc, &w->step);
  return w;
}

static void for_stmt(FeCtx *c, CXCursor cur, IrBlock *out) {
  FeKids k = fe_kids(c, cur);
  int part[8];
  if (k.n > 4 || !fe_for_parts(c, cur, k, part)) {
    fe_unsupported(c, fe_loc(c, cur), "unsupported: for statement written inside a macro");
    return;
  }
  CXCursor init = clang_getNullCursor(), cond = init, inc = init, body = init;
  for (int i = 0; i < k.n; i++) {
    if (part[i] == 0) init = k.k[i];
    else if (part[i] == 1) cond = k.k[i];
    else if (part[i] == 2) inc = k.k[i];
    else body = k.k[i];
  }
  if (!clang_Cursor_isNull(init)) fe_stmt_into(c, init, out);
  fe_emit(c, out, loop(c, cur, cond, body, inc));
}

static void return_stmt(FeCtx *c, CXCursor cur, IrBlock *out) {
  IrStmt *s = fe_stmt_new(c, IR_ST_RETURN, fe_loc(c, cur));
  FeKids k = fe_kids(c, cur);
  if (k.n == 1) {
    if (c->fn->ret->kind == IR_TY_VOID) {
      fe_effect(c, k.k[0], out);
    } else {
      s->rhs = fe_expr(c, k.k[0], out);
      if (fe_is_scalar(c->fn->ret)) s->rhs = fe_cast(c, c->fn->ret, s->rhs, s->loc);
      else if (s->rhs->type != c->fn->ret || !ir_is_lvalue(s->rhs)) /* a struct is returned from its place */
        fe_unsupported(c, s->loc, "unsupported: struct value");
    }
  }
  fe_emit(c, out, s);
}

static void simple(FeCtx *c, IrStmtKind kind, CXCursor cur, IrBlock *out) {
  fe_emit(c, out, fe_stmt_new(c, kind, fe_loc(c, cur)));
}

static void stmt(FeCtx *c, CXCursor cur, IrBlock *out) {
  enum CXCursorKind kind = clang_getCursorKind(cur);
  IrLoc loc = fe_loc(c, cur);
  FeKids k;
  switch (kind) {
  case CXCursor_CompoundStmt: {
    IrStmt *b = fe_stmt_new(c, IR_ST_BLOCK, loc);
    body_into(c, cur, &b->body);
    fe_emit(c, out, b);
    return;
  }
  case CXCursor_DeclStmt: decl_stmt(c, cur, out); return;
  case CXCursor_IfStmt: if_stmt(c, cur, out); return;
  case CXCursor_WhileStmt:
    k = fe_kids(c, cur);
    if (k.n != 2) break;
    fe_emit(c, out, loop(c, cur, k.k[0], k.k[1], clang_getNullCursor()));
    return;
  case CXCursor_DoStmt: {
    k = fe_kids(c, cur);
    if (k.n != 2) break;
    IrStmt *w = loop(c, cur, k.k[1], k.k[0], clang_getNullCursor());
    w->is_do_while = true;
    fe_emit(c, out, w);
    return;
  }
  case CXCursor_ForStmt: for_stmt(c, cur, out); return;
  case CXCursor_ReturnStmt: return_stmt(c, cur, out); return;
  case CXCursor_BreakStmt:
    if (c->break_label >= 0) fe_emit_goto(c, c->break_label, loc, out); /* a switch's */
    else simple(c, IR_ST_BREAK, cur, out);
    return;
  case CXCursor_ContinueStmt: simple(c, IR_ST_CONTINUE, cur, out); return;
  case CXCursor_NullStmt: simple(c, IR_ST_SKIP, cur, out); return;
  case CXCursor_LabelStmt: /* jumps.c: a flag cleared here when a goto targets it */
    k = fe_kids(c, cur);
    int id = fe_label_of(c, cur);
    c->labels[id]->shares_line = k.n == 1 && fe_loc(c, k.k[0]).line == loc.line;
    fe_emit_label(c, id, loc, out);
    if (k.n == 1) fe_stmt_into(c, k.k[0], out);
    return;
  case CXCursor_GotoStmt: {
    k = fe_kids(c, cur);
    CXCursor target = k.n == 1 ? clang_getCursorReferenced(k.k[0]) : clang_getNullCursor();
    if (clang_getCursorKind(target) != CXCursor_LabelStmt) {
      fe_unsupported(c, loc, "unsupported: goto without a label");
      return;
    }
    fe_emit_goto(c, fe_label_of(c, target), loc, out);
    return;
  }
  case CXCursor_IndirectGotoStmt: fe_unsupported(c, loc, "unsupported: computed goto"); return;
  case CXCursor_SwitchStmt: fe_switch(c, cur, out); return;
  case CXCursor_CaseStmt:
  case CXCursor_DefaultStmt:
    fe_unsupported(c, loc, "unsupported: case label inside a nested statement of its switch");
    return;
  case CXCursor_GCCAsmStmt:
  case CXCursor_MSAsmStmt: fe_unsupported(c, loc, "unsupported: inline asm"); return;
  default:
    if (clang_isExpression(kind)) {
      int before = out->n;
      fe_effect(c, cur, out);
      if (out->n == before) simple(c, IR_ST_SKIP, cur, out);
      return;
    }
    break;
  }
  CXString s = clang_getCursorKindSpelling(kind);
  fe_unsupported(c, loc, "unsupported: %s", clang_getCString(s));
  clang_disposeString(s);
}

void fe_stmt_into(FeCtx *c, CXCursor s, IrBlock *out) {
  if (fe_enter(c, s)) stmt(c, s, out);
  fe_leave(c);
}

void fe_function_body(FeCtx *c, FeFunc *f) {
  IrFunction *fn = f->fn;
  c->fn = fn;
  c->global = NULL;
  c->ntemps = 0;
  c->depth = 0;
  fe_map_free(&c->locals);
  c->labels = NULL;
  c->nlabels = 0;
  c->break_label = -1;
  fn->loc = fe_loc(c, f->def);
  /* the definition's parameters are the ones the body refers to */
  fn->params = NULL;
  fn->nparams = 0;
  int n = clang_Cursor_getNumArguments(f->def);
  for (int i = 0; i < n; i++) {
    CXCursor pc = clang_Cursor_getArgument(f->def, (unsigned)i);
    IrVar *v = fe_local_var(c, pc, IR_VAR_PARAM);
    if (!*v->name) v->name = fe_fmt(c->A, "arg%d", i);
    v->index = i;
    fe_push(c->A, (void ***)&fn->params, &fn->nparams, v);
  }
  CXType ft = clang_getCursorType(f->def); /* f() without a prototype is not variadic */
  if (ft.kind == CXType_FunctionProto && clang_isFunctionTypeVariadic(ft) == 1)
    fe_unsupported(c, fn->loc, "unsupported: variadic function");
  FeKids k = fe_kids(c, f->def);
  CXCursor body = clang_getNullCursor();
  for (int i = 0; i < k.n; i++)
    if (clang_getCursorKind(k.k[i]) == CXCursor_CompoundStmt) body = k.k[i];
  if (!clang_Cursor_isNull(body)) {
    body_into(c, body, &fn->body);
    CXSourceLocation end = clang_getRangeEnd(clang_getCursorExtent(body));
    fn->end = fe_loc_of(c, end);
    if (fn->end.col > 1) fn->end.col--; /* the range ends after the brace */
  }
  fe_lower_jumps(c, fn);
  fe_map_free(&c->locals);
  c->fn = NULL;
}
