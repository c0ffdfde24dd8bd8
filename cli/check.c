/* check.c - --check KINDS: run-time errors.
 *
 * With --at LINE (main.c answers it like --reach): the sites of one line.
 * Without: every site of the program (of --function F and what it calls,
 * else of every function), one at a time, each an objective of its own:
 * the site's checks (frontend/rte.c: one per way to go wrong, calls of a
 * name of the site's own) are the target of a query, solved in the function
 * holding the site (or F).  A site is found when one of its checks is
 * reached (by inputs a concrete run confirms, and with --validate a
 * sanitizer report at its line), proved when none can be and the site has
 * no part no check decides (IrCheckSite.unmodelled), unknown otherwise.
 * The summary counts each kind;
 * --json and --sarif (sarif.c) write the same answers.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

bool cli_check_has_sites(const IrProgram *p, const CliOptions *o, char *err, size_t len) {
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

static void print_site_json(FILE *out, const CliRun *run, const IrCheckSite *site, bool first) {
  char kind[32];
  const LblResult *r = &run->result;
  fprintf(out, "%s\n    {", first ? "" : ",");
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
  if (run->validated >= 0) fprintf(out, ", \"validated\": %s", run->validated ? "true" : "false");
  if (r->verdict == LBL_UNKNOWN) {
    fputs(", \"reason\": ", out);
    cli_json_string(out, r->reason ? r->reason : "no answer");
  }
  fputc('}', out);
}

typedef struct Tally {
  int sites[IR_RTE_NKINDS], found[IR_RTE_NKINDS], proved[IR_RTE_NKINDS];
} Tally;

static int kind_index(IrRteKind k) {
  int i = 0;
  while (!(k & 1u)) k >>= 1, i++;
  return i;
}

static void count(Tally *t, const IrCheckSite *site, LblVerdict v) {
  int k = kind_index(site->kind);
  t->sites[k]++;
  t->found[k] += v == LBL_REACHABLE;
  t->proved[k] += v == LBL_UNREACHABLE;
}

/* Per kind: sites, found, proved, unknown; then the operations that are
   safe whatever their operands (no site is reported for them). */
static void print_summary(FILE *out, const Tally *t, int safe, bool json, double seconds) {
  char kind[32];
  bool first = true;
  if (json) fputs("\n  ],\n  \"summary\": {", out);
  for (int k = 0; k < IR_RTE_NKINDS; k++) {
    if (!t->sites[k]) continue;
    int unknown = t->sites[k] - t->found[k] - t->proved[k];
    cli_check_kinds(1u << k, kind, sizeof kind);
    if (json)
      fprintf(out, "%s\"%s\": {\"sites\": %d, \"found\": %d, \"proved\": %d, \"unknown\": %d}", first ? "" : ", ",
              kind, t->sites[k], t->found[k], t->proved[k], unknown);
    else
      fprintf(out, "%s: %d sites, %d found, %d proved, %d unknown\n", kind, t->sites[k], t->found[k], t->proved[k],
              unknown);
    first = false;
  }
  if (json) fprintf(out, "},\n  \"safe_operations\": %d, \"time_s\": %.3f\n}\n", safe, seconds);
  else fprintf(out, "%d more operations are safe whatever their operands; %.3f s\n", safe, seconds);
}

static int exit_status(const Tally *t) {
  int sites = 0, found = 0, proved = 0;
  for (int k = 0; k < IR_RTE_NKINDS; k++) sites += t->sites[k], found += t->found[k], proved += t->proved[k];
  return found ? CLI_EXIT_MET : proved == sites ? CLI_EXIT_UNREACHABLE : CLI_EXIT_UNKNOWN;
}

int cli_check_all(const CliOptions *o, IrProgram *p, double t0) {
  CliOptions so = *o; /* reach_line follows the site */
  CliRun run = {.opt = &so, .prog = p, .validated = -1, .parse_s = prop_now() - t0, .start = t0};
  char err[2048];
  Tally tally = {0};
  CliSarif *sarif = o->sarif ? cli_sarif_open(o, err, sizeof err) : NULL;
  if (o->sarif && !sarif) return fprintf(stderr, "%s\n", err), CLI_EXIT_ERROR;
  if (o->json) {
    fputs("{\"check\": ", stdout);
    cli_json_string(stdout, cli_check_kinds(o->check, err, sizeof err));
    fputs(", \"file\": ", stdout);
    cli_json_string(stdout, o->file);
    fputs(", \"sites\": [", stdout);
  }
  int done = 0, safe = 0;
  for (int i = 0; i < p->ncheck_sites; i++) {
    const IrCheckSite *site = p->check_sites[i];
    if (!(run.fn = checked_from(p, o, site))) continue;
    if (p->nfiles > 1 && site->loc.file) so.file = site->loc.file; /* (the site's file: reports, validation) */
    if (site->nchecks == 0 && !site->unmodelled) { /* a[2] of int a[4]: no report, only counted */
      safe++;
      continue;
    }
    double left = o->timeout_s - (prop_now() - t0);
    memset(&run.result, 0, sizeof run.result);
    run.validated = -1;
    if (left <= 0) {
      run.result.verdict = LBL_UNKNOWN;
      run.result.reason = "the time budget (--timeout) ran out before this site";
    } else if (!check_site(&run, p, site, left < o->objective_timeout_s ? left : o->objective_timeout_s, err,
                           sizeof err)) {
      fprintf(stderr, "%s\n", err);
      cli_sarif_close(sarif, NULL, 0);
      return CLI_EXIT_ERROR;
    }
    if (o->json) print_site_json(stdout, &run, site, done == 0);
    else print_site_text(stdout, &run, site);
    if (sarif) cli_sarif_result(sarif, &run, site);
    count(&tally, site, run.result.verdict);
    lbl_result_free(&run.result);
    done++;
  }
  print_summary(stdout, &tally, safe, o->json, prop_now() - t0);
  if (sarif && !cli_sarif_close(sarif, err, sizeof err)) return fprintf(stderr, "%s\n", err), CLI_EXIT_ERROR;
  return exit_status(&tally);
}
