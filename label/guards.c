/* guards.c - the checks a function makes of its parameters before anything
 * else: `if (n < 0 || n > 400) return -1;` at the top of its body.  Every
 * execution that meets the objective passed them (they come first, and
 * their then-branch only returns), so their negations may be posted like
 * an --assume: the inputs' domains are then small from the start, where
 * running every input is a proof (label/concrete.c) that need not wait
 * for the root propagation to get there through loops it cannot finish.
 *
 * A guard counts only when nothing before it can meet the objective or
 * change a parameter: the statements before it are declarations and
 * assignments of locals (no calls), none of them the target, and the
 * guard's condition compares parameters and constants only (no
 * arithmetic: nothing that may wrap or trap, so that the negation posted
 * says exactly what the run checked).
 */
#include <stdlib.h>

#include "lbl_guards.h"

/* Does block b hold statement s (at any depth)? */
static bool block_holds(const IrBlock *b, const IrStmt *s);

static bool stmt_holds(const IrStmt *st, const IrStmt *s) {
  if (st == s) return true;
  return block_holds(&st->then, s) || block_holds(&st->els, s) || block_holds(&st->pre, s) ||
         block_holds(&st->body, s) || block_holds(&st->step, s);
}

static bool block_holds(const IrBlock *b, const IrStmt *s) {
  for (int i = 0; i < b->n; i++)
    if (stmt_holds(b->stmts[i], s)) return true;
  return false;
}

/* Comparisons and logic over integer parameters and constants. */
static bool plain_test(const IrExpr *e) {
  switch (e->kind) {
  case IR_INT_CONST: return true;
  case IR_VAR: return e->var->kind == IR_VAR_PARAM && e->type->kind == IR_TY_INT;
  case IR_LNOT: return plain_test(e->a[0]);
  case IR_LAND: case IR_LOR:
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE:
    return plain_test(e->a[0]) && plain_test(e->a[1]);
  default: return false;
  }
}

/* A then-branch that only returns (a constant or nothing). */
static bool only_returns(const IrBlock *b) {
  if (b->n != 1) return false;
  const IrStmt *s = b->stmts[0];
  if (s->kind == IR_ST_BLOCK) return only_returns(&s->body);
  return s->kind == IR_ST_RETURN && (!s->rhs || s->rhs->kind == IR_INT_CONST);
}

static bool is_guard(const IrStmt *s) {
  return s->kind == IR_ST_IF && s->els.n == 0 && plain_test(s->cond) && only_returns(&s->then);
}

/* A statement that changes no parameter and meets no objective. */
static bool harmless(const IrStmt *s) {
  if (s->kind == IR_ST_DECL) return !s->rhs; /* not a variable length array (its length may trap) */
  if (s->kind == IR_ST_SKIP) return !s->callee_name;
  return s->kind == IR_ST_ASSIGN && s->lhs->kind == IR_VAR && s->lhs->var->kind == IR_VAR_LOCAL;
}

int lbl_entry_guards(const IrFunction *fn, const IrObjective *obj, IrExpr ***out) {
  *out = NULL;
  int n = 0;
  for (int i = 0; i < fn->body.n; i++) {
    const IrStmt *s = fn->body.stmts[i];
    if (obj->target && stmt_holds(s, obj->target)) break; /* the objective may be met here */
    if (harmless(s)) continue;
    if (!is_guard(s)) break;
    IrExpr **more = realloc(*out, sizeof **out * (size_t)(n + 1));
    IrExpr *pass = calloc(1, sizeof *pass);
    if (!more || !pass) {
      free(more ? more : *out);
      free(pass);
      *out = NULL;
      return 0;
    }
    *out = more;
    *pass = (IrExpr){.kind = IR_LNOT, .type = s->cond->type, .loc = s->cond->loc, .a = {s->cond}};
    (*out)[n++] = pass;
  }
  return n;
}

void lbl_entry_guards_free(IrExpr **guards, int n) {
  for (int i = 0; i < n; i++) free(guards[i]);
  free(guards);
}
