/* suite_merge.c - `inka-ng --merge-reports A.json B.json ...`: the JSON
 * reports of several --cover runs (typically one per function, spread over
 * machines with GNU parallel or make -j, docs/design.md "Test suites") as
 * one report.
 *
 * Objectives are identified by (file, function, line, col, kind); one that
 * several reports hold (a function that two units call) takes the best
 * status: covered, else dead, else unknown.  A run that covered what another
 * proved dead is a contradiction, counted.  Tests keep their values and get
 * new ids; each remembers its report ("report": index into "reports").
 * gcov measures are summed per report (scopes of different runs may share a
 * callee, so the sums can count its lines twice; each report's own measure
 * stays in "reports").
 *
 * The reader is a small JSON parser that keeps the raw text of every value,
 * so values are written back exactly as read.
 */
#include <stdlib.h>
#include <string.h>

#include "suite.h"

typedef struct Json {
  char type;                 /* 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null */
  const char *raw;           /* the value's text in the document */
  int rawlen;
  char *str;                 /* 's': decoded (ASCII escapes only; \u kept as '?') */
  struct Json **kids;        /* 'o', 'a'; for 'o' the keys are in keys[] */
  char **keys;
  int n;
} Json;

typedef struct Parser {
  const char *p;
  bool bad;
} Parser;

static void ws(Parser *ps) { ps->p += strspn(ps->p, " \t\r\n"); }

static Json *value(Parser *ps);

static char *string(Parser *ps) {
  if (*ps->p != '"') return ps->bad = true, NULL;
  const char *q = ++ps->p;
  size_t cap = 16, n = 0;
  char *out = malloc(cap);
  while (*q && *q != '"') {
    char c = *q++;
    if (c == '\\') {
      c = *q++;
      if (c == 'n') c = '\n';
      else if (c == 't') c = '\t';
      else if (c == 'u') {
        for (int i = 0; i < 4 && *q; i++) q++;
        c = '?';
      } else if (!c) break;
    }
    if (n + 2 > cap) out = realloc(out, cap *= 2);
    out[n++] = c;
  }
  out[n] = 0;
  if (*q != '"') ps->bad = true;
  ps->p = *q ? q + 1 : q;
  return out;
}

static void push(Json *j, Json *kid, char *key) {
  j->kids = realloc(j->kids, sizeof *j->kids * (size_t)(j->n + 1));
  j->keys = realloc(j->keys, sizeof *j->keys * (size_t)(j->n + 1));
  j->kids[j->n] = kid;
  j->keys[j->n++] = key;
}

static void members(Parser *ps, Json *j, char close) {
  ps->p++;
  ws(ps);
  while (!ps->bad && *ps->p && *ps->p != close) {
    char *key = NULL;
    if (close == '}') {
      key = string(ps);
      ws(ps);
      if (*ps->p++ != ':') ps->bad = true;
    }
    Json *kid = value(ps);
    push(j, kid, key);
    ws(ps);
    if (*ps->p == ',') ps->p++, ws(ps);
    else if (*ps->p != close) ps->bad = true;
  }
  if (*ps->p == close) ps->p++;
  else ps->bad = true;
}

static Json *value(Parser *ps) {
  ws(ps);
  Json *j = calloc(1, sizeof *j);
  j->raw = ps->p;
  char c = *ps->p;
  if (c == '{' || c == '[') {
    j->type = c == '{' ? 'o' : 'a';
    members(ps, j, c == '{' ? '}' : ']');
  } else if (c == '"') {
    j->type = 's';
    j->str = string(ps);
  } else if (!strncmp(ps->p, "true", 4) || !strncmp(ps->p, "false", 5)) {
    j->type = 'b';
    ps->p += c == 't' ? 4 : 5;
  } else if (!strncmp(ps->p, "null", 4)) {
    j->type = 'z';
    ps->p += 4;
  } else {
    j->type = 'n';
    size_t k = strspn(ps->p, "+-0123456789.eE");
    if (!k) ps->bad = true;
    ps->p += k;
  }
  j->rawlen = (int)(ps->p - j->raw);
  return j;
}

static void json_free(Json *j) {
  if (!j) return;
  for (int i = 0; i < j->n; i++) {
    json_free(j->kids[i]);
    free(j->keys[i]);
  }
  free(j->kids);
  free(j->keys);
  free(j->str);
  free(j);
}

static Json *get(const Json *j, const char *key) {
  for (int i = 0; j && j->type == 'o' && i < j->n; i++)
    if (j->keys[i] && !strcmp(j->keys[i], key)) return j->kids[i];
  return NULL;
}

static const char *gets_(const Json *j, const char *key) {
  Json *v = get(j, key);
  return v && v->type == 's' ? v->str : "";
}

static long getn(const Json *j, const char *key) {
  Json *v = get(j, key);
  return v && v->type == 'n' ? strtol(v->raw, NULL, 10) : 0;
}

static void quoted(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
    else if (*p < 0x20) fprintf(out, "\\u%04x", *p);
    else fputc(*p, out);
  }
  fputc('"', out);
}

static void raw(FILE *out, const Json *j) {
  if (j) fwrite(j->raw, 1, (size_t)j->rawlen, out);
  else fputs("null", out);
}

/* ---- merging ---------------------------------------------------------------- */

typedef struct Report {
  char *text;
  Json *doc;
  const char *path;
  int test_base;             /* tests of earlier reports */
} Report;

typedef struct Obj {
  const Json *j;
  int report;
  int rank;                  /* 0 covered, 1 dead, 2 unknown */
  bool dropped;              /* another report holds it with a better status */
} Obj;

static int rank_of(const char *status) { return !strcmp(status, "covered") ? 0 : !strcmp(status, "dead") ? 1 : 2; }

static bool same(const Json *a, const Json *b, const Report *ra, const Report *rb) {
  return getn(a, "line") == getn(b, "line") && getn(a, "col") == getn(b, "col") &&
         !strcmp(gets_(a, "kind"), gets_(b, "kind")) && !strcmp(gets_(a, "function"), gets_(b, "function")) &&
         !strcmp(gets_(ra->doc, "file"), gets_(rb->doc, "file"));
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return NULL;
  size_t cap = 4096, n = 0, got;
  char *buf = malloc(cap);
  while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0)
    if ((n += got) + 1 >= cap) buf = realloc(buf, cap *= 2);
  buf[n] = 0;
  fclose(f);
  return buf;
}

static bool load(Report *r, const char *path) {
  r->path = path;
  r->text = slurp(path);
  if (!r->text) return fprintf(stderr, "%s: error: cannot read the report\n", path), false;
  Parser ps = {r->text, false};
  r->doc = value(&ps);
  ws(&ps);
  if (ps.bad || *ps.p || r->doc->type != 'o' || strcmp(gets_(r->doc, "mode"), "cover"))
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
  const Json *j = o->j;
  fputs("    {", out);
  for (int i = 0; i < j->n; i++) {
    fprintf(out, "%s\"%s\": ", i ? ", " : "", j->keys[i]);
    if (!strcmp(j->keys[i], "test") && j->kids[i]->type == 'n')
      fprintf(out, "%ld", strtol(j->kids[i]->raw, NULL, 10) + rep[o->report].test_base);
    else raw(out, j->kids[i]);
  }
  fprintf(out, ", \"report\": %d}", o->report);
}

static void print_tests(FILE *out, Report *rep, int nrep) {
  fputs("  \"tests\": [", out);
  bool first = true;
  for (int r = 0; r < nrep; r++) {
    Json *tests = get(rep[r].doc, "tests");
    for (int k = 0; tests && k < tests->n; k++) {
      const Json *t = tests->kids[k];
      fprintf(out, "%s\n    {\"id\": %ld", first ? "" : ",", getn(t, "id") + rep[r].test_base);
      for (int i = 0; i < t->n; i++) {
        if (!strcmp(t->keys[i], "id")) continue;
        fprintf(out, ", \"%s\": ", t->keys[i]);
        raw(out, t->kids[i]);
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
    Json *m = get(get(rep[r].doc, "gcov"), "measured");
    all &= m && m->type == 'b' && m->raw[0] == 't';
  }
  fputs(all ? "true" : "false", out);
  for (int w = 0; all && w < 2; w++) {
    long total = 0, covered = 0, best = 0;
    bool known = true; /* a best possible in every report */
    for (int r = 0; r < nrep; r++) {
      Json *m = get(get(rep[r].doc, "gcov"), what[w]), *b = get(m, "best");
      total += getn(m, "total");
      covered += getn(m, "covered");
      best += getn(m, "best");
      known &= b && b->type == 'n';
    }
    fprintf(out, ", \"%s\": {\"total\": %ld, \"covered\": %ld, \"percent\": %.2f, ", what[w], total, covered,
            total ? 100.0 * covered / total : 100.0);
    if (known) fprintf(out, "\"best\": %ld, \"best_percent\": %.2f}", best, total ? 100.0 * best / total : 100.0);
    else fputs("\"best\": null, \"best_percent\": null}", out);
  }
  fputs("},\n", out);
}

static int emit(Report *rep, int nrep, Obj *o, int n, int contradictions) {
  int c[3] = {0}, tests = 0;
  for (int i = 0; i < n; i++) c[o[i].rank] += !o[i].dropped;
  for (int r = 0; r < nrep; r++) {
    Json *t = get(rep[r].doc, "tests");
    tests += t ? t->n : 0;
    contradictions += (int)getn(get(rep[r].doc, "totals"), "contradictions");
  }
  printf("{\n  \"mode\": \"cover-merged\",\n  \"reports\": [");
  for (int r = 0; r < nrep; r++) {
    printf("%s\n    {\"path\": ", r ? "," : "");
    quoted(stdout, rep[r].path);
    printf(", \"file\": ");
    raw(stdout, get(rep[r].doc, "file"));
    printf(", \"functions\": ");
    raw(stdout, get(rep[r].doc, "functions"));
    printf(", \"emit_dir\": ");
    raw(stdout, get(rep[r].doc, "emit_dir"));
    printf(", \"gcov\": ");
    raw(stdout, get(rep[r].doc, "gcov"));
    printf("}");
  }
  printf("\n  ],\n  \"totals\": {\"objectives\": %d, \"covered\": %d, \"dead\": %d, \"unknown\": %d, \"tests\": %d, "
         "\"contradictions\": %d},\n",
         c[0] + c[1] + c[2], c[0], c[1], c[2], tests, contradictions);
  sum_gcov(stdout, rep, nrep);
  printf("  \"objectives\": [");
  bool first = true;
  for (int i = 0; i < n; i++) {
    if (o[i].dropped) continue;
    printf("%s\n", first ? "" : ",");
    print_objective(stdout, &o[i], rep);
    first = false;
  }
  printf("\n  ],\n");
  print_tests(stdout, rep, nrep);
  printf("  \"tool\": \"inka-ng\"\n}\n");
  return c[2] || contradictions ? CLI_EXIT_UNKNOWN : CLI_EXIT_MET;
}

int suite_merge_reports(char **paths) {
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
    Json *t = get(rep[r].doc, "tests"), *objs = get(rep[r].doc, "objectives");
    tests += t ? t->n : 0;
    for (int i = 0; objs && i < objs->n; i++) {
      o = realloc(o, sizeof *o * (size_t)(n + 1));
      o[n++] = (Obj){.j = objs->kids[i], .report = r, .rank = rank_of(gets_(objs->kids[i], "status"))};
    }
  }
  if (ok) st = emit(rep, nrep, o, n, dedupe(o, n, rep));
  for (int r = 0; r < nrep; r++) {
    json_free(rep[r].doc);
    free(rep[r].text);
  }
  free(rep);
  free(o);
  return st;
}
