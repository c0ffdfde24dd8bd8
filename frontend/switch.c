/* switch.c - C switch statements as if statements (the IR has no switch).
 *
 *     switch (e) { case 1: A  case 2: case 3: B  default: C }
 * becomes
 *     v = e;  m = 0;
 *     if (m || v == 1) { m = 1; A }
 *     if (m || v == 2 || v == 3) { m = 1; B }
 *     if (m || (v != 1 && v != 2 && v != 3)) { m = 1; C }
 *     <end label>
 * GNU's case ranges `case 1 ... 5:` enter when 1 <= v && v <= 5.
 * m says that an earlier case ran and falls through into this one.  A line
 * holding only case labels names no statement (--reach refuses it).  A
 * `break` of the switch is a goto to the end label (jumps.c turns it into a
 * flag that guards what follows), so no artificial loop appears and
 * `continue` keeps meaning the enclosing loop.  Case labels must be
 * statements of the switch's own block (not nested in other statements,
 * as in Duff's device); statements before the first label never run.
 *
 * The common switch with a default, where no case falls through into the
 * next one (each but the last ends in break, return, goto or continue), becomes an else-if
 * chain instead, with the default last and the trailing breaks kept as
 * empty statements on their lines:
 *     if (v == 1) A else if (v == 2 || v == 3) B else C
 * The flag m and the guards that a break's goto needs after each case are
 * then not needed: the translation sees the cases as exclusive branches, so
 * a variable that each case assigns (or whose case returns) is assigned
 * after the switch on every path that goes on.
 */
#include <assert.h>

#include "fe.h"

typedef struct Segment {
  int64_t *lo, *hi;       /* the case values that enter here: lo[i] ... hi[i] */
  int nvals;              /*   (hi[i] == lo[i] for a plain case label) */
  bool is_default;
  IrLoc loc;              /* the first label */
  IrBlock body;
} Segment;

typedef struct Sw {
  FeCtx *c;
  IrType *t;              /* the promoted type of the controlling expression */
  Segment **seg;
  int nseg;
  bool has_default;
} Sw;

static Segment *new_segment(Sw *w, IrLoc loc) {
  Segment *s = fe_alloc(w->c->A, sizeof *s);
  s->loc = loc;
  fe_push(w->c->A, (void ***)&w->seg, &w->nseg, s);
  return s;
}

/* Adds the values lo ... hi (converted to the switch's type, as C converts
   case values) to seg; a range that is empty after the conversion (gcc's
   "empty range specified") adds nothing. */
static void add_range(Sw *w, Segment *seg, int64_t lo, int64_t hi) {
  lo = fe_wrap(w->t, lo);
  hi = fe_wrap(w->t, hi);
  bool empty = w->t->is_signed ? lo > hi : (uint64_t)lo > (uint64_t)hi;
  if (empty) return;
  int n = seg->nvals;
  int64_t *l = fe_alloc(w->c->A, sizeof *l * (size_t)(n + 1)), *h = fe_alloc(w->c->A, sizeof *h * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    l[i] = seg->lo[i];
    h[i] = seg->hi[i];
  }
  l[n] = lo;
  h[n] = hi;
  seg->lo = l;
  seg->hi = h;
  seg->nvals = n + 1;
}

/* Peels the case/default labels in front of a statement of the switch's block
   into a new segment; returns the labelled statement (a null cursor when a
   label is malformed, after a diagnostic). */
static CXCursor peel_labels(Sw *w, CXCursor cur, Segment **seg) {
  FeCtx *c = w->c;
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k != CXCursor_CaseStmt && k != CXCursor_DefaultStmt) return cur;
    if (!*seg) *seg = new_segment(w, fe_loc(c, cur));
    FeKids kids = fe_kids(c, cur);
    if (k == CXCursor_DefaultStmt) {
      if (kids.n != 1) break;
      (*seg)->is_default = true;
      w->has_default = true;
      cur = kids.k[0];
      continue;
    }
    /* `case v:` has 2 children, GNU's `case lo ... hi:` 3 */
    int64_t lo, hi;
    if (kids.n != 2 && kids.n != 3) break;
    if (!fe_eval_int(kids.k[0], &lo) || !fe_eval_int(kids.k[kids.n - 2], &hi)) break;
    add_range(w, *seg, lo, hi);
    cur = kids.k[kids.n - 1];
  }
  fe_unsupported(c, fe_loc(c, cur), "unsupported: case label clang cannot evaluate");
  return clang_getNullCursor();
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

/* v == lo, or lo <= v && v <= hi for a range (compared in v's type) */
static IrExpr *in_range(Sw *w, const Segment *s, int i, IrVar *v, IrLoc loc) {
  FeCtx *c = w->c;
  assert(i < s->nvals && (w->t->is_signed ? s->lo[i] <= s->hi[i] : (uint64_t)s->lo[i] <= (uint64_t)s->hi[i]));
  IrExpr *lo = fe_int_const(c, w->t, s->lo[i], loc);
  if (s->lo[i] == s->hi[i]) return bin(c, IR_EQ, fe_var_expr(c, v, loc), lo, loc);
  IrExpr *hi = fe_int_const(c, w->t, s->hi[i], loc);
  return bin(c, IR_LAND, bin(c, IR_GE, fe_var_expr(c, v, loc), lo, loc), bin(c, IR_LE, fe_var_expr(c, v, loc), hi, loc),
             loc);
}

/* v != lo, or v < lo || v > hi for a range */
static IrExpr *out_of_range(Sw *w, const Segment *s, int i, IrVar *v, IrLoc loc) {
  FeCtx *c = w->c;
  IrExpr *lo = fe_int_const(c, w->t, s->lo[i], loc);
  if (s->lo[i] == s->hi[i]) return bin(c, IR_NE, fe_var_expr(c, v, loc), lo, loc);
  IrExpr *hi = fe_int_const(c, w->t, s->hi[i], loc);
  return bin(c, IR_LOR, bin(c, IR_LT, fe_var_expr(c, v, loc), lo, loc), bin(c, IR_GT, fe_var_expr(c, v, loc), hi, loc),
             loc);
}

/* m || v == k1 || ...; for default: m || (v != every case value) */
static IrExpr *entry_cond(Sw *w, const Segment *s, IrVar *v, IrVar *m, IrLoc loc) {
  FeCtx *c = w->c;
  IrExpr *e = fe_var_expr(c, m, loc);
  for (int i = 0; i < s->nvals; i++) e = bin(c, IR_LOR, e, in_range(w, s, i, v, loc), loc);
  if (s->is_default) {
    IrExpr *none = fe_int_const(c, fe_type_int_(c), 1, loc);
    for (int j = 0; j < w->nseg; j++)
      for (int i = 0; i < w->seg[j]->nvals; i++) {
        IrExpr *ne = out_of_range(w, w->seg[j], i, v, loc);
        none = none->kind == IR_INT_CONST ? ne : bin(c, IR_LAND, none, ne, loc);
      }
    e = bin(c, IR_LOR, e, none, loc);
  }
  return e;
}

static void assign(FeCtx *c, IrVar *v, IrExpr *rhs, IrLoc loc, IrBlock *out) {
  IrStmt *s = fe_stmt_new(c, IR_ST_ASSIGN, loc);
  s->lhs = fe_var_expr(c, v, loc);
  s->rhs = rhs;
  fe_emit(c, out, s);
}

/* Does control never leave the end of b (its last statement jumps)? */
static bool ends_in_jump(const IrBlock *b) {
  if (b->n == 0) return false;
  const IrStmt *s = b->stmts[b->n - 1];
  switch (s->kind) {
  case IR_ST_RETURN:
  case IR_ST_BREAK:
  case IR_ST_CONTINUE:
    return true;
  case IR_ST_BLOCK:
    return ends_in_jump(&s->then);
  case IR_ST_SKIP:
    return s->callee_name == fe_pseudo_goto;
  default:
    return false;
  }
}

static bool is_goto_to(const IrStmt *s, int label) {
  return s->kind == IR_ST_SKIP && s->callee_name == fe_pseudo_goto && s->nargs == label;
}

/* May the switch be an else-if chain: does no segment fall into the next?
   Only with a default: then the chain makes the cases exhaustive, which is
   what a join needs (a variable every case assigns is assigned after the
   switch).  Without one the no-match path leaves such a variable as it was
   anyway, and the flag form searches faster there (a state machine in a
   loop: 0.6 s against a timeout with nested ifs). */
static bool no_fall_through(const Sw *w) {
  if (!w->has_default) return false;
  for (int i = 0; i + 1 < w->nseg; i++)
    if (!ends_in_jump(&w->seg[i]->body)) return false;
  return true;
}

/* The body of g as a branch of the chain: a final break (a goto to the end
   label, which the chain reaches anyway) becomes an empty statement on its
   line. */
static IrBlock chain_branch(FeCtx *c, Segment *g, int end) {
  IrBlock b = g->body;
  if (b.n && is_goto_to(b.stmts[b.n - 1], end)) {
    IrStmt *skip = fe_stmt_new(c, IR_ST_SKIP, b.stmts[b.n - 1]->loc);
    c->labels[end]->ngotos--;
    b.stmts[b.n - 1] = skip;
  }
  return b;
}

static void emit_chain(Sw *w, IrVar *v, int end, IrLoc loc, IrBlock *out) {
  FeCtx *c = w->c;
  Segment *deflt = NULL;
  IrBlock *at = out;
  for (int i = 0; i < w->nseg; i++) {
    Segment *g = w->seg[i];
    if (g->is_default) {
      deflt = g; /* its case values need no test: no other case has them */
      continue;
    }
    IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
    IrExpr *e = NULL;
    for (int j = 0; j < g->nvals; j++) {
      IrExpr *eq = in_range(w, g, j, v, loc);
      e = e ? bin(c, IR_LOR, e, eq, loc) : eq;
    }
    if (!e) e = fe_int_const(c, fe_type_int_(c), 0, loc); /* only empty ranges */
    s->cond = e;
    s->then = chain_branch(c, g, end);
    fe_emit(c, at, s);
    at = &s->els;
  }
  if (deflt) {
    IrBlock b = chain_branch(c, deflt, end);
    for (int j = 0; j < b.n; j++) fe_emit(c, at, b.stmts[j]);
  }
}

void fe_switch(FeCtx *c, CXCursor cur, IrBlock *out) {
  IrLoc loc = fe_loc(c, cur);
  FeKids k = fe_kids(c, cur);
  if (k.n != 2) {
    fe_unsupported(c, loc, "unsupported: switch with a declaration in its condition");
    return;
  }
  IrExpr *e = fe_expr(c, k.k[0], out);
  if (!fe_is_integer(e->type)) {
    fe_unsupported(c, loc, "unsupported: switch on %s", e->type->spelling);
    return;
  }
  Sw w = {c, e->type, NULL, 0, false};
  IrVar *v = fe_temp(c, e->type, loc);
  assign(c, v, e, loc, out);
  int end = fe_label_new(c, "switch", (IrLoc){loc.file, 0, 0});
  c->labels[end]->shares_line = true; /* no SKIP for it when no break uses it */
  int saved_break = c->break_label;
  c->break_label = end;
  FeKids body = {&k.k[1], 1};
  if (clang_getCursorKind(k.k[1]) == CXCursor_CompoundStmt) body = fe_kids(c, k.k[1]);
  Segment *dead = NULL, *seg = NULL;
  for (int i = 0; i < body.n && !fe_failed(c); i++) {
    Segment *fresh = NULL;
    CXCursor s = peel_labels(&w, body.k[i], &fresh);
    if (clang_Cursor_isNull(s)) break;
    if (fresh) seg = fresh;
    if (!seg && !dead) dead = fe_alloc(c->A, sizeof *dead); /* before any label: never runs */
    fe_stmt_into(c, s, seg ? &seg->body : &dead->body);
  }
  c->break_label = saved_break;
  if (dead && dead->body.n) {
    IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
    s->cond = fe_int_const(c, fe_type_int_(c), 0, loc);
    s->then = dead->body;
    fe_emit(c, out, s);
  }
  if (!fe_failed(c) && no_fall_through(&w)) {
    emit_chain(&w, v, end, loc, out);
    fe_emit_label(c, end, (IrLoc){loc.file, 0, 0}, out);
    return;
  }
  IrVar *m = fe_temp(c, fe_type_int_(c), loc);
  assign(c, m, fe_int_const(c, fe_type_int_(c), 0, loc), loc, out);
  for (int i = 0; i < w.nseg; i++) {
    Segment *g = w.seg[i];
    IrStmt *s = fe_stmt_new(c, IR_ST_IF, loc);
    s->cond = entry_cond(&w, g, v, m, loc);
    /* line 0: a case label is no statement (gcc gives its line no code when
       the case is entered by falling through, so gcov could not see it run) */
    assign(c, m, fe_int_const(c, fe_type_int_(c), 1, loc), (IrLoc){g->loc.file, 0, 0}, &s->then);
    for (int j = 0; j < g->body.n; j++) fe_emit(c, &s->then, g->body.stmts[j]);
    fe_emit(c, out, s);
  }
  fe_emit_label(c, end, (IrLoc){loc.file, 0, 0}, out);
}
