/* suite.c - --cover: solve every objective of a suite with the single
 * objective solver (label/objective.c), one after the other, deep ones
 * first; each new test runs at once (suite_run.c) and ticks off all it
 * covers, so the next query is only asked for what is still open.
 *
 * Verdicts keep the solver's rules: an objective is dead only when the
 * solver answered UNREACHABLE for it (for a line: for every statement on
 * it), covered only by a test whose run meets it, unknown otherwise, with
 * the reason (the solver's, the budget that ran out, or why the function
 * cannot be translated).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suite.h"

static void set_reason(SuObjective *o, const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  size_t n = strlen(buf);
  while (n && buf[n - 1] == '\n') buf[--n] = 0;
  free(o->reason);
  o->reason = strdup(buf);
}

/* ---- progress ------------------------------------------------------------- */

void suite_progress(const Suite *s, SuProgress *p, int done, bool final) {
  double now = prop_now(), elapsed = now - s->start;
  if (s->opt->quiet || elapsed < 1.0 || (!final && now - p->last < (p->tty ? 0.2 : 1.0))) return;
  if (final && !p->shown) return;
  int c = 0, d = 0, u = 0;
  for (int i = 0; i < s->nobjs; i++) {
    c += s->objs[i].status == SU_COVERED;
    d += s->objs[i].status == SU_DEAD;
    u += s->objs[i].status == SU_UNKNOWN;
  }
  fprintf(stderr, "%sinka-ng: %d/%d objectives done: %d covered, %d dead, %d unknown; %d tests; %.1f s%s",
          p->tty ? "\r" : "", done, s->nobjs, c, d, u, s->ntests, elapsed, p->tty ? "\033[K" : "\n");
  if (p->tty && final) fputc('\n', stderr);
  fflush(stderr);
  p->last = now;
  p->shown = true;
}

/* ---- one objective -------------------------------------------------------- */

static double remaining(const Suite *s) { return s->opt->timeout_s - (prop_now() - s->start); }

static int new_test(Suite *s, int oi, const LblResult *r) {
  s->tests = realloc(s->tests, sizeof *s->tests * (size_t)(s->ntests + 1));
  SuTest *t = &s->tests[s->ntests];
  memset(t, 0, sizeof *t);
  t->unit = s->objs[oi].unit;
  t->objective = oi;
  t->ninputs = r->ninputs;
  t->nnondet = r->nnondet;
  t->inputs = malloc(sizeof *t->inputs * (size_t)(r->ninputs + 1));
  t->nondet = malloc(sizeof *t->nondet * (size_t)(r->nnondet + 1));
  if (r->ninputs) memcpy(t->inputs, r->inputs, sizeof *t->inputs * (size_t)r->ninputs);
  if (r->nnondet) memcpy(t->nondet, r->nondet, sizeof *t->nondet * (size_t)r->nnondet);
  suite_copy_memory(t, r);
  return s->ntests++;
}

/* Inputs the suite driver can write: scalars, pointers into the input
   memory (suite_memory.c) and structs by value (copies of input objects). */
static bool scalar_inputs(const LblResult *r) {
  for (int i = 0; i < r->ninputs; i++) {
    IrTypeKind k = r->inputs[i].type->kind;
    if (k != IR_TY_INT && k != IR_TY_BOOL && k != IR_TY_FLOAT && k != IR_TY_PTR && k != IR_TY_STRUCT) return false;
  }
  return true;
}

/* A test was found for objective oi: keep it, run it, tick off. */
static void found(Suite *s, int oi, const LblResult *r) {
  if (!scalar_inputs(r)) {
    SuObjective *o = &s->objs[oi];
    if (o->status == SU_COVERED) return;
    o->status = SU_UNKNOWN;
    set_reason(o, "unsupported: a test with struct or array inputs by value (suites do not write them)");
    return;
  }
  int k = new_test(s, oi, r);
  bool ran;
  int n = suite_tick(s, k, &ran);
  SuObjective *o = &s->objs[oi];
  if (!ran && o->status != SU_COVERED) { /* no concrete mode: the solver's path is the proof */
    o->status = SU_COVERED;
    o->test = k;
    n += 1 + suite_tick_solver(s, k);
  } else if (o->status != SU_COVERED) { /* the run did not do what the solver said: claim nothing */
    o->status = SU_UNKNOWN;
    set_reason(o, "the inputs found did not meet the objective when run in the concrete mode");
  }
  s->tests[k].ncovers = n;
  if (n == 0) { /* a test that covers nothing is no test */
    free(s->tests[k].inputs);
    free(s->tests[k].nondet);
    suite_free_memory(&s->tests[k]);
    s->ntests--;
  }
}

/* One query: the objective's target (installed observer for branches). */
static bool query(Suite *s, int oi, const IrStmt *target, LblResult *r, char **err, bool *suite_budget) {
  SuObjective *o = &s->objs[oi];
  double left = remaining(s), budget = s->objective_timeout < left ? s->objective_timeout : left;
  *suite_budget = left < s->objective_timeout; /* what a time-out then means */
  LblQuery q = {.prog = s->prog, .fn = s->units[o->unit], .assumes = s->unit_assumes[o->unit],
                .nassumes = s->nassumes, .timeout_s = budget > 1e-3 ? budget : 1e-3,
                .max_unfold = s->opt->max_unfold, .seed = s->opt->seed, .no_concrete = s->opt->no_concrete, .no_sat = s->opt->no_sat, .no_alias = s->opt->no_alias, .acyclic = s->opt->acyclic,
                .max_memory = (size_t)s->opt->max_memory};
  q.obj.target = target;
  if (o->observer >= 0) suite_observe_install(s, &o->observer, 1, false);
  bool ok = lbl_solve(&q, r, err);
  suite_observe_install(s, NULL, 0, false);
  return ok;
}

static void dead_reason(const Suite *s, SuOutcome *out, const LblResult *r, int nstmts) {
  const PropStats *p = &r->stats.prop;
  snprintf(out->reason, sizeof out->reason,
           "the solver refuted every input%s%s (%llu search nodes; reasoning: %llu equalities, %llu congruences, "
           "%llu difference cycles, %llu loop summaries, %llu linear relaxations)",
           s->nassumes ? " that meets the --assume preconditions" : "",
           nstmts > 1 ? " for every statement of the line" : "", (unsigned long long)r->stats.search.nodes,
           (unsigned long long)p->notes[PROP_NOTE_EQUALITY], (unsigned long long)p->notes[PROP_NOTE_CONGRUENCE],
           (unsigned long long)p->notes[PROP_NOTE_CYCLE], (unsigned long long)p->notes[PROP_NOTE_SUMMARY],
           (unsigned long long)p->notes[PROP_NOTE_LP]);
}

void suite_decide(Suite *s, int oi, SuOutcome *out) {
  memset(out, 0, sizeof *out);
  out->verdict = LBL_UNKNOWN;
  SuObjective *o = &s->objs[oi];
  if (s->unit_error[o->unit]) {
    snprintf(out->reason, sizeof out->reason, "%s", s->unit_error[o->unit]);
    return;
  }
  int ntargets = o->kind == SU_STATEMENT ? o->nline_stmts : 1;
  for (int k = 0; k < ntargets; k++) {
    const IrStmt *target = o->kind == SU_STATEMENT ? o->line_stmts[k] : o->target;
    LblResult r;
    char *err = NULL;
    bool suite_budget;
    if (!query(s, oi, target, &r, &err, &suite_budget)) {
      out->verdict = LBL_UNKNOWN;
      snprintf(out->reason, sizeof out->reason, "%s", err ? err : "the function cannot be translated");
      free(err);
      return;
    }
    out->time_s += r.time_s;
    out->verdict = r.verdict;
    if (r.verdict == LBL_REACHABLE) {
      out->result = r; /* the values go to the caller */
      return;
    }
    if (r.verdict == LBL_UNKNOWN && suite_budget)
      snprintf(out->reason, sizeof out->reason, "%s (what was left of the suite's --timeout %g s)",
               r.reason ? r.reason : "unknown", s->opt->timeout_s);
    else if (r.verdict == LBL_UNKNOWN)
      snprintf(out->reason, sizeof out->reason, "%s (--objective-timeout %g s)", r.reason ? r.reason : "unknown",
               s->objective_timeout);
    else dead_reason(s, out, &r, ntargets);
    lbl_result_free(&r);
    if (out->verdict == LBL_UNKNOWN) return;
  }
}

void suite_apply(Suite *s, int oi, SuOutcome *out) {
  SuObjective *o = &s->objs[oi];
  o->time_s += out->time_s;
  if (out->verdict == LBL_REACHABLE) {
    found(s, oi, &out->result);
    lbl_result_free(&out->result);
    return;
  }
  lbl_result_free(&out->result); /* (--jobs: the arrays of an answer without values) */
  if (o->status == SU_COVERED) { /* a test found meanwhile (--jobs) covers it */
    if (out->verdict == LBL_UNREACHABLE) s->contradictions++;
    return;
  }
  o->status = out->verdict == LBL_UNREACHABLE ? SU_DEAD : SU_UNKNOWN;
  set_reason(o, "%s", out->reason);
}

/* Before a query: the suite's clock. */
bool suite_out_of_time(Suite *s, int oi) {
  SuObjective *o = &s->objs[oi];
  if (o->status != SU_OPEN || remaining(s) > 0) return false;
  o->status = SU_UNKNOWN;
  s->out_of_time = true;
  set_reason(o, "the suite's time budget (--timeout %g s) ran out before it was tried", s->opt->timeout_s);
  return true;
}

void suite_solve(Suite *s) {
  SuProgress p = {.tty = isatty(2)};
  for (int i = 0; i < s->nobjs; i++) {
    if (!suite_out_of_time(s, i) && s->objs[i].status == SU_OPEN) {
      SuOutcome out;
      suite_decide(s, i, &out);
      suite_apply(s, i, &out);
    }
    suite_progress(s, &p, i + 1, false);
  }
  suite_progress(s, &p, s->nobjs, true);
  s->solve_s = prop_now() - s->start;
}
