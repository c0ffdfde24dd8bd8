/* html.h - the page set of --html DIR (cli/html*.c only; docs/design.md
 * "Pages").  The pages are built from the JSON document a run prints with
 * --json (or --merge-reports), never from the solver's data, so that the
 * page set of merged reports is made the same way as that of one run.
 *
 * The document becomes a model (html_model.c): marks (an objective of
 * --cover, an error site of --check, the objective of --reach) placed at a
 * line of a source file, the tests that go with them (inputs, input memory,
 * the command that replays them) and one row per function.  The model is
 * then written as an index (html_index.c) and one page per source file
 * (html_source.c, with the tests of its functions: html_test.c), in the
 * frame of html_write.c, which escapes every text taken from sources,
 * reports and inputs.
 */
#ifndef INKA_HTML_H
#define INKA_HTML_H

#include "suite.h"

/* What a mark's status means, whatever the mode calls it: the style of its
   line and its marker (never colour alone: a symbol and a word too). */
typedef enum { HM_MET, HM_DEAD, HM_UNKNOWN, HM_ERROR, HM_SAFE } HtmlClass;

typedef struct HtmlMark {
  int file;                 /* index in HtmlModel.files */
  int line, col;            /* line 0: not one line (--reach-call) */
  const char *kind;         /* "true", "false", "statement", "bounds", "reach", ... (texts of the document) */
  const char *function;
  const char *status;       /* the document's word: covered, dead, found, proved, ... */
  HtmlClass cls;
  int test;                 /* the test that meets it (HtmlTest.id), 0: none */
  const char *reason;       /* dead/proved: the reasoning; unknown: the budget or limit */
} HtmlMark;

typedef struct HtmlTest {
  int id;                   /* as the report numbers it (1-based) */
  int file;
  const char *function;
  const CliJson *json;      /* inputs, nondet, input_memory */
  char replay[1024];        /* the shell command that replays it */
  const char *sanitizer;    /* found error: the sanitizer's report, or NULL */
  int validated;            /* -1 not asked, 0 failed, 1 confirmed */
  char *svg;                /* the input memory drawn by Graphviz (owned), or NULL */
} HtmlTest;

typedef struct HtmlFunction {
  const char *name;
  int file, line;           /* where its first mark is (or gcov's line) */
  int count[5];             /* marks per HtmlClass */
  int objectives, sites;
  const CliJson *gcov;      /* gcov's measure of it ("branches", "lines"), or NULL */
} HtmlFunction;

typedef struct HtmlModel {
  const CliJson *doc;
  const char *mode;         /* cover, cover-merged, check, reach */
  const char **files;       /* the source files, as the reports name them */
  int nfiles;
  HtmlMark *marks;
  int nmarks;
  HtmlTest *tests;
  int ntests;
  HtmlFunction *fns;
  int nfns;
} HtmlModel;

/* html_model.c: the model of a document (false with err when it is no
   report of inka-ng); freed by html_model_free. */
bool html_model_build(HtmlModel *m, const CliJson *doc, char *err, size_t len);
void html_model_free(HtmlModel *m);
const char *html_class_name(HtmlClass c);      /* "met", "dead", ... (CSS classes) */
const char *html_class_symbol(HtmlClass c);    /* the marker drawn beside the line */
HtmlTest *html_find_test(const HtmlModel *m, int id);

/* html_write.c: the frame of every page, and escaping. */
void html_text(FILE *out, const char *s);               /* s as HTML text (& < > " ') */
void html_page_open(FILE *out, const char *title, const char *home);
void html_page_close(FILE *out);
/* The page name of source file k: "file-K-BASENAME.html" (safe characters only). */
void html_file_page(char *buf, size_t len, const HtmlModel *m, int k);

/* html_index.c, html_source.c: the pages (false when a file cannot be written). */
bool html_write_index(const HtmlModel *m, const char *dir);
bool html_write_source(const HtmlModel *m, int file, const char *dir);

/* html_test.c: the tests' input memory drawn with Graphviz (when `dot` is
   on the PATH; HtmlTest.svg stays NULL otherwise), and a test as HTML. */
void html_draw_memories(HtmlModel *m, const char *dir);
void html_write_test(FILE *out, const HtmlTest *t);

#endif
