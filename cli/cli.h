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

/* One file of the program with the clang arguments it is compiled with. */
typedef struct CliSource {
  char *path;
  char **args;
  int nargs;
  bool owned;                 /* path and args are the source's own (-p) */
} CliSource;

typedef struct CliOptions {
  const char *file;           /* the file of the objective (the first file until it is known) */
  const char **files;         /* the files given on the command line */
  int nfiles;
  const char *project;        /* -p DIR: DIR/compile_commands.json */
  CliSource *sources;         /* every file of the program (project.c) */
  int nsources;
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
  const char *html;           /* --html DIR: the answers as a page set */
} CliOptions;

/* project.c: o->sources from the files given or -p DIR (false with a
   message in err); the source of a file (by path, else the same file);
   two paths naming one file. */
bool cli_load_sources(CliOptions *o, char *err, size_t len);
void cli_sources_free(CliOptions *o);
const CliSource *cli_source_of(const CliOptions *o, const char *file);
bool cli_same_file(const char *a, const char *b);

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
/* What the frontend is told: the data model, clang's arguments, the checks. */
FeOptions cli_frontend_options(const CliOptions *o);
/* main.c: every file of the program with its own arguments (o->sources), or o->file. */
IrProgram *cli_parse_program(const CliOptions *o, const FeOptions *fo, FeErrors *fe);

/* target.c: the statement of --reach and its function; false with a
   compiler-style message in err. */
bool cli_find_target(const IrProgram *p, const CliOptions *o, const IrStmt **stmt, const IrFunction **fn,
                     char *err, size_t errlen);
/* The lines of the objective statements (for validation), with their
   files: the target line, or every call site of --reach-call NAME in
   functions reachable from fn. */
int cli_objective_lines(const IrProgram *p, const IrFunction *fn, const CliOptions *o, int *lines, const char **files,
                        int cap);
/* The file a driver includes to call fn: its file of the program (with
   several files), else the input file. */
const char *cli_unit_file(const CliOptions *o, const IrFunction *fn);

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
  char sanitizer[256];        /* --check --validate: the first line of the sanitizer's report, or "" */
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
/* What refuted every input of an UNREACHABLE answer, as a sentence in buf
   (the search and the reasoning it took); returns buf. */
const char *cli_proof_text(char *buf, size_t len, const LblResult *r);
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

/* html.c: --html DIR, the pages of the JSON document `json` of a run
   (--cover, --check, --reach) or of --merge-reports; false with err. */
bool cli_html_write(const char *dir, const char *json, char *err, size_t len);
/* The path DIR/drivers/NAME of a driver the pages replay (DIR/drivers made);
   false with err. */
bool cli_html_driver_path(const char *dir, const char *name, char *path, size_t plen, char *err, size_t len);

/* driver.c: writes the test driver of docs/design.md §7; false with err set. */
bool cli_emit_driver(const CliRun *run, const char *path, char *err, size_t errlen);

/* validate.c: compiles and runs the driver under gcov; sets run->validated. */
void cli_validate(CliRun *run);
/* gcc's commands building the driver file `driver` (with gcc `flags`) into
   ./driver: with several files, each other file compiled on its own with
   its flags, then all linked.  False when an argument cannot be passed
   safely or the command does not fit. */
bool cli_build_command(const CliRun *run, const char *flags, const char *driver, char *cmd, size_t cap);
/* check.c: --check.  With --at: false with an error when the line has no
   operation of the kinds checked; the reason no answer may say "proved"
   where a site no check decides stands, NULL when there is none.  Without --at: every
   site of the program, one by one (the exit status). */
bool cli_check_has_sites(const IrProgram *p, const CliOptions *o, char *err, size_t len);
/* A leak answer stands only when a run confirmed it (else UNKNOWN). */
void cli_check_leak_confirmed(CliRun *run, unsigned kinds);
/* The function the runs of --check --at start in: the leak root when the
   line has a leak site, else fn. */
const IrFunction *cli_check_function(const IrProgram *p, const IrFunction *fn);
const char *cli_check_unmodelled(const IrProgram *p);
int cli_check_all(const CliOptions *o, IrProgram *p, double t0);
/* One site's answer, written out: what check_all.c prints in source order. */
typedef struct CliSiteAnswer {
  int verdict;                /* LblVerdict; -1 while not answered */
  char *text, *json, *sarif;  /* malloc'd: its text line, JSON object, SARIF result */
} CliSiteAnswer;
bool cli_check_site_answer(const CliOptions *o, IrProgram *p, int i, double t0, CliSiteAnswer *a, char *err,
                           size_t len);
/* Is site i of p checked (from --function F when given)?  *safe: it has no
   check (counted, not reported). */
bool cli_check_site_counted(const IrProgram *p, const CliOptions *o, int i, bool *safe);
bool cli_check_leak_root_known(const IrProgram *p, const CliOptions *o, char *err, size_t len);
/* --check's name of a verdict: found, proved, unknown. */
const char *cli_check_answer(LblVerdict v);
/* sarif.c: --sarif FILE, one result per site (NULL-safe close; false and
   err when the file could not be written). */
typedef struct CliSarif CliSarif;
/* pool.c: tasks solved in worker processes (--jobs) */
typedef struct CliPoolJob {
  void *ctx;
  /* in the parent: the next task to hand out (not one of the nbusy being
     solved), -1 when none is left */
  int (*next)(void *ctx, const int *busy, int nbusy);
  bool (*work)(void *ctx, int task, int fd); /* in a worker: answers task on fd */
  bool (*take)(void *ctx, int task, int fd); /* in the parent: reads task's answer */
  void (*progress)(void *ctx);               /* after each answer, or NULL */
} CliPoolJob;
/* Runs the tasks in nworkers processes; false when a worker died or none
   could start (the caller does what is left). */
bool cli_pool_run(int nworkers, const CliPoolJob *job);
bool cli_pool_put(int fd, const void *buf, size_t n);
bool cli_pool_take(int fd, void *buf, size_t n);

CliSarif *cli_sarif_open(const CliOptions *o, char *err, size_t len);
/* The SARIF result of a site's answer (one JSON object), and its place in the log. */
void cli_sarif_format(FILE *out, const CliRun *run, const IrCheckSite *site);
void cli_sarif_add(CliSarif *s, const char *result);
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
/* For the files of the program a driver does not include, compiled on
   their own: gcc's -D options renaming main and the stubs as the driver
   does (" '-Dmain=inka_user_main' ..."), written at buf; their length. */
size_t cli_unit_flags(char *buf, size_t cap, const IrProgram *p);

#endif
