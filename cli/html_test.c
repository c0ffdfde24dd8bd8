/* html_test.c - a test as the pages show it: its inputs (and the values of
 * __VERIFIER_nondet_* calls), its input memory (the objects the test builds
 * for pointer inputs) as a small picture drawn by Graphviz (`dot -Tsvg`,
 * when it is installed; a text listing otherwise), and the shell command
 * that replays it.
 *
 * The input memory comes in the two shapes of the reports: a suite's test
 * holds [{"label", "type", "count", "cells": [{"path", "value"}]}], one
 * answer holds {"label": {"type", "count", "fields": {path: value}}}; a
 * pointer value is null or {"ref": label, "cell": k}.  Every graph of a
 * page set is drawn by one run of dot (a run per test would cost more than
 * writing the pages).  The SVG is put inside the page, without its XML
 * prologue, comments and namespace declarations (HTML needs none, and the
 * pages refer to nothing outside themselves).
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "html.h"

/* ---- the input memory, either shape --------------------------------------------- */

typedef struct MemObject {
  const char *label, *type;
  long count;
  const CliJson *cells;       /* suite: array of {path, value}; answer: object path -> value */
} MemObject;

/* The objects of an input memory (malloc'd, *n of them; NULL when none). */
static MemObject *memory_objects(const CliJson *im, int *n) {
  *n = 0;
  if (!im || (im->type != 'a' && im->type != 'o') || im->n == 0) return NULL;
  MemObject *out = calloc((size_t)im->n, sizeof *out);
  for (int i = 0; i < im->n; i++) {
    const CliJson *o = im->kids[i];
    if (im->type == 'a')
      out[(*n)++] = (MemObject){cli_json_str(o, "label"), cli_json_str(o, "type"), cli_json_num(o, "count"),
                                cli_json_get(o, "cells")};
    else
      out[(*n)++] = (MemObject){im->keys[i], cli_json_str(o, "type"),
                                cli_json_get(o, "count") ? cli_json_num(o, "count") : 1, cli_json_get(o, "fields")};
  }
  return out;
}

static const char *cell_path(const MemObject *o, int k) {
  const CliJson *c = o->cells->kids[k];
  if (o->cells->type == 'a') return cli_json_str(c, "path");
  return o->cells->keys[k] ? o->cells->keys[k] : "";
}

static const CliJson *cell_value(const MemObject *o, int k) {
  const CliJson *c = o->cells->kids[k];
  return o->cells->type == 'a' ? cli_json_get(c, "value") : c;
}

static int ncells(const MemObject *o) { return o->cells && (o->cells->type == 'a' || o->cells->type == 'o') ? o->cells->n : 0; }

/* A value as text: a number as written, null, "in2" or "in2+3" for a pointer. */
static void value_text(char *buf, size_t len, const CliJson *v) {
  if (!v) snprintf(buf, len, "?");
  else if (v->type == 'o') {
    long cell = cli_json_num(v, "cell");
    if (cell) snprintf(buf, len, "%s+%ld", cli_json_str(v, "ref"), cell);
    else snprintf(buf, len, "%s", cli_json_str(v, "ref"));
  } else if (v->type == 's') snprintf(buf, len, "%s", v->str);
  else snprintf(buf, len, "%.*s", v->rawlen, v->raw);
}

static const CliJson *memory_of(const HtmlTest *t) {
  const CliJson *im = cli_json_get(t->json, "input_memory");
  return im && im->n > 0 ? im : NULL;
}

/* ---- Graphviz ---------------------------------------------------------------------- */

static void dot_label(FILE *out, const char *s) {
  for (; *s; s++) {
    if (strchr("{}|<>\"\\", *s)) fputc('\\', out);
    fputc(*s, out);
  }
}

static int object_index(const MemObject *objs, int n, const char *label) {
  for (int i = 0; i < n; i++)
    if (!strcmp(objs[i].label, label)) return i;
  return -1;
}

/* One graph: a plain node per pointer input, a record per object (a field
   per cell), an edge per pointer. */
static void dot_graph(FILE *out, const HtmlTest *t) {
  int n;
  MemObject *objs = memory_objects(memory_of(t), &n);
  fprintf(out, "digraph t%d {\n  rankdir=LR; bgcolor=\"transparent\";\n"
               "  node [shape=record, fontname=\"monospace\", fontsize=10];\n", t->id);
  const CliJson *in = cli_json_get(t->json, "inputs");
  for (int i = 0; in && i < in->n; i++) {
    const CliJson *v = cli_json_get(in->kids[i], "value");
    int to = v && v->type == 'o' ? object_index(objs, n, cli_json_str(v, "ref")) : -1;
    if (to < 0) continue;
    fprintf(out, "  p%d [shape=plaintext, label=\"", i);
    dot_label(out, cli_json_str(in->kids[i], "name"));
    fprintf(out, "\"];\n  p%d -> o%d;\n", i, to);
  }
  for (int i = 0; i < n; i++) {
    fprintf(out, "  o%d [label=\"{", i);
    dot_label(out, objs[i].label);
    fputs(" : ", out);
    dot_label(out, objs[i].type);
    if (objs[i].count != 1) fprintf(out, " [%ld]", objs[i].count);
    for (int k = 0; k < ncells(&objs[i]); k++) {
      char v[128];
      value_text(v, sizeof v, cell_value(&objs[i], k));
      fprintf(out, "|<c%d> ", k);
      dot_label(out, cell_path(&objs[i], k));
      fputs(" = ", out);
      dot_label(out, v);
    }
    fputs("}\"];\n", out);
  }
  for (int i = 0; i < n; i++)
    for (int k = 0; k < ncells(&objs[i]); k++) {
      const CliJson *v = cell_value(&objs[i], k);
      int to = v && v->type == 'o' ? object_index(objs, n, cli_json_str(v, "ref")) : -1;
      if (to >= 0) fprintf(out, "  o%d:c%d -> o%d;\n", i, k, to);
    }
  fputs("}\n", out);
  free(objs);
}

/* Removes every occurrence of the text from `from` up to and including `to`. */
static void cut_all(char *s, const char *from, const char *to) {
  char *a;
  while ((a = strstr(s, from))) {
    char *b = strstr(a + strlen(from), to);
    if (!b) return;
    b += strlen(to);
    memmove(a, b, strlen(b) + 1);
  }
}

/* The <svg>...</svg> starting at or after *p, cleaned; *p moves past it. */
static char *next_svg(char **p) {
  char *a = strstr(*p, "<svg"), *b = a ? strstr(a, "</svg>") : NULL;
  if (!b) return NULL;
  b += strlen("</svg>");
  char *svg = strndup(a, (size_t)(b - a));
  *p = b;
  cut_all(svg, "<!--", "-->");
  cut_all(svg, " xmlns=\"", "\"");
  cut_all(svg, " xmlns:xlink=\"", "\"");
  return svg;
}

static bool has_dot(void) {
  int st = system("command -v dot >/dev/null 2>&1");
  return st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

void html_draw_memories(HtmlModel *m, const char *dir) {
  int drawn = 0;
  for (int i = 0; i < m->ntests; i++) drawn += memory_of(&m->tests[i]) != NULL;
  if (!drawn || strchr(dir, '\'') || !has_dot()) return;
  char dot[PATH_MAX + 32], svg[PATH_MAX + 32], cmd[3 * PATH_MAX];
  snprintf(dot, sizeof dot, "%s/.memory.dot", dir);
  snprintf(svg, sizeof svg, "%s/.memory.svg", dir);
  FILE *out = fopen(dot, "w");
  if (!out) return;
  for (int i = 0; i < m->ntests; i++)
    if (memory_of(&m->tests[i])) dot_graph(out, &m->tests[i]);
  fclose(out);
  /* a redirection, not -o: dot writes only the first graph of a file to -o's file */
  snprintf(cmd, sizeof cmd, "dot -Tsvg '%s' >'%s' 2>/dev/null", dot, svg);
  int st = system(cmd);
  char *all = st == 0 ? cli_read_file(svg) : NULL;
  char *p = all;
  for (int i = 0; p && i < m->ntests; i++)   /* the graphs come out in the order they went in */
    if (memory_of(&m->tests[i])) m->tests[i].svg = next_svg(&p);
  free(all);
  remove(dot);
  remove(svg);
}

/* ---- the test's section --------------------------------------------------------------- */

static void value_cell(FILE *out, const CliJson *v) {
  char text[256];
  value_text(text, sizeof text, v);
  if (v && v->type == 'o') fputs("&rarr; ", out);
  html_text(out, text);
}

/* Inputs: [{"name", "type", "value"}]; nondet values: the same or bare values. */
static void values_table(FILE *out, const CliJson *values, const char *caption) {
  if (!values || values->type != 'a' || values->n == 0) return;
  fputs("<table class=\"summary\"><caption>", out);
  html_text(out, caption);
  fputs("</caption><thead><tr><th scope=\"col\">name</th><th scope=\"col\">type</th><th scope=\"col\">value</th></tr>"
        "</thead><tbody>\n",
        out);
  for (int i = 0; i < values->n; i++) {
    const CliJson *v = values->kids[i];
    bool named = v->type == 'o' && cli_json_get(v, "value");
    fputs("<tr><td>", out);
    if (named) html_text(out, cli_json_str(v, "name"));
    else fprintf(out, "call %d", i + 1);
    fputs("</td><td>", out);
    html_text(out, named ? cli_json_str(v, "type") : "");
    fputs("</td><td>", out);
    value_cell(out, named ? cli_json_get(v, "value") : v);
    fputs("</td></tr>\n", out);
  }
  fputs("</tbody></table>\n", out);
}

/* The memory as text, when Graphviz did not draw it. */
static void memory_text(FILE *out, const CliJson *im) {
  int n;
  MemObject *objs = memory_objects(im, &n);
  fputs("<pre class=\"cmd\">", out);
  for (int i = 0; i < n; i++) {
    html_text(out, objs[i].label);
    fputs(" : ", out);
    html_text(out, objs[i].type);
    fprintf(out, " [%ld]\n", objs[i].count);
    for (int k = 0; k < ncells(&objs[i]); k++) {
      char v[128];
      value_text(v, sizeof v, cell_value(&objs[i], k));
      fputs("    ", out);
      html_text(out, cell_path(&objs[i], k));
      fputs(" = ", out);
      html_text(out, v);
      fputc('\n', out);
    }
  }
  fputs("</pre>\n", out);
  free(objs);
}

static void memory_figure(FILE *out, const HtmlTest *t) {
  const CliJson *im = memory_of(t);
  if (!im) return;
  fputs("<figure>\n", out);
  if (t->svg) fputs(t->svg, out); /* dot's own output: it escapes the labels it draws */
  else memory_text(out, im);
  fprintf(out, "\n<figcaption>The input memory of test %d: the objects the test builds for its pointer inputs%s."
               "</figcaption>\n</figure>\n",
          t->id, t->svg ? " (drawn by Graphviz)" : "");
}

void html_write_test(FILE *out, const HtmlTest *t) {
  fprintf(out, "<section class=\"test\" id=\"t%d\" aria-labelledby=\"t%d-h\">\n<h3 id=\"t%d-h\">Test %d</h3>\n<p>",
          t->id, t->id, t->id, t->id);
  fputs("Calls ", out);
  html_text(out, t->function);
  const CliJson *sf = cli_json_get(t->json, "solved_for");
  if (sf) {
    fprintf(out, "; solved for %ld:%ld ", cli_json_num(sf, "line"), cli_json_num(sf, "col"));
    html_text(out, cli_json_str(sf, "kind"));
    fprintf(out, ", covers %ld objectives first", cli_json_num(t->json, "covers_first"));
  }
  if (t->validated == 1) fputs("; validated on the compiled program", out);
  else if (t->validated == 0) fputs("; <strong>not validated</strong>", out);
  fputs(".</p>\n", out);
  values_table(out, cli_json_get(t->json, "inputs"), "inputs");
  values_table(out, cli_json_get(t->json, "nondet"), "values of the __VERIFIER_nondet calls, in call order");
  memory_figure(out, t);
  if (t->sanitizer) {
    fputs("<p>The sanitizer's report: <code>", out);
    html_text(out, t->sanitizer);
    fputs("</code></p>\n", out);
  }
  fputs("<p>Replay it:</p>\n<pre class=\"cmd\"><code>", out);
  html_text(out, t->replay);
  fputs("</code></pre>\n</section>\n", out);
}
