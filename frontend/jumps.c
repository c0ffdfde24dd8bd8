/* jumps.c - goto (and a switch's break) eliminated into structured IR.
 *
 * The IR has if, while, break, continue and return only, so once a function
 * is converted, fe_lower_jumps() replaces its label and goto pseudo
 * statements, in the manner of Erosa and Hendren, with one flag per label:
 *   - `goto L` sets L's flag; `L:` clears it; every function starts with
 *     all flags clear.
 *   - Forward: while L's flag is set, the statements between the goto and
 *     the label are skipped: each is guarded by `if (flag) ; else stmt`.  A
 *     goto out of a loop that does not hold L leaves it with `break`, and
 *     `if (flag) break;` after each inner statement that may set the flag
 *     leaves the next loops out to L's block.
 *   - Backward: the statements from `L:` to the last one holding a goto to
 *     L become `do { flag = 0; ... } while (flag);` (IrStmt.goto_loop), in
 *     which the goto is a forward jump to the end of the body.  A C break or
 *     continue in that region that belongs to an enclosing loop leaves the
 *     new loop through its own flag and is repeated right after it.
 * Supported: the label is in a block that holds the goto (at any depth);
 * a goto into a nested block or loop body is reported as unsupported.  Every
 * statement keeps its location; the synthetic guards have line 0 so that
 * --reach never picks them.
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
  int *labels;            /* ids of the labels a goto can reach in this block */
  int nlabels;
} Frame;

typedef struct Lower {
  FeCtx *c;
  IrFunction *fn;
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

static void frame_add(FeCtx *c, Frame *f, int id) {
  int *n = fe_alloc(c->A, sizeof *n * (size_t)(f->nlabels + 1));
  if (f->nlabels) memcpy(n, f->labels, sizeof *n * (size_t)f->nlabels);
  n[f->nlabels++] = id;
  f->labels = n;
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
    FeLabel *lab = c->labels[id];
    IrStmt *w = fe_stmt_new(c, IR_ST_WHILE, ls->loc);
    w->is_do_while = true;
    w->goto_loop = true;
    w->cond = fe_var_expr(c, lab->flag, nowhere(ls->loc));
    w->callee_name = fe_pseudo_label; /* marks the loop as L's place until lowered */
    w->nargs = id;
    push_stmt(c, &w->body, set_flag(c, lab->flag, 0, ls->loc));
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

static bool flags_equal(const Flags *a, const Flags *b) {
  if (a->n != b->n) return false;
  for (int i = 0; i < a->n; i++) {
    bool found = false;
    for (int k = 0; k < b->n && !found; k++) found = a->id[i] == b->id[k];
    if (!found) return false;
  }
  return true;
}

static void lower_block(Lower *L, IrBlock *b, Frame *up, bool loop_body, int end_label, Flags *escapes);

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
    if (!target_frame(f, s->nargs, &crosses)) {
      fail_at(L, s->loc, "unsupported: goto into a nested block or loop (label '%s')", lab->name);
      return;
    }
    push_stmt(c, out, set_flag(c, lab->flag, 1, s->loc));
    if (crosses) push_stmt(c, out, fe_stmt_new(c, IR_ST_BREAK, s->loc));
    flags_add(c, sets, s->nargs);
    return;
  }
  switch (s->kind) {
  case IR_ST_IF:
    lower_block(L, &s->then, f, false, -1, sets);
    lower_block(L, &s->els, f, false, -1, sets);
    break;
  case IR_ST_BLOCK: lower_block(L, &s->body, f, false, -1, sets); break;
  case IR_ST_WHILE: {
    if (block_contains_goto(&s->pre, -1) || block_contains_goto(&s->step, -1)) {
      fail_at(L, s->loc, "unsupported: goto inside a loop condition%s", "");
      return;
    }
    int end = -1;
    if (s->goto_loop && s->callee_name == fe_pseudo_label) {
      end = s->nargs;
      s->callee_name = NULL;
      s->nargs = 0;
    }
    lower_block(L, &s->body, f, true, end, sets);
    break;
  }
  default: break;
  }
  push_stmt(c, out, s);
}

/* `if (g1 || g2 ...) ; else { stmts }` */
static IrStmt *guard(Lower *L, const Flags *p, IrBlock body, IrLoc loc) {
  FeCtx *c = L->c;
  IrStmt *s = fe_stmt_new(c, IR_ST_IF, nowhere(loc));
  IrExpr *e = NULL;
  for (int i = 0; i < p->n; i++) {
    IrExpr *v = fe_var_expr(c, c->labels[p->id[i]]->flag, nowhere(loc));
    if (!e) {
      e = v;
      continue;
    }
    IrExpr *o = fe_alloc(c->A, sizeof *o);
    o->kind = IR_LOR;
    o->type = fe_type_int_(c);
    o->loc = nowhere(loc);
    o->a[0] = e;
    o->a[1] = v;
    e = o;
  }
  s->cond = e;
  s->els = body;
  return s;
}

static void lower_block(Lower *L, IrBlock *b, Frame *up, bool loop_body, int end_label, Flags *escapes) {
  FeCtx *c = L->c;
  make_loops(L, b);
  Frame f = {up, loop_body, NULL, 0};
  if (end_label >= 0) frame_add(c, &f, end_label);
  for (int k = 0; k < b->n; k++) {
    IrStmt *s = b->stmts[k];
    if (is_pseudo(s, fe_pseudo_label) || (s->kind == IR_ST_WHILE && s->callee_name == fe_pseudo_label))
      frame_add(c, &f, s->nargs);
  }
  IrBlock out = {NULL, 0};
  Flags pending = {NULL, 0}, run_flags = {NULL, 0};
  IrBlock run = {NULL, 0}; /* consecutive statements under the same guard, none
                              of which may set a flag (the guard is tested once) */
  bool sealed = false;     /* the run's last statement may set a flag */
  for (int k = 0; k <= b->n && !L->failed; k++) {
    IrStmt *s = k < b->n ? b->stmts[k] : NULL;
    bool at_label = s && (is_pseudo(s, fe_pseudo_label) || (s->kind == IR_ST_WHILE && s->callee_name == fe_pseudo_label));
    if (at_label) flags_remove(&pending, s->nargs);
    if (run.n && (!s || sealed || !flags_equal(&pending, &run_flags))) { /* close the run */
      if (run_flags.n) push_stmt(c, &out, guard(L, &run_flags, run, run.stmts[0]->loc));
      else
        for (int i = 0; i < run.n; i++) push_stmt(c, &out, run.stmts[i]);
      run = (IrBlock){NULL, 0};
      sealed = false;
    }
    if (!s) break;
    if (!run.n) {
      run_flags.n = 0;
      for (int i = 0; i < pending.n; i++) flags_add(c, &run_flags, pending.id[i]);
    }
    if (is_pseudo(s, fe_pseudo_label)) {
      FeLabel *lab = c->labels[s->nargs];
      if (lab->flag) push_stmt(c, &run, set_flag(c, lab->flag, 0, s->loc));
      else if (!lab->shares_line) push_stmt(c, &run, fe_stmt_new(c, IR_ST_SKIP, s->loc));
      continue;
    }
    Flags sets = {NULL, 0};
    lower_stmt(L, s, &f, &run, &sets);
    sealed = sets.n > 0;
    for (int i = 0; i < sets.n; i++) {
      int id = sets.id[i];
      bool crosses;
      const Frame *t = target_frame(&f, id, &crosses);
      if (t == &f) {
        flags_add(c, &pending, id);
      } else if (crosses || loop_body) {
        if (!is_pseudo(s, fe_pseudo_goto)) push_stmt(c, &run, if_flag(c, c->labels[id]->flag, IR_ST_BREAK, s->loc));
        flags_add(c, escapes, id);
      } else {
        flags_add(c, &pending, id);
        flags_add(c, escapes, id);
      }
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
  for (int i = 0; i < c->nlabels; i++) {
    FeLabel *lab = c->labels[i];
    if (!lab->ngotos) continue;
    lab->flag = fe_temp(c, fe_type_int_(c), nowhere(lab->loc));
    push_stmt(c, &init, set_flag(c, lab->flag, 0, nowhere(fn->loc)));
  }
  Lower L = {c, fn, false};
  Flags escapes = {NULL, 0};
  lower_block(&L, &fn->body, NULL, false, -1, &escapes);
  if (L.failed) return;
  if (escapes.n) { /* a label no enclosing block holds: reported above */
    fail_at(&L, fn->loc, "unsupported: goto to label '%s' outside the function body", c->labels[escapes.id[0]]->name);
    return;
  }
  for (int i = 0; i < fn->body.n; i++) push_stmt(c, &init, fn->body.stmts[i]);
  fn->body = init;
  plain_labels(c, &fn->body); /* labels in loop conditions (their gotos failed) */
}
