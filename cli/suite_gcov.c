/* suite_gcov.c - the suite's coverage as gcc measures it: DIR/run builds and
 * runs every test, `gcov -b -c` reads the counts, and the .gcov file of the
 * program gives, per line, whether it ran and how many of its branches were
 * taken.  The scope is the lines of the functions the suite covers (units
 * and what they call); the whole file is reported beside it.
 *
 * --validate checks every claim against those counts: a statement claimed
 * covered needs its line run; branch outcomes claimed covered on a line need
 * at least as many taken branches of that line (gcc counts one branch per
 * operand outcome, as the objectives do, except for switch statements,
 * whose case tests it counts on the switch line: a line without branches
 * needs to have run).  A claim gcov does not see is a bug: counted and
 * reported, never hidden.
 */
#include <glob.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "suite.h"

typedef struct LineCount {
  int run;          /* -1 no code, 0 not run, 1 run */
  int branches, taken;
} LineCount;

typedef struct Gcov {
  LineCount *line;
  int nlines;
} Gcov;

static int sh(const char *cmd) {
  int st = system(cmd);
  return st == -1 || !WIFEXITED(st) ? -1 : WEXITSTATUS(st);
}

static LineCount *at(Gcov *g, int line) {
  if (line >= g->nlines) {
    int n = line + 1024;
    g->line = realloc(g->line, sizeof *g->line * (size_t)n);
    for (int i = g->nlines; i < n; i++) g->line[i] = (LineCount){-1, 0, 0};
    g->nlines = n;
  }
  return &g->line[line];
}

static bool parse_gcov(const char *path, Gcov *g) {
  FILE *f = fopen(path, "r");
  if (!f) return false;
  char text[8192];
  int cur = 0;
  while (fgets(text, sizeof text, f)) {
    if (!strncmp(text, "branch", 6)) {
      if (cur <= 0) continue;
      LineCount *l = at(g, cur);
      l->branches++;
      const char *t = strstr(text, " taken ");
      if (t && atol(t + 7) > 0) l->taken++;
      continue;
    }
    char *c1 = strchr(text, ':');
    char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    if (!c2) continue;
    *c1 = 0;
    cur = atoi(c1 + 1);
    if (cur <= 0) continue;
    const char *n = text + strspn(text, " ");
    LineCount *l = at(g, cur);
    if (*n == '-') continue;
    l->run = (*n == '#' || *n == '=') ? 0 : atol(n) > 0;
  }
  fclose(f);
  return true;
}

/* Is code of file `file` (NULL: the program's only file) this objective's,
   or this function's? */
static bool of_file(const char *of, const char *file) { return !file || (of && !strcmp(of, file)); }

/* The function of the scope that holds the line of the file, or -1. */
static int scope_of(const Suite *s, const char *file, int line) {
  for (int i = 0; i < s->nscope; i++)
    if (of_file(s->scope[i]->loc.file, file) && line >= s->scope[i]->loc.line && line <= s->scope[i]->end.line)
      return i;
  return -1;
}

/* Adds the counts of one line (best: what the line can give at most once
   the refuted objectives are set aside). */
static void add_line(SuGcovCounts *c, const LineCount *l, int dead, bool branches) {
  if (l->run >= 0) {
    c->lines++;
    c->lines_run += l->run;
    c->best_lines += l->run || !(dead && !branches);
  }
  int missed = l->branches - l->taken, d = branches ? dead : 0;
  c->branches += l->branches;
  c->branches_taken += l->taken;
  c->best_branches += l->branches - (d < missed ? d : missed);
}

static void totals(Suite *s, Gcov *g, const char *file) {
  SuGcov *r = &s->gcov;
  int *dead = calloc((size_t)g->nlines + 1, sizeof *dead);
  for (int i = 0; i < s->nobjs; i++)
    if (s->objs[i].status == SU_DEAD && s->objs[i].line < g->nlines && of_file(s->objs[i].file, file))
      dead[s->objs[i].line]++;
  SuGcovCounts scope = {0};
  if (!r->per_function) r->per_function = calloc((size_t)s->nscope + 1, sizeof *r->per_function);
  for (int line = 1; line < g->nlines; line++) {
    const LineCount *l = &g->line[line];
    int fn = scope_of(s, file, line);
    if (l->run >= 0) {
      r->file_lines++;
      r->file_lines_run += l->run;
    }
    r->file_branches += l->branches;
    r->file_branches_taken += l->taken;
    if (fn < 0) continue;
    add_line(&scope, l, dead[line], s->branches);
    add_line(&r->per_function[fn], l, dead[line], s->branches);
  }
  r->lines += scope.lines, r->lines_run += scope.lines_run, r->best_lines += scope.best_lines; /* (each file adds its own) */
  r->branches += scope.branches, r->branches_taken += scope.branches_taken, r->best_branches += scope.best_branches;
  free(dead);
}

static void bug(SuGcov *r, const char *file, const SuObjective *o, const char *what) {
  r->bugs++;
  size_t n = strlen(r->bug_text);
  if (o->file) file = o->file;
  if (n + 200 < sizeof r->bug_text)
    snprintf(r->bug_text + n, sizeof r->bug_text - n, "%s%s:%d:%d %s: %s", n ? "; " : "", file, o->line, o->col,
             suite_kind_name(o->kind), what);
}

/* A line whose objectives are as many as gcc's branches has the same
   structure: the claims there must not outnumber the branches taken.
   Elsewhere (a switch, whose case tests gcc counts on the switch line;
   float comparisons, which gcc splits for NaN) the claim needs its line
   run, a weaker check, counted apart. */
static void validate(Suite *s, Gcov *g, const char *file) {
  SuGcov *r = &s->gcov;
  int *claimed = calloc((size_t)g->nlines + 1, sizeof *claimed);
  int *objs = calloc((size_t)g->nlines + 1, sizeof *objs);
  for (int i = 0; i < s->nobjs; i++)
    if (s->objs[i].line < g->nlines && of_file(s->objs[i].file, file)) objs[s->objs[i].line]++;
  for (int i = 0; i < s->nobjs; i++) {
    const SuObjective *o = &s->objs[i];
    if (o->status != SU_COVERED || !of_file(o->file, file)) continue;
    const LineCount *l = o->line < g->nlines ? &g->line[o->line] : &(LineCount){-1, 0, 0};
    if (o->kind != SU_STATEMENT && l->branches > 0 && l->branches == objs[o->line]) {
      if (++claimed[o->line] > l->taken) bug(r, s->opt->file, o, "gcov saw fewer branches of its line taken");
      else r->validated++;
    } else if (l->run == 0) {
      bug(r, s->opt->file, o, "gcov saw its line never run");
    } else if (l->run < 0) {
      r->unchecked++;
    } else if (o->kind == SU_STATEMENT) {
      r->validated++;
    } else {
      r->line_checked++;
    }
  }
  free(claimed);
  free(objs);
}

/* Tests DIR/run stopped at its time limit: their counts are what gcov
   infers for a run cut in the middle of a loop (it may count a loop exit
   that never happened), so the report says how many there were. */
static int stopped_tests(const char *dir) {
  char path[PATH_MAX + 32], text[512];
  snprintf(path, sizeof path, "%s/run.log", dir);
  FILE *f = fopen(path, "r");
  int n = 0;
  while (f && fgets(text, sizeof text, f)) n += strstr(text, "stopped after") != NULL;
  if (f) fclose(f);
  remove(path);
  return n;
}

/* ISO C: the tests whose run UBSan reported (DIR/inka_ubsan.PID, one per
   reporting process), each a test relying on undefined behaviour; the first
   report into r->bug_text. */
static void undefined_behaviour(SuGcov *r, const char *dir) {
  char pattern[PATH_MAX + 32];
  snprintf(pattern, sizeof pattern, "%s/inka_ubsan.*", dir);
  glob_t g;
  if (glob(pattern, 0, NULL, &g) != 0) return;
  for (size_t i = 0; i < g.gl_pathc; i++) {
    FILE *f = fopen(g.gl_pathv[i], "r");
    char text[512], *at = NULL;
    while (f && !at && fgets(text, sizeof text, f)) at = strstr(text, "runtime error: ");
    if (f) fclose(f);
    remove(g.gl_pathv[i]);
    if (!at) continue;
    r->bugs++;
    size_t n = strlen(r->bug_text);
    at[strcspn(at, "\n")] = 0;
    if (n + 200 < sizeof r->bug_text)
      snprintf(r->bug_text + n, sizeof r->bug_text - n, "%sa test relies on undefined behaviour: %.150s", n ? "; " : "",
               at + strlen("runtime error: "));
  }
  globfree(&g);
}

/* gcov's counts of one file of the program, into the totals (and with
   check, the claims on its lines checked); false with r->msg set. */
static bool measure_file(Suite *s, const char *dir, const char *file, const char *only, bool check) {
  SuGcov *r = &s->gcov;
  char cmd[3 * PATH_MAX], source[PATH_MAX], stem[256];
  if (!realpath(file, source) || strchr(source, '\'')) {
    snprintf(r->msg, sizeof r->msg, "the program's path cannot be given to gcov");
    return false;
  }
  snprintf(cmd, sizeof cmd, "cd '%s' && gcov -b -c -o . '%s' >/dev/null 2>&1", dir, source);
  const char *base = strrchr(source, '/') + 1;
  suite_stem(source, stem, sizeof stem);
  Gcov g = {0};
  char path[PATH_MAX + 300];
  snprintf(path, sizeof path, "%s/%s.gcov", dir, base);
  if (sh(cmd) != 0 || !parse_gcov(path, &g)) {
    snprintf(r->msg, sizeof r->msg, "gcov found no counts in %.100s (%.100s.gcda)", dir, stem);
    free(g.line);
    return false;
  }
  totals(s, &g, only);
  if (check) validate(s, &g, only);
  free(g.line);
  return true;
}

void suite_measure(Suite *s, const char *dir, bool check) {
  SuGcov *r = &s->gcov;
  char cmd[3 * PATH_MAX];
  snprintf(cmd, sizeof cmd, "'%s/run' >/dev/null 2>'%s/run.log'", dir, dir);
  if (sh(cmd) != 0) {
    snprintf(r->msg, sizeof r->msg, "%.100s/run failed (the suite does not build)", dir);
    return;
  }
  r->stopped = stopped_tests(dir);
  /* one file: every objective is its; several: each file's gcov counts its own */
  bool several = s->prog->nfiles > 1;
  for (int i = 0; i < (several ? s->prog->nfiles : 1); i++)
    if (!measure_file(s, dir, several ? s->prog->files[i] : s->opt->file, several ? s->prog->files[i] : NULL, check))
      return; /* (r->ok stays false: no measure is reported) */
  r->ok = true;
  if (check && !s->prog->wrapv) undefined_behaviour(r, dir);
}
