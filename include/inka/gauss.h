/* gauss.h - linear equalities combined by elimination modulo powers of two
 * (operators/arith/gauss.c). */
#ifndef INKA_GAUSS_H
#define INKA_GAUSS_H

#include <stdbool.h>

#include "inka/prop.h"

typedef enum {
  OP_GAUSS_NONE,      /* nothing new */
  OP_GAUSS_DEDUCED,   /* equalities or congruences posted (post mode only) */
  OP_GAUSS_REFUTED    /* no solution: the store failed (post) or would fail */
} OpGaussResult;

/* Eliminates the equality rows of the store (prop_linear: exact linear
   equalities, and the wrapping C operations, which hold modulo 2^bits) and
   looks at what they imply: a contradiction, a variable congruent to a
   constant, two variables whose difference (or sum) is a constant modulo
   2^k.  With post, each implication is posted (op_linear, a congruence)
   and propagated: call it only outside propagation (a search node).
   Without post the store is not changed; only refutations are reported. */
OpGaussResult op_gauss(PropStore *s, bool post);

#endif
