/* objective.h - answering one objective on one function (label/objective.c,
 * docs/design.md §6): build the model, post the preconditions, search the
 * inputs, and turn what happened into a verdict that never lies.
 *
 *   REACHABLE    a leaf where every input is fixed and every ite and w of the
 *                path decided (propagation executed the program) meets the
 *                objective, and a run of the concrete mode on it, as the
 *                driver builds it, meets it too (label/confirm.c; where no
 *                run can tell, the answer is marked unconfirmed);
 *   UNREACHABLE  propagation and search refuted every input, and no budget
 *                nor abandoned path cut anything;
 *   UNKNOWN      anything else, with the reason.
 */
#ifndef INKA_OBJECTIVE_H
#define INKA_OBJECTIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "inka/ir.h"
#include "inka/prop.h"
#include "inka/search.h"
#include "inka/translate.h"

typedef enum { LBL_REACHABLE, LBL_UNREACHABLE, LBL_UNKNOWN } LblVerdict;

typedef struct LblQuery {
  const IrProgram *prog;
  const IrFunction *fn;        /* under test */
  TrObjective obj;
  IrExpr **assumes;            /* --assume, over fn's parameters and globals */
  int nassumes;
  double timeout_s;            /* wall clock for solving; 0: none */
  int64_t max_unfold;
  uint64_t seed;
  bool no_concrete;            /* never run the program (label/concrete.c) */
  bool no_sat;                 /* no bit-precise bounded check (label/sat.c) */
  bool no_alias;               /* input pointers never share an object */
  bool acyclic;                /* the input memory has no cycle */
  size_t max_memory;           /* bytes the store may hold; 0: none */
} LblQuery;

typedef struct LblValue {
  const char *name;
  const IrType *type;
  int64_t value;               /* as stored: unsigned 64-bit values as their bit pattern */
  int ref;                     /* pointer inputs: index of the object pointed to
                                  (its first cell), -1 for NULL */
} LblValue;

/* One cell of the output memory. */
typedef struct LblCell {
  char path[64];               /* inside its object: "key", "[2].next", "" */
  const IrType *type;
  bool known;
  int64_t value;
  int ref;                     /* pointer cells: index of the object pointed to, -1 for none/NULL */
  int64_t ref_cell;            /*   and the cell inside it */
} LblCell;

/* One object of the memory (memory variables, heap blocks, input objects). */
typedef struct LblObject {
  const char *name;            /* variable name, or NULL for a heap block or input */
  char label[16];              /* "c1", "c2", ... for heap blocks (allocation order),
                                  "in1", "in2", ... for the input objects given */
  bool heap, live;
  bool input, given;           /* an input object; given: the test builds it (it
                                  is reachable from the pointer inputs) */
  const IrType *type;
  int64_t count;               /* elements (input objects: the length chosen) */
  int line;
  LblCell *cells;              /* the output memory: values at the end */
  LblCell *initial;            /* input objects: values when the function starts
                                  (known: read by the path; others are 0) */
  int ncells;
} LblObject;

/* The reason of an UNKNOWN leak check whose answers all kept their blocks reachable. */
#define LBL_REACHABLE_BLOCKS \
  "where the runs tried end, the blocks allocated here are still allocated but reachable (no leak); a leak on another path is not excluded"

typedef struct LblStats {
  PropStats prop;
  SearchStats search;
  TrStats tr;
  uint64_t concrete_runs;      /* runs of the concrete mode (label/concrete.c) */
  uint64_t inconsistencies;    /* model answers whose confirming run did not meet
                                  the objective (label/confirm.c): each a bug of
                                  the model, rejected, and the search went on */
  uint64_t reachable_blocks;   /* --check leak: model answers whose run ended
                                  with the site's blocks allocated but reachable
                                  (no leak; set aside, the search went on) */
} LblStats;

typedef struct LblResult {
  LblVerdict verdict;
  const char *reason;          /* UNKNOWN: why (static string) */
  bool confirmed;              /* REACHABLE: a run of the concrete mode on these
                                  inputs, as the driver builds them, met the
                                  objective */
  const char *unconfirmed;     /* REACHABLE and not confirmed: why (static string) */
  LblValue *inputs;            /* REACHABLE: the parameters, in order */
  int ninputs;
  LblValue *nondet;            /* REACHABLE: nondet values in call order */
  int nnondet;
  bool has_return;
  int64_t ret;
  LblObject *objects;          /* REACHABLE: the output memory */
  int nobjects;
  double time_s;               /* solving time */
  LblStats stats;
} LblResult;

/* Answers q.  Returns false with a message in *err (malloc'd, compiler
   style) when the program or the objective cannot be translated. */
bool lbl_solve(const LblQuery *q, LblResult *r, char **err);
void lbl_result_free(LblResult *r);
const char *lbl_verdict_name(LblVerdict v);

#endif
