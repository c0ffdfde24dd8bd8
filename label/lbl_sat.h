/* lbl_sat.h - the bit-precise bounded check as a stage of one objective's
 * answer (label/sat.c, bitblast/), shared by label/ only. */
#ifndef INKA_LBL_SAT_H
#define INKA_LBL_SAT_H

#include "inka/objective.h"
#include "lbl_concrete.h"

/* The search runs the check twice: a short slice before its first stage
   (bit identities take milliseconds), a longer one before stage
   LBL_SAT_LATE (label/objective.c), once the cheap stages have failed. */
enum { LBL_SAT_LATE = 3 };

/* Runs the bounded check on q within its share of the time left before
   `deadline` (0: none): the short slice, or the long one when late.  True when it answered r: REACHABLE with inputs a
   concrete run (cx) confirmed, or UNREACHABLE with the check's proof.
   False (r untouched) otherwise: the other stages go on. */
bool lbl_sat_stage(const LblQuery *q, LblConcrete *cx, LblResult *r, double deadline, bool late);

#endif
