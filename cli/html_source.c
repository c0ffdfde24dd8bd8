/* html_source.c - one page per source file: the code line by line, each
 * line that holds objectives or error sites coloured by what was answered
 * about them (and marked with a symbol: colour is never the only sign),
 * followed by one line of text per mark: where, what, the answer and why
 * (covered: by which test; dead or proved: the reasoning that refuted it;
 * unknown: the budget or limit; found: the test and the sanitizer's
 * report).  A list of the lines to look at opens the page; the tests of the
 * file's functions close it (html_test.c).
 */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

/* The marks of one file in source order. */
typedef struct FileMarks {
  const HtmlMark **v;
  int n;
} FileMarks;

static int by_place(const void *a, const void *b) {
  const HtmlMark *x = *(const HtmlMark *const *)a, *y = *(const HtmlMark *const *)b;
  if (x->line != y->line) return x->line - y->line;
  if (x->col != y->col) return x->col - y->col;
  return strcmp(x->kind, y->kind);
}

static FileMarks marks_of(const HtmlModel *m, int file) {
  FileMarks f = {calloc((size_t)m->nmarks + 1, sizeof *f.v), 0};
  for (int i = 0; i < m->nmarks; i++)
    if (m->marks[i].file == file) f.v[f.n++] = &m->marks[i];
  qsort(f.v, (size_t)f.n, sizeof *f.v, by_place);
  return f;
}

/* What a reviewer must look at first decides a line's colour. */
static int urgency(HtmlClass c) {
  static const int rank[] = {[HM_MET] = 0, [HM_SAFE] = 1, [HM_DEAD] = 2, [HM_UNKNOWN] = 3, [HM_ERROR] = 4};
  return rank[c];
}

static bool needs_look(HtmlClass c) { return c == HM_DEAD || c == HM_UNKNOWN || c == HM_ERROR; }

/* The marks of `line` start at v[at]: sets *cls to the line's class and
   returns the index past them. */
static int line_marks(const FileMarks *f, int at, int line, HtmlClass *cls) {
  int end = at;
  *cls = HM_MET;
  while (end < f->n && f->v[end]->line == line) {
    if (end == at || urgency(f->v[end]->cls) > urgency(*cls)) *cls = f->v[end]->cls;
    end++;
  }
  return end;
}

/* "✘ 11:19 false: dead (in f) — proof: why" and the like: the text the page gives
   of every mark (tests read the page for it). */
static void mark_item(FILE *out, const HtmlModel *m, const HtmlMark *k) {
  fprintf(out, "<li><b class=\"st %s\" aria-hidden=\"true\">%s</b> ", html_class_name(k->cls), html_class_symbol(k->cls));
  if (k->line > 0 && k->col > 0) fprintf(out, "%d:%d ", k->line, k->col);
  else if (k->line > 0) fprintf(out, "%d ", k->line); /* an objective of a whole line (--reach) */
  html_text(out, k->kind);
  fputs(": <strong>", out);
  html_text(out, k->status);
  fputs("</strong>", out);
  const HtmlTest *t = k->test ? html_find_test(m, k->test) : NULL;
  if (t) fprintf(out, " by <a href=\"#t%d\">test %d</a>", t->id, t->id);
  if (k->function[0]) {
    fputs(" (in ", out);
    html_text(out, k->function);
    fputs(")", out);
  }
  if (k->reason && k->reason[0]) {
    fputs(k->cls == HM_DEAD || k->cls == HM_SAFE ? " \u2014 proof: " : " \u2014 ", out);
    html_text(out, k->reason);
  }
  if (t && t->sanitizer) {
    fputs(" \u2014 sanitizer: ", out);
    html_text(out, t->sanitizer);
  }
  fputs("</li>\n", out);
}

/* The lines to look at first, each a link; returns how many. */
static int look_list(FILE *out, const FileMarks *f) {
  int n = 0, last = -1;
  for (int i = 0; i < f->n; i++) {
    const HtmlMark *k = f->v[i];
    if (!needs_look(k->cls) || k->line == last) continue;
    if (n++ == 0) fputs("<h2>Lines to look at</h2>\n<p>", out);
    fprintf(out, "%s<a href=\"#L%d\">line %d</a> (%s)", n > 1 ? ", " : "", k->line, k->line, html_class_name(k->cls));
    last = k->line;
  }
  if (n) fputs("</p>\n", out);
  return n;
}

/* The first line after `line` with a mark to look at, or 0. */
static int next_look(const FileMarks *f, int line) {
  for (int i = 0; i < f->n; i++)
    if (f->v[i]->line > line && needs_look(f->v[i]->cls)) return f->v[i]->line;
  return 0;
}

static void explanations(FILE *out, const HtmlModel *m, const FileMarks *f, int at, int end, HtmlClass cls) {
  fprintf(out, "<tr class=\"why %s\"><td></td><td></td><td><ul>\n", html_class_name(cls));
  for (int i = at; i < end; i++) mark_item(out, m, f->v[i]);
  fputs("</ul>", out);
  int next = needs_look(cls) ? next_look(f, f->v[at]->line) : 0;
  if (next) fprintf(out, "<a href=\"#L%d\">next line to look at: %d</a>", next, next);
  fputs("</td></tr>\n", out);
}

static void source_line(FILE *out, int line, const char *text, const char *cls, const char *symbol) {
  fprintf(out, "<tr id=\"L%d\"%s%s%s><td class=\"num\"><a href=\"#L%d\">%d</a></td><td class=\"sym\">%s</td>"
               "<td class=\"code\">",
          line, cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "", line, line, symbol);
  html_text(out, text);
  fputs("</td></tr>\n", out);
}

/* The source with its marks; the number of lines, or -1 when the file
   cannot be read. */
static int source_table(FILE *out, const HtmlModel *m, const FileMarks *f, const char *path) {
  FILE *src = fopen(path, "r");
  if (!src) return -1;
  fputs("<table class=\"src\"><caption class=\"skip\">the source, line by line</caption>\n", out);
  char *text = NULL;
  size_t cap = 0;
  ssize_t got;
  int line = 0, at = 0;
  while (at < f->n && f->v[at]->line <= 0) at++; /* not on one line: listed above */
  while ((got = getline(&text, &cap, src)) >= 0) {
    line++;
    if (got > 0 && text[got - 1] == '\n') text[got - 1] = 0;
    assert(at == f->n || f->v[at]->line >= line); /* every earlier mark is shown */
    HtmlClass cls;
    int end = line_marks(f, at, line, &cls);
    if (end == at) {
      source_line(out, line, text, NULL, "");
      continue;
    }
    source_line(out, line, text, html_class_name(cls), html_class_symbol(cls));
    explanations(out, m, f, at, end, cls);
    at = end;
  }
  free(text);
  fclose(src);
  fputs("</table>\n", out);
  return line;
}

/* The marks of lines from..to that the source table does not show: an
   objective of --reach-call (line 0), lines past the end of the file as
   read now, or every mark when the source could not be read. */
static void loose_marks(FILE *out, const HtmlModel *m, const FileMarks *f, int from, int to, const char *heading) {
  int n = 0;
  for (int i = 0; i < f->n; i++) {
    int line = f->v[i]->line;
    if (line < from || line > to) continue;
    if (n++ == 0) fprintf(out, "%s<ul>\n", heading);
    mark_item(out, m, f->v[i]);
  }
  if (n) fputs("</ul>\n", out);
}

static void tests_of(FILE *out, const HtmlModel *m, int file) {
  int n = 0;
  for (int i = 0; i < m->ntests; i++) {
    if (m->tests[i].file != file) continue;
    if (n++ == 0) fputs("<h2 id=\"tests\">Tests</h2>\n", out);
    html_write_test(out, &m->tests[i]);
  }
}

bool html_write_source(const HtmlModel *m, int file, const char *dir) {
  char page[PATH_MAX], path[2 * PATH_MAX];
  html_file_page(page, sizeof page, m, file);
  snprintf(path, sizeof path, "%s/%s", dir, page);
  FILE *out = fopen(path, "w");
  if (!out) return false;
  FileMarks f = marks_of(m, file);
  html_page_open(out, m->files[file], "index.html");
  fputs("<h1>", out);
  html_text(out, m->files[file]);
  fputs("</h1>\n<div id=\"fold\" class=\"fold\"></div>\n", out);
  look_list(out, &f);
  loose_marks(out, m, &f, INT_MIN, 0, "<h2>Objectives of no one line</h2>\n");
  fputs("<h2>Source</h2>\n", out);
  int lines = source_table(out, m, &f, m->files[file]);
  if (lines < 0)
    loose_marks(out, m, &f, INT_MIN, INT_MAX, "<p>The source file could not be read from here (its path is relative to where "
                                "the run was); what was answered about it:</p>\n");
  else loose_marks(out, m, &f, lines + 1, INT_MAX, "<h2>Past the end of the file as it is now</h2>\n");
  tests_of(out, m, file);
  html_page_close(out);
  free(f.v);
  bool ok = !ferror(out);
  return fclose(out) == 0 && ok;
}
