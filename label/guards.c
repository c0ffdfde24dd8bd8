/* guards.c - what every execution meeting the objective has checked of the
 * parameters: the guards at the top of the function (`if (n < 0 || n >
 * 400) return -1;`: they come first and their then-branch only returns)
 * and the conditions of the ifs around the target that read parameters
 * the function never writes (`if (i == 65535 && seed == 0xACE1)`), in a
 * function that cannot call itself (else the target may run in a deeper
 * frame of it, whose parameters are not the entry's).
 * Posted like an --assume, they make the inputs' domains small from the
 * start, where running every input is a proof (label/concrete.c) that
 * need not wait for the root propagation to get there through loops it
 * cannot finish, or a witness.
 *
 * A guard counts only when nothing before it can meet the objective or
 * change a parameter: the statements before it are declarations and
 * assignments of locals (no calls), none of them the target, and the
 * guard's condition compares parameters and constants only (integer
 * conversions included, no arithmetic: nothing that may trap, so that the
 * negation posted says exactly what the run checked).
 */
#include <stdlib.h>

#include "lbl_guards.h"

/* Is pred true of statement s or of a statement nested in it? */
typedef bool (*StmtPred)(const IrStmt *s, const void *arg);

static bool block_any(const IrBlock *b, StmtPred pred, const void *arg);

static bool stmt_any(const IrStmt *s, StmtPred pred, const void *arg) {
  return pred(s, arg) || block_any(&s->then, pred, arg) || block_any(&s->els, pred, arg) ||
         block_any(&s->pre, pred, arg) || block_any(&s->body, pred, arg) || block_any(&s->step, pred, arg);
}

static bool block_any(const IrBlock *b, StmtPred pred, const void *arg) {
  for (int i = 0; i < b->n; i++)
    if (stmt_any(b->stmts[i], pred, arg)) return true;
  return false;
}

static bool is_stmt(const IrStmt *s, const void *target) { return s == target; }

static bool stmt_holds(const IrStmt *st, const IrStmt *s) { return stmt_any(st, is_stmt, s); }
static bool block_holds(const IrBlock *b, const IrStmt *s) { return block_any(b, is_stmt, s); }

/* Comparisons and logic over integer parameters and constants. */
static bool plain_test(const IrExpr *e) {
  switch (e->kind) {
  case IR_INT_CONST: return true;
  case IR_VAR: return e->var->kind == IR_VAR_PARAM && e->type->kind == IR_TY_INT;
  case IR_LNOT: return plain_test(e->a[0]);
  case IR_CAST: /* integer conversions: promotions, wraps; no trap */
    return e->type->kind == IR_TY_INT && e->a[0]->type->kind == IR_TY_INT && plain_test(e->a[0]);
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

typedef struct Facts {
  IrExpr **e;
  int n;
  bool failed;     /* out of memory: nothing is posted */
} Facts;

/* Adds e (negated when `negate`), a fresh node over fn's own expressions. */
static void add(Facts *f, const IrExpr *e, bool negate) {
  IrExpr **more = realloc(f->e, sizeof *f->e * (size_t)(f->n + 1));
  IrExpr *node = malloc(sizeof *node);
  if (!more || !node) {
    if (more) f->e = more;
    free(node);
    f->failed = true;
    return;
  }
  f->e = more;
  *node = negate ? (IrExpr){.kind = IR_LNOT, .type = e->type, .loc = e->loc, .a = {(IrExpr *)e}} : *e;
  f->e[f->n++] = node;
}

/* ---- What the path to the target must have found true --------------------
 * The target in the then-branch of `if (C)`: C held when control passed
 * there; in the else-branch, !C.  A conjunct of C that reads only
 * parameters the function never assigns held at the entry as well.  (A
 * goto into a branch is lowered so that the branch's if tests the
 * function's `jump` variable, which is no parameter: frontend/jumps.c.) */

/* Can a call in fn lead back to `back` (recursion)?  A depth-first walk
   over the calls of the file's functions; `seen` holds the functions
   visited (at most MAX_SEEN: past that, assume it can). */
enum { MAX_SEEN = 256 };

typedef struct Walk {
  const IrFunction *back;
  const IrFunction *seen[MAX_SEEN];
  int nseen;
  bool found;
} Walk;

static void walk_function(Walk *w, const IrFunction *fn);

static bool note_call(const IrStmt *s, const void *arg) {
  Walk *w = (Walk *)arg;
  if (s->kind == IR_ST_CALL && s->builtin == IR_BI_NONE && s->callee && s->callee->defined) walk_function(w, s->callee);
  return w->found; /* stops the walk once found */
}

static void walk_function(Walk *w, const IrFunction *fn) {
  if (w->found) return;
  if (fn == w->back && w->nseen > 0) {
    w->found = true;
    return;
  }
  for (int i = 0; i < w->nseen; i++)
    if (w->seen[i] == fn) return;
  if (w->nseen == MAX_SEEN) {
    w->found = true;
    return;
  }
  w->seen[w->nseen++] = fn;
  block_any(&fn->body, note_call, w);
}

static bool recursive(const IrFunction *fn) {
  Walk w = {.back = fn};
  walk_function(&w, fn);
  return w.found;
}

static bool assigns(const IrStmt *s, const void *v) {
  return (s->kind == IR_ST_ASSIGN || s->kind == IR_ST_CALL) && s->lhs && s->lhs->kind == IR_VAR && s->lhs->var == v;
}

/* plain_test over parameters fn never writes. */
static bool fixed_test(const IrFunction *fn, const IrExpr *e) {
  if (!plain_test(e)) return false;
  if (e->kind == IR_VAR) return !e->var->address_taken && !block_any(&fn->body, assigns, e->var);
  for (int k = 0; k < 3; k++)
    if (e->a[k] && !fixed_test(fn, e->a[k])) return false;
  return true;
}

static void conjuncts(const IrFunction *fn, const IrExpr *c, Facts *f) {
  if (c->kind == IR_LAND) {
    conjuncts(fn, c->a[0], f);
    conjuncts(fn, c->a[1], f);
  } else if (fixed_test(fn, c)) {
    add(f, c, false);
  }
}

static void path_to(const IrFunction *fn, const IrBlock *b, const IrStmt *target, Facts *f) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (s == target || !stmt_holds(s, target)) continue;
    if (s->kind == IR_ST_IF && block_holds(&s->then, target)) {
      conjuncts(fn, s->cond, f);
      path_to(fn, &s->then, target, f);
    } else if (s->kind == IR_ST_IF) {
      if (fixed_test(fn, s->cond)) add(f, s->cond, true);
      path_to(fn, &s->els, target, f);
    } else { /* a loop's condition is not required (a do-while's first run) */
      path_to(fn, &s->pre, target, f);
      path_to(fn, &s->body, target, f);
      path_to(fn, &s->step, target, f);
    }
    return;
  }
}

int lbl_entry_guards(const IrFunction *fn, const IrObjective *obj, IrExpr ***out) {
  Facts f = {0};
  for (int i = 0; i < fn->body.n; i++) {
    const IrStmt *s = fn->body.stmts[i];
    if (obj->target && stmt_holds(s, obj->target)) break; /* the objective may be met here */
    if (harmless(s)) continue;
    if (!is_guard(s)) break;
    add(&f, s->cond, true);
  }
  /* in a recursive function the target may run in a deeper frame, whose
     parameters the entry's are not */
  if (obj->target && !recursive(fn)) path_to(fn, &fn->body, obj->target, &f);
  if (f.failed) {
    lbl_entry_guards_free(f.e, f.n);
    f = (Facts){0};
  }
  *out = f.e;
  return f.n;
}

void lbl_entry_guards_free(IrExpr **guards, int n) {
  for (int i = 0; i < n; i++) free(guards[i]);
  free(guards);
}
