/* cli.h - the pieces of the command-line program (cli/), shared by its
 * files only.  The CLI is the one place that prints, and decides to exit.
 */
#ifndef INKA_CLI_H
#define INKA_CLI_H

/* gcc's flags for --data-model ILP32: 32-bit x86, floats on SSE as the
   model computes them (round to nearest in the type; the default x87 code
   keeps excess precision) */
#define CLI_ILP32_GCC_FLAGS " -m32 -msse2 -mfpmath=sse"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "inka/frontend.h"
#include "inka/ir.h"
#include "inka/objective.h"

enum { CLI_EXIT_MET = 0, CLI_EXIT_UNREACHABLE = 1, CLI_EXIT_ERROR = 2, CLI_EXIT_UNKNOWN = 3 };

typedef struct CliOptions {
  const char *file;
  const char **clang_args;
  int nclang_args;
  const char *reach;          /* [FILE:]LINE as given */
  const char *reach_file;     /* parsed from reach, or NULL */
  int reach_line;
  const char *reach_call;
  int *iter;
  int niter;
  const char *function;
  const char **assumes;
  int nassumes;
  const char *cover;          /* --cover statements|branches: a test suite */
  bool json, validate, stats, dump_ir, show_memory, no_concrete, no_native, no_sat, no_stubs, no_alias, acyclic, quiet;
  bool wrapv;                 /* gcc -fwrapv semantics (default: ISO C, signed overflow is undefined) */
  const char *emit_test, *emit_dir, *dot, *testcomp;
  double timeout_s;           /* the whole run: parsing, translation, solving */
  bool timeout_given;
  double objective_timeout_s; /* --cover: each objective's budget */
  int jobs;                   /* --cover: solver processes */
  char **merge_reports;       /* --merge-reports FILE...: the files (NULL-terminated) */
  uint64_t max_memory;        /* bytes; 0: none */
  int64_t max_unfold;
  uint64_t seed;
  IrDataModel model;
  unsigned check;             /* --check KINDS: IrRteKind bits; 0: no --check */
  bool at_given;              /* --at [FILE:]LINE (held in reach, reach_line) */
  const char *sarif;          /* --sarif FILE: --check's answers as SARIF 2.1.0 */
} CliOptions;

/* budget.c: --max-memory SIZE ("512M", "4G", bytes without a suffix; at
   least 1 MiB); the default budget (half of MemAvailable); the watchdog that
   ends the process with UNKNOWN a little after `seconds` from now. */
bool cli_parse_size(const char *s, uint64_t *out);
uint64_t cli_default_memory(void);
void cli_watchdog_arm(const CliOptions *o, double seconds);
void cli_watchdog_disarm(void);

/* options.c: parses argv; false with a message in err (a buffer of errlen) on
   a usage error.  *exit_now is set for --help/--version (already printed). */
bool cli_parse_options(int argc, char **argv, CliOptions *o, char *err, size_t errlen, bool *exit_now);
void cli_options_free(CliOptions *o);
/* The names of the --check kinds set in `kinds` ("div,null"), in buf. */
const char *cli_check_kinds(unsigned kinds, char *buf, size_t len);

/* target.c: the statement of --reach and its function; false with a
   compiler-style message in err. */
bool cli_find_target(const IrProgram *p, const CliOptions *o, const IrStmt **stmt, const IrFunction **fn,
                     char *err, size_t errlen);
/* The lines of the objective statements (for validation): the target line,
   or every call site of --reach-call NAME in functions reachable from fn. */
int cli_objective_lines(const IrProgram *p, const IrFunction *fn, const CliOptions *o, int *lines, int cap);

/* --iter must not count the iterations of a loop made of goto: false with a
   compiler-style message in err when it would. */
struct CliRun;
bool cli_check_iter(const struct CliRun *run, char *err, size_t errlen);

/* report.c */
typedef struct CliRun {
  const CliOptions *opt;
  const IrProgram *prog;
  const IrFunction *fn;
  const IrStmt *target;
  LblResult result;
  const char *test_path;      /* emitted driver, or NULL */
  int validated;              /* -1 not asked, 0 failed, 1 ok */
  char validate_msg[256];
  double parse_s, validate_s;
  double start;               /* prop_now() when the run began (the --timeout clock) */
} CliRun;
void cli_print_text(FILE *out, const CliRun *run);
/* Pieces of the answer: the call with the inputs found ("f(x = 1)"), the
   inputs as JSON members (", \"inputs\": [...]", ...), a JSON string. */
void cli_print_call(FILE *out, const CliRun *run);
void cli_print_witness_json(FILE *out, const CliRun *run);
void cli_json_string(FILE *out, const char *s);
/* main.c: the query of run on p (objective, budgets, --assume parsed in the
   function under test); false with a message in err.  The caller frees
   q->assumes. */
bool cli_build_query(CliRun *run, IrProgram *p, LblQuery *q, char *err, size_t len);
void cli_print_json(FILE *out, const CliRun *run);
/* The JSON document of an error (exit 2: verdict "error") or of a run the
   watchdog ended (verdict "unknown"): the message as reason, and what is
   known of the query (o may be partly filled). */
void cli_print_json_error(FILE *out, const CliOptions *o, const char *verdict, const char *msg);
/* A value as C source text of its type ("-5", "4294967295u"). */
void cli_format_value(char *buf, size_t len, const IrType *t, int64_t v);
/* A value as a JSON value: a number (floats: exact decimal), or for a float
   that is not finite the string "inf", "-inf" or "nan". */
void cli_format_json_number(char *buf, size_t len, const IrType *t, int64_t v);

/* memory_view.c: the output memory as JSON ("heap"), text, Graphviz. */
void cli_print_heap_json(FILE *out, const LblResult *r);
void cli_print_memory(FILE *out, const LblResult *r);
/* The input memory: objects the test builds for the pointer inputs. */
bool cli_has_input_memory(const LblResult *r);
void cli_print_input_memory_json(FILE *out, const LblResult *r);
/* A pointer input's value as text ("null", "in1") and as JSON. */
void cli_pointer_input(char *buf, size_t len, const LblResult *r, const LblValue *v);
void cli_pointer_input_json(char *buf, size_t len, const LblResult *r, const LblValue *v);
bool cli_write_dot(const char *path, const LblResult *r, char *err, size_t len);

/* stubs.c: a warning naming the stubs fn may call (nothing when none). */
void cli_warn_stubs(FILE *out, const IrProgram *p, const IrFunction *fn);

/* driver.c: writes the test driver of docs/design.md §7; false with err set. */
bool cli_emit_driver(const CliRun *run, const char *path, char *err, size_t errlen);

/* validate.c: compiles and runs the driver under gcov; sets run->validated. */
void cli_validate(CliRun *run);
/* check.c: --check.  With --at: false with an error when the line has no
   operation of the kinds checked; the reason no answer may say "proved"
   where a site no check decides stands, NULL when there is none.  Without --at: every
   site of the program, one by one (the exit status). */
bool cli_check_has_sites(const IrProgram *p, const CliOptions *o, char *err, size_t len);
const char *cli_check_unmodelled(const IrProgram *p);
int cli_check_all(const CliOptions *o, IrProgram *p, double t0);
/* --check's name of a verdict: found, proved, unknown. */
const char *cli_check_answer(LblVerdict v);
/* sarif.c: --sarif FILE, one result per site (NULL-safe close; false and
   err when the file could not be written). */
typedef struct CliSarif CliSarif;
CliSarif *cli_sarif_open(const CliOptions *o, char *err, size_t len);
void cli_sarif_result(CliSarif *s, const CliRun *run, const IrCheckSite *site);
bool cli_sarif_close(CliSarif *s, char *err, size_t len);
/* --check --validate: the driver, built with the sanitizers, must stop with
   a report at the checked line; for the kinds uninit alone, the concrete
   run must have confirmed the answer. */
void cli_validate_error(CliRun *run, unsigned kinds);

/* driver.c, shared with the suites (suite_driver.c): the input memory as C
   statements (each given object calloc'd, then its cells), a pointer into
   it as C, and the copy of a preprocessed program without line markers. */
void cli_write_input_memory(FILE *out, const LblObject *objects, int nobjects);
void cli_input_pointer_c(char *buf, size_t len, const LblObject *objects, int nobjects, int64_t value, int ref,
                         int64_t cell);
bool cli_copy_preprocessed(const char *source, const char *copy);

#endif
