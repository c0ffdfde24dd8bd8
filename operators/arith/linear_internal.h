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

/* The parts of an element_var propagator v = table[i] (element.c; false
   for other propagators). */
bool lin_element_var_parts(const Propagator *p, PropVar *v, PropVar *i, const PropVar **table, int *n);

/* The row of an x +- y != c propagator (false for others). */
bool lin_pair_ne_row(const Propagator *p, OpRow *row);
/* The row and relation of any propagator of linear.c and linear_pairs.c
   (!= included; false for other propagators and rows over OP_ROW_MAX). */
bool lin_row_rel(const Propagator *p, OpRow *row, LinRel *rel);

/* A reified comparison b <=> (x rel y), rel one of ==, !=, <, <= (reify.c). */
bool lin_reify_row(const Propagator *p, PropVar *b, PropVar *x, OpRel *rel, PropVar *y);

/* The congruence rows of wrap.c and times.c (for gauss.c): sum(a_i x_i)
   == c modulo 2^bits, whatever the quotient of the wrap. */
bool lin_wrap_row(const Propagator *p, OpRow *row, int *bits);
bool lin_times_wrap_row(const PropStore *s, const Propagator *p, OpRow *row, int *bits);

#endif
