/* suite_objectives.c - what a suite must cover: the functions under test
 * (units) and the objectives of their code and of every function they can
 * call.
 *
 * Statements: one objective per line of the main file that starts a
 * statement (gcov counts lines), met when any statement of the line starts;
 * declarations, blocks and empty statements hold no code of their own.
 * Branches: the two outcomes of every operand of every condition
 * (suite_observers.c).  An objective in a function that several units call
 * belongs to the first unit that reaches it.  Deep objectives come first: a
 * test that reaches deep code runs through much shallow code on its way.
 */
#include <stdlib.h>
#include <string.h>

#include "suite.h"

void *suite_alloc(Suite *s, size_t size) {
  void *p = calloc(1, size);
  if (!p) abort();
  if (s->nowned == s->capowned) {
    s->capowned = s->capowned ? 2 * s->capowned : 64;
    s->owned = realloc(s->owned, sizeof *s->owned * (size_t)s->capowned);
  }
  s->owned[s->nowned++] = p;
  return p;
}

SuObjective *suite_new_objective(Suite *s) {
  s->objs = realloc(s->objs, sizeof *s->objs * (size_t)(s->nobjs + 1));
  SuObjective *o = &s->objs[s->nobjs++];
  memset(o, 0, sizeof *o);
  o->observer = -1;
  o->test = -1;
  return o;
}

const char *suite_kind_name(SuKind k) {
  return k == SU_STATEMENT ? "statement" : k == SU_TRUE ? "true" : "false";
}

const char *suite_status_name(SuStatus st) {
  switch (st) {
  case SU_OPEN: return "open";
  case SU_COVERED: return "covered";
  case SU_DEAD: return "dead";
  case SU_UNKNOWN: return "unknown";
  }
  return "?";
}

/* ---- statements ---------------------------------------------------------- */

static bool has_code(const IrStmt *x) {
  if (x->kind == IR_ST_BLOCK || x->kind == IR_ST_DECL) return false;
  return x->kind != IR_ST_SKIP || x->callee_name != NULL;
}

typedef struct StWalk {
  Suite *s;
  const IrFunction *fn;
  int unit, first;   /* first: the function's first objective */
} StWalk;

bool suite_program_file(const IrProgram *p, const char *file) {
  for (int i = 0; file && i < p->nfiles; i++)
    if (!strcmp(p->files[i], file)) return true;
  return file && p->path && !strcmp(file, p->path);
}

static void add_line_stmt(StWalk *w, const IrStmt *x, int depth) {
  if (!suite_program_file(w->s->prog, x->loc.file) || x->loc.line <= 0) return;
  for (int i = w->first; i < w->s->nobjs; i++) {
    SuObjective *o = &w->s->objs[i];
    if (o->line != x->loc.line || strcmp(o->file, x->loc.file)) continue;
    o->line_stmts = realloc(o->line_stmts, sizeof *o->line_stmts * (size_t)(o->nline_stmts + 1));
    o->line_stmts[o->nline_stmts++] = x;
    return;
  }
  SuObjective *o = suite_new_objective(w->s);
  o->kind = SU_STATEMENT;
  o->owner = w->fn;
  o->unit = w->unit;
  o->stmt = o->target = x;
  o->file = x->loc.file;
  o->line = x->loc.line;
  o->col = x->loc.col;
  o->depth = depth;
  o->line_stmts = malloc(sizeof *o->line_stmts);
  o->line_stmts[0] = x;
  o->nline_stmts = 1;
}

static void st_block(StWalk *w, const IrBlock *b, int depth) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *x = b->stmts[i];
    if (has_code(x)) add_line_stmt(w, x, depth);
    st_block(w, &x->then, depth + 1);
    st_block(w, &x->els, depth + 1);
    st_block(w, &x->pre, depth + 1);
    st_block(w, &x->body, depth + (x->kind == IR_ST_WHILE));
    st_block(w, &x->step, depth + 1);
  }
}

/* ---- units and scope ------------------------------------------------------ */

/* The defined function named `name`; with several files, a name two files
   define as `static` is ambiguous (an error in err). */
static const IrFunction *defined_function(const Suite *s, const char *name, char *err, size_t len) {
  const IrFunction *f = NULL;
  for (int i = 0; i < s->prog->nfuncs; i++) {
    const IrFunction *g = s->prog->funcs[i];
    if (!g->defined || strcmp(g->name, name)) continue;
    if (f) {
      snprintf(err, len, "%s:%d:%d: error: '%s' is defined in several files (static) and in %s: --cover cannot tell which",
               g->loc.file, g->loc.line, g->loc.col, name, f->loc.file);
      return NULL;
    }
    f = g;
  }
  if (!f) snprintf(err, len, "%s: error: no function '%s' is defined in %s", s->opt->file, name,
                   s->prog->nfiles > 1 ? "the program's files" : "the file");
  return f;
}

static bool pick_units(Suite *s, char *err, size_t len) {
  const IrProgram *p = s->prog;
  s->units = calloc((size_t)p->nfuncs + 1, sizeof *s->units);
  const char *want = s->opt->function ? s->opt->function : NULL;
  const IrFunction *m = ir_find_function(p, "main");
  if (!want && m && m->defined) want = "main";
  if (want) {
    const IrFunction *f = defined_function(s, want, err, len);
    if (!f) return false;
    s->units[s->nunits++] = f;
    return true;
  }
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i]->defined) s->units[s->nunits++] = p->funcs[i];
  if (s->nunits == 0) snprintf(err, len, "%s: error: the file defines no function", s->opt->file);
  return s->nunits > 0;
}

/* Is f's code in the file?  Not for the library models the frontend
   compiles with it (frontend/libc.c: strlen, __builtin_popcount, ...),
   whose branches gcov never counts: the statements of the first line found
   tell. */
static const char *first_file(const IrBlock *b) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *x = b->stmts[i];
    if (x->loc.file && x->loc.line > 0) return x->loc.file;
    const char *in = first_file(&x->then);
    if (!in) in = first_file(&x->els);
    if (!in) in = first_file(&x->body);
    if (in) return in;
  }
  return NULL;
}

static bool code_in_file(const Suite *s, const IrFunction *f) {
  const char *file = first_file(&f->body);
  return !file || suite_program_file(s->prog, file);
}

/* The functions unit u can call, breadth first, that no earlier unit
   claimed: their objectives, depth0 = calls away from the unit. */
static void scope_of(Suite *s, int u, const IrFunction **claimed, int *nclaimed) {
  const IrFunction *queue[4096];
  int dist[4096], head = 0, tail = 0;
  queue[tail] = s->units[u];
  dist[tail++] = 0;
  while (head < tail) {
    const IrFunction *f = queue[head];
    int d = dist[head++];
    bool seen = false;
    for (int i = 0; i < *nclaimed && !seen; i++) seen = claimed[i] == f;
    if (seen || !f->defined) continue;
    claimed[(*nclaimed)++] = f;
    if (s->branches) {
      if (code_in_file(s, f)) suite_observers_of(s, f, u, d);
    } else {
      StWalk w = {.s = s, .fn = f, .unit = u, .first = s->nobjs};
      st_block(&w, &f->body, d);
    }
    for (int i = 0; i < f->ncallees && tail < 4096; i++) {
      queue[tail] = f->callees[i];
      dist[tail++] = d + 1;
    }
  }
}

static int deep_first(const void *a, const void *b) {
  const SuObjective *x = a, *y = b;
  if (x->depth != y->depth) return y->depth - x->depth;
  int f = strcmp(x->file ? x->file : "", y->file ? y->file : "");
  if (f) return f;
  if (x->line != y->line) return x->line - y->line;
  if (x->col != y->col) return x->col - y->col;
  return (int)x->kind - (int)y->kind;
}

bool suite_objectives(Suite *s, char *err, size_t len) {
  if (!pick_units(s, err, len)) return false;
  s->scope = calloc((size_t)s->prog->nfuncs + 1, sizeof *s->scope);
  for (int u = 0; u < s->nunits; u++) scope_of(s, u, s->scope, &s->nscope);
  qsort(s->objs, (size_t)s->nobjs, sizeof *s->objs, deep_first);
  return true;
}

void suite_free(Suite *s) {
  suite_observe_install(s, NULL, 0, false);
  suite_run_free();
  for (int i = 0; i < s->nobjs; i++) {
    free(s->objs[i].line_stmts);
    free(s->objs[i].reason);
  }
  for (int i = 0; i < s->ntests; i++) {
    free(s->tests[i].inputs);
    free(s->tests[i].nondet);
    suite_free_memory(&s->tests[i]);
  }
  for (int i = 0; i < s->nowned; i++) free(s->owned[i]);
  free(s->owned);
  free(s->objs);
  free(s->gcov.per_function);
  free(s->observers);
  free(s->tests);
  free(s->units);
  free(s->scope);
}
