/* check.c - --check KINDS: run-time errors, one site or one line at a time.
 *
 * With --at LINE (main.c answers it like --reach): the sites of one line.
 * Without, check_all.c asks here for each site's answer: the site's checks
 * (frontend/rte.c: one per way to go wrong, calls of a name of the site's
 * own) are the target of a query, solved in the function holding the site
 * (or F of --function).  A site is found when one of its checks is reached
 * (by inputs a concrete run confirms, and with --validate a sanitizer
 * report at its line), proved when none can be and the site has no part
 * no check decides (IrCheckSite.unmodelled), unknown otherwise.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Leaks are counted where the runs of --function F, else of main, end:
   without either, an error when only leaks are checked, else a note. */
bool cli_check_leak_root_known(const IrProgram *p, const CliOptions *o, char *err, size_t len) {
  if (!(o->check & IR_RTE_LEAK) || o->function || ir_find_function(p, "main")) return true;
  const char *why = "no main function: say with --function which function's runs end where leaks count";
  if (o->check != IR_RTE_LEAK) {
    if (!o->at_given) fprintf(stderr, "%s: note: leaks are not checked: %s\n", o->file, why);
    return true;
  }
  snprintf(err, len, "%s: error: --check leak: %s", o->file, why);
  return false;
}

bool cli_check_has_sites(const IrProgram *p, const CliOptions *o, char *err, size_t len) {
  if (!cli_check_leak_root_known(p, o, err, len)) return false;
  if (!o->check || p->ncheck_sites > 0) return true;
  char kinds[128];
  snprintf(err, len, "%s:%d:1: error: no operation on line %d can be a run-time error of the kinds checked (%s)",
           o->file, o->reach_line, o->reach_line, cli_check_kinds(o->check, kinds, sizeof kinds));
  return false;
}

const char *cli_check_unmodelled(const IrProgram *p) {
  static char reason[256]; /* one answer per run */
  for (int i = 0; i < p->ncheck_sites; i++) {
    if (!p->check_sites[i]->unmodelled) continue;
    snprintf(reason, sizeof reason, "no check triggers, but the line holds %s, which --check does not decide yet",
             p->check_sites[i]->unmodelled);
    return reason;
  }
  return NULL;
}

/* A leak is found only by a run that ends with the block unreachable (the
   model alone sees a block still allocated). */
void cli_check_leak_confirmed(CliRun *run, unsigned kinds) {
  if (!(kinds & IR_RTE_LEAK) || run->result.verdict != LBL_REACHABLE || run->result.confirmed) return;
  run->result.verdict = LBL_UNKNOWN;
  run->result.reason = "a block allocated here may still be allocated where the run ends, but no run confirmed it unreachable";
}

/* --check leak --at LINE: the runs start in the leak root (--function, else
   main), wherever the line's allocation is. */
const IrFunction *cli_check_function(const IrProgram *p, const IrFunction *fn) {
  for (int i = 0; i < p->ncheck_sites; i++)
    if (p->check_sites[i]->kind == IR_RTE_LEAK) return p->leak_root;
  return fn;
}

/* ---- every site ------------------------------------------------------------------- */
static bool calls_reach(const IrFunction *from, const IrFunction *to, const IrFunction **seen, int *nseen) {
  if (from == to) return true;
  for (int i = 0; i < *nseen; i++)
    if (seen[i] == from) return false;
  seen[(*nseen)++] = from;
  for (int i = 0; i < from->ncallees; i++)
    if (calls_reach(from->callees[i], to, seen, nseen)) return true;
  return false;
}

/* The function a site is checked from: --function F when F calls what
   holds it, the function holding it without --function; NULL: not checked. */
static const IrFunction *checked_from(const IrProgram *p, const CliOptions *o, const IrCheckSite *site) {
  if (site->kind == IR_RTE_LEAK) return p->leak_root; /* where its runs end */
  if (!o->function) return site->fn;
  const IrFunction **seen = calloc((size_t)p->nfuncs + 1, sizeof *seen);
  const IrFunction *from = NULL;
  for (int i = 0; seen && i < p->nfuncs && !from; i++) { /* (static functions of several files share names) */
    const IrFunction *f = p->funcs[i];
    int nseen = 0;
    if (f->defined && !strcmp(f->name, o->function) && calls_reach(f, site->fn, seen, &nseen)) from = f;
    memset(seen, 0, sizeof *seen * (size_t)(p->nfuncs + 1));
  }
  free(seen);
  return from;
}

/* One check of a site as the target of a query; the verdict in run->result. */
static bool solve_check(CliRun *run, IrProgram *p, double budget, char *err, size_t len) {
  LblQuery q;
  if (!cli_build_query(run, p, &q, err, len)) {
    free(q.assumes);
    return false;
  }
  if (q.timeout_s > budget) q.timeout_s = budget;
  char *terr = NULL;
  bool ok = lbl_solve(&q, &run->result, &terr);
  free(q.assumes);
  if (!ok) snprintf(err, len, "%s", terr ? terr : "error: cannot translate the program");
  free(terr);
  return ok;
}

/* The answer about one site: found (run->result holds the inputs), proved
   or unknown (with a reason).  False on an error (err). */
static bool check_site(CliRun *run, IrProgram *p, const IrCheckSite *site, double budget, char *err, size_t len) {
  CliOptions *o = (CliOptions *)run->opt;
  o->reach_line = site->loc.line; /* what validation and the report name */
  o->reach_call = site->call;     /* any of its checks */
  run->target = NULL;
  run->validated = -1;
  memset(&run->result, 0, sizeof run->result);
  if (site->nchecks == 0) { /* safe whatever its operands, or undecided */
    run->result.verdict = site->unmodelled ? LBL_UNKNOWN : LBL_UNREACHABLE;
    run->result.reason = site->unmodelled;
    return true;
  }
  if (!solve_check(run, p, budget, err, len)) return false;
  cli_check_leak_confirmed(run, site->kind);
  const char *reason = run->result.reason;
  if (run->result.verdict == LBL_UNKNOWN && reason && strstr(reason, "(--timeout) ran out"))
    run->result.reason = "the site's budget (--objective-timeout, or what --timeout left) ran out";
  if (run->result.verdict == LBL_REACHABLE && o->validate) {
    cli_validate_error(run, site->kind);
    if (run->validated == 0) { /* never claim what the real program did not do */
      run->result.verdict = LBL_UNKNOWN;
      run->result.reason = "the inputs found did not validate (see \"validation\")";
    }
  }
  if (run->result.verdict == LBL_UNREACHABLE && site->unmodelled) {
    run->result.verdict = LBL_UNKNOWN;
    run->result.reason = site->unmodelled;
  }
  return true;
}

/* ---- reporting ----------------------------------------------------------------------- */
const char *cli_check_answer(LblVerdict v) {
  return v == LBL_REACHABLE ? "found" : v == LBL_UNREACHABLE ? "proved" : "unknown";
}

static void print_site_text(FILE *out, const CliRun *run, const IrCheckSite *site) {
  char kind[32];
  const LblResult *r = &run->result;
  fprintf(out, "%-8s %s:%d:%d  %-10s ", r->verdict == LBL_REACHABLE ? "FOUND" : r->verdict == LBL_UNREACHABLE ? "PROVED" : "UNKNOWN",
          run->opt->file, site->loc.line, site->loc.col, cli_check_kinds(site->kind, kind, sizeof kind));
  if (r->verdict == LBL_REACHABLE) cli_print_call(out, run);
  else if (r->verdict == LBL_UNREACHABLE) fprintf(out, "no input triggers it (in %s)", site->fn->name);
  else fprintf(out, "%s (in %s)", r->reason ? r->reason : "no answer", site->fn->name);
  if (run->validated == 1) fprintf(out, "  validated");
  fputc('\n', out);
}

static void print_site_json(FILE *out, const CliRun *run, const IrCheckSite *site) {
  char kind[32];
  const LblResult *r = &run->result;
  fputc('{', out);
  if (run->prog->nfiles > 1) { /* a program of several files: the site's */
    fputs("\"file\": ", out);
    cli_json_string(out, run->opt->file);
    fputs(", ", out);
  }
  fprintf(out, "\"line\": %d, \"column\": %d, \"kind\": \"%s\", \"function\": ", site->loc.line, site->loc.col,
          cli_check_kinds(site->kind, kind, sizeof kind));
  cli_json_string(out, run->fn->name);
  fprintf(out, ", \"verdict\": \"%s\"", cli_check_answer(r->verdict));
  if (r->verdict == LBL_REACHABLE) cli_print_witness_json(out, run);
  if (run->test_path) {
    fputs(", \"test\": ", out);
    cli_json_string(out, run->test_path);
  }
  if (run->validated >= 0) fprintf(out, ", \"validated\": %s", run->validated ? "true" : "false");
  if (run->sanitizer[0]) {
    fputs(", \"sanitizer\": ", out);
    cli_json_string(out, run->sanitizer);
  }
  if (r->verdict == LBL_UNREACHABLE && site->nchecks > 0) {
    char proof[512];
    fputs(", \"proof\": ", out);
    cli_json_string(out, cli_proof_text(proof, sizeof proof, r));
  }
  if (r->verdict == LBL_UNKNOWN) {
    fputs(", \"reason\": ", out);
    cli_json_string(out, r->reason ? r->reason : "no answer");
  }
  fputc('}', out);
}

/* A leak site is solved on the program lowered for it alone (its line,
   leaks only): the counters of the other sites would only burden the loops
   that build and free their blocks.  NULL (and *site unchanged) when the
   program does not parse again. */
static IrProgram *leak_program(const CliOptions *o, const IrCheckSite **site) {
  FeOptions fo = cli_frontend_options(o);
  fo.check_kinds = IR_RTE_LEAK;
  fo.check_line = (*site)->loc.line;
  fo.check_file = (*site)->loc.file;
  FeErrors fe = {0};
  IrProgram *own = cli_parse_program(o, &fo, &fe);
  fe_errors_free(&fe);
  if (own && own->ncheck_sites == 1 && own->leak_root) {
    *site = own->check_sites[0];
    return own;
  }
  if (own) fe_program_free(own);
  return NULL;
}

/* The answer about one site in run->result, within what --timeout leaves
   (a leak site on a program of its own: run->prog).  False on an error. */
static bool answer_site(CliRun *run, IrProgram *p, const IrCheckSite *site, double t0, char *err, size_t len) {
  const CliOptions *o = run->opt;
  double left = o->timeout_s - (prop_now() - t0);
  memset(&run->result, 0, sizeof run->result);
  run->validated = -1;
  if (left <= 0) {
    run->result.verdict = LBL_UNKNOWN;
    run->result.reason = "the time budget (--timeout) ran out before this site";
    return true;
  }
  IrProgram *own = site->kind == IR_RTE_LEAK ? leak_program(o, &site) : NULL;
  if (own) run->prog = own, run->fn = own->leak_root;
  return check_site(run, own ? own : p, site, left < o->objective_timeout_s ? left : o->objective_timeout_s, err, len);
}

/* --html: the driver of a found error, for the pages' replay command
   (DIR/drivers/site-LINE-COL-KIND.c); run->test_path names it. */
static bool emit_site_driver(CliRun *run, const IrCheckSite *site, char *path, size_t plen, char *err, size_t len) {
  char name[96], kind[32];
  snprintf(name, sizeof name, "site-%d-%d-%s.c", site->loc.line, site->loc.col, cli_check_kinds(site->kind, kind, sizeof kind));
  if (!cli_html_driver_path(run->opt->html, name, path, plen, err, len) || !cli_emit_driver(run, path, err, len))
    return false;
  run->test_path = path;
  return true;
}

/* Site i of p answered and written out (CliSiteAnswer): its text line,
   its JSON object and its SARIF result.  False on an error (err). */
bool cli_check_site_answer(const CliOptions *o, IrProgram *p, int i, double t0, CliSiteAnswer *a, char *err,
                           size_t len) {
  CliOptions so = *o; /* reach_line follows the site, file too in a program of several */
  const IrCheckSite *site = p->check_sites[i];
  if (p->nfiles > 1 && site->loc.file) so.file = site->loc.file;
  CliRun run = {.opt = &so, .prog = p, .validated = -1, .start = t0, .fn = checked_from(p, o, site)};
  memset(a, 0, sizeof *a);
  char driver[4096];
  bool ok = answer_site(&run, p, site, t0, err, len);
  if (ok && run.result.verdict == LBL_REACHABLE && o->html)
    ok = emit_site_driver(&run, site, driver, sizeof driver, err, len);
  if (ok) {
    size_t n;
    FILE *m = open_memstream(&a->text, &n);
    if (m) print_site_text(m, &run, site), fclose(m);
    if ((m = open_memstream(&a->json, &n))) print_site_json(m, &run, site), fclose(m);
    if ((m = open_memstream(&a->sarif, &n))) cli_sarif_format(m, &run, site), fclose(m);
    ok = a->text && a->json && a->sarif;
    if (!ok) snprintf(err, len, "error: out of memory");
    a->verdict = run.result.verdict;
  }
  lbl_result_free(&run.result);
  if (run.prog != p) fe_program_free((IrProgram *)run.prog); /* after the report: its types */
  return ok;
}

bool cli_check_site_counted(const IrProgram *p, const CliOptions *o, int i, bool *safe) {
  const IrCheckSite *site = p->check_sites[i];
  *safe = site->nchecks == 0 && !site->unmodelled; /* a[2] of int a[4]: no report, only counted */
  return checked_from(p, o, site) != NULL;
}
