/* leak.c - memory leaks (--check leak) as explicit checks.
 *
 * A leak is a heap block the run allocated that, when the run ends, is
 * neither freed nor reachable: not from the globals, not from the input
 * objects (the caller's memory) and not from the value the checked function
 * returns; at exit(), not from a variable of a call still running either
 * (what LeakSanitizer scans).  The run ends when the checked function (the
 * leak root: --function F, else main) returns from its outermost call, or
 * at exit().  A site is a line of a file of the program that allocates
 * (malloc, calloc): its blocks leak or not, as LeakSanitizer reports a leak
 * at the allocation's line.
 *
 * Each site L gets a ghost counter inka.live.L (a global no C name can
 * clash with): the blocks allocated on line L not freed yet.
 *
 *     p = malloc(n);   ->  p = malloc(n); if (p != NULL) inka.live.L += 1;
 *     free(q);         ->  k = __inka_alloc_line(q);
 *                          if (k == L) inka.live.L -= 1;  (each site L)
 *                          free(q);
 *     q = realloc(p, n) -> k = __inka_alloc_line(p); q = realloc(p, n);
 *                          if (q != NULL) { the same for k; inka.live.R += 1; }
 *     return e;        ->  if (inka.live.L - held > 0) __inka_check(e, LEAK, L);
 *                          (each site L) return e;
 *     exit(n);         ->  if (inka.live.L - held > 0) __inka_check(0, LEAK_EXIT, L);
 *                          (each site L) exit(n);
 *
 * where held is 1 when the returned pointer or a pointer global points to a
 * block of L (that one is not lost; the rest may be).
 * (the return checks only in the outermost call of a recursive root, by a
 * ghost depth).  The model cannot tell reachability: it answers the check
 * wherever a block of L is still allocated, which holds on every path where
 * one leaks.  The concrete mode answers exactly (concrete/run.c, leaked):
 * a model answer its run does not confirm is set aside without a proof
 * after it (label/objective.c), so "found" is a confirmed leak and
 * "proved" means that no path ends with a block of L allocated.
 */
#include <assert.h>
#include <string.h>

#include "fe.h"

typedef struct Leaks {
  FeCtx *c;
  const IrFunction *root;
  int line;                /* --at: only allocations on this line; 0: all */
  IrCheckSite **sites;     /* one per allocating line, in source order */
  int nsites;
  IrVar **live;            /* per site, its counter */
  int nlive;
  IrVar *depth;            /* calls of a recursive root running, or NULL */
} Leaks;

static IrType *counter_type(FeCtx *c) { return fe_type_int(c, "long long", 64, true); }

static IrExpr *num(FeCtx *c, int64_t v, IrLoc loc) { return fe_int_const(c, counter_type(c), v, loc); }

static IrExpr *var(FeCtx *c, IrVar *v, IrLoc loc) { return fe_var_expr(c, v, loc); }

static IrVar *ghost(FeCtx *c, const char *name, IrLoc loc) {
  IrVar *v = fe_alloc(c->A, sizeof *v);
  v->name = name;
  v->type = counter_type(c);
  v->kind = IR_VAR_GLOBAL;
  v->is_temp = true;
  v->loc = loc;
  v->index = c->prog->nglobals;
  fe_push(c->A, (void ***)&c->prog->globals, &c->prog->nglobals, v);
  return v;
}

static bool allocates(const IrStmt *s) {
  return s->kind == IR_ST_CALL &&
         (s->builtin == IR_BI_MALLOC || s->builtin == IR_BI_CALLOC || s->builtin == IR_BI_REALLOC);
}

static int site_at(const Leaks *lk, const char *file, int line) {
  for (int i = 0; i < lk->nsites; i++)
    if (lk->sites[i]->loc.line == line && file && !strcmp(lk->sites[i]->loc.file, file)) return i;
  return -1;
}

/* ---- the sites -------------------------------------------------------------------------- */
static void new_site(Leaks *lk, const IrFunction *fn, const IrStmt *s) {
  FeCtx *c = lk->c;
  IrProgram *p = c->prog;
  if (!fe_checked_file(c, s->loc.file, lk->line != 0) || (lk->line && s->loc.line != lk->line)) return;
  if (site_at(lk, s->loc.file, s->loc.line) >= 0) return;
  IrCheckSite *site = fe_alloc(c->A, sizeof *site);
  site->kind = IR_RTE_LEAK;
  site->loc = s->loc;
  site->fn = fn;
  site->call = lk->line ? IR_CHECK_CALL : fe_fmt(c->A, "%s.%d", IR_CHECK_CALL, p->ncheck_sites + 1);
  if (lk->root->ret->kind == IR_TY_STRUCT) site->unmodelled = "a leak at the return of a function returning a struct";
  fe_push(c->A, (void ***)&p->check_sites, &p->ncheck_sites, site);
  fe_push(c->A, (void ***)&lk->sites, &lk->nsites, site);
  fe_push(c->A, (void ***)&lk->live, &lk->nlive, ghost(c, fe_fmt(c->A, "inka.live.%d", s->loc.line), s->loc));
}

/* A block knows its allocation's line, not its file: a site whose line
   number another file's allocation shares cannot tell their blocks apart
   (a free of the other's would count as its own), so no answer about it
   may say proved. */
static void mark_shared_lines(Leaks *lk, const IrBlock *b) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    for (int k = 0; allocates(s) && k < lk->nsites; k++) {
      IrCheckSite *site = lk->sites[k];
      if (site->loc.line == s->loc.line && s->loc.file && strcmp(site->loc.file, s->loc.file))
        site->unmodelled = "a leak at an allocating line whose number an allocation of another file shares";
    }
    const IrBlock *kids[] = {&s->then, &s->els, &s->pre, &s->body, &s->step};
    for (int k = 0; k < 5; k++) mark_shared_lines(lk, kids[k]);
  }
}

static void find_sites(Leaks *lk, const IrFunction *fn, const IrBlock *b) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (allocates(s)) new_site(lk, fn, s);
    const IrBlock *kids[] = {&s->then, &s->els, &s->pre, &s->body, &s->step};
    for (int k = 0; k < 5; k++) find_sites(lk, fn, kids[k]);
  }
}

/* ---- the ghost statements ------------------------------------------------------------------ */
static void emit(Leaks *lk, IrBlock *out, IrStmt *s) { fe_push(lk->c->A, (void ***)&out->stmts, &out->n, s); }

static IrStmt *assign(Leaks *lk, IrExpr *lhs, IrExpr *rhs, IrLoc loc) {
  IrStmt *s = fe_stmt_new(lk->c, IR_ST_ASSIGN, loc);
  s->lhs = lhs;
  s->rhs = rhs;
  return s;
}

static IrStmt *when(Leaks *lk, IrExpr *cond, IrStmt *then, IrLoc loc) {
  IrStmt *s = fe_stmt_new(lk->c, IR_ST_IF, loc);
  s->cond = cond;
  fe_push(lk->c->A, (void ***)&s->then.stmts, &s->then.n, then);
  return s;
}

static IrExpr *cmp(Leaks *lk, IrExprKind op, IrExpr *a, IrExpr *b, IrLoc loc) {
  return fe_op(lk->c, op, fe_type_int_(lk->c), a, b, loc);
}

/* counter += delta */
static IrStmt *bump(Leaks *lk, IrVar *counter, int delta, IrLoc loc) {
  FeCtx *c = lk->c;
  IrExpr *sum = fe_op(c, IR_ADD, counter_type(c), var(c, counter, loc), num(c, delta, loc), loc);
  return assign(lk, var(c, counter, loc), sum, loc);
}

/* after p = malloc(...) of site i: if (p != NULL) live += 1, or live += 1
   where the size is a constant, which the model never fails (one branch
   less in a loop that builds a list keeps its analyses) */
static void count_allocation(Leaks *lk, IrStmt *s, int i, IrBlock *out) {
  FeCtx *c = lk->c;
  bool constant = true;
  for (int k = 0; k < s->nargs; k++) constant = constant && s->args[k]->kind == IR_INT_CONST;
  if (constant) {
    emit(lk, out, bump(lk, lk->live[i], 1, s->loc));
    return;
  }
  if (!s->lhs) s->lhs = var(c, fe_temp(c, s->type, s->loc), s->loc);
  IrExpr *made = cmp(lk, IR_NE, s->lhs, fe_zero(c, s->lhs->type, s->loc), s->loc);
  emit(lk, out, when(lk, made, bump(lk, lk->live[i], 1, s->loc), s->loc));
}

/* lhs = the allocation line of p's block (0: none), in a temporary */
static IrExpr *alloc_line_of(Leaks *lk, IrExpr *p, IrLoc loc, IrBlock *out) {
  FeCtx *c = lk->c;
  IrStmt *line = fe_stmt_new(c, IR_ST_CALL, loc);
  line->builtin = IR_BI_ALLOC_LINE;
  line->callee_name = "__inka_alloc_line";
  line->type = counter_type(c);
  line->lhs = var(c, fe_temp(c, counter_type(c), loc), loc);
  line->nargs = 1;
  line->args = fe_alloc(c->A, sizeof *line->args);
  line->args[0] = p;
  emit(lk, out, line);
  return line->lhs;
}

/* the counter of the site that allocated the block of the line `line` (a
   temporary holding __inka_alloc_line), less one */
static void uncount(Leaks *lk, IrExpr *line, IrLoc loc, IrBlock *out) {
  FeCtx *c = lk->c;
  for (int i = 0; i < lk->nsites; i++) {
    IrExpr *from = cmp(lk, IR_EQ, line, num(c, lk->sites[i]->loc.line, loc), loc);
    emit(lk, out, when(lk, from, bump(lk, lk->live[i], -1, loc), loc));
  }
}

/* before free(q): the counter of the site that allocated q's block, less one */
static void count_release(Leaks *lk, IrStmt *s, IrBlock *out) {
  uncount(lk, alloc_line_of(lk, s->args[0], s->loc, out), s->loc, out);
}

/* q = realloc(p, n) (after it, emitted into out): where it succeeded, p's
   block is freed (its site's counter less one: `line`, taken before the
   call) and q's counts for the realloc's own site (site, or -1) */
static void count_reallocation(Leaks *lk, IrStmt *s, IrExpr *line, int site, IrBlock *out) {
  FeCtx *c = lk->c;
  IrStmt *moved = fe_stmt_new(c, IR_ST_IF, s->loc);
  moved->cond = cmp(lk, IR_NE, s->lhs, fe_zero(c, s->lhs->type, s->loc), s->loc);
  uncount(lk, line, s->loc, &moved->then);
  if (site >= 0) emit(lk, &moved->then, bump(lk, lk->live[site], 1, s->loc));
  emit(lk, out, moved);
}

enum { MAX_ROOTS = 16 };

/* The allocation lines of the blocks the roots a statement can name point
   to: the returned pointer, the pointer globals (not those in memory). */
static int root_lines(Leaks *lk, IrExpr *root, IrLoc loc, IrBlock *out, IrExpr **lines) {
  IrProgram *p = lk->c->prog;
  int n = 0;
  if (root && root->type->kind == IR_TY_PTR) lines[n++] = alloc_line_of(lk, root, loc, out);
  for (int g = 0; g < p->nglobals && n < MAX_ROOTS; g++) {
    IrVar *v = p->globals[g];
    if (v->type->kind == IR_TY_PTR && !v->address_taken) lines[n++] = alloc_line_of(lk, var(lk->c, v, loc), loc, out);
  }
  return n;
}

/* The blocks of site i that may leak: its counter, less one when a root
   points to one of them (that one is reachable; counting it once only
   stays an over-approximation of the leaked ones, whatever the roots share) */
static IrExpr *may_leak(Leaks *lk, int i, IrExpr **lines, int nlines, IrLoc loc) {
  FeCtx *c = lk->c;
  IrExpr *held = NULL, *count = var(c, lk->live[i], loc);
  for (int j = 0; j < nlines; j++) {
    IrExpr *eq = cmp(lk, IR_EQ, lines[j], num(c, lk->sites[i]->loc.line, loc), loc);
    held = held ? fe_op(c, IR_LOR, fe_type_int_(c), held, eq, loc) : eq;
  }
  if (held) count = fe_op(c, IR_SUB, counter_type(c), count, fe_op(c, IR_CAST, counter_type(c), held, NULL, loc), loc);
  return count;
}

/* the checks where the run ends: each site's, if a block of it may leak */
static void end_checks(Leaks *lk, IrExpr *root, IrCheckUse use, IrLoc loc, IrBlock *out) {
  FeCtx *c = lk->c;
  IrType *it = fe_type_int_(c);
  IrExpr *lines[MAX_ROOTS];
  int nlines = root_lines(lk, root, loc, out, lines);
  if (!root || root->type->kind != IR_TY_PTR) root = fe_int_const(c, it, 0, loc);
  for (int i = 0; i < lk->nsites; i++) {
    IrCheckSite *site = lk->sites[i];
    IrStmt *call = fe_stmt_new(c, IR_ST_CALL, loc);
    call->builtin = IR_BI_CHECK_HEAP;
    call->callee_name = site->call;
    call->type = it;
    call->nargs = 3;
    call->args = fe_alloc(c->A, 3 * sizeof *call->args);
    call->args[0] = root;
    call->args[1] = fe_int_const(c, it, use, loc);
    call->args[2] = fe_int_const(c, it, site->loc.line, loc);
    IrExpr *some = cmp(lk, IR_GT, may_leak(lk, i, lines, nlines, loc), num(c, 0, loc), loc);
    emit(lk, out, when(lk, some, call, loc));
    fe_push(c->A, (void ***)&site->checks, &site->nchecks, call);
  }
}

/* at a return of the root: its outermost call's checks */
static void return_checks(Leaks *lk, IrExpr *root, IrLoc loc, IrBlock *out) {
  FeCtx *c = lk->c;
  if (!lk->depth) {
    end_checks(lk, root, IR_USE_LEAK, loc, out);
    return;
  }
  emit(lk, out, bump(lk, lk->depth, -1, loc));
  IrStmt *outermost = fe_stmt_new(c, IR_ST_IF, loc);
  outermost->cond = cmp(lk, IR_EQ, var(c, lk->depth, loc), num(c, 0, loc), loc);
  end_checks(lk, root, IR_USE_LEAK, loc, &outermost->then);
  emit(lk, out, outermost);
}

static void lower_block(Leaks *lk, const IrFunction *fn, IrBlock *b) {
  IrBlock out = {0};
  for (int i = 0; i < b->n; i++) {
    IrStmt *s = b->stmts[i];
    IrBlock *kids[] = {&s->then, &s->els, &s->pre, &s->body, &s->step};
    for (int k = 0; k < 5; k++) lower_block(lk, fn, kids[k]);
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_FREE && s->nargs == 1) count_release(lk, s, &out);
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_EXIT) end_checks(lk, NULL, IR_USE_LEAK_EXIT, s->loc, &out);
    if (s->kind == IR_ST_RETURN && fn == lk->root) return_checks(lk, s->rhs, s->loc, &out);
    bool moves = s->kind == IR_ST_CALL && s->builtin == IR_BI_REALLOC && s->nargs == 2;
    IrExpr *old_line = moves ? alloc_line_of(lk, s->args[0], s->loc, &out) : NULL;
    if (moves && !s->lhs) s->lhs = var(lk->c, fe_temp(lk->c, s->type, s->loc), s->loc);
    emit(lk, &out, s);
    int site = allocates(s) ? site_at(lk, s->loc.file, s->loc.line) : -1;
    if (moves) count_reallocation(lk, s, old_line, site, &out);
    else if (site >= 0) count_allocation(lk, s, site, &out);
  }
  *b = out;
}

static bool calls_itself(const IrFunction *from, const IrFunction *root, const IrFunction **seen, int *nseen) {
  for (int i = 0; i < *nseen; i++)
    if (seen[i] == from) return false;
  seen[(*nseen)++] = from;
  for (int i = 0; i < from->ncallees; i++)
    if (from->callees[i] == root || calls_itself(from->callees[i], root, seen, nseen)) return true;
  return false;
}

static bool recursive(FeCtx *c, const IrFunction *root) {
  const IrFunction **seen = fe_alloc(c->A, sizeof *seen * (size_t)(c->prog->nfuncs + 1));
  int nseen = 0;
  return calls_itself(root, root, seen, &nseen);
}

/* The root's body: the depth up first (recursive), checks at its end (a
   body that falls off its end returns there). */
static void lower_root(Leaks *lk, IrFunction *root) {
  FeCtx *c = lk->c;
  if (lk->depth) {
    IrBlock *b = &root->body;
    fe_push(c->A, (void ***)&b->stmts, &b->n, NULL);
    memmove(b->stmts + 1, b->stmts, sizeof *b->stmts * (size_t)(b->n - 1));
    b->stmts[0] = bump(lk, lk->depth, 1, root->loc);
  }
  return_checks(lk, NULL, root->end.line ? root->end : root->loc, &root->body);
}

void fe_leak_sites(FeCtx *c, const char *root_name, int line) {
  IrFunction *root = ir_find_function(c->prog, root_name ? root_name : "main");
  if (!root || !root->defined) return;
  Leaks lk = {.c = c, .root = root, .line = line};
  for (int i = 0; i < c->prog->nfuncs; i++)
    if (c->prog->funcs[i]->defined) find_sites(&lk, c->prog->funcs[i], &c->prog->funcs[i]->body);
  if (lk.nsites == 0) return;
  for (int i = 0; i < c->prog->nfuncs; i++)
    if (c->prog->funcs[i]->defined) mark_shared_lines(&lk, &c->prog->funcs[i]->body);
  c->prog->leak_root = root;
  if (recursive(c, root)) lk.depth = ghost(c, "inka.depth", root->loc);
  IrFunction *saved = c->fn;
  for (int i = 0; i < c->prog->nfuncs; i++) {
    IrFunction *fn = c->prog->funcs[i];
    if (!fn->defined) continue;
    c->fn = fn; /* its temporaries */
    lower_block(&lk, fn, &fn->body);
    if (fn == root) lower_root(&lk, fn);
  }
  c->fn = saved;
}
