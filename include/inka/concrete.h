/* concrete.h - the concrete mode: running a function of the IR on plain
 * values (concrete/), with the solver's semantics and no constraints.
 *
 * Once every input a path depends on is fixed, executing the program is
 * cheaper than propagating it: cx_run interprets the IR with gcc -fwrapv
 * x86-64 semantics (floats and doubles: SSE, round to nearest even, values
 * stored as the solver's keys, see fp.h) (LP64 or ILP32 as the IR says) and the memory model of
 * the translation (docs/decisions.md "Memory model": objects framed by a
 * header and a gap, one typed value per scalar cell, pointers as location
 * numbers numbered in allocation order exactly as the translation numbers
 * them).  The objective is the translation's: the target statement starts
 * with the --iter iteration numbers of its loops matching exactly, or a
 * call to the objective function (a failing assert, reach_error) happens;
 * the path ends there.
 *
 * Runtime traps (division by zero, INT_MIN / -1, a bad shift count, a NULL,
 * dangling or out-of-bounds access, pointer arithmetic leaving its object, a
 * bad free) end the path like abort().  A read of a value nobody wrote is
 * reported as such (CX_UNINIT): the solver never relies on those, so such a
 * run is no answer.  A run never lies: whatever the model does not cover
 * ends it as CX_ABANDONED with a reason.
 */
#ifndef INKA_CONCRETE_H
#define INKA_CONCRETE_H

#include <stdbool.h>
#include <stdint.h>

#include "inka/ir.h"

typedef struct CxProgram CxProgram;

/* The objective, as the translation reads it (ir.h). */
typedef IrObjective CxObjective;

typedef enum {
  CX_REACHED,     /* the objective happened (the run stops there) */
  CX_RETURNED,    /* the function under test returned without it */
  CX_ENDED,       /* abort, exit, reach_error / failing assert that is not
                     the objective, or a false __VERIFIER_assume */
  CX_TRAP,        /* a runtime error ended the path */
  CX_UNINIT,      /* the run read a value no test controls: no answer */
  CX_ABANDONED,   /* outside what the model covers (reason): no answer */
  CX_BUDGET,      /* the step or call-depth budget ran out: no answer */
  CX_NEED_NONDET, /* a nondet call past the values given: no answer */
} CxOutcome;

typedef enum { CX_END_ABORT, CX_END_EXIT, CX_END_ERROR, CX_END_ASSERT, CX_END_ASSUME } CxEnd;

/* An object of the input memory a run starts with (what pointer parameters
   point to): count elements of type, made in order after the globals, every
   cell written with cells[k] (a pointer cell holds a location, see
   cx_input_location, or 0 for NULL). */
typedef struct CxInputObject {
  const IrType *type;
  int64_t count;
  const int64_t *cells;      /* count * cx_cells(type) */
} CxInputObject;

typedef struct CxRunOptions {
  uint64_t max_steps;        /* statements, loop checks and allocated cells
                                (initializing memory is work too); 0: 10^9 */
  int max_depth;             /* calls alive; 0: 10000 */
  uint32_t *line_hits;       /* optional: [line] += 1 each time a statement of
                                the main file starting on that line starts */
  int nlines;                /* entries of line_hits */
  /* optional: called when a statement starts (outcome -1) and when the
     condition of an if or a loop is decided (outcome 0 false, 1 true), with
     the IR statement: what a coverage measure needs (cli/suite_run.c) */
  void (*on_event)(void *ctx, const IrStmt *s, int outcome);
  void *event_ctx;
  /* optional: the value of the k-th nondet call (counting from 0) once the
     values given to cx_run are used up, call its IR statement (its type:
     call->type); instead of CX_NEED_NONDET.  Must return a value of that
     type as stored (a key for a float): the run uses it as is. */
  int64_t (*nondet_value)(void *ctx, int k, const IrStmt *call);
  void *nondet_ctx;
  /* optional: called when an integer comparison (==, !=, <, <=, >, >=) of
     the function under test (not of its callees) is evaluated and one side
     is a simple function of an integer parameter: the parameter itself, its
     conversions, + k, - k, k - it, ^ k, * k, -it, ~it (k a constant) in any
     nesting.  `value` is the parameter's value that makes that side equal
     to the other side's value in this run (the inverse of those functions,
     modulo the types' widths: a guess, see label/concrete.c), `site` the
     comparison (the same pointer every time it is evaluated). */
  void (*on_compare)(void *ctx, const void *site, int param, int64_t value);
  void *compare_ctx;
  /* optional (exit probes, concrete/run.c): called with compare_ctx when,
     at a check of a loop at the top of the function under test that
     compares a value with integer parameter `param`, the statements after
     the loop met the objective on this run's state with the parameter set
     to `value` (the value that fails that check); `site` is the loop. */
  void (*on_probe)(void *ctx, const void *site, int param, int64_t value);
  /* optional: the input memory (pointer parameters are locations in it) */
  const CxInputObject *inputs;
  int ninputs;
} CxRunOptions;

/* The location of the first cell of inputs[j] in a run given inputs (the
   objects are laid out in order after the globals). */
int64_t cx_input_location(const CxProgram *c, const CxInputObject *inputs, int j);

typedef struct CxResult {
  CxOutcome outcome;
  CxEnd end;                 /* CX_ENDED: how */
  const char *reason;        /* TRAP, UNINIT, ABANDONED, BUDGET: static text */
  int line;                  /* where the run stopped (0 when it returned) */
  bool has_return;           /* CX_RETURNED with a value */
  int64_t ret;               /* as stored: unsigned 64-bit as its bit pattern */
  int nondet_used;           /* nondet values consumed */
  uint64_t steps;            /* statements and loop checks executed */
  uint64_t ops;              /* IR operations: statements and expression nodes */
} CxResult;

/* Prepares fn of p for concrete runs towards obj.  NULL with a message in
   *err (malloc'd, compiler style) when fn reaches what the concrete mode
   does not cover (a call to a function without a body).  A pointer
   parameter's value must be 0 or a location of the run's input memory
   (CxRunOptions.inputs) or when obj is malformed (--iter deeper than the loops
   around the target). */
CxProgram *cx_new(const IrProgram *p, const IrFunction *fn, const CxObjective *obj, char **err);
void cx_free(CxProgram *c);

/* A precondition (--assume): a pure expression over fn's parameters and the
   globals, checked before the body runs (false: CX_ENDED, CX_END_ASSUME).
   False with *err when e is outside the concrete mode. */
bool cx_add_assume(CxProgram *c, const IrExpr *e, char **err);

/* Runs fn with its parameters (in order, as stored: each is truncated to its
   type; a struct passed by value: the location of the cells its value is
   copied from, the first cell of an object of the input memory) and the
   nondet values in call order.  o may be NULL. */
CxOutcome cx_run(CxProgram *c, const int64_t *params, const int64_t *nondet, int nnondet,
                 const CxRunOptions *o, CxResult *r);

/* The memory the last run left (when the objective happened: the memory
   at that moment), valid until the next run: objects in allocation order
   (globals and locals in memory, heap blocks), as the translation numbers
   them. */
typedef struct CxObjectView {
  const char *name;          /* a variable's name; NULL for a heap block or input */
  bool heap, live;           /* live: not freed */
  bool input;                /* an object of CxRunOptions.inputs */
  const IrType *type;        /* element type */
  int64_t count;             /* elements */
  int64_t ncells;
  int line;                  /* heap: allocation line */
} CxObjectView;
int cx_object_count(const CxProgram *c);
CxObjectView cx_object_view(const CxProgram *c, int i);
/* Cell k of object i: false when never written. */
bool cx_final_cell(const CxProgram *c, int i, int64_t k, int64_t *value);
/* Object index and cell of a location; false for NULL or no object. */
bool cx_locate(const CxProgram *c, int64_t loc, int *object, int64_t *cell);

/* Does fn reach a __VERIFIER_nondet_* call (through calls)? */
bool cx_uses_nondet(const CxProgram *c);
/* Does fn reach a loop or a recursive call? */
bool cx_has_loops(const CxProgram *c);
/* Exit probes (concrete/run.c): +1 when a run with a larger value of
   parameter `param` also tries the smaller ones (a loop `i < param` at the
   top of the function, probed at each check), -1 for the smaller values
   (`i > param`), 0 when no loop probes it. */
int cx_probe_direction(const CxProgram *c, int param);

/* Native runs (concrete/native.c): the program compiled by gcc and run in
   place of the interpreter, with the same results; the interpreter runs
   whatever is not emitted.  OFF: never; AUTO (the default): once the
   program's interpreted runs took enough steps to pay for the compile, or
   at once when the compiled program is cached; ALWAYS: from the first run
   (tests).  Process-wide; before any cx_native_mode, the environment's
   INKA_NATIVE (off, auto, always) decides. */
typedef enum { CX_NATIVE_OFF, CX_NATIVE_AUTO, CX_NATIVE_ALWAYS } CxNativeMode;
void cx_native_mode(CxNativeMode m);
CxNativeMode cx_native_get_mode(void);
typedef struct CxNativeStats {
  uint64_t runs;             /* native runs */
  uint64_t fallbacks;        /* runs the interpreter made instead */
  uint64_t compiles, compile_failures, cache_hits;
  uint64_t stack_fallbacks;  /* native runs given up (recursion too deep for the C stack) */
  uint64_t not_emitted;      /* programs outside what is emitted */
  const char *why_not;       /*   the last one's reason */
} CxNativeStats;
CxNativeStats cx_native_stats(void);
/* Are c's runs native (compiled and loaded)?  If not, why (static text, or
   NULL when they are). */
bool cx_native_ready(const CxProgram *c);
/* Compiles c now, unless native runs are off or c is not emitted (a caller
   about to make many runs, so that the compile is not in the middle of
   them); true when c's runs are native from now on. */
bool cx_native_prepare(CxProgram *c);
const char *cx_native_why_not(const CxProgram *c);

const char *cx_outcome_name(CxOutcome o);
/* The scalar cells of a value of type ty (struct fields and array elements
   flattened), as the translation counts them. */
int64_t cx_cells(const IrType *ty);

#endif
