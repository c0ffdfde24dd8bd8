/* sarif.c - --sarif FILE: the answers of --check as a SARIF 2.1.0 log, the
 * format code-scanning services and editors read.
 *
 * One run of the tool "inka-ng", one rule per kind of run-time error
 * (ruleId "rte/div", ...), one result per site: a found error is kind
 * "fail", level "error", its message naming the inputs that trigger it; a
 * proved site is kind "pass" (level "none": SARIF asks for it whenever the
 * kind is not "fail"); an unknown one is kind "open" with the reason.  Each
 * result carries the site's physical location (the file as given, line and
 * column) and, in its property bag, the verdict and the inputs.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

struct CliSarif {
  FILE *out;
  const char *path;
  int nresults;
};

/* what each rule is about (its name is the kind's, cli_check_kinds) */
static const struct { IrRteKind kind; const char *text; } rules[] = {
    {IR_RTE_OVERFLOW, "signed integer overflow (ISO C: undefined)"},
    {IR_RTE_DIV, "division or remainder by zero"},
    {IR_RTE_SHIFT, "shift by a negative amount or by the width or more"},
    {IR_RTE_BOUNDS, "index or access outside its array or object"},
    {IR_RTE_NULL, "dereference of a null pointer"},
    {IR_RTE_FLOAT_CAST, "floating-point value out of the range of the integer type it converts to"},
    {IR_RTE_FREE, "double free, free of what malloc did not return, or use after free"},
    {IR_RTE_UNINIT, "read of a local variable before it is assigned"},
    {IR_RTE_LEAK, "heap block allocated here and neither freed nor reachable when the run ends (memory leak)"},
};
enum { NRULES = sizeof rules / sizeof *rules };

static int rule_index(IrRteKind k) {
  for (int i = 0; i < NRULES; i++)
    if (rules[i].kind == k) return i;
  return 0;
}

CliSarif *cli_sarif_open(const CliOptions *o, char *err, size_t len) {
  CliSarif *s = calloc(1, sizeof *s);
  if (!s || !(s->out = fopen(o->sarif, "w"))) {
    snprintf(err, len, "%s: error: cannot write the SARIF file", o->sarif);
    free(s);
    return NULL;
  }
  s->path = o->sarif;
  fputs("{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n"
        "  \"runs\": [{\n    \"tool\": {\"driver\": {\"name\": \"inka-ng\", \"rules\": [",
        s->out);
  for (int i = 0; i < NRULES; i++) {
    char name[32];
    cli_check_kinds(rules[i].kind, name, sizeof name);
    fprintf(s->out, "%s\n      {\"id\": \"rte/%s\", \"name\": \"%s\", \"shortDescription\": {\"text\": ", i ? "," : "",
            name, name);
    cli_json_string(s->out, rules[i].text);
    fputs("}}", s->out);
  }
  fputs("]}},\n    \"results\": [", s->out);
  return s;
}

static void message(FILE *out, const CliRun *run, const IrCheckSite *site) {
  const LblResult *r = &run->result;
  char text[2048];
  FILE *m = fmemopen(text, sizeof text, "w");
  if (!m) return cli_json_string(out, rules[rule_index(site->kind)].text);
  if (r->verdict == LBL_REACHABLE) {
    fprintf(m, "%s: ", rules[rule_index(site->kind)].text);
    cli_print_call(m, run);
  } else if (r->verdict == LBL_UNREACHABLE) {
    fprintf(m, "no input of %s triggers a %s here", run->fn->name, rules[rule_index(site->kind)].text);
  } else {
    fprintf(m, "undecided (%s): %s", rules[rule_index(site->kind)].text, r->reason ? r->reason : "no answer");
  }
  fclose(m);
  text[sizeof text - 1] = 0;
  cli_json_string(out, text);
}

void cli_sarif_format(FILE *out, const CliRun *run, const IrCheckSite *site) {
  LblVerdict v = run->result.verdict;
  int rule = rule_index(site->kind);
  char name[32];
  cli_check_kinds(site->kind, name, sizeof name);
  fprintf(out, "{\"ruleId\": \"rte/%s\", \"ruleIndex\": %d, \"kind\": \"%s\", \"level\": \"%s\", \"message\": {\"text\": ",
          name, rule,
          v == LBL_REACHABLE ? "fail" : v == LBL_UNREACHABLE ? "pass" : "open", v == LBL_REACHABLE ? "error" : "none");
  message(out, run, site);
  fputs("},\n       \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
  cli_json_string(out, run->opt->file);
  fprintf(out, "}, \"region\": {\"startLine\": %d", site->loc.line);
  if (site->loc.col > 0) fprintf(out, ", \"startColumn\": %d", site->loc.col);
  fputs("}}, \"logicalLocations\": [{\"name\": ", out);
  cli_json_string(out, site->fn->name);
  fprintf(out, ", \"kind\": \"function\"}]}],\n       \"properties\": {\"verdict\": \"%s\"", cli_check_answer(v));
  if (v == LBL_REACHABLE) cli_print_witness_json(out, run);
  fputs("}}", out);
}

void cli_sarif_add(CliSarif *s, const char *result) {
  fprintf(s->out, "%s\n      %s", s->nresults++ ? "," : "", result);
}

bool cli_sarif_close(CliSarif *s, char *err, size_t len) {
  if (!s) return true;
  fputs("\n    ]\n  }]\n}\n", s->out);
  bool ok = !ferror(s->out);
  ok = fclose(s->out) == 0 && ok;
  if (!ok && err) snprintf(err, len, "%s: error: cannot write the SARIF file", s->path);
  free(s);
  return ok;
}
