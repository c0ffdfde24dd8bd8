/* jumps.c - goto (and a switch's break) eliminated into structured IR.
 *
 * The IR has if, while, break, continue and return only, so once a function
 * is converted, fe_lower_jumps() replaces its label and goto pseudo
 * statements, in the manner of Erosa and Hendren, with one variable `jump`
 * per function: 0 when no goto is under way, else the number of the label a
 * goto is going to (control is in one place, so one variable is enough).
 *   - `goto L` is `jump = L`; at `L:`, `if (jump == L) jump = 0;`.
 *   - Forward: the statements between a goto and its label are skipped:
 *     where a goto may be under way, statements are guarded by
 *     `if (jump) ; else { ... }`.  A goto out of a loop that does not hold L
 *     leaves it with `break`, and `if (jump == L) break;` after each inner
 *     statement that may start such a goto leaves the next loops out to L's
 *     block.
 *   - Backward: the statements from `L:` to the last one holding a goto to
 *     L become `do { jump = 0; ... } while (jump == L);` (IrStmt.goto_loop),
 *     in which the goto is a forward jump to the end of the body.  A C break
 *     or continue in that region that belongs to an enclosing loop leaves
 *     the new loop through a flag of its own and is repeated right after it.
 *   - Inward: a goto to a label nested in a later statement S of a block
 *     that holds the goto (an if branch, a block, a loop body) is pending
 *     when S comes; S is then entered: `if (jump == 0 || jump into S)`
 *     around it, an if runs the branch holding the label (its condition is
 *     not evaluated), a while loop starts its body without its condition
 *     (a do-while's first iteration has none), and inside, the statements
 *     before the label are guarded as for a forward goto.
 * Unsupported (reported): a goto backward to a label nested in a statement
 * (or inside the statement holding the goto), a goto into a loop made of
 * goto, a goto inside a loop condition.  Every statement keeps its location;
 * the synthetic guards have line 0 so that --reach never picks them.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

const char fe_pseudo_label[] = "<label>", fe_pseudo_goto[] = "<goto>";

/* ---- during conversion ------------------------------------------------------------ */
int fe_label_new(FeCtx *c, const char *name, IrLoc loc) {
  FeLabel *l = fe_alloc(c->A, sizeof *l);
  l->name = name;
  l->loc = loc;
  fe_push(c->A, (void ***)&c->labels, &c->nlabels, l);
  return c->nlabels - 1;
}

int fe_label_of(FeCtx *c, CXCursor label_stmt) { /* label names are unique in a function */
  char *name = fe_spelling(c, label_stmt);
  for (int i = 0; i < c->nlabels; i++)
    if (c->labels[i]->user && strcmp(c->labels[i]->name, name) == 0) return i;
  int n = fe_label_new(c, name, fe_loc(c, label_stmt));
  c->labels[n]->user = true;
  return n;
}

static void pseudo(FeCtx *c, const char *kind, int id, IrLoc loc, IrBlock *out) {
  IrStmt *s = fe_stmt_new(c, IR_ST_SKIP, loc);
  s->callee_name = kind;
  s->nargs = id;
  fe_emit(c, out, s);
}

void fe_emit_label(FeCtx *c, int id, IrLoc loc, IrBlock *out) { pseudo(c, fe_pseudo_label, id, loc, out); }

void fe_emit_goto(FeCtx *c, int id, IrLoc loc, IrBlock *out) {
  c->labels[id]->ngotos++;
  pseudo(c, fe_pseudo_goto, id, loc, out);
}

static bool is_pseudo(const IrStmt *s, const char *kind) {
  return s->kind == IR_ST_SKIP && s->callee_name == kind;
}

/* ---- helpers ------------------------------------------------------------------------ */
typedef struct Frame {
  struct Frame *up;
  bool loop_body;         /* the body of a WHILE: `break` leaves it */
  int *labels;            /* ids of the labels a goto can reach in this block, */
  int *at;                /*   directly or nested in its statement at[i] */
  int nlabels;
} Frame;

typedef struct Lower {
  FeCtx *c;
  IrFunction *fn;
  IrVar *jump;            /* 0, or the label (id + 1) a goto is going to */
  bool failed;
} Lower;

static IrLoc nowhere(IrLoc l) { return (IrLoc){l.file, 0, 0}; }

static void push_stmt(FeCtx *c, IrBlock *b, IrStmt *s) { fe_push(c->A, (void ***)&b->stmts, &b->n, s); }

static IrStmt *set_flag(FeCtx *c, IrVar *flag, int v, IrLoc loc) {
  IrStmt *s = fe_stmt_new(c, IR_ST_ASSIGN, loc);
  s->lhs = fe_var_expr(c, flag, loc);
  s->rhs = fe_int_const(c, flag->type, v, loc);
  return s;
}

/* if (flag) <kind>; */
static IrStmt *if_flag(FeCtx *c, IrVar *flag, IrStmtKind kind, IrLoc loc) {
  IrStmt *s = fe_stmt_new(c, IR_ST_IF, nowhere(loc));
  s->cond = fe_var_expr(c, flag, nowhere(loc));
  push_stmt(c, &s->then, fe_stmt_new(c, kind, nowhere(loc)));
  return s;
}

static IrExpr *bin(FeCtx *c, IrExprKind k, IrExpr *a, IrExpr *b, IrLoc loc) {
  IrExpr *e = fe_alloc(c->A, sizeof *e);
  e->kind = k;
  e->type = fe_type_int_(c);
  e->loc = loc;
  e->a[0] = a;
  e->a[1] = b;
  return e;
}

/* jump == id + 1 */
static IrExpr *going_to(Lower *L, int id, IrLoc loc) {
  return bin(L->c, IR_EQ, fe_var_expr(L->c, L->jump, loc), fe_int_const(L->c, L->jump->type, id + 1, loc), loc);
}

static bool contains_goto(const IrStmt *s, int id);

static bool block_contains_goto(const IrBlock *b, int id) {
  for (int i = 0; i < b->n; i++)
    if (contains_goto(b->stmts[i], id)) return true;
  return false;
}

static bool contains_goto(const IrStmt *s, int id) {
  if (is_pseudo(s, fe_pseudo_goto)) return id < 0 || s->nargs == id;
  return block_contains_goto(&s->then, id) || block_contains_goto(&s->els, id) ||
         block_contains_goto(&s->pre, id) || block_contains_goto(&s->body, id) ||
         block_contains_goto(&s->step, id);
}

static bool frame_has(const Frame *f, int id) {
  for (int i = 0; i < f->nlabels; i++)
    if (f->labels[i] == id) return true;
  return false;
}

static void frame_add(FeCtx *c, Frame *f, int id, int at) {
  int *n = fe_alloc(c->A, sizeof *n * (size_t)(f->nlabels + 1)), *a = fe_alloc(c->A, sizeof *a * (size_t)(f->nlabels + 1));
  if (f->nlabels) memcpy(n, f->labels, sizeof *n * (size_t)f->nlabels);
  if (f->nlabels) memcpy(a, f->at, sizeof *a * (size_t)f->nlabels);
  n[f->nlabels] = id;
  a[f->nlabels++] = at;
  f->labels = n;
  f->at = a;
}

/* Where label id stands in f's block: the statement holding it, or -1. */
static int frame_at(const Frame *f, int id) {
  for (int i = 0; i < f->nlabels; i++)
    if (f->labels[i] == id) return f->at[i];
  return -1;
}

static bool is_label_stmt(const IrStmt *s) {
  return is_pseudo(s, fe_pseudo_label) || (s->kind == IR_ST_WHILE && s->callee_name == fe_pseudo_label);
}

/* Adds the labels nested in the blocks of s (not s itself) to fs. */
static void nested_labels(FeCtx *c, const IrStmt *s, Frame *fs, int at) {
  const IrBlock *b[3] = {&s->then, &s->els, &s->body};
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < b[j]->n; i++) {
      const IrStmt *k = b[j]->stmts[i];
      if (is_label_stmt(k)) frame_add(c, fs, k->nargs, at);
      nested_labels(c, k, fs, at);
    }
}

static bool block_holds_label(const IrBlock *b, int id);

/* Is label id nested in the blocks of s? */
static bool holds_label(const IrStmt *s, int id) {
  return block_holds_label(&s->then, id) || block_holds_label(&s->els, id) || block_holds_label(&s->body, id);
}

static bool block_holds_label(const IrBlock *b, int id) {
  for (int i = 0; i < b->n; i++)
    if ((is_label_stmt(b->stmts[i]) && b->stmts[i]->nargs == id) || holds_label(b->stmts[i], id)) return true;
  return false;
}

/* Where a goto to id from frame f lands: the frame holding the label (NULL:
   not in an enclosing block); *crosses: a loop body lies on the way. */
static const Frame *target_frame(const Frame *f, int id, bool *crosses) {
  *crosses = false;
  for (; f; f = f->up) {
    if (frame_has(f, id)) return f;
    if (f->loop_body) *crosses = true;
  }
  return NULL;
}

/* ---- C break/continue inside a loop made of goto ----------------------------------- */
typedef struct Escape {
  IrVar *brk, *cont;      /* created on first use */
} Escape;

/* A break/continue of an enclosing loop becomes { flag = 1; break; } so that it
   leaves the goto loop first. */
static void capture_block(Lower *L, IrBlock *b, Escape *x, IrLoc loc) {
  FeCtx *c = L->c;
  for (int i = 0; i < b->n; i++) {
    IrStmt *s = b->stmts[i];
    if (s->kind == IR_ST_BREAK || s->kind == IR_ST_CONTINUE) {
      IrVar **flag = s->kind == IR_ST_BREAK ? &x->brk : &x->cont;
      if (!*flag) *flag = fe_temp(c, fe_type_int_(c), loc);
      IrStmt *blk = fe_stmt_new(c, IR_ST_BLOCK, s->loc);
      push_stmt(c, &blk->body, set_flag(c, *flag, 1, s->loc));
      push_stmt(c, &blk->body, fe_stmt_new(c, IR_ST_BREAK, s->loc));
      b->stmts[i] = blk;
      continue;
    }
    if (s->kind == IR_ST_WHILE) continue; /* its own break/continue */
    capture_block(L, &s->then, x, loc);
    capture_block(L, &s->els, x, loc);
    capture_block(L, &s->body, x, loc);
  }
}

/* ---- backward gotos: loops ------------------------------------------------------------ */
/* The last statement of b from `from` on that holds a goto to id; -1 if none. */
static int last_goto(const IrBlock *b, int from, int id) {
  int m = -1;
  for (int k = from; k < b->n; k++)
    if (contains_goto(b->stmts[k], id)) m = k;
  return m;
}

/* Rewrites b so that every label with a goto back to it (from the label's
   own statement list, at any depth) heads a goto loop. */
static void make_loops(Lower *L, IrBlock *b) {
  FeCtx *c = L->c;
  for (int j = 0; j < b->n; j++) {
    IrStmt *ls = b->stmts[j];
    if (!is_pseudo(ls, fe_pseudo_label)) continue;
    int id = ls->nargs;
    int m = last_goto(b, j + 1, id);
    if (m < 0) continue;
    for (int k = j + 1; k <= m; k++) /* labels inside the region: their loops must fit in it */
      if (is_pseudo(b->stmts[k], fe_pseudo_label)) {
        int mk = last_goto(b, k + 1, b->stmts[k]->nargs);
        if (mk > m) m = mk;
      }
    IrStmt *w = fe_stmt_new(c, IR_ST_WHILE, ls->loc);
    w->is_do_while = true;
    w->goto_loop = true;
    w->cond = going_to(L, id, nowhere(ls->loc));
    w->callee_name = fe_pseudo_label; /* marks the loop as L's place until lowered */
    w->nargs = id;
    push_stmt(c, &w->body, set_flag(c, L->jump, 0, ls->loc));
    for (int k = j + 1; k <= m; k++) push_stmt(c, &w->body, b->stmts[k]);
    Escape x = {NULL, NULL};
    capture_block(L, &w->body, &x, ls->loc);
    IrBlock nb = {NULL, 0};
    for (int k = 0; k < j; k++) push_stmt(c, &nb, b->stmts[k]);
    if (x.brk) push_stmt(c, &nb, set_flag(c, x.brk, 0, nowhere(ls->loc)));
    if (x.cont) push_stmt(c, &nb, set_flag(c, x.cont, 0, nowhere(ls->loc)));
    int at = nb.n;
    push_stmt(c, &nb, w);
    if (x.brk) push_stmt(c, &nb, if_flag(c, x.brk, IR_ST_BREAK, ls->loc));
    if (x.cont) push_stmt(c, &nb, if_flag(c, x.cont, IR_ST_CONTINUE, ls->loc));
    for (int k = m + 1; k < b->n; k++) push_stmt(c, &nb, b->stmts[k]);
    *b = nb;
    j = at;
  }
}

/* ---- the lowering ------------------------------------------------------------------------ */
typedef struct Flags {
  int *id;
  int n;
} Flags;

static void flags_add(FeCtx *c, Flags *f, int id) {
  for (int i = 0; i < f->n; i++)
    if (f->id[i] == id) return;
  int *n = fe_alloc(c->A, sizeof *n * (size_t)(f->n + 1));
  if (f->n) memcpy(n, f->id, sizeof *n * (size_t)f->n);
  n[f->n++] = id;
  f->id = n;
}

static void flags_remove(Flags *f, int id) {
  for (int i = 0; i < f->n; i++)
    if (f->id[i] == id) f->id[i] = f->id[--f->n];
}

static bool flags_has(const Flags *f, int id) {
  for (int i = 0; i < f->n; i++)
    if (f->id[i] == id) return true;
  return false;
}

static void lower_block(Lower *L, IrBlock *b, Frame *up, bool loop_body, int end_label, Flags *escapes,
                        const Flags *enter);

static void fail_at(Lower *L, IrLoc loc, const char *fmt, const char *name) {
  if (L->failed) return;
  L->failed = true;
  FeCtx *c = L->c;
  IrFunction *saved = c->fn;
  c->fn = L->fn;
  fe_unsupported(c, loc, fmt, name);
  c->fn = saved;
}

/* Lowers s (whose block is frame f) into out; the labels whose flags it may
   leave set go into sets. */
static void lower_stmt(Lower *L, IrStmt *s, Frame *f, IrBlock *out, Flags *sets) {
  FeCtx *c = L->c;
  if (is_pseudo(s, fe_pseudo_goto)) {
    FeLabel *lab = c->labels[s->nargs];
    bool crosses;
    if (!target_frame(f, s->nargs, &crosses)) { /* keep its line: the target may be there */
      fail_at(L, s->loc, "unsupported: goto into a nested block or loop (label '%s')", lab->name);
      push_stmt(c, out, fe_stmt_new(c, IR_ST_SKIP, s->loc));
      return;
    }
    push_stmt(c, out, set_flag(c, L->jump, s->nargs + 1, s->loc));
    if (crosses) push_stmt(c, out, fe_stmt_new(c, IR_ST_BREAK, s->loc));
    flags_add(c, sets, s->nargs);
    return;
  }
  switch (s->kind) {
  case IR_ST_IF:
    lower_block(L, &s->then, f, false, -1, sets, NULL);
    lower_block(L, &s->els, f, false, -1, sets, NULL);
    break;
  case IR_ST_BLOCK: lower_block(L, &s->body, f, false, -1, sets, NULL); break;
  case IR_ST_WHILE: {
    if (block_contains_goto(&s->pre, -1) || block_contains_goto(&s->step, -1))
      fail_at(L, s->loc, "unsupported: goto inside a loop condition%s", "");
    int end = -1;
    if (s->goto_loop && s->callee_name == fe_pseudo_label) {
      end = s->nargs;
      s->callee_name = NULL;
      s->nargs = 0;
    }
    lower_block(L, &s->body, f, true, end, sets, NULL);
    break;
  }
  default: break;
  }
  push_stmt(c, out, s);
}

/* jump == a || jump == b ... over the labels of `ids` that b holds (0: none) */
static IrExpr *going_into(Lower *L, const Flags *ids, const IrBlock *b, IrLoc loc) {
  IrExpr *e = NULL;
  for (int i = 0; i < ids->n; i++) {
    if (b && !block_holds_label(b, ids->id[i])) continue;
    IrExpr *t = going_to(L, ids->id[i], loc);
    e = e ? bin(L->c, IR_LOR, e, t, loc) : t;
  }
  return e ? e : fe_int_const(L->c, fe_type_int_(L->c), 0, loc);
}

static IrStmt *assign_to(FeCtx *c, IrVar *v, IrExpr *e, IrLoc loc) {
  IrStmt *s = fe_stmt_new(c, IR_ST_ASSIGN, loc);
  s->lhs = fe_var_expr(c, v, loc);
  s->rhs = e;
  return s;
}

/* s holds labels `inner` that a goto before it is going to (jump is 0 or
   one of them): s is entered there.  An if runs the branch holding the
   label without its condition; a while starts its body without its
   condition; inside, what precedes the label is skipped. */
static void enter_stmt(Lower *L, IrStmt *s, Frame *f, IrBlock *out, Flags *sets, const Flags *inner) {
  FeCtx *c = L->c;
  IrLoc no = nowhere(s->loc);
  switch (s->kind) {
  case IR_ST_BLOCK:
    lower_block(L, &s->body, f, false, -1, sets, inner);
    push_stmt(c, out, s);
    return;
  case IR_ST_IF: {
    /* if (jump) t = <into then>; else if (cond) t = 1; else t = 0;   if (t) then else els */
    IrVar *t = fe_temp(c, fe_type_int_(c), no);
    IrStmt *pick = fe_stmt_new(c, IR_ST_IF, no);
    pick->cond = fe_var_expr(c, L->jump, no);
    push_stmt(c, &pick->then, assign_to(c, t, going_into(L, inner, &s->then, no), no)); /* before lowering */
    IrStmt *run = fe_stmt_new(c, IR_ST_IF, no);
    run->cond = fe_var_expr(c, t, no);
    run->then = s->then;
    run->els = s->els;
    lower_block(L, &run->then, f, false, -1, sets, inner);
    lower_block(L, &run->els, f, false, -1, sets, inner);
    s->then = (IrBlock){NULL, 0};
    s->els = (IrBlock){NULL, 0};
    push_stmt(c, &s->then, set_flag(c, t, 1, no));
    push_stmt(c, &s->els, set_flag(c, t, 0, no));
    push_stmt(c, &pick->els, s); /* the C if (its line) runs only when not jumping */
    push_stmt(c, out, pick);
    push_stmt(c, out, run);
    return;
  }
  case IR_ST_WHILE: {
    if (s->goto_loop || s->callee_name == fe_pseudo_label) {
      fail_at(L, s->loc, "unsupported: goto into a loop made of goto (label '%s')", c->labels[inner->id[0]]->name);
      push_stmt(c, out, s);
      return;
    }
    if (block_contains_goto(&s->pre, -1) || block_contains_goto(&s->step, -1))
      fail_at(L, s->loc, "unsupported: goto inside a loop condition%s", "");
    lower_block(L, &s->body, f, true, -1, sets, inner);
    if (!s->is_do_while) { /* pre: if (jump) t = 1; else { pre; t = cond != 0; }   cond: t */
      IrVar *t = fe_temp(c, fe_type_int_(c), no);
      IrStmt *pre = fe_stmt_new(c, IR_ST_IF, no);
      pre->cond = fe_var_expr(c, L->jump, no);
      push_stmt(c, &pre->then, set_flag(c, t, 1, no));
      pre->els = s->pre;
      push_stmt(c, &pre->els, assign_to(c, t, bin(c, IR_NE, s->cond, fe_zero(c, s->cond->type, no), no), no));
      s->pre = (IrBlock){NULL, 0};
      push_stmt(c, &s->pre, pre);
      s->cond = fe_var_expr(c, t, no);
    }
    push_stmt(c, out, s);
    return;
  }
  default:
    fail_at(L, s->loc, "unsupported: goto into this statement (label '%s')", c->labels[inner->id[0]]->name);
    push_stmt(c, out, s);
    return;
  }
}

/* Where the (lowered) goto to id inside s is: its `jump = id + 1`. */
static IrLoc goto_loc(const Lower *L, const IrStmt *s, int id, IrLoc dflt) {
  if (s->kind == IR_ST_ASSIGN && s->lhs->kind == IR_VAR && s->lhs->var == L->jump && s->rhs->kind == IR_INT_CONST &&
      s->rhs->ival == id + 1)
    return s->loc;
  const IrBlock *b[5] = {&s->then, &s->els, &s->pre, &s->body, &s->step};
  for (int j = 0; j < 5; j++)
    for (int i = 0; i < b[j]->n; i++) {
      IrLoc l = goto_loc(L, b[j]->stmts[i], id, (IrLoc){NULL, 0, 0});
      if (l.file) return l;
    }
  return dflt;
}

/* `if (jump) ; else { stmts }`: no statement runs while a goto is under way */
static IrStmt *guard(Lower *L, IrBlock body, IrLoc loc) {
  IrStmt *s = fe_stmt_new(L->c, IR_ST_IF, nowhere(loc));
  s->cond = fe_var_expr(L->c, L->jump, nowhere(loc));
  s->els = body;
  return s;
}

/* if (jump == L1 || ...) break; for the gotos that leave a loop here */
static IrStmt *break_if_leaving(Lower *L, const Flags *ids, IrLoc loc) {
  FeCtx *c = L->c;
  IrExpr *e = NULL;
  for (int i = 0; i < ids->n; i++) {
    IrExpr *t = going_to(L, ids->id[i], nowhere(loc));
    e = e ? bin(c, IR_LOR, e, t, nowhere(loc)) : t;
  }
  IrStmt *s = fe_stmt_new(c, IR_ST_IF, nowhere(loc));
  s->cond = e;
  push_stmt(c, &s->then, fe_stmt_new(c, IR_ST_BREAK, nowhere(loc)));
  return s;
}

/* `if (jump == id) jump = 0;` where label id stands */
static IrStmt *arrive(Lower *L, int id, IrLoc loc) {
  IrStmt *s = fe_stmt_new(L->c, IR_ST_IF, loc);
  s->cond = going_to(L, id, loc);
  push_stmt(L->c, &s->then, set_flag(L->c, L->jump, 0, nowhere(loc)));
  return s;
}

static void lower_block(Lower *L, IrBlock *b, Frame *up, bool loop_body, int end_label, Flags *escapes,
                        const Flags *enter) {
  FeCtx *c = L->c;
  make_loops(L, b);
  Frame f = {up, loop_body, NULL, NULL, 0};
  if (end_label >= 0) frame_add(c, &f, end_label, b->n);
  for (int k = 0; k < b->n; k++) {
    IrStmt *s = b->stmts[k];
    if (is_label_stmt(s)) frame_add(c, &f, s->nargs, k);
    nested_labels(c, s, &f, k);
  }
  bool *entered = fe_alloc(c->A, sizeof *entered * (size_t)(b->n + 1)); /* a goto loop that a goto */
  for (int k = 0; k < b->n; k++) {                                           /* before it enters */
    IrStmt *s = b->stmts[k];
    if (s->kind == IR_ST_WHILE && s->callee_name == fe_pseudo_label)
      for (int i = 0; i < k && !entered[k]; i++) entered[k] = contains_goto(b->stmts[i], s->nargs);
  }
  IrBlock out = {NULL, 0};
  Flags pending = {NULL, 0}; /* labels of this block (or nested in it) a goto may be going to */
  for (int i = 0; enter && i < enter->n; i++) flags_add(c, &pending, enter->id[i]);
  IrBlock run = {NULL, 0};   /* consecutive statements under one guard, none of
                                which may start a goto (the guard is tested once) */
  for (int k = 0; k <= b->n; k++) { /* after a failure too: every line stays */
    IrStmt *s = k < b->n ? b->stmts[k] : NULL;
    bool label = s && is_pseudo(s, fe_pseudo_label);
    bool loop_label = s && s->kind == IR_ST_WHILE && s->callee_name == fe_pseudo_label;
    bool arrives = (label && c->labels[s->nargs]->ngotos) ||
                   (loop_label && (entered[k] || flags_has(&pending, s->nargs)));
    Flags inner = {NULL, 0}; /* pending labels nested in s: a goto enters s */
    for (int i = 0; s && i < pending.n; i++)
      if (holds_label(s, pending.id[i])) flags_add(c, &inner, pending.id[i]);
    if (run.n && (!s || arrives || !pending.n || inner.n)) { /* close the run */
      push_stmt(c, &out, guard(L, run, run.stmts[0]->loc));
      run = (IrBlock){NULL, 0};
    }
    if (!s) break;
    if (arrives) {
      flags_remove(&pending, s->nargs);
      push_stmt(c, &out, arrive(L, s->nargs, s->loc));
    }
    if (label) {
      if (!arrives && !c->labels[s->nargs]->shares_line) push_stmt(c, pending.n ? &run : &out, fe_stmt_new(c, IR_ST_SKIP, s->loc));
      continue;
    }
    Flags sets = {NULL, 0}, leaving = {NULL, 0};
    IrBlock *into = pending.n ? &run : &out;
    if (inner.n) {
      for (int i = 0; i < inner.n; i++) flags_remove(&pending, inner.id[i]);
      into = &out;
      if (pending.n) { /* a goto past s skips it: if (jump == 0 || jump into s) */
        IrLoc no = nowhere(s->loc);
        IrStmt *w = fe_stmt_new(c, IR_ST_IF, no);
        w->cond = bin(c, IR_LOR, bin(c, IR_EQ, fe_var_expr(c, L->jump, no), fe_int_const(c, L->jump->type, 0, no), no),
                      going_into(L, &inner, NULL, no), no);
        push_stmt(c, &out, w);
        into = &w->then;
      }
      enter_stmt(L, s, &f, into, &sets, &inner);
    } else {
      lower_stmt(L, s, &f, into, &sets);
    }
    for (int i = 0; i < sets.n; i++) {
      int id = sets.id[i];
      bool crosses;
      const Frame *t = target_frame(&f, id, &crosses);
      if (t == &f && frame_at(&f, id) <= k)
        fail_at(L, goto_loc(L, s, id, s->loc), "unsupported: goto into a nested block that is not after the statement holding the goto (label '%s')", c->labels[id]->name);
      if (t != &f) flags_add(c, escapes, id);
      if (t != &f && crosses) flags_add(c, &leaving, id); /* break out of the loop */
      else flags_add(c, &pending, id);
    }
    if (leaving.n && s->kind == IR_ST_WHILE) /* a goto left it by break: go on leaving */
      push_stmt(c, into, break_if_leaving(L, &leaving, s->loc));
    if (sets.n && run.n) { /* what follows tests the guard again */
      push_stmt(c, &out, guard(L, run, run.stmts[0]->loc));
      run = (IrBlock){NULL, 0};
    }
  }
  *b = out;
}

/* ---- entry ------------------------------------------------------------------------------- */
static bool any_goto(FeCtx *c) {
  for (int i = 0; i < c->nlabels; i++)
    if (c->labels[i]->ngotos) return true;
  return false;
}

/* Pseudo labels with no goto become SKIPs (their line stays a target), or
   vanish when their statement starts on the same line. */
static void plain_labels(FeCtx *c, IrBlock *b) {
  int n = 0;
  for (int i = 0; i < b->n; i++) {
    IrStmt *s = b->stmts[i];
    if (is_pseudo(s, fe_pseudo_label)) {
      bool drop = c->labels[s->nargs]->shares_line;
      s->callee_name = NULL;
      s->nargs = 0;
      if (drop) continue;
    }
    b->stmts[n++] = s;
    plain_labels(c, &s->then);
    plain_labels(c, &s->els);
    plain_labels(c, &s->pre);
    plain_labels(c, &s->body);
    plain_labels(c, &s->step);
  }
  b->n = n;
}

void fe_lower_jumps(FeCtx *c, IrFunction *fn) {
  if (!any_goto(c)) {
    plain_labels(c, &fn->body);
    return;
  }
  IrBlock init = {NULL, 0};
  Lower L = {c, fn, fe_temp(c, fe_type_int_(c), nowhere(fn->loc)), false};
  push_stmt(c, &init, set_flag(c, L.jump, 0, nowhere(fn->loc)));
  Flags escapes = {NULL, 0};
  lower_block(&L, &fn->body, NULL, false, -1, &escapes, NULL);
  if (escapes.n) /* a label no enclosing block holds: reported already */
    fail_at(&L, fn->loc, "unsupported: goto to label '%s' outside the function body", c->labels[escapes.id[0]]->name);
  for (int i = 0; i < fn->body.n; i++) push_stmt(c, &init, fn->body.stmts[i]);
  fn->body = init;
  plain_labels(c, &fn->body); /* labels in loop conditions (their gotos failed) */
}
