/* html_index.c - DIR/index.html: what the run answered, in one table of
 * one row per function (its objectives covered / dead / unknown, gcov's
 * branch percentage beside the best possible, its error sites found /
 * proved / unknown), each row a link to the function in its file's page.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "html.h"

static const char *mode_title(const HtmlModel *m) {
  if (!strcmp(m->mode, "cover")) return "test suite";
  if (!strcmp(m->mode, "cover-merged")) return "merged test suites";
  if (!strcmp(m->mode, "check")) return "run-time errors";
  return "one objective";
}

/* A number of the report as written there; anything else (a report made
   by hand) is not copied into the page. */
static void number(FILE *out, const CliJson *j) {
  if (j && j->type == 'n') cli_json_raw(out, j);
  else fputs("?", out);
}

/* "12 / 40 (30.0%)" of a gcov measure, or a dash when there is none. */
static void measure_cell(FILE *out, const CliJson *measure, bool best) {
  const CliJson *total = cli_json_get(measure, "total"), *b = cli_json_get(measure, "best");
  if (!total || cli_json_num(measure, "total") == 0) {
    fputs("<td class=\"n\">\u2014</td>", out);
    return;
  }
  fputs("<td class=\"n\">", out);
  if (!best) {
    fprintf(out, "%ld / %ld (", cli_json_num(measure, "covered"), cli_json_num(measure, "total"));
    number(out, cli_json_get(measure, "percent"));
    fputs("%)</td>", out);
  } else if (b && b->type == 'n') {
    fprintf(out, "%ld (", cli_json_num(measure, "best"));
    number(out, cli_json_get(measure, "best_percent"));
    fputs("%)</td>", out);
  } else {
    fputs("\u2014</td>", out);
  }
}

static void count_cell(FILE *out, int n, HtmlClass c) {
  if (n == 0 || c == HM_MET || c == HM_SAFE) fprintf(out, "<td class=\"n\">%d</td>", n);
  else fprintf(out, "<td class=\"n\"><b class=\"st %s\">%s %d</b></td>", html_class_name(c), html_class_symbol(c), n);
}

/* The column groups the report has: objectives (and gcov), error sites. */
typedef struct Columns {
  bool objectives, sites;
} Columns;

static Columns columns_of(const HtmlModel *m) {
  Columns c = {false, false};
  for (int i = 0; i < m->nfns; i++) {
    c.objectives |= m->fns[i].objectives > 0 || m->fns[i].gcov;
    c.sites |= m->fns[i].sites > 0;
  }
  return c;
}

static void function_row(FILE *out, const HtmlModel *m, const HtmlFunction *f, Columns cols) {
  char page[PATH_MAX];
  html_file_page(page, sizeof page, m, f->file);
  fprintf(out, "<tr><th scope=\"row\"><a href=\"%s#L%d\">", page, f->line > 0 ? f->line : 1);
  html_text(out, f->name);
  fputs("</a></th><td>", out);
  html_text(out, m->files[f->file]);
  fputs("</td>", out);
  /* a report holds objectives or sites, never both: unknown is one count */
  if (cols.objectives) {
    count_cell(out, f->count[HM_MET], HM_MET);
    count_cell(out, f->count[HM_DEAD], HM_DEAD);
    count_cell(out, f->count[HM_UNKNOWN], HM_UNKNOWN);
    const CliJson *br = cli_json_get(f->gcov, "branches");
    measure_cell(out, br, false);
    measure_cell(out, br, true);
  }
  if (cols.sites) {
    count_cell(out, f->count[HM_ERROR], HM_ERROR);
    count_cell(out, f->count[HM_SAFE], HM_SAFE);
    count_cell(out, f->count[HM_UNKNOWN], HM_UNKNOWN);
  }
  fputs("</tr>\n", out);
}

static void function_table(FILE *out, const HtmlModel *m) {
  Columns cols = columns_of(m);
  fputs("<h2 id=\"functions\">Functions</h2>\n<table class=\"summary\">\n"
        "<thead><tr><th rowspan=\"2\" scope=\"col\">function</th><th rowspan=\"2\" scope=\"col\">file</th>",
        out);
  if (cols.objectives)
    fputs("<th colspan=\"3\" scope=\"colgroup\">objectives</th><th colspan=\"2\" scope=\"colgroup\">gcov branches</th>",
          out);
  if (cols.sites) fputs("<th colspan=\"3\" scope=\"colgroup\">run-time error sites</th>", out);
  fputs("</tr>\n<tr>", out);
  if (cols.objectives)
    fputs("<th scope=\"col\">covered</th><th scope=\"col\">dead</th><th scope=\"col\">unknown</th>"
          "<th scope=\"col\">taken</th><th scope=\"col\">best possible</th>",
          out);
  if (cols.sites) fputs("<th scope=\"col\">found</th><th scope=\"col\">proved</th><th scope=\"col\">unknown</th>", out);
  fputs("</tr></thead>\n<tbody>\n", out);
  for (int i = 0; i < m->nfns; i++) function_row(out, m, &m->fns[i], cols);
  fputs("</tbody>\n</table>\n", out);
}

/* --check: the sites of each kind, as the report's "summary" counts them. */
static void kinds_table(FILE *out, const CliJson *summary) {
  if (!summary || summary->type != 'o' || summary->n == 0) return;
  fputs("<table class=\"summary\"><caption>error sites per kind</caption><thead><tr><th scope=\"col\">kind</th>"
        "<th scope=\"col\">sites</th><th scope=\"col\">found</th><th scope=\"col\">proved</th>"
        "<th scope=\"col\">unknown</th></tr></thead><tbody>\n",
        out);
  for (int i = 0; i < summary->n; i++) {
    const CliJson *k = summary->kids[i];
    fputs("<tr><th scope=\"row\">", out);
    html_text(out, summary->keys[i]);
    fprintf(out, "</th><td class=\"n\">%ld</td>", cli_json_num(k, "sites"));
    count_cell(out, (int)cli_json_num(k, "found"), HM_ERROR);
    count_cell(out, (int)cli_json_num(k, "proved"), HM_SAFE);
    count_cell(out, (int)cli_json_num(k, "unknown"), HM_UNKNOWN);
    fputs("</tr>\n", out);
  }
  fputs("</tbody></table>\n", out);
}

/* The run's totals as one sentence (and, for --check, per kind). */
static void totals(FILE *out, const HtmlModel *m) {
  int n[5] = {0};
  for (int i = 0; i < m->nmarks; i++) n[m->marks[i].cls]++;
  fputs("<p id=\"totals\">", out);
  if (!strcmp(m->mode, "check"))
    fprintf(out, "%d error sites: %d found, %d proved safe, %d unknown.", m->nmarks, n[HM_ERROR], n[HM_SAFE],
            n[HM_UNKNOWN]);
  else if (!strcmp(m->mode, "reach"))
    fprintf(out, "The objective is %s.", m->nmarks ? m->marks[0].status : "unknown");
  else
    fprintf(out, "%d objectives: %d covered by %d tests, %d dead, %d unknown.", m->nmarks, n[HM_MET], m->ntests,
            n[HM_DEAD], n[HM_UNKNOWN]);
  fputs("</p>\n", out);
  kinds_table(out, cli_json_get(m->doc, "summary"));
  const CliJson *g = cli_json_get(m->doc, "gcov"), *br = cli_json_get(g, "branches");
  if (!br) return;
  fprintf(out, "<p>gcov, the functions under test: branches %ld of %ld taken (", cli_json_num(br, "covered"),
          cli_json_num(br, "total"));
  number(out, cli_json_get(br, "percent"));
  fputs("%)", out);
  if (cli_json_get(br, "best") && cli_json_get(br, "best")->type == 'n') {
    fprintf(out, "; the best possible is %ld (", cli_json_num(br, "best"));
    number(out, cli_json_get(br, "best_percent"));
    fputs(cli_json_num(br, "best") < cli_json_num(br, "total") ? "%): the rest is proved dead" : "%)", out);
  }
  fputs(".</p>\n", out);
}

static void legend(FILE *out) {
  static const char *const words[] = {"covered / reached", "dead (proved unreachable)", "unknown (a budget or a limit)",
                                      "run-time error found", "proved safe"};
  fputs("<p class=\"legend\">Legend: ", out);
  for (int c = HM_MET; c <= HM_SAFE; c++)
    fprintf(out, "<span class=\"%s\">%s %s</span>", html_class_name((HtmlClass)c), html_class_symbol((HtmlClass)c),
            words[c]);
  fputs("</p>\n", out);
}

static void file_list(FILE *out, const HtmlModel *m) {
  fputs("<h2>Source files</h2>\n<ul>\n", out);
  for (int k = 0; k < m->nfiles; k++) {
    char page[PATH_MAX];
    html_file_page(page, sizeof page, m, k);
    fprintf(out, "<li><a href=\"%s\">", page);
    html_text(out, m->files[k]);
    fputs("</a></li>\n", out);
  }
  fputs("</ul>\n", out);
}

bool html_write_index(const HtmlModel *m, const char *dir) {
  char path[PATH_MAX + 16], title[256];
  snprintf(path, sizeof path, "%s/index.html", dir);
  FILE *out = fopen(path, "w");
  if (!out) return false;
  snprintf(title, sizeof title, "inka-ng: %s", mode_title(m));
  html_page_open(out, title, NULL);
  fputs("<h1>", out);
  html_text(out, title);
  fputs("</h1>\n", out);
  totals(out, m);
  legend(out);
  function_table(out, m);
  file_list(out, m);
  html_page_close(out);
  bool ok = !ferror(out);
  return fclose(out) == 0 && ok;
}
