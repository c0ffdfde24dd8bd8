/* target.c - resolving the objective's place in the program: --reach
 * [FILE:]LINE to its statement and function, the function under test, and
 * the source lines validation must see run.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

typedef void (*StmtVisit)(const IrStmt *s, void *ctx);

static void walk_block(const IrBlock *b, StmtVisit visit, void *ctx) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    visit(s, ctx);
    walk_block(&s->then, visit, ctx);
    walk_block(&s->els, visit, ctx);
    walk_block(&s->pre, visit, ctx);
    walk_block(&s->body, visit, ctx);
    walk_block(&s->step, visit, ctx);
  }
}

static bool same_file(const char *a, const char *b) { return cli_same_file(a, b); }

typedef struct Nearest {
  const char *file;
  int line, below, above;
} Nearest;

static void visit_nearest(const IrStmt *s, void *ctx) {
  Nearest *n = ctx;
  if (!s->loc.file || !same_file(s->loc.file, n->file)) return;
  if (s->loc.line < n->line && s->loc.line > n->below) n->below = s->loc.line;
  if (s->loc.line > n->line && (n->above == 0 || s->loc.line < n->above)) n->above = s->loc.line;
}

/* The line is inside a function whose conversion met a construct outside the
   subset (the line may hold it, a case label Duff's device hides, or a
   statement the construct swallowed): that construct is the error. */
static bool inside_unsupported(const IrProgram *p, const CliOptions *o, char *err, size_t len) {
  for (int i = 0; i < p->nfuncs; i++) {
    const IrFunction *f = p->funcs[i];
    const IrDiag *d = f->unsupported;
    if (!f->defined || !d || !f->loc.file || !same_file(f->loc.file, o->file)) continue;
    if (o->reach_line < f->loc.line || o->reach_line > f->end.line) continue;
    snprintf(err, len, "%s:%d:%d: error: %s", d->loc.file ? d->loc.file : o->file, d->loc.line, d->loc.col,
             d->message);
    return true;
  }
  return false;
}

static void no_statement(const IrProgram *p, const CliOptions *o, char *err, size_t len) {
  if (inside_unsupported(p, o, err, len)) return;
  Nearest n = {p->path, o->reach_line, 0, 0};
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i]->defined) walk_block(&p->funcs[i]->body, visit_nearest, &n);
  int w = snprintf(err, len, "%s:%d:1: error: no statement starts on line %d", o->file, o->reach_line, o->reach_line);
  if (w < 0 || (size_t)w >= len) return;
  if (n.below && n.above)
    snprintf(err + w, len - (size_t)w, "; the nearest lines with one are %d and %d", n.below, n.above);
  else if (n.below || n.above)
    snprintf(err + w, len - (size_t)w, "; the nearest line with one is %d", n.below ? n.below : n.above);
}

/* The function named by --function (else main).  With several files, a
   name two files define as `static` is the one of the objective's file
   (--reach FILE:LINE), else ambiguous. */
static bool function_under_test(const IrProgram *p, const CliOptions *o, const IrFunction **fn, char *err,
                                size_t len) {
  const char *name = o->function ? o->function : "main";
  const IrFunction *f = NULL;
  int ndefs = 0;
  for (int i = 0; i < p->nfuncs; i++) {
    const IrFunction *g = p->funcs[i];
    if (!g->defined || strcmp(g->name, name)) continue;
    ndefs++;
    if (!f || (o->reach && g->loc.file && same_file(g->loc.file, o->file))) f = g;
  }
  if (!f) {
    if (o->function) snprintf(err, len, "%s: error: no function '%s' is defined in %s", o->file, name,
                              p->nfiles > 1 ? "the program's files" : "this file");
    else snprintf(err, len, "%s: error: no main function: say which function to test with --function", o->file);
    return false;
  }
  if (ndefs > 1 && !(o->reach && f->loc.file && same_file(f->loc.file, o->file))) {
    snprintf(err, len, "%s:%d:%d: error: '%s' is defined in several files (static): name the file of one with --reach FILE:LINE",
             f->loc.file, f->loc.line, f->loc.col, name);
    return false;
  }
  *fn = f;
  return true;
}

bool cli_find_target(const IrProgram *p, const CliOptions *o, const IrStmt **stmt, const IrFunction **fn,
                     char *err, size_t len) {
  *stmt = NULL;
  *fn = NULL;
  if (!o->reach) return function_under_test(p, o, fn, err, len);
  if (o->reach_file && !same_file(o->reach_file, o->file) && o->nsources < 2) {
    snprintf(err, len, "%s: error: --reach names '%s', which is not the input file", o->file, o->reach_file);
    return false;
  }
  for (int i = 0; i < p->nfuncs && !*stmt; i++) {
    const IrFunction *f = p->funcs[i];
    if (!f->defined) continue;
    IrStmt *s = ir_find_stmt_at_line(f, o->reach_line);
    if (s && s->loc.file && same_file(s->loc.file, o->file)) {
      *stmt = s;
      *fn = f;
    }
  }
  if (!*stmt) {
    no_statement(p, o, err, len);
    return false;
  }
  return o->function ? function_under_test(p, o, fn, err, len) : true;
}

typedef struct Calls {
  const char *name;
  int *lines;
  const char **files;
  int n, cap;
  const IrFunction **seen;
  int nseen;
} Calls;

static void visit_call(const IrStmt *s, void *ctx) {
  Calls *c = ctx;
  if (s->kind != IR_ST_CALL) return;
  bool hit = s->callee_name && !strcmp(s->callee_name, c->name);
  hit |= s->builtin == IR_BI_ASSERT && (!strcmp(c->name, "assert") || !strcmp(c->name, "__assert_fail"));
  if (hit && c->n < c->cap) {
    c->files[c->n] = s->loc.file;
    c->lines[c->n++] = s->loc.line;
  }
}

int cli_objective_lines(const IrProgram *p, const IrFunction *fn, const CliOptions *o, int *lines, const char **files,
                        int cap) {
  if (o->reach) {
    if (cap > 0) {
      lines[0] = o->reach_line;
      files[0] = o->file;
    }
    return 1;
  }
  Calls c = {o->reach_call, lines, files, 0, cap, NULL, 0};
  c.seen = calloc((size_t)p->nfuncs + 1, sizeof *c.seen);
  /* fn and every function it reaches through calls */
  c.seen[c.nseen++] = fn;
  for (int i = 0; i < c.nseen; i++) {
    walk_block(&c.seen[i]->body, visit_call, &c);
    for (int k = 0; k < c.seen[i]->ncallees; k++) {
      const IrFunction *g = c.seen[i]->callees[k];
      bool known = false;
      for (int j = 0; j < c.nseen; j++) known |= c.seen[j] == g;
      if (!known && c.nseen < p->nfuncs) c.seen[c.nseen++] = g;
    }
  }
  free(c.seen);
  return c.n;
}

/* The loops enclosing the target (the target itself when it is a loop),
   outermost first, in *loops (cap entries); the count, or -1 if not found. */
static int enclosing_loops(const IrBlock *b, const IrStmt *target, const IrStmt **loops, int depth, int cap) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    int d = depth;
    if (s->kind == IR_ST_WHILE && d < cap) loops[d++] = s;
    if (s == target) return d;
    const IrBlock *kids[] = {&s->then, &s->els, &s->pre, &s->body, &s->step};
    for (int k = 0; k < 5; k++) {
      int r = enclosing_loops(kids[k], target, loops, d, cap);
      if (r >= 0) return r;
    }
  }
  return -1;
}

bool cli_check_iter(const CliRun *run, char *err, size_t len) {
  const CliOptions *o = run->opt;
  if (!o->niter || !run->target) return true;
  const IrStmt *loops[256];
  int n = -1;
  for (int i = 0; i < run->prog->nfuncs && n < 0; i++)
    if (run->prog->funcs[i]->defined) n = enclosing_loops(&run->prog->funcs[i]->body, run->target, loops, 0, 256);
  for (int k = n - o->niter; n > 0 && k < n; k++) {
    if (k < 0 || !loops[k]->goto_loop) continue;
    snprintf(err, len,
             "%s:%d:%d: error: unsupported: --iter on a loop made of goto (the label on line %d); "
             "only for, while and do loops are counted",
             loops[k]->loc.file ? loops[k]->loc.file : o->file, loops[k]->loc.line, loops[k]->loc.col,
             loops[k]->loc.line);
    return false;
  }
  return true;
}

const char *cli_unit_file(const CliOptions *o, const IrFunction *fn) {
  if (o->nsources < 2 || !fn || !fn->loc.file) return o->file;
  const CliSource *src = cli_source_of(o, fn->loc.file);
  return src ? src->path : o->file;
}
