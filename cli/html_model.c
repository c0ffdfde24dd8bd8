/* html_model.c - the page set's model (html.h) read from one JSON document
 * of inka-ng: a suite (--cover, "mode": "cover"), merged suites
 * (--merge-reports, "cover-merged"), every error site (--check without
 * --at: "check" and "sites"), or one objective (--reach, --reach-call,
 * --check --at: "verdict").  The field names are those docs/design.md
 * gives for each document; a field that is absent reads as empty, so the
 * reports of earlier versions still make pages.
 */
#include <stdlib.h>
#include <string.h>

#include "html.h"

static const char *const class_names[] = {"met", "dead", "unknown", "error", "safe"};
/* a shape as well as a colour: readable without telling colours apart */
static const char *const class_symbols[] = {"\u2714", "\u2718", "?", "\u26a0", "\u2713"};

const char *html_class_name(HtmlClass c) { return class_names[c]; }
const char *html_class_symbol(HtmlClass c) { return class_symbols[c]; }

/* The class of a status word of any mode. */
static HtmlClass class_of(const char *status) {
  if (!strcmp(status, "covered") || !strcmp(status, "reachable")) return HM_MET;
  if (!strcmp(status, "dead") || !strcmp(status, "unreachable")) return HM_DEAD;
  if (!strcmp(status, "found")) return HM_ERROR;
  if (!strcmp(status, "proved")) return HM_SAFE;
  return HM_UNKNOWN;
}

static int file_index(HtmlModel *m, const char *path) {
  for (int i = 0; i < m->nfiles; i++)
    if (!strcmp(m->files[i], path)) return i;
  m->files = realloc(m->files, sizeof *m->files * (size_t)(m->nfiles + 1));
  m->files[m->nfiles] = path;
  return m->nfiles++;
}

static HtmlFunction *function_row(HtmlModel *m, const char *name, int file, int line) {
  for (int i = 0; i < m->nfns; i++)
    if (m->fns[i].file == file && !strcmp(m->fns[i].name, name)) {
      HtmlFunction *f = &m->fns[i];
      if (line > 0 && (f->line == 0 || line < f->line)) f->line = line;
      return f;
    }
  m->fns = realloc(m->fns, sizeof *m->fns * (size_t)(m->nfns + 1));
  m->fns[m->nfns] = (HtmlFunction){.name = name, .file = file, .line = line};
  return &m->fns[m->nfns++];
}

static HtmlMark *new_mark(HtmlModel *m) {
  m->marks = realloc(m->marks, sizeof *m->marks * (size_t)(m->nmarks + 1));
  HtmlMark *k = &m->marks[m->nmarks++];
  memset(k, 0, sizeof *k);
  return k;
}

static HtmlTest *new_test(HtmlModel *m) {
  m->tests = realloc(m->tests, sizeof *m->tests * (size_t)(m->ntests + 1));
  HtmlTest *t = &m->tests[m->ntests++];
  memset(t, 0, sizeof *t);
  t->validated = -1;
  return t;
}

/* A string member, or NULL when absent or null. */
static const char *opt_str(const CliJson *j, const char *key) {
  const CliJson *v = cli_json_get(j, key);
  return v && v->type == 's' ? v->str : NULL;
}

static int validated_of(const CliJson *j) {
  const CliJson *v = cli_json_get(j, "validated");
  return v && v->type == 'b' ? v->raw[0] == 't' : -1;
}

static void count_mark(HtmlModel *m, const HtmlMark *k, bool site) {
  HtmlFunction *f = function_row(m, k->function, k->file, k->line);
  f->count[k->cls]++;
  if (site) f->sites++;
  else f->objectives++;
}

/* ---- suites (--cover, --merge-reports) -------------------------------------- */

/* Per report: its file, its suite directory and its gcov measure. */
typedef struct Source {
  int file;
  const char *emit_dir;
  const CliJson *gcov;
} Source;

static void gcov_rows(HtmlModel *m, const Source *src) {
  const CliJson *fns = cli_json_get(src->gcov, "functions");
  for (int i = 0; fns && fns->type == 'a' && i < fns->n; i++) {
    const CliJson *g = fns->kids[i];
    HtmlFunction *f = function_row(m, cli_json_str(g, "name"), src->file, (int)cli_json_num(g, "line"));
    f->gcov = g;
  }
}

/* (merged reports number "test" in the merged list already) */
static void suite_objective(HtmlModel *m, const CliJson *o, const Source *src) {
  HtmlMark *k = new_mark(m);
  k->file = src->file;
  k->line = (int)cli_json_num(o, "line");
  k->col = (int)cli_json_num(o, "col");
  k->kind = cli_json_str(o, "kind");
  k->function = cli_json_str(o, "function");
  k->status = cli_json_str(o, "status");
  k->cls = class_of(k->status);
  k->test = (int)cli_json_num(o, "test");
  k->reason = opt_str(o, "reason");
  count_mark(m, k, false);
}

/* `local` is the test's number in its own report's suite (DIR/inka_suite K). */
static void suite_test(HtmlModel *m, const CliJson *t, const Source *src, int local) {
  HtmlTest *x = new_test(m);
  x->id = (int)cli_json_num(t, "id");
  x->file = src->file;
  x->function = cli_json_str(t, "function");
  x->json = t;
  if (src->emit_dir)
    snprintf(x->replay, sizeof x->replay, "sh %s/run && %s/inka_suite %d", src->emit_dir, src->emit_dir, local);
  else
    snprintf(x->replay, sizeof x->replay,
             "inka-ng --cover ... --emit-dir DIR %s (this run wrote no suite), then DIR/inka_suite %d",
             m->files[src->file], local);
  function_row(m, x->function, src->file, 0);
}

static void suite_units(HtmlModel *m, const CliJson *units, int file) {
  for (int i = 0; units && units->type == 'a' && i < units->n; i++)
    if (units->kids[i]->type == 's') function_row(m, units->kids[i]->str, file, 0);
}

static void build_cover(HtmlModel *m, const CliJson *doc) {
  Source src = {file_index(m, cli_json_str(doc, "file")), opt_str(doc, "emit_dir"), cli_json_get(doc, "gcov")};
  suite_units(m, cli_json_get(doc, "functions"), src.file);
  gcov_rows(m, &src);
  const CliJson *objs = cli_json_get(doc, "objectives"), *tests = cli_json_get(doc, "tests");
  for (int i = 0; objs && i < objs->n; i++) suite_objective(m, objs->kids[i], &src);
  for (int i = 0; tests && i < tests->n; i++) suite_test(m, tests->kids[i], &src, (int)cli_json_num(tests->kids[i], "id"));
}

static void build_merged(HtmlModel *m, const CliJson *doc) {
  const CliJson *reps = cli_json_get(doc, "reports"), *objs = cli_json_get(doc, "objectives");
  const CliJson *tests = cli_json_get(doc, "tests");
  int nrep = reps && reps->type == 'a' ? reps->n : 0;
  Source *src = calloc((size_t)nrep + 1, sizeof *src);
  int *local = calloc((size_t)nrep + 1, sizeof *local); /* tests seen per report */
  for (int r = 0; r < nrep; r++) {
    const CliJson *rep = reps->kids[r];
    src[r] = (Source){file_index(m, cli_json_str(rep, "file")), opt_str(rep, "emit_dir"), cli_json_get(rep, "gcov")};
    suite_units(m, cli_json_get(rep, "functions"), src[r].file);
    gcov_rows(m, &src[r]);
  }
  for (int i = 0; objs && i < objs->n; i++) {
    long r = cli_json_num(objs->kids[i], "report");
    if (r >= 0 && r < nrep) suite_objective(m, objs->kids[i], &src[r]);
  }
  for (int i = 0; tests && i < tests->n; i++) {
    long r = cli_json_num(tests->kids[i], "report");
    if (r >= 0 && r < nrep) suite_test(m, tests->kids[i], &src[r], ++local[r]);
  }
  free(src);
  free(local);
}

/* ---- run-time errors and single objectives ------------------------------------ */

/* A found error replays with its driver built with the sanitizers (written
   beside the pages), or else with the command that writes that driver. */
static void check_replay(HtmlTest *t, const char *driver, const char *kind, const char *file, int line) {
  if (driver) {
    snprintf(t->replay, sizeof t->replay, "gcc -g -fsanitize=undefined,address -fno-sanitize-recover=all %s -o t -lm && ./t", driver);
    return;
  }
  snprintf(t->replay, sizeof t->replay,
           "inka-ng --check %s --at %s:%d --function %s --emit-test t.c %s && "
           "gcc -g -fsanitize=undefined,address t.c -o t && ./t",
           kind, file, line, t->function, file);
}

static void build_check(HtmlModel *m, const CliJson *doc) {
  int file = file_index(m, cli_json_str(doc, "file"));
  const CliJson *sites = cli_json_get(doc, "sites");
  int found = 0;
  for (int i = 0; sites && sites->type == 'a' && i < sites->n; i++) {
    const CliJson *s = sites->kids[i];
    HtmlMark *k = new_mark(m);
    k->file = file;
    k->line = (int)cli_json_num(s, "line");
    k->col = (int)cli_json_num(s, "column");
    k->kind = cli_json_str(s, "kind");
    k->function = cli_json_str(s, "function");
    k->status = cli_json_str(s, "verdict");
    k->cls = class_of(k->status);
    k->reason = k->cls == HM_SAFE ? opt_str(s, "proof") : opt_str(s, "reason");
    count_mark(m, k, true);
    if (k->cls != HM_ERROR) continue;
    HtmlTest *t = new_test(m);
    k->test = t->id = ++found;
    t->file = file;
    t->function = k->function;
    t->json = s;
    t->sanitizer = opt_str(s, "sanitizer");
    t->validated = validated_of(s);
    check_replay(t, opt_str(s, "test"), k->kind, m->files[file], k->line);
  }
}

static void build_reach(HtmlModel *m, const CliJson *doc) {
  const CliJson *target = cli_json_get(doc, "target");
  const char *path = opt_str(target, "file") ? opt_str(target, "file") : cli_json_str(doc, "file");
  const char *check = opt_str(target, "check"), *call = opt_str(target, "call");
  HtmlMark *k = new_mark(m);
  k->file = file_index(m, path);
  k->line = (int)cli_json_num(target, "line");
  k->kind = check ? check : call ? call : "reach";
  k->function = cli_json_str(doc, "function");
  k->status = cli_json_str(doc, "verdict");
  k->cls = class_of(k->status);
  k->reason = k->cls == HM_DEAD || k->cls == HM_SAFE ? opt_str(doc, "proof") : opt_str(doc, "reason");
  count_mark(m, k, check != NULL);
  if (k->cls != HM_MET && k->cls != HM_ERROR) return;
  HtmlTest *t = new_test(m);
  k->test = t->id = 1;
  t->file = k->file;
  t->function = k->function;
  t->json = doc;
  t->sanitizer = opt_str(doc, "sanitizer");
  t->validated = validated_of(doc);
  const char *driver = opt_str(doc, "test");
  if (check) check_replay(t, driver, check, path, k->line);
  else if (driver) snprintf(t->replay, sizeof t->replay, "gcc %s -o t -lm && ./t", driver);
  else if (call)
    snprintf(t->replay, sizeof t->replay, "inka-ng --reach-call %s --function %s --emit-test t.c %s && gcc t.c -o t -lm && ./t",
             call, t->function, path);
  else
    snprintf(t->replay, sizeof t->replay, "inka-ng --reach %s:%d --function %s --emit-test t.c %s && gcc t.c -o t -lm && ./t",
             path, k->line, t->function, path);
}

/* Index rows in source order: by file, then by line. */
static int by_place(const void *a, const void *b) {
  const HtmlFunction *x = a, *y = b;
  if (x->file != y->file) return x->file - y->file;
  return x->line - y->line;
}

bool html_model_build(HtmlModel *m, const CliJson *doc, char *err, size_t len) {
  memset(m, 0, sizeof *m);
  m->doc = doc;
  const char *mode = doc && doc->type == 'o' ? cli_json_str(doc, "mode") : "";
  if (!strcmp(mode, "cover")) build_cover(m, doc);
  else if (!strcmp(mode, "cover-merged")) build_merged(m, doc);
  else if (cli_json_get(doc, "sites") && cli_json_get(doc, "check")) mode = "check", build_check(m, doc);
  else if (cli_json_get(doc, "verdict") && cli_json_get(doc, "target")) mode = "reach", build_reach(m, doc);
  else {
    snprintf(err, len, "not a JSON report of inka-ng (--cover, --check, --reach or --merge-reports)");
    return false;
  }
  m->mode = mode;
  if (m->nfns > 1) qsort(m->fns, (size_t)m->nfns, sizeof *m->fns, by_place);
  return true;
}

HtmlTest *html_find_test(const HtmlModel *m, int id) {
  for (int i = 0; i < m->ntests; i++)
    if (m->tests[i].id == id) return &m->tests[i];
  return NULL;
}

void html_model_free(HtmlModel *m) {
  for (int i = 0; i < m->ntests; i++) free(m->tests[i].svg);
  free(m->tests);
  free(m->marks);
  free(m->fns);
  free(m->files);
  memset(m, 0, sizeof *m);
}
