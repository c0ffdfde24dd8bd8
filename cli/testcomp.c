/* testcomp.c - a suite in the exchange format of Test-Comp (test-format
 * 1.1): DIR/metadata.xml says which program, function and coverage
 * criterion; DIR/testcase-N.xml lists the inputs of test N, one <input> per
 * value, in the order the program consumes them.
 *
 * Test-Comp programs take their inputs from __VERIFIER_nondet_* calls in
 * main; for a function under test with parameters, the parameters come
 * first, then the nondet values (docs/decisions.md).  The program hash is
 * SHA-256 of the file, as `sha256sum` computes it.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "suite.h"

static void xml_text(FILE *out, const char *s) {
  for (; s && *s; s++) {
    if (*s == '<') fputs("&lt;", out);
    else if (*s == '>') fputs("&gt;", out);
    else if (*s == '&') fputs("&amp;", out);
    else if (*s == '"') fputs("&quot;", out);
    else fputc(*s, out);
  }
}

static void program_hash(const char *path, char *hex, size_t len) {
  char cmd[PATH_MAX + 64];
  snprintf(hex, len, "unknown");
  if (strchr(path, '\'')) return;
  snprintf(cmd, sizeof cmd, "sha256sum '%s' 2>/dev/null", path);
  FILE *p = popen(cmd, "r");
  if (!p) return;
  char buf[128];
  if (fgets(buf, sizeof buf, p) && strlen(buf) > 64) snprintf(hex, len, "%.64s", buf);
  pclose(p);
}

static bool metadata(const Suite *s, const char *dir) {
  char path[PATH_MAX + 32], hash[80], when[64];
  snprintf(path, sizeof path, "%s/metadata.xml", dir);
  FILE *out = fopen(path, "w");
  if (!out) return false;
  program_hash(s->opt->file, hash, sizeof hash);
  time_t now = time(NULL);
  strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
        "<!DOCTYPE test-metadata PUBLIC \"+//IDN sosy-lab.org//DTD test-format test-metadata 1.1//EN\" "
        "\"https://sosy-lab.org/test-format/test-metadata-1.1.dtd\">\n<test-metadata>\n"
        "  <sourcecodelang>C</sourcecodelang>\n  <producer>inka-ng</producer>\n  <specification>",
        out);
  xml_text(out, s->branches ? "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )"
                            : "COVER( init(main()), FQL(COVER EDGES(@BASICBLOCKENTRY)) )");
  fputs("</specification>\n  <programfile>", out);
  xml_text(out, s->opt->file);
  fprintf(out, "</programfile>\n  <programhash>%s</programhash>\n  <entryfunction>", hash);
  xml_text(out, s->nunits == 1 ? s->units[0]->name : "main");
  fprintf(out, "</entryfunction>\n  <architecture>%s</architecture>\n  <creationtime>%s</creationtime>\n"
               "</test-metadata>\n",
          s->prog->model == IR_ILP32 ? "32bit" : "64bit", when);
  bool ok = !ferror(out);
  return fclose(out) == 0 && ok;
}

static void input(FILE *out, const LblValue *v) {
  char num[96];
  cli_format_json_number(num, sizeof num, v->type, v->value);
  const char *text = num[0] == '"' ? num + 1 : num; /* "inf" and "nan" come quoted for JSON */
  size_t n = strlen(text);
  fprintf(out, "  <input variable=\"");
  xml_text(out, v->name);
  fprintf(out, "\" type=\"");
  xml_text(out, v->type->spelling);
  fprintf(out, "\">%.*s</input>\n", (int)(n && text[n - 1] == '"' ? n - 1 : n), text);
}

static bool testcase(const Suite *s, const char *dir, int k) {
  char path[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/testcase-%d.xml", dir, k + 1);
  FILE *out = fopen(path, "w");
  if (!out) return false;
  const SuTest *t = &s->tests[k];
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
        "<!DOCTYPE testcase PUBLIC \"+//IDN sosy-lab.org//DTD test-format testcase 1.1//EN\" "
        "\"https://sosy-lab.org/test-format/testcase-1.1.dtd\">\n<testcase>\n",
        out);
  fputs("<!-- inputs of ", out); /* several functions under test: each test names its own */
  xml_text(out, s->units[t->unit]->name);
  fputs(": parameters, then nondet values -->\n", out);
  for (int i = 0; i < t->ninputs; i++) input(out, &t->inputs[i]);
  for (int i = 0; i < t->nnondet; i++) input(out, &t->nondet[i]);
  fputs("</testcase>\n", out);
  bool ok = !ferror(out);
  return fclose(out) == 0 && ok;
}

/* A test with pointer inputs has no Test-Comp form (its inputs are a
   memory, not a sequence of values): it is left out, with a warning. */
bool suite_testcomp(const Suite *s, const char *dir, char *err, size_t len) {
  mkdir(dir, 0755);
  if (!metadata(s, dir)) return snprintf(err, len, "%s: error: cannot write metadata.xml", dir), false;
  int skipped = 0;
  for (int k = 0; k < s->ntests; k++) {
    if (suite_has_pointers(&s->tests[k])) {
      skipped++;
      continue;
    }
    if (!testcase(s, dir, k)) return snprintf(err, len, "%s: error: cannot write testcase-%d.xml", dir, k + 1), false;
  }
  if (skipped)
    fprintf(stderr, "inka-ng: warning: %d tests with pointer inputs have no Test-Comp form (not written to %s)\n",
            skipped, dir);
  return true;
}
