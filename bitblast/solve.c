/* solve.c - bounded checking with a growing bound (include/inka/bitblast.h).
 *
 * Per bound B (loops: B iterations per entry; calls: B frames deep, at most
 * MAX_DEPTH), one encoding and up to three queries on the same solver:
 *   1. reach: SAT gives the inputs (confirmed by the caller, who runs them);
 *   2. unwind: some path goes past the bounds; SAT means B is too small;
 *   3. abandon: some path reads a value nobody wrote (the model abandons
 *      it, so it proves nothing there).
 * UNSAT, UNSAT, UNSAT is a proof: every path of every input is inside the
 * encoding, which is exact, and none meets the objective.  The solver's
 * terminate callback keeps every query inside the budget.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb_encode.h"
#include "inka/bitblast.h"
#include "inka/prop.h"

enum { MAX_DEPTH = 32 };
static const int64_t MAX_CLAUSES = 3000000;

static int stop_at_deadline(void *state) { return prop_now() > *(const double *)state; }

/* 10 SAT, 20 UNSAT, 0 budget. */
static int solve_with(BbGates *g, int lit) {
  if (lit == BB_FALSE) return 20;
  ccadical_assume(g->sat, lit);
  return ccadical_solve(g->sat);
}

static void take_model(BbGates *g, const BbEnc *e, const IrFunction *fn, BbResult *r) {
  const BbVec *p = bb_enc_params(e);
  r->nparams = fn->nparams;
  r->params = calloc((size_t)fn->nparams + 1, sizeof *r->params);
  for (int i = 0; i < fn->nparams; i++) {
    const IrType *t = fn->params[i]->type;
    r->params[i] = bb_vec_model(g, p[i], t->kind == IR_TY_INT && t->is_signed);
  }
  int n = 0;
  const BbNondetUse *nd = bb_enc_nondet(e, &n);
  r->nondet = calloc((size_t)n + 1, sizeof *r->nondet);
  for (int i = 0; i < n; i++) {
    if (bb_model_true(g, nd[i].guard)) r->nondet[r->nnondet++] = bb_vec_model(g, nd[i].v, nd[i].is_signed);
  }
}

/* One bound: true when it answered (r set). */
static bool check_bound(const BbQuery *q, int bound, double deadline, BbResult *r) {
  BbGates g;
  bb_gates_init(&g, MAX_CLAUSES);
  ccadical_set_terminate(g.sat, &deadline, stop_at_deadline);
  BbEncodeInput in = {q->prog, q->fn, q->obj, q->assumes, q->nassumes, bound,
                      bound < MAX_DEPTH ? bound : MAX_DEPTH, deadline};
  const char *why = NULL;
  bool too_large = false;
  BbEnc *e = bb_encode(&g, &in, &why, &too_large);
  r->bound = bound;
  bool done = true;
  if (!e) {
    r->verdict = too_large ? BB_UNKNOWN : BB_NOT_APPLICABLE;
    r->reason = too_large ? "the bounded encoding grew past its budget" : why;
    bb_gates_free(&g);
    return true;
  }
  bb_clause(&g, (int[]){g.nvars, -g.nvars}, 2); /* every variable exists for the model */
  if (getenv("INKA_STAGES")) fprintf(stderr, "sat bound %d: %d vars %lld clauses\n", bound, g.nvars, (long long)g.nclauses);
  int res = solve_with(&g, bb_enc_reach(e));
  if (res == 10) {
    r->verdict = BB_FOUND;
    take_model(&g, e, q->fn, r);
  } else if (res == 20 && (res = solve_with(&g, bb_enc_unwind(e))) == 20) {
    res = solve_with(&g, bb_enc_abandon(e));
    r->verdict = res == 20 ? BB_UNREACHABLE : BB_UNKNOWN;
    r->reason = res == 20 ? NULL : res == 10 ? "a path reads a value nobody wrote" : "the time budget ran out";
  } else if (res == 10) {
    done = false; /* a path goes past the bounds: a larger bound */
  } else {
    r->verdict = BB_UNKNOWN;
    r->reason = "the time budget ran out";
  }
  bb_encode_free(e);
  bb_gates_free(&g);
  return done;
}

void bb_check(const BbQuery *q, BbResult *r) {
  memset(r, 0, sizeof *r);
  double deadline = prop_now() + q->seconds;
  int first = 2; /* the --iter numbers asked must be inside the first bound */
  for (int j = 0; j < q->obj->niter; j++)
    if (q->obj->iter[j] >= first) first = q->obj->iter[j] + 1;
  for (int bound = first; bound <= (1 << 16); bound *= 4) {
    if (check_bound(q, bound, deadline, r)) return;
    if (prop_now() > deadline) break;
  }
  r->verdict = BB_UNKNOWN;
  r->reason = "some path runs a loop past every bound tried";
}

void bb_result_free(BbResult *r) {
  free(r->params);
  free(r->nondet);
  memset(r, 0, sizeof *r);
}
