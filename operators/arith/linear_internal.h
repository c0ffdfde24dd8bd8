/* linear_internal.h - what linear.c and linear_pairs.c share. */
#ifndef INKA_LINEAR_INTERNAL_H
#define INKA_LINEAR_INTERNAL_H

#include "inka/arith.h"

/* Relations after normalisation. */
typedef enum { LIN_EQ, LIN_NE, LIN_LE } LinRel;

/* Decides v rel c (all terms fixed): false and the store failed if not. */
bool lin_decide(PropStore *s, prop_wide v, LinRel rel, prop_wide c);

/* linear_pairs.c: post x + sy*y != c, x - y <= c, x + sy*y == c. */
bool lin_post_pair_ne(PropStore *s, PropVar x, int sy, PropVar y, prop_wide c);
bool lin_post_diff_le(PropStore *s, PropVar x, PropVar y, prop_wide c);
bool lin_post_pair_eq(PropStore *s, PropVar x, int sy, PropVar y, prop_wide c);
/* x - y rel c, by the binary propagators (decided at once when x and y are
   known equal). */
bool lin_post_diff(PropStore *s, PropVar x, PropVar y, LinRel rel, prop_wide c);
/* The row of a diff_le or pair_eq propagator (false for others). */
bool lin_pair_row(const Propagator *p, OpRow *row);

#endif
