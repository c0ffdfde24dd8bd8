/* suite.h - test suites (--cover branches|statements), shared by the
 * cli/suite*.c files and cli/testcomp.c only (docs/design.md "Test suites").
 *
 * A suite is built in four steps: the objectives of the functions under test
 * (suite_objectives.c, with the observers of suite_observers.c for branch
 * outcomes), solved one by one in an order that lets one test cover many
 * (suite.c, each new test run in the concrete mode to tick off all it covers:
 * suite_run.c), written as a C file with a table of tests and a build script
 * (suite_driver.c), and measured by gcc's own gcov (suite_gcov.c).
 */
#ifndef INKA_SUITE_H
#define INKA_SUITE_H

#include "cli.h"

typedef enum { SU_STATEMENT, SU_TRUE, SU_FALSE } SuKind;
typedef enum { SU_OPEN, SU_COVERED, SU_DEAD, SU_UNKNOWN } SuStatus;

/* A branch outcome is observed by an observer: an if statement placed just
 * before the condition is evaluated (in front of the if, or at the end of a
 * loop's condition statements), `if (guard) { if (atom) T else F }`, where
 * atom is one operand of the condition's && / || / ?: tree and guard says
 * that C's short-circuit evaluation reaches it.  The operands are free of
 * effects and cannot trap (the IR's rule for IR_LAND/IR_LOR), so evaluating
 * them once more changes nothing; T and F are empty statements, the
 * solver's targets.  An observer is installed in the IR only while it is
 * needed (suite_observe_install). */
typedef struct SuObserver {
  IrBlock *home;              /* the block it goes into */
  const IrStmt *before;       /* ...in front of this statement (NULL: at the end) */
  IrStmt *stmt;               /* the observer: if (guard) { if (atom) T else F } */
  IrStmt *mark_true, *mark_false;
} SuObserver;

typedef struct SuObjective {
  SuKind kind;
  const IrFunction *owner;    /* the function whose code it is */
  int unit;                   /* the function under test that solves it (Suite.units) */
  const IrStmt *stmt;         /* the if/loop of the condition, or the statement */
  int observer;               /* branches: index in Suite.observers; else -1 */
  const IrStmt *target;       /* the solver's target */
  const IrStmt **line_stmts;  /* statements: every statement starting on the line */
  int nline_stmts;
  const char *file;           /* the file of its line (one of the program's files) */
  int line, col, depth;
  SuStatus status;
  int test;                   /* COVERED: the test (0-based), else -1 */
  char *reason;               /* DEAD: what proved it; UNKNOWN: what ran out */
  double time_s;              /* solver time spent on it */
} SuObjective;

typedef struct SuTest {
  int unit;
  int objective;              /* the objective it was solved for */
  LblValue *inputs, *nondet;  /* the solver's values (owned) */
  int ninputs, nnondet;
  LblObject *objects;         /* the input memory: the solver's objects, with the
                                 initial cells of those given (owned; no output cells) */
  int nobjects;
  int ncovers;                /* objectives it covers first */
} SuTest;

/* gcov's counts of the lines of one function of the scope. */
typedef struct SuGcovCounts {
  int lines, lines_run, branches, branches_taken, best_lines, best_branches;
} SuGcovCounts;

/* gcov's view of a suite (suite_gcov.c): of the lines of the functions under
   test and their callees ("scope"), and of the whole file. */
typedef struct SuGcov {
  bool ok;
  char msg[256];              /* !ok: why there is no measure */
  int lines, lines_run, branches, branches_taken;
  int file_lines, file_lines_run, file_branches, file_branches_taken;
  int best_lines, best_branches;   /* scope total minus what is proved dead */
  int validated, bugs;        /* --validate: claims gcov confirms / contradicts */
  int line_checked;           /* branch claims checked only by their line having run */
  int unchecked;              /* claims on a line gcov has no count for */
  int stopped;                /* tests DIR/run stopped at its time limit */
  char bug_text[1024];        /* the first contradictions */
  SuGcovCounts *per_function; /* indexed like Suite.scope (owned), or NULL */
} SuGcov;

typedef struct Suite {
  const CliOptions *opt;
  IrProgram *prog;
  bool branches;              /* --cover branches (else statements) */
  const IrFunction **units;   /* the functions under test */
  int nunits;
  const IrFunction **scope;   /* the units and every function they may call */
  int nscope;
  SuObjective *objs;
  int nobjs;
  SuObserver *observers;
  int nobservers;
  SuTest *tests;
  int ntests;
  double start, solve_s, objective_timeout;
  bool out_of_time;
  SuGcov gcov;
  IrExpr ***unit_assumes;     /* per unit: the --assume expressions */
  int nassumes;
  char **unit_error;          /* per unit: why it cannot be solved (unsupported code), or NULL */
  int contradictions;         /* a run met an objective proved dead: a bug, reported */
  void **owned;               /* IR nodes made for observers (freed at the end) */
  int nowned, capowned;
} Suite;

/* Is file one of the program's files (not a header, not a library model)? */
bool suite_program_file(const IrProgram *p, const char *file);

/* suite_objectives.c: the units (--function F, else main, else every defined
   function) and their objectives, deep ones first.  False with err set. */
bool suite_objectives(Suite *s, char *err, size_t len);
void suite_free(Suite *s);
void *suite_alloc(Suite *s, size_t size);
SuObjective *suite_new_objective(Suite *s);   /* a zeroed slot, appended */
const char *suite_kind_name(SuKind k);
const char *suite_status_name(SuStatus st);

/* suite_observers.c: the observers of the conditions of fn's statements
   (appended to s->observers), one per operand of each condition, and their
   two objectives each (true, false; owner fn, solved by unit). */
void suite_observers_of(Suite *s, const IrFunction *fn, int unit, int depth0);
/* Puts the observers of the list into the IR (all of them with all=true),
   or takes every observer out again (n = 0, all = false). */
void suite_observe_install(Suite *s, const int *list, int n, bool all);
/* The type `int` as fn's IR spells it (a comparison's), or NULL. */
const IrType *suite_int_type(const IrFunction *fn);

/* suite_run.c: runs test k in the concrete mode and marks every open
   objective it meets as covered by it; returns how many.  *ran is false when
   the concrete mode cannot run the unit (then nothing is marked). */
int suite_tick(Suite *s, int k, bool *ran);
void suite_run_free(void);
/* suite_tick_solver.c: where the concrete mode cannot run (floating point),
   the solver decides which open objectives test k's inputs meet (not the
   one it was solved for); returns how many it marked. */
int suite_tick_solver(Suite *s, int k);

/* suite.c: solves every objective; the progress line on stderr. */
void suite_solve(Suite *s);
/* What the queries of one objective found (suite_decide, which changes
   nothing but the objective's observer while it runs), and taking it into
   the suite (suite_apply: a new test, its tick-off, or the verdict). */
typedef struct SuOutcome {
  LblVerdict verdict;
  LblResult result;           /* REACHABLE: inputs and nondet values (owned) */
  char reason[1024];          /* DEAD: the proof; UNKNOWN: why */
  double time_s;
} SuOutcome;
void suite_decide(Suite *s, int oi, SuOutcome *out);
void suite_apply(Suite *s, int oi, SuOutcome *out);
/* Marks an open objective unknown when the suite's --timeout is spent. */
bool suite_out_of_time(Suite *s, int oi);
typedef struct SuProgress {
  double last;
  bool shown, tty;
} SuProgress;
/* The progress line (stderr, runs over a second, not with --quiet). */
void suite_progress(const Suite *s, SuProgress *p, int done, bool final);
/* suite_jobs.c: suite_solve with --jobs N processes. */
void suite_solve_jobs(Suite *s);

/* suite_memory.c: a test's input memory (pointer inputs), copied from the
   solver's result and freed; suite_memory_text.c: written as C, text, JSON. */
void suite_copy_memory(SuTest *t, const LblResult *r);
void suite_free_memory(SuTest *t);
bool suite_has_pointers(const SuTest *t);
void suite_write_memory(FILE *out, const SuTest *t);          /* C statements */
void suite_pointer_text(char *buf, size_t len, const SuTest *t, const LblValue *v); /* "in1", "null" */
void suite_pointer_c(char *buf, size_t len, const SuTest *t, const LblValue *v);    /* "inka_in1", "0" */
void suite_memory_json(FILE *out, const SuTest *t);           /* [{"label", "type", "count", "cells"}] */

/* suite_driver.c: DIR/inka_suite.c (every test in a table) and DIR/run. */
bool suite_write(const Suite *s, const char *dir, char *err, size_t len);
/* The basename of the program without its extension ("triangle"). */
void suite_stem(const char *path, char *out, size_t len);

/* suite_gcov.c: runs DIR/run, then gcov in DIR; fills s->gcov (and with
   validate, checks every claim). */
void suite_measure(Suite *s, const char *dir, bool validate);

/* suite_report.c */
void suite_print_text(FILE *out, const Suite *s);
void suite_print_json(FILE *out, const Suite *s);

/* testcomp.c: DIR/metadata.xml and DIR/testcase-N.xml. */
bool suite_testcomp(const Suite *s, const char *dir, char *err, size_t len);

/* json_read.c: a JSON document whose values keep their raw text. */
typedef struct CliJson {
  char type;                  /* 'o' object, 'a' array, 's' string, 'n' number, 'b' bool, 'z' null */
  const char *raw;            /* the value's text in the document */
  int rawlen;
  char *str;                  /* 's': decoded */
  struct CliJson **kids;      /* 'o', 'a' (for 'o' the keys are in keys[]) */
  char **keys;
  int n;
} CliJson;
CliJson *cli_json_parse(const char *text);          /* NULL when malformed */
char *cli_read_file(const char *path);              /* the whole file, NUL-terminated (malloc'd); NULL when unreadable */
void cli_json_free(CliJson *j);
CliJson *cli_json_get(const CliJson *j, const char *key); /* object member or NULL */
const char *cli_json_str(const CliJson *j, const char *key); /* "" when absent */
long cli_json_num(const CliJson *j, const char *key);       /* 0 when absent */
void cli_json_raw(FILE *out, const CliJson *j);      /* as read; null for NULL */
void cli_json_quoted(FILE *out, const char *s);      /* s as a JSON string */

/* suite_merge.c: --merge-reports A.json B.json ...: one report on stdout
   (paths NULL-terminated), and its pages in html when not NULL; the exit
   status. */
int suite_merge_reports(char **paths, const char *html);

/* suite_cli.c: the entry point of --cover; start is when the run began. */
int cli_cover(const CliOptions *o, IrProgram *p, double start);

#endif
