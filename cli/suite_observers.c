/* suite_observers.c - the branch outcomes of a function as solver targets.
 *
 * gcc counts a branch for each operand of a condition's && / || / ?: tree
 * (`if (a <= 0 || b <= 0)` has four), while the IR keeps a harmless
 * condition as one expression.  Each operand (an "atom") gets an observer,
 * an if statement evaluated right before the condition:
 *
 *     if (guard) { if (atom) T; else F; }
 *
 * where guard is the conjunction of the outcomes of the earlier operands that
 * make C evaluate this one (for `a || b`, b's guard is !a).  T and F are
 * empty statements: "reach T" is the objective "atom true".  The operands of
 * IR_LAND, IR_LOR and IR_COND are free of effects and cannot trap (the IR
 * builds them only then), so evaluating them once more does not change the
 * program.  A loop's observer goes at the end of its condition statements
 * (`pre`), so that it sees every evaluation of the condition, and none of a
 * do-while's first iteration, exactly like gcc's branch.
 *
 * Observers stay out of the IR unless installed (suite_observe_install): a
 * query has only its own observer in the model, the concrete runs that tick
 * objectives off have them all.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "suite.h"

typedef struct Walk {
  Suite *s;
  const IrFunction *fn;
  int unit;
  IrType *int_type;
} Walk;

static IrExpr *mk(Suite *s, IrExprKind k, IrType *t, IrExpr *a, IrExpr *b, IrLoc loc) {
  IrExpr *e = suite_alloc(s, sizeof *e);
  e->kind = k;
  e->type = t;
  e->loc = loc;
  e->a[0] = a;
  e->a[1] = b;
  return e;
}

static IrStmt *mk_stmt(Suite *s, IrStmtKind k, IrLoc loc) {
  IrStmt *x = suite_alloc(s, sizeof *x);
  x->kind = k;
  x->loc = loc;
  return x;
}

static IrStmt **one(Suite *s, IrStmt *x) {
  IrStmt **v = suite_alloc(s, sizeof *v);
  v[0] = x;
  return v;
}

/* guard && e (guard may be NULL: always) */
static IrExpr *and_guard(Walk *w, IrExpr *guard, IrExpr *e, bool negate) {
  IrExpr *g = negate ? mk(w->s, IR_LNOT, w->int_type, e, NULL, e->loc) : e;
  return guard ? mk(w->s, IR_LAND, w->int_type, guard, g, e->loc) : g;
}

static void add_objective(Walk *w, int obs, SuKind kind, const IrStmt *cond_stmt, const IrExpr *atom, int depth) {
  SuObjective *o = suite_new_objective(w->s);
  o->kind = kind;
  o->owner = w->fn;
  o->unit = w->unit;
  o->stmt = cond_stmt;
  o->observer = obs;
  o->target = kind == SU_TRUE ? w->s->observers[obs].mark_true : w->s->observers[obs].mark_false;
  o->file = atom->loc.line ? atom->loc.file : cond_stmt->loc.file;
  o->line = atom->loc.line ? atom->loc.line : cond_stmt->loc.line;
  o->col = atom->loc.line ? atom->loc.col : cond_stmt->loc.col;
  o->depth = depth;
}

static void observe_atom(Walk *w, IrBlock *home, const IrStmt *before, const IrStmt *cond_stmt, IrExpr *guard,
                         IrExpr *atom, int depth) {
  if (atom->kind == IR_INT_CONST || atom->kind == IR_FLOAT_CONST || atom->kind == IR_NULL) return; /* no branch */
  Suite *s = w->s;
  IrLoc loc = cond_stmt->loc;
  SuObserver ob = {.home = home, .before = before};
  ob.mark_true = mk_stmt(s, IR_ST_SKIP, loc);
  ob.mark_false = mk_stmt(s, IR_ST_SKIP, loc);
  IrStmt *test = mk_stmt(s, IR_ST_IF, loc);
  test->cond = atom;
  test->then = (IrBlock){one(s, ob.mark_true), 1};
  test->els = (IrBlock){one(s, ob.mark_false), 1};
  if (guard) {
    ob.stmt = mk_stmt(s, IR_ST_IF, loc);
    ob.stmt->cond = guard;
    ob.stmt->then = (IrBlock){one(s, test), 1};
  } else {
    ob.stmt = test;
  }
  s->observers = realloc(s->observers, sizeof *s->observers * (size_t)(s->nobservers + 1));
  s->observers[s->nobservers] = ob;
  int k = s->nobservers++;
  add_objective(w, k, SU_TRUE, cond_stmt, atom, depth);
  add_objective(w, k, SU_FALSE, cond_stmt, atom, depth);
}

static void walk_block(Walk *w, IrBlock *b, int depth);

/* Where the observers of one statement go, and whose objectives they are. */
typedef struct Site {
  IrBlock *home;
  const IrStmt *before, *stmt;
} Site;

static bool logical(const IrExpr *e) { return e->kind == IR_LAND || e->kind == IR_LOR; }

static void operand(Walk *w, const Site *at, IrExpr *guard, IrExpr *x, int depth);

/* The flag m of a switch lowered to ifs (frontend/switch.c: `if (m || v ==
   1) { m = 1; ... }`) says that an earlier case falls through: it is no
   condition of the source, gcc has no branch for it. */
static bool fallthrough_flag(const IrStmt *x, const IrExpr *atom) {
  if (x->kind != IR_ST_IF || atom->kind != IR_VAR || !atom->var->is_temp || x->then.n == 0) return false;
  const IrStmt *first = x->then.stmts[0];
  return first->kind == IR_ST_ASSIGN && first->lhs->kind == IR_VAR && first->lhs->var == atom->var &&
         first->rhs->kind == IR_INT_CONST && first->rhs->ival == 1;
}

/* The branch points inside e, evaluated when guard holds: the operands of
   && and ||, the condition of ?:, in C's evaluation order. */
static void scan(Walk *w, const Site *at, IrExpr *guard, IrExpr *e, int depth) {
  if (!e) return;
  switch (e->kind) {
  case IR_LAND:
  case IR_LOR:
    operand(w, at, guard, e->a[0], depth);
    operand(w, at, and_guard(w, guard, e->a[0], e->kind == IR_LOR), e->a[1], depth + 1);
    return;
  case IR_COND:
    operand(w, at, guard, e->a[0], depth);
    scan(w, at, and_guard(w, guard, e->a[0], false), e->a[1], depth + 1);
    scan(w, at, and_guard(w, guard, e->a[0], true), e->a[2], depth + 1);
    return;
  default:
    for (int i = 0; i < 3; i++) scan(w, at, guard, e->a[i], depth);
  }
}

/* x is a condition gcc branches on (an if's, a loop's, an operand of && or
   ||, the first operand of ?:): a branch point of its own unless it is made
   of && and || itself (then its operands are). */
static void operand(Walk *w, const Site *at, IrExpr *guard, IrExpr *x, int depth) {
  if (logical(x) || (x->kind == IR_LNOT && logical(x->a[0]))) {
    scan(w, at, guard, logical(x) ? x : x->a[0], depth);
    return;
  }
  if (fallthrough_flag(at->stmt, x)) return;
  observe_atom(w, at->home, at->before, at->stmt, guard, x, depth);
  scan(w, at, guard, x, depth);
}

/* `a && b` where b may trap is lowered to `if (a) t = b; else t = 0; if (t)`
   (frontend/expr.c): gcc's branches are on a and on b, not on t.  Is x the
   `if (t)` of such a lowering (prev the statement before it)? */
static bool assigned_last(const IrBlock *b, const IrVar *v) {
  const IrStmt *last = b->n ? b->stmts[b->n - 1] : NULL;
  return last && last->kind == IR_ST_ASSIGN && last->lhs->kind == IR_VAR && last->lhs->var == v;
}

static bool lowered_test(const IrStmt *prev, const IrStmt *x) {
  if (!prev || prev->kind != IR_ST_IF || x->cond->kind != IR_VAR || !x->cond->var->is_temp) return false;
  return assigned_last(&prev->then, x->cond->var) && assigned_last(&prev->els, x->cond->var);
}

/* ...and `t = b` there is where b is a condition. */
static bool condition_value(const IrStmt *x) {
  if (x->kind != IR_ST_ASSIGN || x->lhs->kind != IR_VAR || !x->lhs->var->is_temp) return false;
  IrExprKind k = x->rhs->kind;
  return (k >= IR_LT && k <= IR_LOR) || k == IR_LNOT;
}

static void walk_stmt(Walk *w, IrBlock *home, IrStmt *x, const IrStmt *prev, int depth) {
  Site at = {home, x, x};
  switch (x->kind) {
  case IR_ST_IF: /* one without a line guards code after a goto or break (frontend/jumps.c) */
    if (x->loc.line > 0 && !lowered_test(prev, x)) operand(w, &at, NULL, x->cond, depth);
    walk_block(w, &x->then, depth + 1);
    walk_block(w, &x->els, depth + 1);
    break;
  case IR_ST_WHILE:
    walk_block(w, &x->pre, depth + 1);
    if (!x->goto_loop) operand(w, &(Site){&x->pre, NULL, x}, NULL, x->cond, depth);
    walk_block(w, &x->body, depth + 1);
    walk_block(w, &x->step, depth + 1);
    break;
  case IR_ST_BLOCK: walk_block(w, &x->body, depth); break;
  default: /* conditions inside the statement's expressions: gcc branches on them too */
    scan(w, &at, NULL, x->lhs, depth);
    if (condition_value(x)) operand(w, &at, NULL, x->rhs, depth);
    else scan(w, &at, NULL, x->rhs, depth);
    for (int i = 0; i < x->nargs; i++) scan(w, &at, NULL, x->args[i], depth);
    break;
  }
}

static void walk_block(Walk *w, IrBlock *b, int depth) {
  for (int i = 0; i < b->n; i++) walk_stmt(w, b, b->stmts[i], i ? b->stmts[i - 1] : NULL, depth);
}

/* `int`: the type of any comparison or logical operator of the function;
   NULL when it has none (then it has no && or || either). */
static IrType *find_int(const IrExpr *e) {
  if (!e) return NULL;
  if (e->kind >= IR_LT && e->kind <= IR_LOR) return e->type;
  for (int i = 0; i < 3; i++) {
    IrType *t = find_int(e->a[i]);
    if (t) return t;
  }
  return NULL;
}

static IrType *find_int_block(const IrBlock *b) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *x = b->stmts[i];
    IrType *t = find_int(x->cond);
    if (!t) t = find_int(x->rhs);
    if (!t) t = find_int_block(&x->then);
    if (!t) t = find_int_block(&x->els);
    if (!t) t = find_int_block(&x->pre);
    if (!t) t = find_int_block(&x->body);
    if (!t) t = find_int_block(&x->step);
    if (t) return t;
  }
  return NULL;
}

const IrType *suite_int_type(const IrFunction *fn) { return find_int_block(&fn->body); }

void suite_observers_of(Suite *s, const IrFunction *fn, int unit, int depth0) {
  Walk w = {.s = s, .fn = fn, .unit = unit, .int_type = find_int_block(&fn->body)};
  walk_block(&w, (IrBlock *)&fn->body, depth0);
}

/* ---- installing ---------------------------------------------------------- */

/* The blocks observers go into, with their statements as the frontend made
   them. */
typedef struct Host {
  IrBlock *home;
  IrBlock orig;
  bool changed;
} Host;
static Host *g_hosts;
static int g_nhosts;

static Host *host_of(IrBlock *home) {
  for (int i = 0; i < g_nhosts; i++)
    if (g_hosts[i].home == home) return &g_hosts[i];
  g_hosts = realloc(g_hosts, sizeof *g_hosts * (size_t)(g_nhosts + 1));
  g_hosts[g_nhosts] = (Host){.home = home, .orig = *home};
  return &g_hosts[g_nhosts++];
}

static void restore_all(void) {
  for (int i = 0; i < g_nhosts; i++) {
    Host *h = &g_hosts[i];
    if (!h->changed) continue;
    free(h->home->stmts);
    *h->home = h->orig;
    h->changed = false;
  }
}

static void rebuild(Suite *s, Host *h, const bool *active) {
  int n = h->orig.n;
  for (int k = 0; k < s->nobservers; k++) n += active[k] && s->observers[k].home == h->home;
  IrStmt **v = malloc(sizeof *v * (size_t)(n + 1));
  int m = 0;
  for (int i = 0; i <= h->orig.n; i++) {
    const IrStmt *next = i < h->orig.n ? h->orig.stmts[i] : NULL;
    for (int k = 0; k < s->nobservers; k++)
      if (active[k] && s->observers[k].home == h->home && s->observers[k].before == next) v[m++] = s->observers[k].stmt;
    if (next) v[m++] = h->orig.stmts[i];
  }
  assert(m == n); /* every observer's `before` is a statement of its home */
  h->home->stmts = v;
  h->home->n = n;
  h->changed = true;
}

void suite_observe_install(Suite *s, const int *list, int n, bool all) {
  restore_all();
  if (!all && n == 0) {
    free(g_hosts);
    g_hosts = NULL;
    g_nhosts = 0;
    return;
  }
  bool *active = calloc((size_t)s->nobservers + 1, 1);
  for (int k = 0; k < s->nobservers; k++) active[k] = all;
  for (int i = 0; i < n; i++) active[list[i]] = true;
  for (int k = 0; k < s->nobservers; k++) {
    if (!active[k]) continue;
    Host *h = host_of(s->observers[k].home);
    if (!h->changed) rebuild(s, h, active);
  }
  free(active);
}
