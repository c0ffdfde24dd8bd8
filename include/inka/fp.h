/* fp.h - IEEE 754 floating point as constraints (operators/float/).
 *
 * A float or double variable is an integer variable of the kernel whose values
 * are KEYS: the ordered encoding of the IEEE values of its format, so that
 * the integer order of keys is the order of the values:
 *
 *   key(+v) = the bit pattern of +v without its sign (+0 -> 0, +inf -> inf_key)
 *   key(-v) = -1 - key(+v)       (-0 -> -1, -inf -> -1 - inf_key)
 *   NaN     = inf_key + 1        (one NaN: C cannot tell payloads apart here)
 *
 * An interval of keys is exactly an interval of representable values (with
 * -0 and +0 as two adjacent keys), so bisecting a key interval splits at a
 * representable midpoint and labeling works unchanged.  Unary minus is
 * key -> -1 - key.  Comparisons treat -0 == +0 and NaN as unordered.
 *
 * Semantics are those of gcc -O0 on x86-64 (SSE2, no excess precision):
 * round to nearest even at the type's precision, with subnormals, signed
 * zeros, infinities and NaN.  Every bound is computed with GNU MPFR at the
 * format's precision and exponent range; no host arithmetic is trusted.
 * Projections are sound (never remove a solution) and may be weak: to avoid
 * slow convergence, a wide domain is only narrowed by a projection that
 * removes a noticeable part of it (see docs/decisions.md).
 *
 * Every post function returns false when posting already made the store fail.
 */
#ifndef INKA_FP_H
#define INKA_FP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "inka/arith.h"
#include "inka/prop.h"

/* A binary interchange format: prec significand bits (hidden bit included)
   and exp_bits exponent bits.  Tiny formats exist for exhaustive tests. */
typedef struct FpFormat {
  int prec;            /* 24 for binary32, 53 for binary64; 2 .. 53 */
  int exp_bits;        /* 8, 11; 2 .. 11 */
  int bias;            /* 2^(exp_bits-1) - 1 */
  int64_t inf_key;     /* key of +inf; the largest finite is inf_key - 1 */
} FpFormat;

extern const FpFormat fp_binary32;
extern const FpFormat fp_binary64;
FpFormat fp_format(int prec, int exp_bits);

/* ---- Keys --------------------------------------------------------------------- */
int64_t fp_key_nan(const FpFormat *f);                 /* inf_key + 1 */
int64_t fp_key_neg(int64_t key);                       /* -1 - key; NaN stays NaN via fp_neg */
bool fp_key_is_nan(const FpFormat *f, int64_t key);
int64_t fp_key_of_double(const FpFormat *f, double v); /* v representable in f (any v for binary64) */
double fp_key_to_double(const FpFormat *f, int64_t key); /* exact for binary32/binary64 keys */
/* Bit patterns of binary32 (bits 0..31) and binary64; NaN writes a quiet NaN. */
int64_t fp_key_of_bits(const FpFormat *f, uint64_t bits);
uint64_t fp_key_to_bits(const FpFormat *f, int64_t key);
/* The key of the value of a C decimal or hex literal rounded to nearest even
   (strtod syntax); false if text is not a number. */
bool fp_key_of_text(const FpFormat *f, const char *text, int64_t *key);
/* Writes the value exactly: a C99 hex float ("0x1.8p+1"), "inf", "-inf", "nan"
   (and "-0x0p+0" for -0).  Returns snprintf's count. */
int fp_key_format(const FpFormat *f, int64_t key, char *buf, size_t size);

/* ---- Single values (the reference semantics; what the propagators bound) ------- */
typedef enum { FP_ADD, FP_SUB, FP_MUL, FP_DIV } FpBinary;
int64_t fp_eval_binary(const FpFormat *f, FpBinary op, int64_t x, int64_t y);
int64_t fp_eval_sqrt(const FpFormat *f, int64_t x);
int64_t fp_eval_convert(const FpFormat *from, int64_t x, const FpFormat *to);
int64_t fp_eval_from_int(const FpFormat *f, OpCType from, int64_t v);   /* v as stored */
/* (to)x truncated toward zero; false when that is undefined (NaN, out of range). */
bool fp_eval_to_int(const FpFormat *f, int64_t x, OpCType to, int64_t *out);
/* x rel y with C semantics: NaN unordered (== false, != true), -0 == +0. */
bool fp_eval_compare(const FpFormat *f, OpRel rel, int64_t x, int64_t y);

/* ---- Variables ---------------------------------------------------------------- */
PropVar fp_var(PropStore *s, const FpFormat *f);       /* every value, NaN included */
PropVar fp_const(PropStore *s, const FpFormat *f, int64_t key);

/* ---- Constraints -------------------------------------------------------------- */
bool fp_binary(PropStore *s, const FpFormat *f, FpBinary op, PropVar x, PropVar y, PropVar z);
bool fp_neg(PropStore *s, const FpFormat *f, PropVar x, PropVar z);       /* z = -x */
bool fp_abs(PropStore *s, const FpFormat *f, PropVar x, PropVar z);       /* z = fabs(x) */
bool fp_sqrt(PropStore *s, const FpFormat *f, PropVar x, PropVar z);      /* z = sqrt(x) */
/* z = the bit pattern of x, as the unsigned integer type of f's width
   stores it (binary64: the signed reinterpretation); a NaN x is any NaN
   pattern (C does not fix a NaN's bits), a NaN pattern z reads as NaN. */
bool fp_bits(PropStore *s, const FpFormat *f, PropVar x, PropVar z);
/* b <=> (x rel y), C semantics (see fp_eval_compare), b boolean. */
bool fp_compare(PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y, PropVar b);
/* b <=> lo <= x <= hi on keys (classifications: isnan, isinf, isfinite). */
bool fp_key_in(PropStore *s, PropVar x, int64_t lo, int64_t hi, PropVar b);
/* z = (to)x between formats (float <-> double): exact widening, rounded narrowing. */
bool fp_convert(PropStore *s, const FpFormat *from, PropVar x, const FpFormat *to, PropVar z);
/* z = (float)x for an integer x of type from (bits >= 8), rounded to nearest even. */
bool fp_from_int(PropStore *s, OpCType from, PropVar x, const FpFormat *to, PropVar z);
/* b <=> (the conversion (to)x is defined): x not NaN and trunc(x) in to's range. */
bool fp_to_int_defined(PropStore *s, const FpFormat *f, PropVar x, OpCType to, PropVar b);
/* z = (to)x truncated toward zero, on the path where it is defined (the
   undefined values of x are excluded).  to.bits >= 8 (_Bool is x != 0). */
bool fp_to_int(PropStore *s, const FpFormat *f, PropVar x, OpCType to, PropVar z);

#endif
