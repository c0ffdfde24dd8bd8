/* bb_internal.h - the pieces of the bit-blasting module (bitblast/), shared
 * by its files and its unit tests only.
 *
 * Layer 1 (gates.c): literals of a CaDiCaL instance with constant folding
 * and structural hashing (equal gates on equal inputs are one literal), so
 * that straight-line code over constants folds away before the solver sees
 * it.  Layer 2 (bv.c): bit vectors of any width with the operations of C
 * on them (gcc -fwrapv), each returning its trap condition where C's model
 * traps.  Layer 3 (encode.c): the IR of a function unrolled and inlined into
 * one predicated circuit.  solve.c drives them (include/inka/bitblast.h).
 */
#ifndef INKA_BB_INTERNAL_H
#define INKA_BB_INTERNAL_H

#include <setjmp.h>
#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

#include <ccadical.h>

/* ---- Gates ---------------------------------------------------------------- */
enum { BB_TRUE = 1, BB_FALSE = -1 }; /* variable 1 is fixed true */

typedef struct BbGateKey { int op, a, b, c; int lit; } BbGateKey;

typedef struct BbGates {
  CCaDiCaL *sat;
  int nvars;
  int64_t nclauses;
  int64_t max_clauses;      /* past it: overflow (the encoding is too large) */
  bool overflow;
  BbGateKey *table;         /* open addressing, structural hashing */
  int64_t cap, used;
  /* memory for bit vectors: chunks freed together */
  void **chunks;
  int nchunks, capchunks;
  char *cur;
  size_t left;
} BbGates;

void bb_gates_init(BbGates *g, int64_t max_clauses);
void bb_gates_free(BbGates *g);
int bb_new_var(BbGates *g);
void bb_clause(BbGates *g, const int *lits, int n);
int bb_and(BbGates *g, int a, int b);
int bb_or(BbGates *g, int a, int b);
int bb_xor(BbGates *g, int a, int b);
int bb_mux(BbGates *g, int c, int t, int e); /* c ? t : e */
static inline int bb_const(bool v) { return v ? BB_TRUE : BB_FALSE; }
/* After a SAT answer: is lit true in the model?  (CaDiCaL's val is > 0
   exactly when lit is true.) */
bool bb_model_true(BbGates *g, int lit);
void *bb_alloc(BbGates *g, size_t n);        /* zeroed, lives as long as g */

/* ---- Bit vectors ---------------------------------------------------------- *
 * b[0] is the least significant bit.  Every operation takes operands of one
 * width (shifts: the count has its own) and returns a fresh vector. */
typedef struct BbVec {
  int w;
  int *b;
} BbVec;

BbVec bb_vec_new(BbGates *g, int w);                  /* fresh variables */
BbVec bb_vec_const(BbGates *g, int w, int64_t v);     /* the low w bits of v */
BbVec bb_vec_mux(BbGates *g, int c, BbVec t, BbVec e);
BbVec bb_vec_add(BbGates *g, BbVec x, BbVec y);
BbVec bb_vec_sub(BbGates *g, BbVec x, BbVec y);
BbVec bb_vec_neg(BbGates *g, BbVec x);
BbVec bb_vec_not(BbGates *g, BbVec x);
BbVec bb_vec_and(BbGates *g, BbVec x, BbVec y);
BbVec bb_vec_or(BbGates *g, BbVec x, BbVec y);
BbVec bb_vec_xor(BbGates *g, BbVec x, BbVec y);
BbVec bb_vec_mul(BbGates *g, BbVec x, BbVec y);
/* ISO C's signed overflow of r = x op y (r the wrapped result): the literal
   "the exact result is not a value of the signed type" (a left shift: or x
   is negative; its count is in range, the count trap is separate). */
int bb_add_overflows(BbGates *g, BbVec x, BbVec y, BbVec r);
int bb_sub_overflows(BbGates *g, BbVec x, BbVec y, BbVec r);
BbVec bb_vec_mul_checked(BbGates *g, BbVec x, BbVec y, int *overflow); /* x * y and its overflow */
int bb_shl_overflows(BbGates *g, BbVec x, BbVec k, bool k_signed, BbVec r);
/* Quotient and remainder truncated towards zero (C); *trap: y == 0, or
   (signed) x == MIN && y == -1. */
BbVec bb_vec_div(BbGates *g, BbVec x, BbVec y, bool is_signed, bool rem, int *trap);
/* x << y, x >> y (arithmetic when signed); *trap: y, read with its own
   signedness, is negative or >= x.w. */
BbVec bb_vec_shift(BbGates *g, BbVec x, BbVec y, bool left, bool is_signed, bool y_signed, int *trap);
int bb_vec_eq(BbGates *g, BbVec x, BbVec y);
int bb_vec_lt(BbGates *g, BbVec x, BbVec y, bool is_signed);
int bb_vec_nonzero(BbGates *g, BbVec x);
/* x as a w-bit value: truncated, or extended by its sign when is_signed. */
BbVec bb_vec_resize(BbGates *g, BbVec x, int w, bool is_signed);
BbVec bb_vec_from_bit(BbGates *g, int bit, int w);
/* The value of x in the solver's model, sign-extended when is_signed. */
int64_t bb_vec_model(BbGates *g, BbVec x, bool is_signed);

#endif
