/* suite_report.c - the report of a suite: a text a person reads (totals,
 * gcov's measure beside the best possible, then every objective that is not
 * covered with its reason, and the tests), or one JSON document whose
 * schema is in docs/design.md "Test suites" (field names are a contract:
 * add, never rename).  --merge-reports reads these documents back.
 */
#include <stdlib.h>
#include <string.h>

#include "suite.h"

typedef struct Counts {
  int covered, dead, unknown;
} Counts;

static Counts count(const Suite *s) {
  Counts c = {0};
  for (int i = 0; i < s->nobjs; i++) {
    c.covered += s->objs[i].status == SU_COVERED;
    c.dead += s->objs[i].status == SU_DEAD;
    c.unknown += s->objs[i].status == SU_UNKNOWN;
  }
  return c;
}

static double pct(int a, int b) { return b ? 100.0 * a / b : 100.0; }

/* Objectives in source order (the solving order is deep first). */
static int by_place(const void *a, const void *b) {
  const SuObjective *x = *(const SuObjective *const *)a, *y = *(const SuObjective *const *)b;
  int f = strcmp(x->file ? x->file : "", y->file ? y->file : "");
  if (f) return f;
  if (x->line != y->line) return x->line - y->line;
  if (x->col != y->col) return x->col - y->col;
  return (int)x->kind - (int)y->kind;
}

static const SuObjective **in_order(const Suite *s) {
  const SuObjective **v = malloc(sizeof *v * (size_t)(s->nobjs + 1));
  for (int i = 0; i < s->nobjs; i++) v[i] = &s->objs[i];
  qsort(v, (size_t)s->nobjs, sizeof *v, by_place);
  return v;
}

static void test_call(FILE *out, const Suite *s, const SuTest *t) {
  fprintf(out, "%s(", s->units[t->unit]->name);
  for (int i = 0; i < t->ninputs; i++) {
    char v[96];
    bool by_value = t->inputs[i].type->kind == IR_TY_STRUCT; /* "*in1": a copy of in1 */
    if (t->inputs[i].type->kind == IR_TY_PTR || by_value) {
      v[0] = '*';
      suite_pointer_text(v + by_value, sizeof v - 1, t, &t->inputs[i]);
    } else {
      cli_format_value(v, sizeof v, t->inputs[i].type, t->inputs[i].value);
    }
    fprintf(out, "%s%s = %s", i ? ", " : "", t->inputs[i].name, v);
  }
  fprintf(out, ")");
  for (int i = 0; i < t->nnondet; i++) {
    char v[64];
    cli_format_value(v, sizeof v, t->nondet[i].type, t->nondet[i].value);
    fprintf(out, "%s%s", i ? ", " : " nondet: ", v);
  }
}

static void gcov_text(FILE *out, const Suite *s) {
  const SuGcov *g = &s->gcov;
  if (!g->ok) {
    fprintf(out, "gcov: no measure (%s)\n", g->msg[0] ? g->msg : "no --emit-dir");
    return;
  }
  /* the best possible is known for the measure of the objectives only */
  if (s->branches)
    fprintf(out, "gcov, functions under test: branches %d/%d taken (%.1f%%), best possible %d (%.1f%%); lines %d/%d (%.1f%%)\n",
            g->branches_taken, g->branches, pct(g->branches_taken, g->branches), g->best_branches,
            pct(g->best_branches, g->branches), g->lines_run, g->lines, pct(g->lines_run, g->lines));
  else
    fprintf(out, "gcov, functions under test: lines %d/%d run (%.1f%%), best possible %d (%.1f%%); branches %d/%d (%.1f%%)\n",
            g->lines_run, g->lines, pct(g->lines_run, g->lines), g->best_lines, pct(g->best_lines, g->lines),
            g->branches_taken, g->branches, pct(g->branches_taken, g->branches));
  fprintf(out, "gcov, whole %s: branches %d/%d (%.1f%%), lines %d/%d (%.1f%%)\n",
          s->prog->nfiles > 1 ? "program" : "file", g->file_branches_taken,
          g->file_branches, pct(g->file_branches_taken, g->file_branches), g->file_lines_run, g->file_lines,
          pct(g->file_lines_run, g->file_lines));
  if (g->stopped)
    fprintf(out, "gcov: %d tests ran past the time limit of DIR/run and were stopped: their counts are gcov's "
                 "inference for a run cut short (a loop exit may be counted that never happened)\n",
            g->stopped);
  if (s->opt->validate)
    fprintf(out, "validation: %d claims confirmed by gcov, %d only by their line running, %d unchecked, %d bugs%s%s\n",
            g->validated, g->line_checked, g->unchecked, g->bugs, g->bugs ? ": " : "", g->bug_text);
}

/* The program's files, separated by spaces (one: the input file). */
static void files_text(FILE *out, const Suite *s) {
  if (s->prog->nfiles < 2) fputs(s->opt->file, out);
  for (int i = 0; s->prog->nfiles > 1 && i < s->prog->nfiles; i++) fprintf(out, "%s%s", i ? " " : "", s->prog->files[i]);
}

void suite_print_text(FILE *out, const Suite *s) {
  Counts c = count(s);
  files_text(out, s);
  fprintf(out, " --cover %s: %d objectives: %d covered by %d tests, %d dead, %d unknown  %.3f s\n",
          s->branches ? "branches" : "statements", s->nobjs, c.covered, s->ntests, c.dead, c.unknown, s->solve_s);
  gcov_text(out, s);
  if (s->contradictions) fprintf(out, "BUG: %d runs met objectives proved dead\n", s->contradictions);
  if (s->opt->emit_dir) {
    fprintf(out, "suite: %s/inka_suite.c (%s/run builds and runs it; then gcov -b -o %s ", s->opt->emit_dir,
            s->opt->emit_dir, s->opt->emit_dir);
    files_text(out, s);
    fputs(")\n", out);
  }
  const SuObjective **v = in_order(s);
  for (int i = 0; i < s->nobjs; i++) {
    const SuObjective *o = v[i];
    if (o->status == SU_COVERED) continue;
    fprintf(out, "  %s:%d:%d %s (in %s): %s: %s\n", o->file ? o->file : s->opt->file, o->line, o->col, suite_kind_name(o->kind),
            o->owner->name, suite_status_name(o->status), o->reason ? o->reason : "");
  }
  free(v);
  for (int k = 0; k < s->ntests; k++) {
    fprintf(out, "  test %d: ", k + 1);
    test_call(out, s, &s->tests[k]);
    fprintf(out, "  covers %d first\n", s->tests[k].ncovers);
  }
}

/* ---- JSON ------------------------------------------------------------------ */

static void jstr(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p < 0x20 || *p == 0x7f) fprintf(out, "\\u%04x", *p);
    else fputc(*p, out);
  }
  fputc('"', out);
}

static void jvalues(FILE *out, const SuTest *t, const LblValue *v, int n) {
  fputc('[', out);
  for (int i = 0; i < n; i++) {
    char num[96];
    if (v[i].type->kind == IR_TY_PTR || v[i].type->kind == IR_TY_STRUCT) { /* {"ref": "in1"} or null */
      char label[64];
      suite_pointer_text(label, sizeof label, t, &v[i]);
      if (!strcmp(label, "null")) snprintf(num, sizeof num, "null");
      else snprintf(num, sizeof num, "{\"ref\": \"%s\"}", label);
    } else {
      cli_format_json_number(num, sizeof num, v[i].type, v[i].value);
    }
    fprintf(out, "%s{\"name\": ", i ? ", " : "");
    jstr(out, v[i].name);
    fputs(", \"type\": ", out);
    jstr(out, v[i].type->spelling);
    fprintf(out, ", \"value\": %s}", num);
  }
  fputc(']', out);
}

/* best < 0: not known (the other measure than the objectives') */
static void jmeasure(FILE *out, const char *name, int run, int total, int best) {
  fprintf(out, "\"%s\": {\"total\": %d, \"covered\": %d, \"percent\": %.2f, ", name, total, run, pct(run, total));
  if (best < 0) fputs("\"best\": null, \"best_percent\": null}", out);
  else fprintf(out, "\"best\": %d, \"best_percent\": %.2f}", best, pct(best, total));
}

static void jgcov(FILE *out, const Suite *s) {
  const SuGcov *g = &s->gcov;
  fprintf(out, "  \"gcov\": {\"measured\": %s, ", g->ok ? "true" : "false");
  if (!g->ok) {
    fputs("\"message\": ", out);
    jstr(out, g->msg[0] ? g->msg : "no --emit-dir");
    fputs("},\n", out);
    return;
  }
  jmeasure(out, "branches", g->branches_taken, g->branches, s->branches ? g->best_branches : -1);
  fputs(", ", out);
  jmeasure(out, "lines", g->lines_run, g->lines, s->branches ? -1 : g->best_lines);
  fputs(",\n    \"file\": {", out);
  jmeasure(out, "branches", g->file_branches_taken, g->file_branches, -1);
  fputs(", ", out);
  jmeasure(out, "lines", g->file_lines_run, g->file_lines, -1);
  fputs("},\n    \"functions\": [", out);
  for (int i = 0; g->per_function && i < s->nscope; i++) {
    const SuGcovCounts *c = &g->per_function[i];
    fprintf(out, "%s\n      {\"name\": ", i ? "," : "");
    jstr(out, s->scope[i]->name);
    fprintf(out, ", \"line\": %d, ", s->scope[i]->loc.line);
    jmeasure(out, "branches", c->branches_taken, c->branches, s->branches ? c->best_branches : -1);
    fputs(", ", out);
    jmeasure(out, "lines", c->lines_run, c->lines, s->branches ? -1 : c->best_lines);
    fputc('}', out);
  }
  fprintf(out, "],\n    \"stopped_tests\": %d", g->stopped);
  if (s->opt->validate) {
    fprintf(out, ",\n    \"validation\": {\"confirmed\": %d, \"line_checked\": %d, \"unchecked\": %d, \"bugs\": %d, \"text\": ",
            g->validated, g->line_checked, g->unchecked, g->bugs);
    jstr(out, g->bug_text);
    fputc('}', out);
  }
  fputs("},\n", out);
}

static int test_of(const SuObjective *o) { return o->test >= 0 ? o->test + 1 : 0; }

static void jobjectives(FILE *out, const Suite *s) {
  const SuObjective **v = in_order(s);
  fputs("  \"objectives\": [", out);
  for (int i = 0; i < s->nobjs; i++) {
    const SuObjective *o = v[i];
    fprintf(out, "%s\n    {\"kind\": \"%s\", \"function\": ", i ? "," : "", suite_kind_name(o->kind));
    jstr(out, o->owner->name);
    fputs(", \"unit\": ", out);
    jstr(out, s->units[o->unit]->name);
    if (s->prog->nfiles > 1) {
      fputs(", \"file\": ", out);
      jstr(out, o->file ? o->file : s->opt->file);
    }
    fprintf(out, ", \"line\": %d, \"col\": %d, \"status\": \"%s\", ", o->line, o->col, suite_status_name(o->status));
    if (test_of(o)) fprintf(out, "\"test\": %d, ", test_of(o));
    else fputs("\"test\": null, ", out);
    fputs("\"reason\": ", out);
    if (o->reason) jstr(out, o->reason);
    else fputs("null", out);
    fprintf(out, ", \"time_s\": %.3f}", o->time_s);
  }
  fputs("\n  ],\n", out);
  free(v);
}

static void jtests(FILE *out, const Suite *s) {
  fputs("  \"tests\": [", out);
  for (int k = 0; k < s->ntests; k++) {
    const SuTest *t = &s->tests[k];
    const SuObjective *o = &s->objs[t->objective];
    fprintf(out, "%s\n    {\"id\": %d, \"function\": ", k ? "," : "", k + 1);
    jstr(out, s->units[t->unit]->name);
    fputs(", \"inputs\": ", out);
    jvalues(out, t, t->inputs, t->ninputs);
    fputs(", \"nondet\": ", out);
    jvalues(out, t, t->nondet, t->nnondet);
    if (suite_has_pointers(t)) {
      fputs(", \"input_memory\": ", out);
      suite_memory_json(out, t);
    }
    fputs(", \"solved_for\": {", out);
    if (s->prog->nfiles > 1) {
      fputs("\"file\": ", out);
      jstr(out, o->file ? o->file : s->opt->file);
      fputs(", ", out);
    }
    fprintf(out, "\"line\": %d, \"col\": %d, \"kind\": \"%s\"}, \"covers_first\": %d}", o->line, o->col,
            suite_kind_name(o->kind), t->ncovers);
  }
  fputs("\n  ],\n", out);
}

void suite_print_json(FILE *out, const Suite *s) {
  Counts c = count(s);
  fputs("{\n  \"mode\": \"cover\",\n  \"cover\": ", out);
  jstr(out, s->branches ? "branches" : "statements");
  fputs(",\n  \"file\": ", out);
  jstr(out, s->opt->file);
  if (s->prog->nfiles > 1) { /* a program of several files: "file" is the first */
    fputs(",\n  \"files\": [", out);
    for (int i = 0; i < s->prog->nfiles; i++) {
      if (i) fputs(", ", out);
      jstr(out, s->prog->files[i]);
    }
    fputs("]", out);
  }
  fputs(",\n  \"functions\": [", out);
  for (int u = 0; u < s->nunits; u++) {
    if (u) fputs(", ", out);
    jstr(out, s->units[u]->name);
  }
  fputs("],\n  \"emit_dir\": ", out);
  if (s->opt->emit_dir) jstr(out, s->opt->emit_dir);
  else fputs("null", out);
  fprintf(out, ",\n  \"totals\": {\"objectives\": %d, \"covered\": %d, \"dead\": %d, \"unknown\": %d, \"tests\": %d, "
               "\"time_s\": %.3f, \"out_of_time\": %s, \"contradictions\": %d},\n",
          s->nobjs, c.covered, c.dead, c.unknown, s->ntests, s->solve_s, s->out_of_time ? "true" : "false",
          s->contradictions);
  jgcov(out, s);
  jobjectives(out, s);
  jtests(out, s);
  fputs("  \"tool\": \"inka-ng\"\n}\n", out);
}
