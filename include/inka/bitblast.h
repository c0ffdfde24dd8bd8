/* bitblast.h - bit-precise bounded checking of one objective (bitblast/):
 * the function under test, its calls inlined and its loops unrolled up to
 * a bound, as CNF for the CaDiCaL SAT solver.
 *
 * Integers of every width with gcc -fwrapv semantics and the model's traps,
 * local and global arrays of constant size and structs of scalars are
 * encoded exactly; anything else the function can reach (floats, pointers,
 * the heap) makes the answer BB_NOT_APPLICABLE.  The bound grows (2, 8, 32,
 * ...) until an answer or the budget:
 *   BB_FOUND        inputs (parameters, nondet values in call order) that
 *                   reach the objective in the encoding: the caller must
 *                   confirm them by running them (label/sat.c);
 *   BB_UNREACHABLE  no input reaches the objective, no path goes past the
 *                   bounds (the unwinding check is UNSAT) and none reads a
 *                   value nobody wrote: a proof;
 *   BB_UNKNOWN      the budget ran out, or the encoding grew too large.
 */
#ifndef INKA_BITBLAST_H
#define INKA_BITBLAST_H

#include <stdint.h>

#include "inka/ir.h"

typedef enum { BB_NOT_APPLICABLE, BB_UNKNOWN, BB_UNREACHABLE, BB_FOUND } BbVerdict;

typedef struct BbQuery {
  const IrProgram *prog;
  const IrFunction *fn;
  const IrObjective *obj;
  IrExpr *const *assumes;
  int nassumes;
  double seconds;            /* wall clock for the whole check (> 0) */
} BbQuery;

typedef struct BbResult {
  BbVerdict verdict;
  const char *reason;        /* NOT_APPLICABLE, UNKNOWN: why (static text) */
  int64_t *params;           /* FOUND: fn's parameters as stored (malloc'd) */
  int nparams;
  int64_t *nondet;           /* FOUND: nondet values in call order (malloc'd) */
  int nnondet;
  int bound;                 /* the last loop bound encoded */
} BbResult;

void bb_check(const BbQuery *q, BbResult *r);
void bb_result_free(BbResult *r);

#endif
