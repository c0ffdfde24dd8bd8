/* suite_run.c - ticking objectives off: each new test runs in the concrete
 * mode (concrete/) with every observer installed, and every objective whose
 * target starts during the run is covered by it.
 *
 * The run is the test driver's run: the same parameters, the same nondet
 * values in the same order, and zeros once they are used up (what the
 * driver serves then).  Whatever ends the run early (a trap, a value no test
 * controls, the step budget) ends it at a point the real run passes through
 * too, so what was met before is met by the real program; nothing after it
 * is claimed.
 */
#include <stdlib.h>
#include <string.h>

#include "inka/concrete.h"
#include "suite.h"

enum { TICK_MAX_STEPS = 10000000, TICK_ZEROS = 4096 };

typedef struct StmtObj {
  const IrStmt *stmt;
  int obj;
} StmtObj;

static StmtObj *g_map;        /* every target statement -> its objective, by address */
static int g_nmap;
static CxProgram **g_cx;      /* per unit; NULL when the concrete mode cannot run it */
static bool *g_tried;
static int g_nunits;

static int by_stmt(const void *a, const void *b) {
  const StmtObj *x = a, *y = b;
  return x->stmt < y->stmt ? -1 : x->stmt > y->stmt;
}

static void build_map(const Suite *s) {
  int n = 0;
  for (int i = 0; i < s->nobjs; i++) n += s->objs[i].kind == SU_STATEMENT ? s->objs[i].nline_stmts : 1;
  g_map = malloc(sizeof *g_map * (size_t)(n + 1));
  for (int i = 0; i < s->nobjs; i++) {
    const SuObjective *o = &s->objs[i];
    if (o->kind != SU_STATEMENT) g_map[g_nmap++] = (StmtObj){o->target, i};
    else
      for (int k = 0; k < o->nline_stmts; k++) g_map[g_nmap++] = (StmtObj){o->line_stmts[k], i};
  }
  qsort(g_map, (size_t)g_nmap, sizeof *g_map, by_stmt);
}

static CxProgram *unit_program(Suite *s, int u) {
  if (!g_cx) {
    g_nunits = s->nunits;
    g_cx = calloc((size_t)g_nunits, sizeof *g_cx);
    g_tried = calloc((size_t)g_nunits, 1);
  }
  if (g_tried[u]) return g_cx[u];
  g_tried[u] = true;
  /* a pointer parameter's value is a location of the solver's input memory,
     which a concrete run does not have: such a run would read other objects */
  for (int i = 0; i < s->units[u]->nparams; i++)
    if (s->units[u]->params[i]->type->kind != IR_TY_INT && s->units[u]->params[i]->type->kind != IR_TY_BOOL &&
        s->units[u]->params[i]->type->kind != IR_TY_FLOAT)
      return NULL;
  suite_observe_install(s, NULL, 0, true);
  CxObjective none = {0};
  char *err = NULL;
  CxProgram *c = cx_new(s->prog, s->units[u], &none, &err);
  for (int i = 0; c && i < s->nassumes; i++)
    if (!cx_add_assume(c, s->unit_assumes[u][i], &err)) {
      cx_free(c);
      c = NULL;
    }
  free(err);
  suite_observe_install(s, NULL, 0, false);
  return g_cx[u] = c;
}

typedef struct Tick {
  Suite *s;
  int test, count;
} Tick;

static void on_event(void *ctx, const IrStmt *stmt, int outcome) {
  if (outcome != -1 || !stmt) return;
  Tick *t = ctx;
  StmtObj key = {stmt, 0};
  StmtObj *hit = bsearch(&key, g_map, (size_t)g_nmap, sizeof *g_map, by_stmt);
  if (!hit) return;
  /* statements of one line share an objective; several entries may match */
  while (hit > g_map && hit[-1].stmt == stmt) hit--;
  for (; hit < g_map + g_nmap && hit->stmt == stmt; hit++) {
    SuObjective *o = &t->s->objs[hit->obj];
    if (o->status == SU_COVERED) continue;
    if (o->status == SU_DEAD) { /* a proof and a run disagree: never hide it */
      t->s->contradictions++;
      continue;
    }
    o->status = SU_COVERED;
    o->test = t->test;
    free(o->reason);
    o->reason = NULL;
    t->count++;
  }
}

int suite_tick(Suite *s, int k, bool *ran) {
  if (!g_map) build_map(s);
  SuTest *t = &s->tests[k];
  CxProgram *c = unit_program(s, t->unit);
  *ran = c != NULL;
  if (!c) return 0;
  int64_t *params = calloc((size_t)t->ninputs + 1, sizeof *params);
  int64_t *nondet = calloc((size_t)t->nnondet + TICK_ZEROS, sizeof *nondet);
  for (int i = 0; i < t->ninputs; i++) params[i] = t->inputs[i].value;
  for (int i = 0; i < t->nnondet; i++) nondet[i] = t->nondet[i].value;
  Tick tick = {.s = s, .test = k};
  CxRunOptions ro = {.max_steps = TICK_MAX_STEPS, .on_event = on_event, .event_ctx = &tick};
  CxResult r;
  cx_run(c, params, nondet, t->nnondet + TICK_ZEROS, &ro, &r);
  free(params);
  free(nondet);
  return tick.count;
}

void suite_run_free(void) {
  for (int i = 0; g_cx && i < g_nunits; i++) cx_free(g_cx[i]);
  free(g_cx);
  free(g_tried);
  free(g_map);
  g_cx = NULL;
  g_tried = NULL;
  g_map = NULL;
  g_nmap = g_nunits = 0;
}
