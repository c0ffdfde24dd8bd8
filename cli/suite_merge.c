/* suite_merge.c - `inka-ng --merge-reports A.json B.json ...`: the JSON
 * reports of several --cover runs (typically one per function, spread over
 * machines with GNU parallel or make -j, docs/design.md "Test suites") as
 * one report.
 *
 * Objectives are identified by (file, function, line, col, kind) (the file:
 * the report's, and the objective's own in a program of several files); one that
 * several reports hold (a function that two units call) takes the best
 * status: covered, else dead, else unknown.  A run that covered what another
 * proved dead is a contradiction, counted.  Tests keep their values and get
 * new ids; each remembers its report ("report": index into "reports").
 * gcov measures are summed per report (scopes of different runs may share a
 * callee, so the sums can count its lines twice; each report's own measure
 * stays in "reports").
 * Values are written back exactly as read (json_read.c keeps their text).
 */
#include <stdlib.h>
#include <string.h>

#include "suite.h"

/* ---- merging ---------------------------------------------------------------- */

typedef struct Report {
  char *text;
  CliJson *doc;
  const char *path;
  int test_base;             /* tests of earlier reports */
} Report;

typedef struct Obj {
  const CliJson *j;
  int report;
  int rank;                  /* 0 covered, 1 dead, 2 unknown */
  bool dropped;              /* another report holds it with a better status */
} Obj;

static int rank_of(const char *status) { return !strcmp(status, "covered") ? 0 : !strcmp(status, "dead") ? 1 : 2; }

static bool same(const CliJson *a, const CliJson *b, const Report *ra, const Report *rb) {
  return cli_json_num(a, "line") == cli_json_num(b, "line") && cli_json_num(a, "col") == cli_json_num(b, "col") &&
         !strcmp(cli_json_str(a, "kind"), cli_json_str(b, "kind")) && !strcmp(cli_json_str(a, "function"), cli_json_str(b, "function")) &&
         !strcmp(cli_json_str(ra->doc, "file"), cli_json_str(rb->doc, "file")) &&
         !strcmp(cli_json_str(a, "file"), cli_json_str(b, "file")); /* (a program of several files) */
}

static bool load(Report *r, const char *path) {
  r->path = path;
  r->text = cli_read_file(path);
  if (!r->text) return fprintf(stderr, "%s: error: cannot read the report\n", path), false;
  r->doc = cli_json_parse(r->text);
  if (!r->doc || r->doc->type != 'o' || strcmp(cli_json_str(r->doc, "mode"), "cover"))
    return fprintf(stderr, "%s: error: not a JSON report of inka-ng --cover\n", path), false;
  return true;
}

static int dedupe(Obj *o, int n, Report *rep) {
  int contradictions = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < i && !o[i].dropped; k++) {
      if (o[k].dropped || !same(o[i].j, o[k].j, &rep[o[i].report], &rep[o[k].report])) continue;
      if (o[i].rank + o[k].rank == 1) contradictions++; /* covered here, proved dead there */
      if (o[i].rank < o[k].rank) o[k].dropped = true;
      else o[i].dropped = true;
    }
  return contradictions;
}

static void print_objective(FILE *out, const Obj *o, const Report *rep) {
  const CliJson *j = o->j;
  fputs("    {", out);
  for (int i = 0; i < j->n; i++) {
    fprintf(out, "%s\"%s\": ", i ? ", " : "", j->keys[i]);
    if (!strcmp(j->keys[i], "test") && j->kids[i]->type == 'n')
      fprintf(out, "%ld", strtol(j->kids[i]->raw, NULL, 10) + rep[o->report].test_base);
    else cli_json_raw(out, j->kids[i]);
  }
  fprintf(out, ", \"report\": %d}", o->report);
}

static void print_tests(FILE *out, Report *rep, int nrep) {
  fputs("  \"tests\": [", out);
  bool first = true;
  for (int r = 0; r < nrep; r++) {
    CliJson *tests = cli_json_get(rep[r].doc, "tests");
    for (int k = 0; tests && k < tests->n; k++) {
      const CliJson *t = tests->kids[k];
      fprintf(out, "%s\n    {\"id\": %ld", first ? "" : ",", cli_json_num(t, "id") + rep[r].test_base);
      for (int i = 0; i < t->n; i++) {
        if (!strcmp(t->keys[i], "id")) continue;
        fprintf(out, ", \"%s\": ", t->keys[i]);
        cli_json_raw(out, t->kids[i]);
      }
      fprintf(out, ", \"report\": %d}", r);
      first = false;
    }
  }
  fputs("\n  ],\n", out);
}

static void sum_gcov(FILE *out, Report *rep, int nrep) {
  static const char *const what[] = {"branches", "lines"};
  fputs("  \"gcov\": {\"measured\": ", out);
  bool all = true;
  for (int r = 0; r < nrep; r++) {
    CliJson *m = cli_json_get(cli_json_get(rep[r].doc, "gcov"), "measured");
    all &= m && m->type == 'b' && m->raw[0] == 't';
  }
  fputs(all ? "true" : "false", out);
  for (int w = 0; all && w < 2; w++) {
    long total = 0, covered = 0, best = 0;
    bool known = true; /* a best possible in every report */
    for (int r = 0; r < nrep; r++) {
      CliJson *m = cli_json_get(cli_json_get(rep[r].doc, "gcov"), what[w]), *b = cli_json_get(m, "best");
      total += cli_json_num(m, "total");
      covered += cli_json_num(m, "covered");
      best += cli_json_num(m, "best");
      known &= b && b->type == 'n';
    }
    fprintf(out, ", \"%s\": {\"total\": %ld, \"covered\": %ld, \"percent\": %.2f, ", what[w], total, covered,
            total ? 100.0 * covered / total : 100.0);
    if (known) fprintf(out, "\"best\": %ld, \"best_percent\": %.2f}", best, total ? 100.0 * best / total : 100.0);
    else fputs("\"best\": null, \"best_percent\": null}", out);
  }
  fputs("},\n", out);
}

static int emit(FILE *out, Report *rep, int nrep, Obj *o, int n, int contradictions) {
  int c[3] = {0}, tests = 0;
  for (int i = 0; i < n; i++) c[o[i].rank] += !o[i].dropped;
  for (int r = 0; r < nrep; r++) {
    CliJson *t = cli_json_get(rep[r].doc, "tests");
    tests += t ? t->n : 0;
    contradictions += (int)cli_json_num(cli_json_get(rep[r].doc, "totals"), "contradictions");
  }
  fprintf(out, "{\n  \"mode\": \"cover-merged\",\n  \"reports\": [");
  for (int r = 0; r < nrep; r++) {
    fprintf(out, "%s\n    {\"path\": ", r ? "," : "");
    cli_json_quoted(out, rep[r].path);
    fprintf(out, ", \"file\": ");
    cli_json_raw(out, cli_json_get(rep[r].doc, "file"));
    fprintf(out, ", \"functions\": ");
    cli_json_raw(out, cli_json_get(rep[r].doc, "functions"));
    fprintf(out, ", \"emit_dir\": ");
    cli_json_raw(out, cli_json_get(rep[r].doc, "emit_dir"));
    fprintf(out, ", \"gcov\": ");
    cli_json_raw(out, cli_json_get(rep[r].doc, "gcov"));
    fprintf(out, "}");
  }
  fprintf(out, "\n  ],\n  \"totals\": {\"objectives\": %d, \"covered\": %d, \"dead\": %d, \"unknown\": %d, \"tests\": %d, "
         "\"contradictions\": %d},\n",
         c[0] + c[1] + c[2], c[0], c[1], c[2], tests, contradictions);
  sum_gcov(out, rep, nrep);
  fprintf(out, "  \"objectives\": [");
  bool first = true;
  for (int i = 0; i < n; i++) {
    if (o[i].dropped) continue;
    fprintf(out, "%s\n", first ? "" : ",");
    print_objective(out, &o[i], rep);
    first = false;
  }
  fprintf(out, "\n  ],\n");
  print_tests(out, rep, nrep);
  fprintf(out, "  \"tool\": \"inka-ng\"\n}\n");
  return c[2] || contradictions ? CLI_EXIT_UNKNOWN : CLI_EXIT_MET;
}

/* The merged report on stdout and, with --html DIR, as pages. */
static int emit_all(Report *rep, int nrep, Obj *o, int n, int contradictions, const char *html) {
  if (!html) return emit(stdout, rep, nrep, o, n, contradictions);
  char *text = NULL, err[1024];
  size_t size = 0;
  FILE *mem = open_memstream(&text, &size);
  if (!mem) return fprintf(stderr, "inka-ng: error: out of memory\n"), CLI_EXIT_ERROR;
  int st = emit(mem, rep, nrep, o, n, contradictions);
  fclose(mem);
  fputs(text, stdout);
  if (!cli_html_write(html, text, err, sizeof err)) st = (fprintf(stderr, "%s\n", err), CLI_EXIT_ERROR);
  free(text);
  return st;
}

int suite_merge_reports(char **paths, const char *html) {
  int nrep = 0;
  while (paths[nrep]) nrep++;
  Report *rep = calloc((size_t)nrep, sizeof *rep);
  Obj *o = NULL;
  int n = 0, st = CLI_EXIT_ERROR, tests = 0;
  bool ok = true;
  for (int r = 0; r < nrep && ok; r++) {
    ok = load(&rep[r], paths[r]);
    if (!ok) break;
    rep[r].test_base = tests;
    CliJson *t = cli_json_get(rep[r].doc, "tests"), *objs = cli_json_get(rep[r].doc, "objectives");
    tests += t ? t->n : 0;
    for (int i = 0; objs && i < objs->n; i++) {
      o = realloc(o, sizeof *o * (size_t)(n + 1));
      o[n++] = (Obj){.j = objs->kids[i], .report = r, .rank = rank_of(cli_json_str(objs->kids[i], "status"))};
    }
  }
  if (ok) st = emit_all(rep, nrep, o, n, dedupe(o, n, rep), html);
  for (int r = 0; r < nrep; r++) {
    cli_json_free(rep[r].doc);
    free(rep[r].text);
  }
  free(rep);
  free(o);
  return st;
}
