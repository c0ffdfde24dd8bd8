/* fnptr.c - function pointers, lowered to integers in the frontend.
 *
 * A function pointer value is the id of a function of the file (IrType.fnptr,
 * IrProgram.fn_ids: 1, 2, ... in the order the program first takes their
 * addresses; 0 is NULL).  So the translation, the concrete mode and every
 * propagator see only unsigned integers.  A call through a pointer is, while
 * the bodies are converted, a placeholder call (fe_pseudo_dispatch) holding
 * the id in a temporary; once every body and initializer has been seen (every
 * address taken is known), fe_lower_dispatch() turns each placeholder into
 *
 *     if (id == k1) f1(args); else if (id == k2) f2(args); ... else <trap>
 *
 * over the candidates: the functions whose address the program takes, of the
 * pointer's type (function pointer types are interned by the canonical
 * function type, and a conversion between two of them is refused, so an id
 * of another type can never be stored there).  Anything else (NULL, a value
 * never assigned) ends the path like a trap: the real program dies of it
 * (the test driver turns SIGSEGV into an exit).  The dispatch's ifs carry no
 * line: they are no branches of the source (the suites do not count them).
 * Each branch is an ordinary call of a function of the file, so callee lists,
 * recursion and its bounds are those of direct calls.
 */
#include <string.h>

#include "fe.h"

const char fe_pseudo_dispatch[] = "<dispatch>";
const char fe_bad_fnptr_call[] = "<call through a null or invalid function pointer>";

/* ---- function designators --------------------------------------------------- */
IrExpr *fe_function_id(FeCtx *c, CXCursor decl, IrLoc loc) {
  char *name = fe_spelling(c, decl);
  bool is_builtin = false;
  fe_builtin(name, &is_builtin);
  if (c->pure_only || is_builtin || fe_in_system_header(decl) || fe_is_stub(c, decl)) {
    fe_unsupported(c, loc, "unsupported: the address of '%s' (only functions defined in the file)", name);
    return fe_dummy(c, loc);
  }
  FeFunc *f = fe_func_for(c, decl);
  const char *why = "function pointer";
  IrType *t = fe_type_fnptr_of(c, clang_getCursorType(decl), &why);
  if (!f->has_def || fe_in_system_header(f->def) || !t) {
    fe_unsupported(c, loc, "unsupported: %s", t ? fe_fmt(c->A, "the address of '%s' (no body in the file)", name) : why);
    return fe_dummy(c, loc);
  }
  IrProgram *p = c->prog;
  int id = 0;
  while (id < p->nfn_ids && p->fn_ids[id] != f->fn) id++;
  if (id == p->nfn_ids) {
    fe_push(c->A, (void ***)&p->fn_ids, &p->nfn_ids, f->fn);
    int n = id;
    fe_push(c->A, (void ***)&c->fn_id_types, &n, t);
  }
  return fe_int_const(c, t, id + 1, loc);
}

/* ---- calls through a pointer ---------------------------------------------------- */
IrExpr *fe_indirect_call(FeCtx *c, CXCursor call, bool want_value, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  FeKids k = fe_kids(c, call);
  if (k.n < 1) return NULL;
  IrExpr *fp = fe_expr(c, k.k[0], out);
  if (!fp->type->fnptr) {
    if (!fe_failed(c)) fe_unsupported(c, loc, "unsupported: call through a function pointer");
    return NULL;
  }
  /* the id, evaluated once, before the arguments (this assignment starts
     the call's line, so a --reach of the line means any branch) */
  IrVar *id = fe_temp(c, fp->type, loc);
  IrStmt *set = fe_stmt_new(c, IR_ST_ASSIGN, loc);
  set->lhs = fe_var_expr(c, id, loc);
  set->rhs = fp;
  fe_emit(c, out, set);
  IrStmt *s = fe_stmt_new(c, IR_ST_CALL, loc);
  s->builtin = IR_BI_NONE;
  s->callee_name = fe_pseudo_dispatch;
  s->cond = fe_var_expr(c, id, loc);
  s->type = fe_type_of(c, call);
  int nargs = clang_Cursor_getNumArguments(call);
  if (nargs > 0) {
    s->args = fe_alloc(c->A, sizeof(IrExpr *) * (size_t)nargs);
    s->nargs = nargs;
  }
  for (int i = 0; i < nargs; i++) {
    s->args[i] = fe_expr(c, clang_Cursor_getArgument(call, (unsigned)i), out);
    if (s->args[i]->type->kind == IR_TY_STRUCT && !ir_is_lvalue(s->args[i]))
      fe_unsupported(c, loc, "unsupported: struct value");
  }
  return fe_emit_call(c, s, want_value, loc, out);
}

/* ---- the dispatch ---------------------------------------------------------------- */
static IrExpr *copy_expr(FeCtx *c, const IrExpr *e) {
  if (!e) return NULL;
  IrExpr *r = fe_alloc(c->A, sizeof *r);
  *r = *e;
  for (int i = 0; i < 3; i++) r->a[i] = copy_expr(c, e->a[i]);
  return r;
}

static IrBlock one(FeCtx *c, IrStmt *s) {
  IrBlock b = {0};
  fe_push(c->A, (void ***)&b.stmts, &b.n, s);
  return b;
}

/* The chain of ifs that replaces the placeholder s. */
static IrStmt *dispatch(FeCtx *c, const IrStmt *s) {
  IrProgram *p = c->prog;
  IrLoc none = {s->loc.file, 0, 0};
  IrStmt *tail = fe_stmt_new(c, IR_ST_CALL, s->loc);
  tail->builtin = IR_BI_ABORT;
  tail->callee_name = fe_bad_fnptr_call;
  tail->type = fe_type_void(c);
  for (int k = p->nfn_ids - 1; k >= 0; k--) {
    IrFunction *f = p->fn_ids[k];
    if (c->fn_id_types[k] != s->cond->type) continue;
    IrStmt *call = fe_stmt_new(c, IR_ST_CALL, s->loc);
    call->builtin = IR_BI_NONE;
    call->callee = f;
    call->callee_name = f->name;
    call->type = f->ret;
    call->lhs = copy_expr(c, s->lhs);
    call->nargs = s->nargs;
    call->args = s->nargs ? fe_alloc(c->A, sizeof(IrExpr *) * (size_t)s->nargs) : NULL;
    for (int i = 0; i < s->nargs; i++) call->args[i] = copy_expr(c, s->args[i]);
    IrStmt *test = fe_stmt_new(c, IR_ST_IF, none);
    IrExpr *eq = fe_alloc(c->A, sizeof *eq);
    eq->kind = IR_EQ;
    eq->type = fe_type_int_(c);
    eq->loc = none;
    eq->a[0] = copy_expr(c, s->cond);
    eq->a[1] = fe_int_const(c, s->cond->type, k + 1, none);
    test->cond = eq;
    test->then = one(c, call);
    test->els = one(c, tail);
    tail = test;
  }
  return tail;
}

static void lower_block(FeCtx *c, IrBlock *b);

static void lower_stmt(FeCtx *c, IrStmt *s) {
  switch (s->kind) {
  case IR_ST_CALL:
    if (s->callee_name == fe_pseudo_dispatch) *s = *dispatch(c, s);
    return;
  case IR_ST_IF:
    lower_block(c, &s->then);
    lower_block(c, &s->els);
    return;
  case IR_ST_WHILE:
    lower_block(c, &s->pre);
    lower_block(c, &s->body);
    lower_block(c, &s->step);
    return;
  case IR_ST_BLOCK: lower_block(c, &s->body); return;
  default: return;
  }
}

static void lower_block(FeCtx *c, IrBlock *b) {
  for (int i = 0; i < b->n; i++) lower_stmt(c, b->stmts[i]);
}

void fe_lower_dispatch(FeCtx *c) {
  IrProgram *p = c->prog;
  for (int i = 0; i < p->nfuncs; i++) {
    IrFunction *fn = p->funcs[i];
    if (!fn->defined) continue;
    c->fn = fn;
    lower_block(c, &fn->body);
  }
  c->fn = NULL;
}
