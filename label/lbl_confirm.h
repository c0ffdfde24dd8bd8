/* lbl_confirm.h - no answer of the model without a run (label/confirm.c),
 * shared by label/ only.
 *
 * A leaf of the search whose path the model decided is an answer only
 * when the concrete mode (concrete/) runs the function on it exactly as
 * the test driver (cli/driver.c) will: the parameters, the input objects
 * the driver builds (given objects, their lengths and initial cells,
 * pointers between them), and the nondet values (stub results included)
 * in call order, 0 past the last one.  The run serves the nondet values
 * from the model: from the path's trace when it is decided, otherwise by
 * call identity (tr_nondet_calls: the k-th execution of a call statement
 * takes the k-th value the model created for it), and records what each
 * call took; that record is the sequence the driver serves.
 */
#ifndef INKA_LBL_CONFIRM_H
#define INKA_LBL_CONFIRM_H

#include "inka/objective.h"

typedef struct LblConfirm LblConfirm;

typedef enum {
  LBL_CONFIRMED,      /* the run met the objective (with the --iter counts) */
  LBL_CONTRADICTED,   /* the run returned, ended or trapped without it: the
                         model's answer is wrong (an internal inconsistency) */
  LBL_UNCONFIRMED,    /* no run, or a run that is no answer (its budget, a
                         construct the concrete mode does not cover) */
} LblConfirmation;

/* Never NULL: without a concrete program (what the concrete mode does not
   cover) every answer is LBL_UNCONFIRMED. */
LblConfirm *lbl_confirm_new(const LblQuery *q, Tr *t);
void lbl_confirm_free(LblConfirm *c);

/* Runs r (the model's answer at the leaf of s, as read_solution fills it;
   r->nondet may be empty when the trace is undecided).  When the run took
   nondet values (confirmed or contradicted), r->nondet becomes the values
   it took, in call order: what the driver serves. */
LblConfirmation lbl_confirm_run(LblConfirm *c, PropStore *s, LblResult *r);

/* Why the last run was LBL_UNCONFIRMED (static text). */
const char *lbl_confirm_why_not(const LblConfirm *c);

/* Does an internal inconsistency stop the process (abort)?  In sanitizer
   builds, or with INKA_INCONSISTENCY=abort; INKA_INCONSISTENCY=count keeps
   searching (what a release build does). */
bool lbl_confirm_aborts(void);

/* A test hook (tests/search/test_confirm.c only): called on each model
   answer before it is run, it may spoil it, as a bug of the model would. */
extern void (*lbl_confirm_test_tamper)(LblResult *r);

#endif
