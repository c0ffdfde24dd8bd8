/* report.c - what the user reads: a verdict line a person takes in at a
 * glance, or the JSON document of docs/design.md §1 (field names are a
 * contract: add, never rename).
 */
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "cli.h"
#include "inka/concrete.h"
#include "inka/fp.h"

static bool is_unsigned64(const IrType *t) { return t->kind == IR_TY_INT && !t->is_signed && t->bits == 64; }

static const FpFormat *fp_format_of(const IrType *t) { return t->bits == 32 ? &fp_binary32 : &fp_binary64; }

/* A float value (v is its key, include/inka/fp.h) in decimal, with enough
   digits to read it back exactly; "inf", "-inf", "nan" otherwise. */
static void float_decimal(char *buf, size_t len, const IrType *t, int64_t v) {
  const FpFormat *f = fp_format_of(t);
  double d = fp_key_to_double(f, v);
  if (isnan(d)) snprintf(buf, len, "nan");
  else if (isinf(d)) snprintf(buf, len, d > 0 ? "inf" : "-inf");
  else snprintf(buf, len, "%.*g", t->bits == 32 ? 9 : 17, d);
}

/* The value as a decimal number (unsigned 64-bit values by their bit pattern). */
static void decimal(char *buf, size_t len, const IrType *t, int64_t v) {
  if (t->kind == IR_TY_FLOAT) float_decimal(buf, len, t, v);
  else if (is_unsigned64(t)) snprintf(buf, len, "%" PRIu64, (uint64_t)v);
  else snprintf(buf, len, "%" PRId64, v);
}

void cli_format_json_number(char *buf, size_t len, const IrType *t, int64_t v) {
  decimal(buf, len, t, v);
  if (t->kind == IR_TY_FLOAT && !isfinite(fp_key_to_double(fp_format_of(t), v))) {
    char word[8];
    snprintf(word, sizeof word, "%s", buf);
    snprintf(buf, len, "\"%s\"", word);   /* JSON has no inf or nan */
  }
}

void cli_format_value(char *buf, size_t len, const IrType *t, int64_t v) {
  if (t->kind == IR_TY_FLOAT) {   /* exact: a hex float, or a builtin */
    const FpFormat *f = fp_format_of(t);
    const char *sfx = t->bits == 32 ? "f" : "";
    double d = fp_key_to_double(f, v);
    if (isnan(d)) snprintf(buf, len, "__builtin_nan%s(\"\")", sfx);
    else if (isinf(d)) snprintf(buf, len, "%s__builtin_inf%s()", d < 0 ? "-" : "", sfx);
    else snprintf(buf, len, "%a%s", d, sfx);
  } else if (is_unsigned64(t)) {
    snprintf(buf, len, "%" PRIu64 "ull", (uint64_t)v);
  } else if (v == INT64_MIN) {
    snprintf(buf, len, "(-9223372036854775807ll - 1)");
  } else if (t->kind == IR_TY_INT && t->bits > 32) {
    snprintf(buf, len, "%" PRId64 "ll", v);
  } else if (t->kind == IR_TY_INT && !t->is_signed && t->bits == 32) {
    snprintf(buf, len, "%" PRId64 "u", v);
  } else if (v == INT32_MIN) {
    snprintf(buf, len, "(-2147483647 - 1)");
  } else {
    snprintf(buf, len, "%" PRId64, v);
  }
}

void cli_print_call(FILE *out, const CliRun *run) {
  const LblResult *r = &run->result;
  fprintf(out, "%s(", run->fn->name);
  for (int i = 0; i < r->ninputs; i++) {
    char v[64];
    IrTypeKind k = r->inputs[i].type->kind;
    if (k == IR_TY_PTR || k == IR_TY_STRUCT) cli_pointer_input(v, sizeof v, r, &r->inputs[i]);
    else decimal(v, sizeof v, r->inputs[i].type, r->inputs[i].value);
    fprintf(out, "%s%s = %s", i ? ", " : "", r->inputs[i].name, v);
  }
  fprintf(out, ")");
  if (r->nnondet) {
    fprintf(out, "  nondet:");
    for (int i = 0; i < r->nnondet; i++) {
      char v[64];
      decimal(v, sizeof v, r->nondet[i].type, r->nondet[i].value);
      fprintf(out, "%s %s", i ? "," : "", v);
    }
  }
  if (r->has_return) {
    char v[64];
    decimal(v, sizeof v, run->fn->ret, r->ret);
    fprintf(out, "  returns %s", v);
  }
}

static void print_where(FILE *out, const CliRun *run) {
  const CliOptions *o = run->opt;
  if (o->reach) fprintf(out, "%s:%d (in %s)", o->file, o->reach_line, run->fn->name);
  else fprintf(out, "a call to %s (from %s)", o->reach_call, run->fn->name);
  if (o->niter) {
    fprintf(out, " in iteration ");
    for (int i = 0; i < o->niter; i++) fprintf(out, "%s%d", i ? "," : "", o->iter[i]);
  }
}

static void print_stats(FILE *out, const LblStats *s, const CliRun *run) {
  fprintf(out,
          "stats: propagations %" PRIu64 ", wake-ups %" PRIu64 ", trials %" PRIu64 " (%" PRIu64 " cut)"
          ", choice points %" PRIu64
          ", backtracks %" PRIu64 ", failures %" PRIu64 ", unfoldings %" PRIu64 ", search nodes %" PRIu64
          ", concrete runs %" PRIu64 ", peak arena %zu bytes, parse %.3f s",
          s->prop.propagations, s->prop.wakeups, s->prop.trials, s->prop.trials_cut, s->prop.choice_points,
          s->prop.backtracks, s->prop.failures, s->tr.unfoldings, s->search.nodes, s->concrete_runs,
          s->prop.peak_arena_bytes, run->parse_s);
  if (run->validated >= 0) fprintf(out, ", validate %.3f s", run->validate_s);
  fprintf(out, ", inconsistencies %" PRIu64, s->inconsistencies);
  if (run->result.verdict == LBL_REACHABLE && run->result.confirmed) fprintf(out, ", confirmed");
  else if (run->result.verdict == LBL_REACHABLE)
    fprintf(out, ", unconfirmed (%s)", run->result.unconfirmed ? run->result.unconfirmed : "no concrete run");
  CxNativeStats nat = cx_native_stats();
  fprintf(out, "\nnative: runs %" PRIu64 ", interpreted instead %" PRIu64 ", compiles %" PRIu64 " (%" PRIu64
               " failed), cache hits %" PRIu64,
          nat.runs, nat.fallbacks, nat.compiles, nat.compile_failures, nat.cache_hits);
  if (nat.not_emitted) fprintf(out, ", programs not emitted %" PRIu64 " (%s)", nat.not_emitted, nat.why_not);
  const uint64_t *n = s->prop.notes;
  fprintf(out, "\nreasoning: equality %" PRIu64 ", congruence %" PRIu64 ", difference cycles %" PRIu64
               ", loop summaries %" PRIu64 ", linear relaxation %" PRIu64 ", elimination %" PRIu64
               ", lp bounds %" PRIu64 ", invariants %" PRIu64 ", polyhedra %" PRIu64 "\n",
          n[PROP_NOTE_EQUALITY], n[PROP_NOTE_CONGRUENCE], n[PROP_NOTE_CYCLE], n[PROP_NOTE_SUMMARY], n[PROP_NOTE_LP],
          n[PROP_NOTE_ELIMINATION], n[PROP_NOTE_LP_BOUND], n[PROP_NOTE_INVARIANT], n[PROP_NOTE_POLYHEDRA]);
}

/* The verdict's name: --check answers found / proved for reachable /
   unreachable (the site's error happens / cannot happen). */
static const char *verdict_name(const CliRun *run) {
  LblVerdict v = run->result.verdict;
  return run->opt->check ? cli_check_answer(v) : lbl_verdict_name(v);
}

void cli_print_text(FILE *out, const CliRun *run) {
  const LblResult *r = &run->result;
  char kinds[128];
  if (run->opt->check) cli_check_kinds(run->opt->check, kinds, sizeof kinds);
  switch (r->verdict) {
  case LBL_REACHABLE:
    fprintf(out, run->opt->check ? "FOUND  " : "REACHABLE  ");
    cli_print_call(out, run);
    if (run->opt->check) fprintf(out, "  a run-time error (%s) at %s:%d", kinds, run->opt->file, run->opt->reach_line);
    break;
  case LBL_UNREACHABLE:
    fprintf(out, run->opt->check ? "PROVED  " : "UNREACHABLE  ");
    print_where(out, run);
    if (run->opt->check) fprintf(out, ": no input triggers a run-time error (%s) there", kinds);
    else fprintf(out, ": no input reaches it");
    break;
  case LBL_UNKNOWN:
    fprintf(out, "UNKNOWN  ");
    print_where(out, run);
    fprintf(out, ": %s", r->reason ? r->reason : "no answer");
    break;
  }
  fprintf(out, "  %.3f s", r->time_s);
  if (run->validated == 1) fprintf(out, "  validated");
  else if (run->validated == 0) fprintf(out, "  NOT VALIDATED: %s", run->validate_msg);
  fprintf(out, "\n");
  if (run->test_path) fprintf(out, "test driver: %s\n", run->test_path);
  if (run->opt->show_memory && r->verdict == LBL_REACHABLE) cli_print_memory(out, r);
  if (run->opt->stats) print_stats(out, &r->stats, run);
}

/* Length of the valid UTF-8 sequence at s, or 0 (JSON must be UTF-8; a
   message about a binary file may quote raw bytes). */
static int utf8_len(const unsigned char *s) {
  int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
  for (int i = 1; i < n; i++)
    if ((s[i] & 0xc0) != 0x80) return 0;
  return n;
}

static void json_string(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
    unsigned char c = *p;
    int n;
    if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
    else if (c < 0x20 || c == 0x7f) fprintf(out, "\\u%04x", c);
    else if (c < 0x80) fputc(c, out);
    else if ((n = utf8_len(p)) > 0) {
      fwrite(p, 1, (size_t)n, out);
      p += n - 1;
    } else fputs("\\ufffd", out);
  }
  fputc('"', out);
}

static void json_values(FILE *out, const LblResult *r, const LblValue *v, int n, bool named) {
  fputc('[', out);
  for (int i = 0; i < n; i++) {
    char num[64];
    if (v[i].type->kind == IR_TY_PTR || v[i].type->kind == IR_TY_STRUCT) /* a struct: {"ref": its object} */
      cli_pointer_input_json(num, sizeof num, r, &v[i]);
    else cli_format_json_number(num, sizeof num, v[i].type, v[i].value);
    if (i) fputs(", ", out);
    if (!named) {
      fputs(num, out);
      continue;
    }
    fputs("{\"name\": ", out);
    json_string(out, v[i].name);
    fputs(", \"type\": ", out);
    json_string(out, v[i].type->spelling);
    fprintf(out, ", \"value\": %s}", num);
  }
  fputc(']', out);
}

/* A REACHABLE answer says whether a run of the concrete mode confirmed it
   (and why not): "confirmed": true, or "confirmed": false, "unconfirmed": WHY. */
static void json_confirmed(FILE *out, const LblResult *r) {
  if (r->verdict != LBL_REACHABLE) return;
  fprintf(out, "\"confirmed\": %s, ", r->confirmed ? "true" : "false");
  if (r->confirmed) return;
  fprintf(out, "\"unconfirmed\": ");
  json_string(out, r->unconfirmed ? r->unconfirmed : "no concrete run");
  fprintf(out, ", ");
}

static void json_stats(FILE *out, const CliRun *run) {
  const LblStats *s = &run->result.stats;
  fputc('{', out);
  json_confirmed(out, &run->result);
  fprintf(out,
          "\"propagations\": %" PRIu64 ", \"wakeups\": %" PRIu64 ", \"trials\": %" PRIu64
          ", \"trials_cut\": %" PRIu64 ", \"choice_points\": %" PRIu64 ", \"backtracks\": %" PRIu64 ", \"failures\": %" PRIu64
          ", \"unfoldings\": %" PRIu64 ", \"search_nodes\": %" PRIu64 ", \"concrete_runs\": %" PRIu64
          ", \"peak_arena_bytes\": %zu"
          ", \"parse_s\": %.6f, \"validate_s\": %.6f, \"inconsistencies\": %" PRIu64
          ", \"reasoning\": {\"equality\": %" PRIu64 ", \"congruence\": %" PRIu64
          ", \"difference_cycles\": %" PRIu64 ", \"loop_summaries\": %" PRIu64 ", \"lp\": %" PRIu64
          ", \"elimination\": %" PRIu64 ", \"lp_bounds\": %" PRIu64 ", \"invariants\": %" PRIu64 ", \"polyhedra\": %" PRIu64 "}}",
          s->prop.propagations, s->prop.wakeups, s->prop.trials, s->prop.trials_cut, s->prop.choice_points,
          s->prop.backtracks, s->prop.failures, s->tr.unfoldings, s->search.nodes, s->concrete_runs,
          s->prop.peak_arena_bytes, run->parse_s, run->validate_s, s->inconsistencies, s->prop.notes[PROP_NOTE_EQUALITY], s->prop.notes[PROP_NOTE_CONGRUENCE],
          s->prop.notes[PROP_NOTE_CYCLE], s->prop.notes[PROP_NOTE_SUMMARY], s->prop.notes[PROP_NOTE_LP],
          s->prop.notes[PROP_NOTE_ELIMINATION], s->prop.notes[PROP_NOTE_LP_BOUND], s->prop.notes[PROP_NOTE_INVARIANT],
          s->prop.notes[PROP_NOTE_POLYHEDRA]);
}

/* The inputs of a REACHABLE (found) answer: ", "inputs": [...], "nondet":
   [...]" and the memories and return value, as members of an object. */
void cli_print_witness_json(FILE *out, const CliRun *run) {
  const LblResult *r = &run->result;
  fputs(", \"inputs\": ", out);
  json_values(out, r, r->inputs, r->ninputs, true);
  fputs(", \"nondet\": ", out);
  json_values(out, r, r->nondet, r->nnondet, false);
  if (cli_has_input_memory(r)) {
    fputs(", \"input_memory\": ", out);
    cli_print_input_memory_json(out, r);
  }
  fputs(", \"heap\": ", out);
  cli_print_heap_json(out, r);
  if (r->has_return) {
    char num[64];
    cli_format_json_number(num, sizeof num, run->fn->ret, r->ret);
    fprintf(out, ", \"return\": %s", num);
  }
}

void cli_json_string(FILE *out, const char *s) { json_string(out, s); }

const char *cli_proof_text(char *buf, size_t len, const LblResult *r) {
  const uint64_t *n = r->stats.prop.notes;
  snprintf(buf, len,
           "the solver refuted every input (%" PRIu64 " search nodes; reasoning: %" PRIu64 " equalities, %" PRIu64
           " congruences, %" PRIu64 " difference cycles, %" PRIu64 " loop summaries, %" PRIu64 " linear relaxations, %" PRIu64
           " invariants)",
           r->stats.search.nodes, n[PROP_NOTE_EQUALITY], n[PROP_NOTE_CONGRUENCE], n[PROP_NOTE_CYCLE], n[PROP_NOTE_SUMMARY],
           n[PROP_NOTE_LP], n[PROP_NOTE_INVARIANT]);
  return buf;
}

void cli_print_json(FILE *out, const CliRun *run) {
  const LblResult *r = &run->result;
  const CliOptions *o = run->opt;
  fprintf(out, "{\"verdict\": \"%s\", \"function\": ", verdict_name(run));
  json_string(out, run->fn->name);
  if (o->reach) {
    fputs(", \"target\": {\"file\": ", out);
    json_string(out, o->file);
    fprintf(out, ", \"line\": %d", o->reach_line);
    if (o->check) {
      char kinds[128];
      fprintf(out, ", \"check\": \"%s\", \"sites\": %d", cli_check_kinds(o->check, kinds, sizeof kinds),
              run->prog->ncheck_sites);
    }
    fputc('}', out);
  } else {
    fputs(", \"target\": {\"call\": ", out);
    json_string(out, o->reach_call);
    fputs(", \"file\": ", out);
    json_string(out, o->file);
    fputc('}', out);
  }
  if (o->niter) {
    fputs(", \"iter\": [", out);
    for (int i = 0; i < o->niter; i++) fprintf(out, "%s%d", i ? ", " : "", o->iter[i]);
    fputc(']', out);
  }
  if (r->verdict == LBL_REACHABLE) cli_print_witness_json(out, run);
  if (run->test_path) {
    fputs(", \"test\": ", out);
    json_string(out, run->test_path);
  }
  if (run->validated >= 0) fprintf(out, ", \"validated\": %s", run->validated ? "true" : "false");
  if (run->validated == 0) {
    fputs(", \"validation\": ", out);
    json_string(out, run->validate_msg);
  }
  if (run->sanitizer[0]) {
    fputs(", \"sanitizer\": ", out);
    json_string(out, run->sanitizer);
  }
  if (r->verdict == LBL_UNREACHABLE) {
    char proof[512];
    fputs(", \"proof\": ", out);
    json_string(out, cli_proof_text(proof, sizeof proof, r));
  }
  fprintf(out, ", \"time_s\": %.6f, \"stats\": ", r->time_s);
  json_stats(out, run);
  if (r->verdict == LBL_UNKNOWN) {
    fputs(", \"reason\": ", out);
    json_string(out, r->reason ? r->reason : "no answer");
  }
  fputs("}\n", out);
}

void cli_print_json_error(FILE *out, const CliOptions *o, const char *verdict, const char *msg) {
  fprintf(out, "{\"verdict\": \"%s\", \"reason\": ", verdict);
  json_string(out, msg);
  if (o && o->file) {
    fputs(", \"file\": ", out);
    json_string(out, o->file);
  }
  if (o && o->function) {
    fputs(", \"function\": ", out);
    json_string(out, o->function);
  }
  if (o && o->reach) fprintf(out, ", \"target\": {\"line\": %d}", o->reach_line);
  else if (o && o->reach_call) {
    fputs(", \"target\": {\"call\": ", out);
    json_string(out, o->reach_call);
    fputc('}', out);
  }
  fputs("}\n", out);
}
