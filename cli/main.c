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

/* --html DIR: the pages of the answer's JSON document. */
static bool html_pages(const CliRun *run, char *err, size_t len) {
  char *json = NULL;
  size_t size = 0;
  FILE *mem = open_memstream(&json, &size);
  if (!mem) return snprintf(err, len, "inka-ng: error: out of memory"), false;
  cli_print_json(mem, run);
  fclose(mem);
  bool ok = cli_html_write(run->opt->html, json, err, len);
  free(json);
  return ok;
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
  cli_check_leak_confirmed(run, o->check);
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
  char driver[4096];
  if (run->result.verdict == LBL_REACHABLE && o->html && !o->emit_test) { /* what the pages' replay command builds */
    if (!cli_html_driver_path(o->html, "test-1.c", driver, sizeof driver, err, sizeof err) ||
        !cli_emit_driver(run, driver, err, sizeof err)) {
      lbl_result_free(&run->result);
      return input_error(err);
    }
    run->test_path = driver;
  }
  if (run->result.verdict == LBL_REACHABLE && o->dot && !cli_write_dot(o->dot, &run->result, err, sizeof err)) {
    lbl_result_free(&run->result);
    return input_error(err);
  }
  if (o->json) cli_print_json(stdout, run);
  else cli_print_text(stdout, run);
  if (o->html && !html_pages(run, err, sizeof err)) {
    lbl_result_free(&run->result);
    return input_error(err);
  }
  int st = exit_status(run->result.verdict);
  lbl_result_free(&run->result);
  return st;
}

/* With several files, --reach and --at name FILE:LINE: the objective's file,
   as the program spells it, becomes o->file (a bare LINE is ambiguous). */
static bool objective_file(CliOptions *o, char *err, size_t len) {
  if (o->nsources < 2 || !o->reach) return true;
  if (!o->reach_file) {
    snprintf(err, len, "%s %d is ambiguous: the program has %d files; name one as FILE:%d", o->at_given ? "--at" : "--reach",
             o->reach_line, o->nsources, o->reach_line);
    return false;
  }
  const CliSource *src = cli_source_of(o, o->reach_file);
  if (!src) {
    snprintf(err, len, "%s names '%s', which is not a file of the program", o->at_given ? "--at" : "--reach",
             o->reach_file);
    return false;
  }
  o->file = src->path;
  return true;
}

/* Every file with its own arguments (-p DIR: the database's, also for a
   database of one file). */
IrProgram *cli_parse_program(const CliOptions *o, const FeOptions *fo, FeErrors *fe) {
  if (o->nsources < 1) return fe_parse_file(o->file, fo, fe);
  FeSource *src = calloc((size_t)o->nsources, sizeof *src);
  for (int i = 0; i < o->nsources; i++)
    src[i] = (FeSource){o->sources[i].path, (const char *const *)o->sources[i].args, o->sources[i].nargs};
  IrProgram *p = fe_parse_files(src, o->nsources, fo, fe);
  free(src);
  return p;
}

static int run_program(const CliOptions *given) {
  CliOptions mine = *given; /* o->file becomes the objective's */
  const CliOptions *o = &mine;
  char ferr[1024];
  if (!objective_file(&mine, ferr, sizeof ferr)) return usage_error(ferr);
  FeOptions fo = cli_frontend_options(o);
  FeErrors fe = {0};
  double t0 = prop_now();
  bool own_clock = o->cover || (o->check && !o->at_given); /* a suite, every site: each objective has its budget */
  if (!o->dump_ir && !own_clock) cli_watchdog_arm(o, o->timeout_s);
  IrProgram *p = cli_parse_program(o, &fo, &fe);
  if (!p) {
    int st = input_error(fe.text ? fe.text : "error: cannot parse the program");
    fe_errors_free(&fe);
    return st;
  }
  fe_errors_free(&fe);
  for (int i = 0; i < p->nfiles; i++) /* the lines that count are the objective's file's */
    if (!strcmp(p->files[i], o->file)) p->path = p->files[i];
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
    else if (!(run.fn = cli_check_function(p, run.fn))) st = input_error("error: --check leak: no function to run");
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
  int st = exit_now ? 0 : o.merge_reports ? suite_merge_reports(o.merge_reports, o.html) : run_program(&o);
  cli_options_free(&o);
  return st;
}
