/* test_trial_cost.c - what trials cost in unfoldings (operators/control/
 * trial.c, the deferred runs of propagate/queue.c), counted by the
 * solver's statistics on whole programs, with the model alone.
 *
 * A trial propagates to a fixpoint and is undone at its pop: whatever it
 * unfolded is unfolded again by the next trial.  Trials run once nothing
 * else is pending (a loop whose checks are decided unfolds first), so the
 * look-ahead they redo is their own, not the decided work queued behind
 * them, and a trial of a branch that ends the path looks no loop iteration
 * ahead: a program's unfoldings stay within a small multiple of the
 * iterations it really runs (the list walk below made 50 times as many
 * when trials ran first).  But decided work does not starve the trials: a
 * loop of 200,000 iterations whose condition is decided at every check
 * does not keep the trial that refutes the objective after it from
 * running.  The bounds are on counts, never on time.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "source_text.h"
#include "inka/frontend.h"
#include "inka/objective.h"

static char tmpdir[128];

/* Solves `--reach T --iter iter` (iter 0: none) on body's function f with
   the model alone; the verdict and the unfoldings. */
static bool solve(const char *name, const char *body, int iter, LblVerdict *verdict, uint64_t *unfoldings) {
  char src[256];
  snprintf(src, sizeof src, "%s/%s.c", tmpdir, name);
  CHECK(write_text(src, body));
  int line = marker_line(body, "/* T */");
  FeOptions fo = {0};
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(src, &fo, &fe);
  fe_errors_free(&fe);
  CHECK(p != NULL);
  if (!p) return false;
  const IrFunction *fn = NULL;
  const IrStmt *st = NULL;
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i]->defined && !strcmp(p->funcs[i]->name, "f")) {
      fn = p->funcs[i];
      st = ir_find_stmt_at_line(fn, line);
    }
  CHECK(st != NULL);
  LblQuery q = {.prog = p, .fn = fn, .obj = {.target = st, .iter = &iter, .niter = iter > 0}, .timeout_s = 60,
                .max_unfold = 300000, .seed = 1, .no_concrete = true};
  LblResult r;
  char *err = NULL;
  bool ok = st && lbl_solve(&q, &r, &err);
  CHECK(ok);
  free(err);
  if (ok) {
    *verdict = r.verdict;
    *unfoldings = r.stats.tr.unfoldings;
    fprintf(stderr, "%s: %s, %llu unfoldings\n", name, lbl_verdict_name(r.verdict), (unsigned long long)*unfoldings);
    lbl_result_free(&r);
  }
  fe_program_free(p);
  return ok;
}

/* min(n, 400) cells pushed, then walked to iteration 300: at most 400 + 300
   iterations run.  Trials first made 38,235 unfoldings here (each
   re-unfolded up to 64 iterations of the builder, still queued behind it
   with its checks decided); 2,026 when they waited for the builder, while
   the trials of the walk's trap splits still unfolded the walk's next
   iteration in their "the path ends" branch; 832 now. */
TEST(list_walk) {
  const char *body = "#include <stdlib.h>\n"
                     "struct cell { int key; struct cell *next; };\n"
                     "int f(int n) {\n"
                     "  struct cell *head = NULL;\n"
                     "  int i, m = n < 400 ? n : 400;\n"
                     "  for (i = 0; i < m; i++) {\n"
                     "    struct cell *c = malloc(sizeof *c);\n"
                     "    c->key = i;\n"
                     "    c->next = head;\n"
                     "    head = c;\n"
                     "  }\n"
                     "  int s = 0;\n"
                     "  struct cell *p = head;\n"
                     "  while (p) {\n"
                     "    s += p->key; /* T */\n"
                     "    p = p->next;\n"
                     "  }\n"
                     "  return s;\n"
                     "}\n";
  LblVerdict v;
  uint64_t unf;
  if (!solve("list_walk", body, 300, &v, &unf)) return;
  CHECK_EQ_INT(v, LBL_REACHABLE);
  CHECK(unf <= 2 * (400 + 300));
}

/* 200,000 decided iterations, then a branch the loop's parity invariant
   refutes (s stays odd; tests/stranger r3_lcg.c): the trial that says so
   runs long before the loop is unfolded to its end (which --max-unfold
   300000 would allow; when trials waited for every decided check, it was
   UNKNOWN at --max-unfold 100000). */
TEST(decided_loop_does_not_starve_trials) {
  const char *body = "int f(unsigned int x) {\n"
                     "  unsigned int s = 12345u;\n"
                     "  int i;\n"
                     "  for (i = 0; i < 200000; i++)\n"
                     "    s = s * 1103515245u + 12345u;\n"
                     "  if (x == s)\n"
                     "    return 1;\n"
                     "  if (x == s + 1u && (s & 1u) == 0u)\n"
                     "    return 2; /* T */\n"
                     "  return 0;\n"
                     "}\n";
  LblVerdict v;
  uint64_t unf;
  if (!solve("decided_loop", body, 0, &v, &unf)) return;
  CHECK_EQ_INT(v, LBL_UNREACHABLE);
  CHECK(unf <= 20000);
}

int main(void) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/inka-trial-cost.XXXXXX");
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 1;
  }
  RUN(list_walk);
  RUN(decided_loop_does_not_starve_trials);
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", tmpdir);
  return check_summary();
}
