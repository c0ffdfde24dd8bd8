/* main.c - inka-ng: parse the program, resolve the objective, solve, report,
 * emit and validate the test.  The only place that prints diagnostics and
 * chooses the exit status (docs/design.md §1: 0 met, 1 unreachable, 3
 * unknown, 2 usage or input error).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "inka/concrete.h"
#include "suite.h"

/* The options of this run, for the error paths (--json needs them). */
static const CliOptions *g_opt;
static bool g_json;

/* Every exit 2 goes through here: the message on stderr, and with --json
   also one JSON document on stdout, so that a script reading stdout always
   gets exactly one document. */
static int error_exit(const char *prefix, const char *msg) {
  fprintf(stderr, "%s%s\n", prefix, msg);
  if (g_json) cli_print_json_error(stdout, g_opt, "error", msg);
  return CLI_EXIT_ERROR;
}

static int usage_error(const char *msg) { return error_exit("inka-ng: error: ", msg); }

static int input_error(const char *msg) {
  char *copy = strdup(msg);
  size_t n = copy ? strlen(copy) : 0;
  while (n && copy[n - 1] == '\n') copy[--n] = 0;
  int st = error_exit("", copy ? copy : msg);
  free(copy);
  return st;
}

static int diag_error(const IrDiag *d) {
  char msg[1024];
  snprintf(msg, sizeof msg, "%s:%d:%d: error: %s", d->loc.file ? d->loc.file : "?", d->loc.line, d->loc.col,
           d->message);
  return input_error(msg);
}

/* --dump-ir: the function under test, or every function of the file. */
static int dump_ir(const IrProgram *p, const CliOptions *o) {
  const IrFunction *fn = NULL;
  const IrStmt *target;
  char err[1024];
  if (o->function || o->reach) {
    if (!cli_find_target(p, o, &target, &fn, err, sizeof err)) return input_error(err);
  } else {
    const IrFunction *m = ir_find_function(p, "main");
    if (m && m->defined) fn = m;
  }
  if (fn) {
    const IrDiag *d = fe_check_reachable(p, fn);
    if (d) return diag_error(d);
    ir_dump_function(stdout, fn);
    return 0;
  }
  for (int i = 0; i < p->nfuncs; i++) {
    const IrFunction *f = p->funcs[i];
    if (!f->defined) continue;
    const IrDiag *d = fe_check_reachable(p, f);
    if (d) return diag_error(d);
  }
  ir_dump_program(stdout, p);
  return 0;
}

static int exit_status(LblVerdict v) {
  return v == LBL_REACHABLE ? CLI_EXIT_MET : v == LBL_UNREACHABLE ? CLI_EXIT_UNREACHABLE : CLI_EXIT_UNKNOWN;
}

bool cli_build_query(CliRun *run, IrProgram *p, LblQuery *q, char *err, size_t len) {
  const CliOptions *o = run->opt;
  memset(q, 0, sizeof *q);
  q->prog = p;
  q->fn = run->fn;
  /* --check: any check of the line (--at), or of one site (check.c) */
  q->obj.target = o->check ? NULL : run->target;
  q->obj.target_call = o->check && o->at_given ? IR_CHECK_CALL : o->reach_call;
  q->obj.iter = o->iter;
  q->obj.niter = o->niter;
  /* the budget is the run's: what parsing took is gone */
  double left = o->timeout_s - (prop_now() - run->start);
  q->timeout_s = left > 1e-3 ? left : 1e-3;
  q->max_memory = (size_t)o->max_memory;
  q->max_unfold = o->max_unfold;
  q->seed = o->seed;
  q->no_concrete = o->no_concrete;
  q->no_sat = o->no_sat;
  q->no_alias = o->no_alias;
  q->acyclic = o->acyclic;
  q->assumes = calloc((size_t)o->nassumes + 1, sizeof *q->assumes);
  for (int i = 0; i < o->nassumes; i++) {
    FeErrors fe = {0};
    q->assumes[i] = fe_parse_expr(p, run->fn, o->assumes[i], &fe);
    if (!q->assumes[i]) {
      snprintf(err, len, "%s", fe.text ? fe.text : "--assume: cannot parse the expression");
      size_t n = strlen(err);
      if (n && err[n - 1] == '\n') err[n - 1] = 0;
      fe_errors_free(&fe);
      return false;
    }
    q->nassumes++;
  }
  return true;
}

static int solve(CliRun *run, IrProgram *p) {
  char err[2048];
  LblQuery q;
  if (!cli_build_query(run, p, &q, err, sizeof err)) {
    free(q.assumes);
    return input_error(err);
  }
  char *terr = NULL;
  bool ok = lbl_solve(&q, &run->result, &terr);
  cli_watchdog_disarm(); /* the verdict is in: what follows is reporting and validation */
  free(q.assumes);
  if (!ok) {
    int st = input_error(terr ? terr : "error: cannot translate the program");
    free(terr);
    return st;
  }
  const CliOptions *o = run->opt;
  const char *unmodelled = cli_check_unmodelled(p);
  if (run->result.verdict == LBL_UNREACHABLE && unmodelled) { /* a site was not checked */
    run->result.verdict = LBL_UNKNOWN;
    run->result.reason = unmodelled;
  }
  if (run->result.verdict == LBL_REACHABLE && o->emit_test) {
    if (!cli_emit_driver(run, o->emit_test, err, sizeof err)) {
      lbl_result_free(&run->result);
      return input_error(err);
    }
    run->test_path = o->emit_test;
  }
  if (run->result.verdict == LBL_REACHABLE && o->validate) {
    if (o->check) cli_validate_error(run, o->check);
    else cli_validate(run);
    if (run->validated == 0) { /* never claim what the real program did not do */
      run->result.verdict = LBL_UNKNOWN;
      run->result.reason = "the inputs found did not validate (see \"validation\")";
    }
  }
  if (run->result.verdict == LBL_REACHABLE && o->dot && !cli_write_dot(o->dot, &run->result, err, sizeof err)) {
    lbl_result_free(&run->result);
    return input_error(err);
  }
  if (o->json) cli_print_json(stdout, run);
  else cli_print_text(stdout, run);
  int st = exit_status(run->result.verdict);
  lbl_result_free(&run->result);
  return st;
}

static int run_program(const CliOptions *o) {
  FeOptions fo = {.model = o->model, .clang_args = o->clang_args, .nclang_args = o->nclang_args,
                  .no_stubs = o->no_stubs, .wrapv = o->wrapv, .check_kinds = o->check,
                  .check_line = o->at_given ? o->reach_line : 0};
  FeErrors fe = {0};
  double t0 = prop_now();
  bool own_clock = o->cover || (o->check && !o->at_given); /* a suite, every site: each objective has its budget */
  if (!o->dump_ir && !own_clock) cli_watchdog_arm(o, o->timeout_s);
  IrProgram *p = fe_parse_file(o->file, &fo, &fe);
  if (!p) {
    int st = input_error(fe.text ? fe.text : "error: cannot parse the program");
    fe_errors_free(&fe);
    return st;
  }
  fe_errors_free(&fe);
  int st;
  if (o->dump_ir) {
    st = dump_ir(p, o);
  } else if (o->cover) {
    st = cli_cover(o, p, t0);
  } else if (o->check && !o->at_given) {
    st = cli_check_all(o, p, t0);
  } else {
    CliRun run = {.opt = o, .prog = p, .validated = -1, .parse_s = prop_now() - t0, .start = t0};
    char err[1024];
    const IrDiag *d;
    if (!cli_find_target(p, o, &run.target, &run.fn, err, sizeof err)) st = input_error(err);
    else if (!cli_check_has_sites(p, o, err, sizeof err)) st = input_error(err);
    else if ((d = fe_check_reachable(p, run.fn))) st = diag_error(d);
    else if (!cli_check_iter(&run, err, sizeof err)) st = input_error(err);
    else {
      cli_warn_stubs(stderr, p, run.fn);
      st = solve(&run, p);
    }
  }
  cli_watchdog_disarm();
  fe_program_free(p);
  return st;
}

/* --json anywhere before "--": a usage error found before the option was
   read must still answer in JSON. */
static bool wants_json(int argc, char **argv) {
  for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
    if (!strcmp(argv[i], "--json")) return true;
  return false;
}

int main(int argc, char **argv) {
  CliOptions o;
  char err[512];
  bool exit_now;
  g_opt = &o;
  g_json = wants_json(argc, argv);
  if (!cli_parse_options(argc, argv, &o, err, sizeof err, &exit_now)) {
    cli_options_free(&o);
    return usage_error(err);
  }
  if (o.no_native) cx_native_mode(CX_NATIVE_OFF);
  int st = exit_now ? 0 : o.merge_reports ? suite_merge_reports(o.merge_reports) : run_program(&o);
  cli_options_free(&o);
  return st;
}
