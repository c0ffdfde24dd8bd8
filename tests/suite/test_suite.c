/* test_suite.c - the suite builder (cli/suite*.c) against brute force, on
 * every function with integer parameters of samples/ and of the acceptance
 * programs:
 *
 *   - observers change nothing: random inputs run in the concrete mode with
 *     every observer installed end exactly as without them (outcome, return
 *     value, nondet values used);
 *   - no random input meets an objective the suite proved dead;
 *   - every covered objective is met by its own test, run again here;
 *   - each objective ends covered, dead or unknown with a reason.
 *
 * (tests/suite/suite.sh checks the suites against gcc and gcov.)
 */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inka/concrete.h"

#include "cli/suite.c"
#include "cli/suite_objectives.c"
#include "cli/suite_observers.c"
#include "cli/suite_run.c"
#include "cli/suite_tick_solver.c"
#include "cli/suite_memory.c"

enum { RUNS = 300, NONDET = 64 };

static uint64_t rng = 88172645463325252ull;
static int64_t next_random(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (int64_t)rng;
}

/* Inputs that reach corners: small values, boundaries, anything. */
static int64_t random_value(void) {
  static const int64_t corners[] = {0, 1, -1, 2, 3, 7, 10, 42, 100, 255, 1000, INT_MAX, INT_MIN, -100};
  int64_t r = next_random();
  switch ((uint64_t)r % 4) {
  case 0: return corners[((uint64_t)r >> 8) % (sizeof corners / sizeof *corners)];
  case 1: return ((r >> 8) % 21) - 10;
  case 2: return (r >> 8) % 2000;
  default: return r >> 16;
  }
}

typedef struct Seen {
  const Suite *s;
  int dead_hits, covered_hits;
  int want;                   /* an objective that must be met, or -1 */
} Seen;

static bool targets(const SuObjective *o, const IrStmt *x) {
  if (o->kind != SU_STATEMENT) return o->target == x;
  for (int k = 0; k < o->nline_stmts; k++)
    if (o->line_stmts[k] == x) return true;
  return false;
}

static void seen(void *ctx, const IrStmt *x, int outcome) {
  Seen *w = ctx;
  if (outcome != -1) return;
  for (int i = 0; i < w->s->nobjs; i++) {
    const SuObjective *o = &w->s->objs[i];
    if (!targets(o, x)) continue;
    if (o->status == SU_DEAD) {
      w->dead_hits++;
      fprintf(stderr, "dead objective met: %s:%d:%d %s\n", w->s->opt->file, o->line, o->col, suite_kind_name(o->kind));
    }
    if (i == w->want) w->covered_hits++;
  }
}

static bool integer_params(const IrFunction *f) {
  for (int i = 0; i < f->nparams; i++)
    if (f->params[i]->type->kind != IR_TY_INT && f->params[i]->type->kind != IR_TY_BOOL) return false;
  return true;
}

/* Random runs with and without observers; returns the runs that differ. */
static int brute_force(Suite *s, CxProgram *plain, CxProgram *observed, Seen *w) {
  int differ = 0;
  for (int run = 0; run < RUNS; run++) {
    int64_t params[16] = {0}, nondet[NONDET];
    for (int i = 0; i < 16; i++) params[i] = random_value();
    for (int i = 0; i < NONDET; i++) nondet[i] = random_value();
    CxRunOptions ro = {.max_steps = 200000};
    CxRunOptions rw = {.max_steps = 400000, .on_event = seen, .event_ctx = w};
    CxResult a, b;
    cx_run(plain, params, nondet, NONDET, &ro, &a);
    cx_run(observed, params, nondet, NONDET, &rw, &b);
    if (a.outcome == CX_BUDGET || b.outcome == CX_BUDGET) continue; /* observers take steps too */
    if (a.outcome != b.outcome || a.ret != b.ret || a.nondet_used != b.nondet_used) {
      differ++;
      fprintf(stderr, "%s: observers changed a run: %s/%s ret %lld/%lld\n", s->units[0]->name,
              cx_outcome_name(a.outcome), cx_outcome_name(b.outcome), (long long)a.ret, (long long)b.ret);
    }
  }
  return differ;
}

/* Each covered objective's own test meets it (run again, observers in). */
static int replay(Suite *s, CxProgram *observed, Seen *w) {
  int missed = 0;
  for (int i = 0; i < s->nobjs; i++) {
    const SuObjective *o = &s->objs[i];
    if (o->status != SU_COVERED) continue;
    const SuTest *t = &s->tests[o->test];
    int64_t params[16] = {0}, nondet[NONDET + 4096];
    memset(nondet, 0, sizeof nondet);
    for (int k = 0; k < t->ninputs && k < 16; k++) params[k] = t->inputs[k].value;
    for (int k = 0; k < t->nnondet && k < NONDET; k++) nondet[k] = t->nondet[k].value;
    w->want = i;
    w->covered_hits = 0;
    CxRunOptions rw = {.max_steps = 10000000, .on_event = seen, .event_ctx = w};
    CxResult r;
    cx_run(observed, params, nondet, NONDET + 4096, &rw, &r);
    if (!w->covered_hits) {
      missed++;
      fprintf(stderr, "%s:%d:%d %s: its test does not meet it\n", s->opt->file, o->line, o->col, suite_kind_name(o->kind));
    }
  }
  w->want = -1;
  return missed;
}

static int statuses_bad(const Suite *s) {
  int bad = 0;
  for (int i = 0; i < s->nobjs; i++) {
    const SuObjective *o = &s->objs[i];
    bad += o->status == SU_OPEN || (o->status == SU_COVERED) != (o->test >= 0) ||
           (o->status != SU_COVERED && !o->reason);
  }
  return bad;
}

static int functions_checked, objectives_checked;

static void check_function(IrProgram *p, const char *path, const IrFunction *f, bool branches) {
  CliOptions opt = {.file = path, .function = f->name, .timeout_s = 60, .objective_timeout_s = 0.5,
                    .max_unfold = 100000, .seed = 1, .quiet = true, .cover = branches ? "branches" : "statements"};
  Suite s = {.opt = &opt, .prog = p, .branches = branches, .start = prop_now(), .objective_timeout = 0.5};
  char err[1024];
  CHECK(suite_objectives(&s, err, sizeof err));
  s.unit_assumes = calloc(1, sizeof *s.unit_assumes);
  s.unit_error = calloc(1, sizeof *s.unit_error);
  char *cerr = NULL;
  CxObjective none = {0};
  CxProgram *plain = cx_new(p, f, &none, &cerr);
  free(cerr);
  cerr = NULL;
  suite_observe_install(&s, NULL, 0, true);
  CxProgram *observed = plain ? cx_new(p, f, &none, &cerr) : NULL;
  free(cerr);
  suite_observe_install(&s, NULL, 0, false);
  if (observed) {
    suite_solve(&s);
    Seen w = {.s = &s, .want = -1};
    CHECK_EQ_INT(brute_force(&s, plain, observed, &w), 0);
    CHECK_EQ_INT(w.dead_hits, 0);
    CHECK_EQ_INT(replay(&s, observed, &w), 0);
    CHECK_EQ_INT(statuses_bad(&s), 0);
    CHECK_EQ_INT(s.contradictions, 0);
    functions_checked++;
    objectives_checked += s.nobjs;
  }
  cx_free(plain);
  cx_free(observed);
  free(s.unit_assumes);
  free(s.unit_error);
  suite_free(&s);
}

static void check_file(const char *path) {
  FeOptions fo = {.model = IR_LP64};
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(path, &fo, &fe);
  fe_errors_free(&fe);
  if (!p) return;
  for (int i = 0; i < p->nfuncs; i++) {
    const IrFunction *f = p->funcs[i];
    if (!f->defined || !integer_params(f) || f->nparams > 16 || fe_check_reachable(p, f)) continue;
    check_function(p, path, f, true);
    check_function(p, path, f, false);
  }
  fe_program_free(p);
}

static void check_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  char *names[256];
  int n = 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 2 && !strcmp(e->d_name + len - 2, ".c")) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  for (int i = 0; i < n; i++) {
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    check_file(path);
    free(names[i]);
  }
}

TEST(samples) { check_dir("samples"); }
TEST(acceptance_programs) { check_dir("tests/acceptance/programs"); }

TEST(enough_functions) { CHECK(functions_checked > 20 && objectives_checked > 200); }

int main(void) {
  RUN(samples);
  RUN(acceptance_programs);
  RUN(enough_functions);
  fprintf(stderr, "%d functions, %d objectives checked\n", functions_checked, objectives_checked);
  return check_summary();
}
