/* fp_internal.h - what the files of operators/float/ share: MPFR values of
 * keys and correct rounding into a format (fp_format.c), pieces of domains
 * and sets of key intervals with the guarded narrowing (fp_domain.c).
 *
 * Private to operators/float/ (and its unit tests).  MPFR's exponent range
 * is global state: only fpi_round changes it, and it restores it at once, so
 * every other computation runs in MPFR's default (huge) exponent range.
 */
#ifndef INKA_OPERATORS_FP_INTERNAL_H
#define INKA_OPERATORS_FP_INTERNAL_H

#include <stdint.h>
#include <stdio.h>
#include <mpfr.h>

#include "inka/fp.h"

/* ---- Values (fp_format.c) --------------------------------------------------------- */
/* Precision of exact intermediate bounds: midpoints of neighbours need prec + 1 bits. */
#define FPI_WIDE_PREC(f) ((f)->prec + 2)
/* out = the value of key (not NaN); out's precision >= f->prec. */
void fpi_value(const FpFormat *f, int64_t key, mpfr_t out);
/* The key of v, which is representable in f (or zero, infinite, NaN). */
int64_t fpi_key_of(const FpFormat *f, const mpfr_t v);
/* r (precision f->prec) was computed with rounding rnd and ternary t in the
   default exponent range; rounds it into f's exponent range with subnormals
   (no double-rounding error) and returns its key. */
int64_t fpi_round(const FpFormat *f, mpfr_t r, int t, mpfr_rnd_t rnd);
/* The smallest key whose value is >= a (> a when strict), -inf/+inf keys for
   infinite a.  A zero bound gives -0 (>= 0) or the smallest positive (> 0). */
int64_t fpi_lower_key(const FpFormat *f, const mpfr_t a, bool strict);
/* The largest key whose value is <= a (< a when strict); +0 for a zero. */
int64_t fpi_upper_key(const FpFormat *f, const mpfr_t a, bool strict);
/* [lo, hi] (precision >= FPI_WIDE_PREC) contains every real r with RN(r) in
   the non-NaN keys [zl, zh]: the half-way points to the neighbours (the
   overflow threshold past the largest finite), -inf/+inf past infinities. */
void fpi_preimage(const FpFormat *f, int64_t zl, int64_t zh, mpfr_t lo, mpfr_t hi);

/* ---- Pieces of a domain (fp_domain.c) --------------------------------------------- */
/* A domain split by sign class, where every operation is monotone in each
   operand: -inf, negative finite, -0, +0, positive finite, +inf, NaN.  Each
   piece is the hull of the domain inside its class. */
typedef enum {
  FPI_NEG_INF, FPI_NEG, FPI_NEG_ZERO, FPI_POS_ZERO, FPI_POS, FPI_POS_INF, FPI_NAN, FPI_KINDS
} FpiKind;
typedef struct FpiPiece {
  int64_t lo, hi;
  FpiKind kind;
} FpiPiece;
/* Fills out[] (at most FPI_KINDS) in increasing key order; returns the count. */
int fpi_pieces(const PropStore *s, const FpFormat *f, PropVar x, FpiPiece *out);
bool fpi_is_special(FpiKind k);   /* infinite or NaN */
bool fpi_is_zero(FpiKind k);
/* Does dom(x) meet [lo, hi]?  The smallest / largest such key. */
bool fpi_meets(const PropStore *s, PropVar x, int64_t lo, int64_t hi);
bool fpi_first_in(const PropStore *s, PropVar x, int64_t lo, int64_t hi, int64_t *out);
bool fpi_last_in(const PropStore *s, PropVar x, int64_t lo, int64_t hi, int64_t *out);

/* A set of key intervals under construction (what a projection allows). */
#define FPI_SET_CAP 128
typedef struct FpiSet {
  PropInterval iv[FPI_SET_CAP];
  int n;
  bool overflow;      /* too many pieces: the set became its hull */
} FpiSet;
void fpi_set_init(FpiSet *set);
void fpi_set_add(FpiSet *set, int64_t lo, int64_t hi);   /* ignores lo > hi */
/* Restricts x to the set.  A wide domain (more than 64 keys) is only
   narrowed when that removes at least 1/16 of it (the guard against slow
   convergence); NaN and the infinities of f are always removed when
   excluded.  f == NULL: x is an integer variable (no special values). */
bool fpi_narrow(PropStore *s, const FpFormat *f, PropVar x, FpiSet *set);

/* ---- Relations between float values (fp_relate.c) ------------------------------- */
/* A view of a float propagator, for rules that relate several of them:
   ARITH z = x op y; CONVERT z = (to)x; TO_INT z = (t)x; FROM_INT z = (to)x
   (x an integer of type t); REL x rel y (C
   semantics with NaN excluded from both: what a decided comparison posts). */
typedef enum { FPI_V_ARITH, FPI_V_CONVERT, FPI_V_TO_INT, FPI_V_FROM_INT, FPI_V_REL } FpiViewKind;
typedef struct FpiView {
  FpiViewKind kind;
  const FpFormat *f;      /* the format of x (and y); NULL for FROM_INT */
  const FpFormat *to;     /* CONVERT: the format of z */
  FpBinary op;            /* ARITH */
  OpCType t;              /* TO_INT */
  OpRel rel;              /* REL */
  PropVar x, y, z;
} FpiView;
bool fpi_view_arith(const Propagator *p, FpiView *v);     /* fp_arith.c */
bool fpi_view_convert(const Propagator *p, FpiView *v);   /* fp_convert.c: CONVERT, TO_INT */
bool fpi_view_from_int(const Propagator *p, FpiView *v);  /* fp_convert.c: FROM_INT */
/* fp_cmp.c; a relation that allows NaN is an order while x and y exclude it. */
bool fpi_view_rel(const PropStore *s, const Propagator *p, FpiView *v);
bool fpi_is_compare(const Propagator *p);                 /* fp_cmp.c: a reified comparison */
bool fpi_compared(const PropStore *s, PropVar x, PropVar y);   /* fp_cmp.c: x and y of one comparison */
/* Posts x rel y (==, <, <=, >, >=; NaN excluded from x and y) and what it
   implies for the outputs of monotone operations on x and y (fp_cmp.c). */
bool fpi_post_order(PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y);
/* Does x rel y hold for every value left (no NaN), by the domains or a
   posted relation?  rel: any but !=. */
bool fpi_known(const PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y);
/* The rules of one arithmetic constraint with the relations (fp_relate.c):
   orders from operand signs, signs from operand orders, exact inverses. */
bool fpi_relate_arith(PropStore *s, const FpiView *a);
/* z = (narrow)t: equal to the narrow operation when t was exact. */
bool fpi_relate_convert(PropStore *s, const FpiView *cv);
/* x rel y was posted: relate the outputs of the monotone operations that
   apply one function to x and to y. */
bool fpi_relate_pairs(PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y);
/* q = (t)x, u = (to)q: u is trunc(x) rounded into to, which lies between 0
   and x (rounded alike): u <= x when x >= 0, u >= x when x <= 0. */
bool fpi_relate_trunc(PropStore *s, PropVar q);
/* A monotone operation was posted on x: the relations already posted on x. */
bool fpi_relate_posted(PropStore *s, const FpFormat *f, PropVar x);

#endif
