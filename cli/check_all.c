/* check_all.c - --check KINDS without --at: every site of the program (of
 * --function F and what it calls, else of every function), each an
 * objective of its own (check.c answers one), deepest first: a site nested
 * in loops and branches needs the longest inputs, and it gets the budget
 * while the most of --timeout is left.  With --jobs N the sites are solved
 * in N worker processes (pool.c), each answer written out by the worker
 * (its text line, JSON object and SARIF result), so nothing of a worker's
 * memory crosses the pipe but text.  The report lists the sites in source
 * order, then counts each kind; --json and --sarif write the same answers.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

typedef struct Every {
  const CliOptions *o;
  IrProgram *p;
  double t0;
  int *order;                 /* the sites to answer, deepest first */
  int norder, next;           /* next: the first not handed out */
  CliSiteAnswer *answers;     /* per site of p */
  int done, found, proved;
  bool tty;
  int shown;                  /* sites done when progress was last shown, -1: never */
  double last;                /*   and when */
  char err[2048];             /* the first error */
} Every;

/* ---- the order: deepest first ------------------------------------------------------ */
/* The nesting depth (ifs and loops) of statement s in block b, or -1. */
static int depth_in(const IrBlock *b, const IrStmt *s, int d) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *x = b->stmts[i];
    if (x == s) return d;
    const IrBlock *kids[] = {&x->then, &x->els, &x->pre, &x->body, &x->step};
    for (int k = 0; k < 5; k++) {
      int found = depth_in(kids[k], s, d + 1);
      if (found >= 0) return found;
    }
  }
  return -1;
}

static int site_depth(const IrCheckSite *site) {
  if (site->nchecks == 0 || site->kind == IR_RTE_LEAK) return 0; /* a leak: where the run ends */
  int d = depth_in(&site->fn->body, site->checks[0], 0);
  return d > 0 ? d : 0;
}

typedef struct Ranked {
  int depth, site;
} Ranked;

static int deeper_first(const void *a, const void *b) {
  const Ranked *x = a, *y = b;
  if (x->depth != y->depth) return y->depth - x->depth;
  return x->site - y->site; /* then source order */
}

/* The sites to answer in e->order, deepest first; the safe ones counted. */
static int order_sites(Every *e) {
  IrProgram *p = e->p;
  int safe = 0;
  Ranked *ranked = calloc((size_t)p->ncheck_sites + 1, sizeof *ranked);
  e->order = calloc((size_t)p->ncheck_sites + 1, sizeof *e->order);
  for (int i = 0; i < p->ncheck_sites; i++) {
    bool is_safe;
    e->answers[i].verdict = -1;
    if (!cli_check_site_counted(p, e->o, i, &is_safe)) continue;
    if (is_safe) safe++;
    else ranked[e->norder++] = (Ranked){site_depth(p->check_sites[i]), i};
  }
  qsort(ranked, (size_t)e->norder, sizeof *ranked, deeper_first);
  for (int k = 0; k < e->norder; k++) e->order[k] = ranked[k].site;
  free(ranked);
  return safe;
}

/* ---- progress ------------------------------------------------------------------------ */
static void took(Every *e, int verdict) {
  e->done++;
  e->found += verdict == LBL_REACHABLE;
  e->proved += verdict == LBL_UNREACHABLE;
}

static void show_progress(Every *e, bool final) {
  double now = prop_now(), elapsed = now - e->t0;
  if (e->o->quiet || elapsed < 1.0 || (!final && now - e->last < (e->tty ? 0.2 : 1.0))) return;
  if (final && (e->shown < 0 || e->shown == e->done)) return;
  fprintf(stderr, "%sinka-ng: %d/%d sites done: %d found, %d proved, %d unknown; %.1f s%s", e->tty ? "\r" : "",
          e->done, e->norder, e->found, e->proved, e->done - e->found - e->proved, elapsed,
          e->tty ? "\033[K" : "\n");
  if (e->tty && final) fputc('\n', stderr);
  fflush(stderr);
  e->last = now;
  e->shown = e->done;
}

/* ---- answering: here, or in workers --------------------------------------------------- */
static bool answer_here(Every *e, int i) {
  bool ok = cli_check_site_answer(e->o, e->p, i, e->t0, &e->answers[i], e->err, sizeof e->err);
  if (ok) took(e, e->answers[i].verdict);
  show_progress(e, false);
  return ok;
}

static int next_site(void *ctx, const int *busy, int nbusy) {
  (void)busy, (void)nbusy; /* each site is handed out once */
  Every *e = ctx;
  return e->next < e->norder ? e->order[e->next++] : -1;
}

static bool put_string(int fd, const char *s) {
  int n = s ? (int)strlen(s) : -1;
  return cli_pool_put(fd, &n, sizeof n) && (n <= 0 || cli_pool_put(fd, s, (size_t)n));
}

static bool take_string(int fd, char **s) {
  int n;
  *s = NULL;
  if (!cli_pool_take(fd, &n, sizeof n)) return false;
  if (n < 0) return true;
  if (!(*s = calloc((size_t)n + 1, 1))) return false;
  return cli_pool_take(fd, *s, (size_t)n);
}

/* In a worker: site i answered and sent (an error: verdict -2 and its text). */
static bool work_site(void *ctx, int i, int fd) {
  Every *e = ctx;
  CliSiteAnswer a;
  bool ok = cli_check_site_answer(e->o, e->p, i, e->t0, &a, e->err, sizeof e->err);
  int verdict = ok ? a.verdict : -2;
  bool sent = cli_pool_put(fd, &verdict, sizeof verdict) && put_string(fd, ok ? a.text : e->err) &&
              put_string(fd, ok ? a.json : NULL) && put_string(fd, ok ? a.sarif : NULL);
  free(a.text), free(a.json), free(a.sarif);
  return sent;
}

static bool take_site(void *ctx, int i, int fd) {
  Every *e = ctx;
  CliSiteAnswer *a = &e->answers[i];
  int verdict;
  bool ok = cli_pool_take(fd, &verdict, sizeof verdict) && take_string(fd, &a->text) && take_string(fd, &a->json) &&
            take_string(fd, &a->sarif);
  if (!ok) return false;
  if (verdict == -2) { /* the worker met an error: it is the run's */
    if (!e->err[0]) snprintf(e->err, sizeof e->err, "%s", a->text ? a->text : "error");
    free(a->text), a->text = NULL;
    return true;
  }
  a->verdict = verdict;
  took(e, verdict);
  return true;
}

static void pool_progress(void *ctx) { show_progress(ctx, false); }

/* Every site answered, or false with e->err. */
static bool answer_all(Every *e) {
  if (e->o->jobs > 1 && e->norder > 1) {
    CliPoolJob job = {.ctx = e, .next = next_site, .work = work_site, .take = take_site, .progress = pool_progress};
    cli_pool_run(e->o->jobs, &job); /* what a dead worker left is answered here */
    if (e->err[0]) return false;
  }
  for (int k = 0; k < e->norder; k++)
    if (e->answers[e->order[k]].verdict < 0 && !answer_here(e, e->order[k])) return false;
  show_progress(e, true);
  return true;
}

/* ---- the report ------------------------------------------------------------------------ */
typedef struct Tally {
  int sites[IR_RTE_NKINDS], found[IR_RTE_NKINDS], proved[IR_RTE_NKINDS];
} Tally;

static int kind_index(IrRteKind k) {
  int i = 0;
  while (!(k & 1u)) k >>= 1, i++;
  return i;
}

static void count(Tally *t, const IrCheckSite *site, int v) {
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

/* The answers in source order: the text (without --json) on stdout, the
   JSON document on json (stdout, or the buffer the pages are made from),
   and the SARIF log. */
static int report(Every *e, int safe, CliSarif *sarif, FILE *json) {
  const CliOptions *o = e->o;
  Tally tally = {0};
  char kinds[128];
  if (json) {
    fputs("{\"check\": ", json);
    cli_json_string(json, cli_check_kinds(o->check, kinds, sizeof kinds));
    fputs(", \"file\": ", json);
    cli_json_string(json, o->file);
    fputs(", \"sites\": [", json);
  }
  int shown = 0;
  for (int i = 0; i < e->p->ncheck_sites; i++) {
    const CliSiteAnswer *a = &e->answers[i];
    if (a->verdict < 0) continue;
    if (json) fprintf(json, "%s\n    %s", shown ? "," : "", a->json);
    if (!o->json) fputs(a->text, stdout);
    if (sarif) cli_sarif_add(sarif, a->sarif);
    count(&tally, e->p->check_sites[i], a->verdict);
    shown++;
  }
  if (json) print_summary(json, &tally, safe, true, prop_now() - e->t0);
  if (!o->json) print_summary(stdout, &tally, safe, false, prop_now() - e->t0);
  return exit_status(&tally);
}

/* The report as --json and --html want it: printed, and with --html made
   into pages (from the JSON document, as --merge-reports makes them). */
static int report_out(Every *e, int safe, CliSarif *sarif, char *err, size_t len) {
  const CliOptions *o = e->o;
  if (!o->html) return report(e, safe, sarif, o->json ? stdout : NULL);
  char *text = NULL;
  size_t size = 0;
  FILE *json = open_memstream(&text, &size);
  if (!json) return snprintf(err, len, "inka-ng: error: out of memory"), -1;
  int st = report(e, safe, sarif, json);
  fclose(json);
  if (o->json) fputs(text, stdout);
  if (!cli_html_write(o->html, text, err, len)) st = -1;
  free(text);
  return st;
}

int cli_check_all(const CliOptions *o, IrProgram *p, double t0) {
  Every e = {.o = o, .p = p, .t0 = t0, .tty = isatty(2), .shown = -1};
  char err[2048];
  if (!cli_check_leak_root_known(p, o, err, sizeof err)) return fprintf(stderr, "%s\n", err), CLI_EXIT_ERROR;
  CliSarif *sarif = o->sarif ? cli_sarif_open(o, err, sizeof err) : NULL;
  if (o->sarif && !sarif) return fprintf(stderr, "%s\n", err), CLI_EXIT_ERROR;
  e.answers = calloc((size_t)p->ncheck_sites + 1, sizeof *e.answers);
  int safe = order_sites(&e), st;
  if (!answer_all(&e)) {
    fprintf(stderr, "%s\n", e.err);
    cli_sarif_close(sarif, NULL, 0);
    st = CLI_EXIT_ERROR;
  } else {
    st = report_out(&e, safe, sarif, err, sizeof err);
    if (st < 0) {
      fprintf(stderr, "%s\n", err);
      cli_sarif_close(sarif, NULL, 0);
      st = CLI_EXIT_ERROR;
    } else if (sarif && !cli_sarif_close(sarif, err, sizeof err)) {
      st = (fprintf(stderr, "%s\n", err), CLI_EXIT_ERROR);
    }
  }
  for (int i = 0; i < p->ncheck_sites; i++) free(e.answers[i].text), free(e.answers[i].json), free(e.answers[i].sarif);
  free(e.answers);
  free(e.order);
  return st;
}
