/* suite_cli.c - `inka-ng --cover branches|statements`: the objectives, the
 * preconditions of each function under test, the solving, then the suite on
 * disk, gcov's measure, Test-Comp files and the report.
 *
 * Exit status: 0 every objective covered or proved dead, 3 some unknown (or
 * a validation bug: a claim gcov does not see), 2 usage or input error (a
 * function under test outside the subset too: the others' suite is still
 * written).
 */
#include <stdlib.h>
#include <string.h>

#include "suite.h"

static int fail(const CliOptions *o, const char *msg) {
  fprintf(stderr, "%s\n", msg);
  if (o->json) cli_print_json_error(stdout, o, "error", msg);
  return CLI_EXIT_ERROR;
}

/* Per unit: the --assume expressions (exit 2 when one does not parse) and
   why the unit cannot be solved at all (code outside the subset). */
static bool prepare_units(Suite *s, char *err, size_t len) {
  const CliOptions *o = s->opt;
  s->nassumes = o->nassumes;
  s->unit_assumes = calloc((size_t)s->nunits, sizeof *s->unit_assumes);
  s->unit_error = calloc((size_t)s->nunits, sizeof *s->unit_error);
  for (int u = 0; u < s->nunits; u++) {
    const IrFunction *fn = s->units[u];
    const IrDiag *d = fe_check_reachable(s->prog, fn);
    if (d) {
      char msg[1024];
      snprintf(msg, sizeof msg, "%s:%d:%d: error: %s", d->loc.file ? d->loc.file : "?", d->loc.line, d->loc.col,
               d->message);
      s->unit_error[u] = strdup(msg);
      continue;
    }
    if (!o->quiet) cli_warn_stubs(stderr, s->prog, fn);
    s->unit_assumes[u] = calloc((size_t)o->nassumes + 1, sizeof **s->unit_assumes);
    for (int i = 0; i < o->nassumes; i++) {
      FeErrors fe = {0};
      s->unit_assumes[u][i] = fe_parse_expr(s->prog, fn, o->assumes[i], &fe);
      if (!s->unit_assumes[u][i]) {
        snprintf(err, len, "%s", fe.text ? fe.text : "--assume: cannot parse the expression");
        fe_errors_free(&fe);
        return false;
      }
    }
  }
  return true;
}

static void free_units(Suite *s) {
  for (int u = 0; u < s->nunits; u++) {
    free(s->unit_assumes ? s->unit_assumes[u] : NULL);
    free(s->unit_error ? s->unit_error[u] : NULL);
  }
  free(s->unit_assumes);
  free(s->unit_error);
}

/* The report on stdout (text, or JSON with --json) and with --html DIR the
   pages of its JSON; false with err when the pages cannot be written. */
static bool report(const Suite *s, char *err, size_t len) {
  const CliOptions *o = s->opt;
  if (!o->html) {
    if (o->json) suite_print_json(stdout, s);
    else suite_print_text(stdout, s);
    return true;
  }
  char *json = NULL;
  size_t size = 0;
  FILE *mem = open_memstream(&json, &size);
  if (!mem) return snprintf(err, len, "inka-ng: error: out of memory"), false;
  suite_print_json(mem, s);
  fclose(mem);
  if (o->json) fputs(json, stdout);
  else suite_print_text(stdout, s);
  bool ok = cli_html_write(o->html, json, err, len);
  free(json);
  return ok;
}

static int finish(Suite *s) {
  const CliOptions *o = s->opt;
  char err[1024];
  if (o->emit_dir) {
    if (!suite_write(s, o->emit_dir, err, sizeof err)) return fail(o, err);
    suite_measure(s, o->emit_dir, o->validate);
  }
  if (o->testcomp && !suite_testcomp(s, o->testcomp, err, sizeof err)) return fail(o, err);
  if (!report(s, err, sizeof err)) return fail(o, err);
  /* a unit outside the subset is an input error, as for --reach: the suite
     of the others is written, and the run says what was refused */
  int refused = 0;
  for (int u = 0; u < s->nunits; u++)
    if (s->unit_error[u] && refused++ == 0) fprintf(stderr, "%s\n", s->unit_error[u]);
  if (refused > 1) fprintf(stderr, "%s: note: %d more functions refused\n", o->file, refused - 1);
  if (refused) return CLI_EXIT_ERROR;
  bool open = s->contradictions > 0 || s->gcov.bugs > 0;
  for (int i = 0; i < s->nobjs; i++) open |= s->objs[i].status != SU_COVERED && s->objs[i].status != SU_DEAD;
  return open ? CLI_EXIT_UNKNOWN : CLI_EXIT_MET;
}

int cli_cover(const CliOptions *o, IrProgram *p, double start) {
  Suite s = {.opt = o, .prog = p, .branches = !strcmp(o->cover, "branches"), .start = start,
             .objective_timeout = o->objective_timeout_s};
  char err[2048];
  int st;
  if (!suite_objectives(&s, err, sizeof err) || !prepare_units(&s, err, sizeof err)) {
    size_t n = strlen(err);
    while (n && err[n - 1] == '\n') err[--n] = 0;
    st = fail(o, err);
  } else {
    if (o->jobs > 1) suite_solve_jobs(&s);
    else suite_solve(&s);
    st = finish(&s);
  }
  free_units(&s);
  suite_free(&s);
  return st;
}
