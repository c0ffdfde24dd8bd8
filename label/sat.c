/* sat.c - the bit-precise bounded check (bitblast/) as one stage of an
 * objective's answer (label/objective.c).
 *
 * Its proofs stand on their own (every path inside the bounds, an exact
 * encoding).  Its inputs do not: they are run by the concrete mode, and
 * only a run that meets the objective is a solution, so a slip of the
 * encoding can cost an answer, never make a wrong one.  Without the
 * concrete mode (--no-concrete, or a function it does not cover) inputs
 * found are dropped.
 */
#include <stdio.h>
#include <stdlib.h>

#include "inka/bitblast.h"
#include "lbl_sat.h"

/* The slices: a share of the time left, with a cap (without a deadline:
   the cap).  The short one costs the searches that answer anyway little;
   the long one comes when the cheap search stages failed. */
static const double SHORT_SHARE = 0.02, SHORT_SECONDS = 0.15, LONG_SHARE = 0.3, LONG_SECONDS = 15.0;

bool lbl_sat_stage(const LblQuery *q, LblConcrete *cx, LblResult *r, double deadline, bool late) {
  if (q->no_sat) return false;
  double share = late ? LONG_SHARE : SHORT_SHARE, cap = late ? LONG_SECONDS : SHORT_SECONDS;
  double seconds = cap;
  if (deadline > 0) {
    double left = deadline - prop_now();
    seconds = left * share < cap ? left * share : cap;
  }
  if (seconds <= 0.01) return false;
  BbQuery bq = {q->prog, q->fn, &q->obj, q->assumes, q->nassumes, seconds};
  BbResult br;
  double t0 = prop_now();
  bb_check(&bq, &br);
  bool answered = false;
  if (br.verdict == BB_UNREACHABLE) {
    r->verdict = LBL_UNREACHABLE;
    answered = true;
  } else if (br.verdict == BB_FOUND && lbl_cx_try(cx, br.params, br.nondet, br.nnondet)) {
    lbl_cx_solution(cx, r);
    answered = true;
  }
  if (getenv("INKA_STAGES"))
    fprintf(stderr, "sat: verdict %d bound %d %s %.3fs\n", (int)br.verdict, br.bound, br.reason ? br.reason : "", prop_now() - t0);
  bb_result_free(&br);
  return answered;
}
