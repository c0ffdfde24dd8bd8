/* lbl_concrete.h - the concrete mode in the search (label/concrete.c),
 * shared by label/ only.
 *
 * When every input a run depends on is fixed, running the program
 * (concrete/) answers for the whole subtree: the objective met is a
 * solution, a return, an end or a trap without it is a refuted subtree.
 * Used three ways: candidate inputs tried before any propagation (guess),
 * every input of small domains after the root propagation (enumerate: a
 * proof when complete), and a probe at each search node whose parameters
 * are all fixed.  For functions with nondet calls or pointer parameters
 * only the guess applies (the search chooses nondet values and builds the
 * input memory along the path, so a run with values or a memory of its
 * own answers no node and proves nothing): enumerate and answer then
 * always decline.
 */
#ifndef INKA_LBL_CONCRETE_H
#define INKA_LBL_CONCRETE_H

#include "inka/concrete.h"
#include "inka/objective.h"

typedef struct LblConcrete LblConcrete;

/* NULL when the concrete mode does not apply to q (pointer parameters of
   shapes it cannot build, or what the concrete mode does not cover). */
LblConcrete *lbl_cx_new(const LblQuery *q, Tr *t);
void lbl_cx_free(LblConcrete *c);

/* Tries candidate inputs (values near 0 and the program's constants, +-1;
   for nondet calls, one candidate per call site; for pointer parameters,
   arrays, strings and lists) before anything is propagated; true when one
   meets the objective. */
bool lbl_cx_guess(LblConcrete *c, double deadline);

/* After the candidates: the values of the integer parameters' domains in s,
   nearest 0 first, in shells over their product (see label/concrete.c), for
   a bounded number of steps; a guess that claims nothing.  True when one
   met the objective. */
bool lbl_cx_sweep(LblConcrete *c, PropStore *s, double deadline);
/* The sweep with each parameter that exit probes cover (a loop bound) at
   its probing end only, when the others have few combinations: one run
   per combination of the others.  A guess, like the sweep. */
bool lbl_cx_sweep_probing(LblConcrete *c, PropStore *s, double deadline);

/* When the product of the parameters' domains in s is at most `limit`,
   runs every input: before anything else with LBL_CX_ENUM_LIMIT, after the
   root propagation with LBL_CX_ENUM_LATE.  1: one met the objective; 0:
   none did and every run ended (a proof, if the root propagation cut
   nothing); -1: not applicable, a run was no answer (uncontrolled read,
   budget), or the runs so far say the rest would not end by the deadline
   (then it stops at once: the probe costs a few thousand runs). */
enum { LBL_CX_ENUM_LIMIT = 100000, LBL_CX_ENUM_LATE = 100000000 };
int lbl_cx_enumerate(LblConcrete *c, PropStore *s, double deadline, uint64_t limit);
/* Does the function under test take no input at all (no parameters, no
   nondet values, no stubs)?  Then one run of lbl_cx_enumerate decides. */
bool lbl_cx_no_inputs(const LblConcrete *c);

/* The search's probe (leaf false) and leaf check (leaf true): an answer
   once every parameter is fixed in s (SEARCH_CONTINUE before).  A run that
   is no answer (a read no test controls, its step budget) leaves a probed
   node to propagation (SEARCH_CONTINUE) and rejects a leaf. */
SearchLeaf lbl_cx_answer(LblConcrete *c, PropStore *s, bool leaf);

/* Does the function reach a loop or a recursive call?  Without, propagation
   executes the whole path at once and costs less than running it: the
   search neither guesses nor probes (label/objective.c). */
bool lbl_cx_loops(const LblConcrete *c);

/* Runs candidate inputs found elsewhere (the bounded check, label/sat.c):
   the parameters as stored and the nondet values in call order (past them
   the run takes 0).  True when they meet the objective: lbl_cx_found is
   then true and lbl_cx_solution reports that run. */
bool lbl_cx_try(LblConcrete *c, const int64_t *params, const int64_t *nondet, int nnondet);

/* Did the concrete mode find the solution?  Then fills r from its run. */
bool lbl_cx_found(const LblConcrete *c);
void lbl_cx_solution(LblConcrete *c, LblResult *r);

/* Why the last concrete answer was none (static text), or NULL. */
const char *lbl_cx_cut(const LblConcrete *c);
uint64_t lbl_cx_runs(const LblConcrete *c);

#endif
