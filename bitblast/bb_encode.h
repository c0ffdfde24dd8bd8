/* bb_encode.h - the encoder of bitblast/encode.c, for solve.c and the unit
 * tests: the IR of one function and objective as a circuit over BbGates. */
#ifndef INKA_BB_ENCODE_H
#define INKA_BB_ENCODE_H

#include "bb_internal.h"
#include "inka/ir.h"

typedef struct BbEnc BbEnc;

typedef struct BbEncodeInput {
  const IrProgram *prog;
  const IrFunction *fn;
  const IrObjective *obj;
  IrExpr *const *assumes;    /* --assume, over fn's parameters and globals */
  int nassumes;
  int bound;                 /* iterations per loop entry covered */
  int max_depth;             /* inlined calls alive covered */
  double deadline;           /* prop_now() seconds; 0: none */
} BbEncodeInput;

/* One nondet call as executed in the unrolled program: executed iff guard;
   the executed ones, in order, are the run's nondet values in call order
   (the unrolled program follows execution order). */
typedef struct BbNondetUse {
  BbVec v;
  int guard;
  bool is_signed;
} BbNondetUse;

/* NULL when the function reaches what the encoding does not model
   (*na_reason says what) or the encoding outgrew its clause budget or the
   deadline (*too_large). */
BbEnc *bb_encode(BbGates *g, const BbEncodeInput *in, const char **na_reason, bool *too_large);
void bb_encode_free(BbEnc *e);
int bb_enc_reach(const BbEnc *e);    /* some input meets the objective */
int bb_enc_abandon(const BbEnc *e);  /* some path reads a value nobody wrote */
int bb_enc_unwind(const BbEnc *e);   /* some path goes past the bounds */
const BbVec *bb_enc_params(const BbEnc *e);
const BbNondetUse *bb_enc_nondet(const BbEnc *e, int *n);

#endif
