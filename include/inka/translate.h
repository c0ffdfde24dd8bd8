/* translate.h - the constraint model of a C function (translate/, with the
 * operators of operators/; docs/design.md §5).
 *
 * tr_new posts, on a fresh store, the constraints of one execution of the
 * function under test together with its objective: "the target runs" (in the
 * given iterations of its loops).  Scalars whose address is never taken are
 * SSA values; if statements and loops become the control operators `ite` and
 * `w`, which translate their branches and unfold their iterations lazily,
 * while solving.  Once every input (parameter, nondet value) is fixed,
 * propagation decides every ite and w: propagation *is* execution.
 */
#ifndef INKA_TRANSLATE_H
#define INKA_TRANSLATE_H

#include <stdbool.h>
#include <stdint.h>

#include "inka/ir.h"
#include "inka/prop.h"

typedef struct Tr Tr;

typedef IrObjective TrObjective;

typedef struct TrLimits {
  int64_t max_unfold;        /* loop unfoldings and call depth alive on one path */
  double deadline;           /* CLOCK_MONOTONIC seconds after which unfolding
                                stops (the path is abandoned); 0: none */
  bool no_alias;             /* input pointers never share an object (--no-alias) */
  bool acyclic;              /* no input object reaches itself (--acyclic) */
} TrLimits;

/* An input the search chooses: a parameter of the function under test, or
   the value of one executed __VERIFIER_nondet_* call. */
typedef struct TrInput {
  const char *name;          /* parameter name, or the nondet function's name */
  const IrType *type;
  PropVar var;
} TrInput;

/* Builds the model of fn with objective obj on store s.  Returns NULL and a
   message in *err (malloc'd) when the program uses what the translator does
   not support yet, or when the objective is malformed (--iter deeper than
   the loops around the target).  Nothing is translated before tr_start. */
Tr *tr_new(PropStore *s, const IrProgram *p, const IrFunction *fn,
           const TrObjective *obj, const TrLimits *lim, char **err);
void tr_free(Tr *t);

/* Posts an extra precondition (--assume): e must be a pure expression over
   fn's parameters and the globals.  Call before tr_start, so that the
   translation (which unfolds loops while it propagates) already knows it.
   False if the store failed. */
bool tr_assume(Tr *t, const IrExpr *e);

/* Translates the body and propagates.  False when no input meets the
   objective (the store failed; see prop_failed and tr_incomplete). */
bool tr_start(Tr *t);

/* The parameters, in order. */
int tr_param_count(const Tr *t);
TrInput tr_param(const Tr *t, int i);
/* The nondet values of the current (decided) path, in call order; returns the
   count and fills up to cap entries.  -1 if some control is still undecided. */
int tr_nondet(const Tr *t, TrInput *out, int cap);
/* Every nondet call translated on the current path (those of trials and
   of abandoned branches are undone with them), in creation order: its call
   statement and the variable of its value; returns the count and fills up
   to cap entries.  Unlike tr_nondet this needs no decided join: the calls
   of one statement are created in the order they execute (loops unfold
   and calls translate in execution order), which is how a run recovers
   the values of a path whose trace has an undecided join. */
typedef struct TrNondetCall {
  const IrStmt *call;
  PropVar var;
} TrNondetCall;
int tr_nondet_calls(const Tr *t, TrNondetCall *out, int cap);
/* Is every ite and w of the current path decided (the path fully executed)? */
bool tr_decided(const Tr *t);
/* The return value of fn on the decided path; false if none (void, or the
   path ended by abort/exit). */
bool tr_return_value(const Tr *t, int64_t *out);
/* Did a budget (--max-unfold) or an abandoned path (a value no test controls)
   cut the exploration anywhere?  Then "no solution" is not a proof. */
bool tr_incomplete(const Tr *t, const char **reason);

/* The output memory of the decided path: the objects allocated on it
   (globals and locals in memory, heap blocks), in allocation order, and the
   final value of each of their cells.  A pointer cell's value is a location;
   tr_locate says which object and cell it designates. */
typedef struct TrObjectView {
  const char *name;          /* a variable's name; NULL for a heap block */
  bool heap, live;           /* live: not freed */
  bool input;                /* an input object: memory the test builds and
                                passes through a pointer input (count: the
                                length the solution gives it) */
  const IrType *type;        /* element type */
  int64_t count;             /* elements */
  int64_t ncells;
  int line;                  /* heap: allocation line */
} TrObjectView;
int tr_object_count(const Tr *t);
TrObjectView tr_object_view(const Tr *t, int i);
/* The final value of cell k of object i: its scalar type, its path from the
   object ("key", "[2]", "[1].next") in buf, and whether it is known. */
bool tr_final_cell(Tr *t, int i, int64_t k, const IrType **type, char *path, size_t len, int64_t *value);
/* The value cell k of input object i holds when the function starts, if
   the path read it (the test may give any value to the others). */
bool tr_initial_cell(const Tr *t, int i, int64_t k, int64_t *value);
/* Object index and cell of a location; false for NULL or no object. */
bool tr_locate(Tr *t, int64_t loc, int *object, int64_t *cell);

/* What cut the exploration so far (see tr_incomplete); saved after the
   root propagation and restored before each restart of the search, so that
   a complete search after an incomplete one can still be a proof. */
typedef struct TrCut {
  bool budget_hit;
  const char *reason;
} TrCut;
TrCut tr_cut(const Tr *t);
void tr_restore_cut(Tr *t, TrCut c);
/* Does the model take only acyclic input memories now (--acyclic, or a
   search stage that tries them first: see tr_try_small_inputs)? */
bool tr_acyclic_now(const Tr *t);
/* Small input memories, tried first as a heuristic: acyclic ones, with at
   most max_objects input objects (0: any number).  A search exhausted under
   such a bound proves nothing.  Set it at the root level only (it must not
   shape what the root propagation concludes); {false, 0} lifts it. */
typedef struct TrSmallInputs {
  bool acyclic;
  int max_objects;
} TrSmallInputs;
void tr_try_small_inputs(Tr *t, TrSmallInputs bound);
/* A trial the search makes outside every operator (label/objective.c's
   parity probe), run as the control operators run theirs: with their
   look-ahead of loop iterations and their pool of work.  FAILED refutes
   what post posted; TOO_DEEP (a budget) says nothing. */
PropTrial tr_search_trial(Tr *t, PropPostFn post, void *ctx);
/* Stops unfolding and trials past this CLOCK_MONOTONIC time (0: none). */
void tr_set_deadline(Tr *t, double deadline);
/* While on, the deadline moves later by the time loop analyses take (a
   short look at the root that should not be spoiled by them). */
void tr_deadline_excludes_analyses(Tr *t, bool on);
/* The propagator runs the outermost trials of the control operators may
   spend beyond their minimum from now on (operators/control/trial.c);
   TR_TRIAL_UNLIMITED: no budget.  A trial past it says nothing (never a
   refutation), so this only trades look-ahead for search. */
#define TR_TRIAL_UNLIMITED UINT64_MAX
void tr_set_trial_pool(Tr *t, uint64_t runs);

typedef struct TrStats {
  uint64_t unfoldings, ite_decided, ite_trials, w_trials;
} TrStats;
const TrStats *tr_stats(const Tr *t);

#endif
