/* cx_float.h - float and double values of the concrete mode: the solver's
 * keys (include/inka/fp.h: the ordered encoding of IEEE values, one NaN)
 * converted to and from the host's own float and double, and the
 * operations of the IR on them.  Included by compile.c and run.c only.
 *
 * The model's semantics are those of gcc -O0 on x86-64 (SSE, round to
 * nearest even, no excess precision, FLT_EVAL_METHOD 0), which is what the
 * host computes here: each operation is one IEEE operation of the host in
 * the operands' own format, so +, -, *, /, sqrt and every conversion are
 * correctly rounded exactly as the model's MPFR bounds are.  Keys are what
 * the run stores (in slots and memory cells), so a value reads and prints
 * as the search's; only these functions look inside them.
 *
 * Must never: compute a float operation in double (or the reverse), or let
 * a NaN's payload or sign survive (the model has one NaN).
 */
#ifndef INKA_CX_FLOAT_H
#define INKA_CX_FLOAT_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "inka/fp.h"

/* The keys are include/inka/fp.h's (fp_key_of_bits, fp_key_to_bits): one
   encoding, one place. */
static inline const FpFormat *cx_format(int bits) { return bits == 32 ? &fp_binary32 : &fp_binary64; }
static inline int64_t cx_inf_key(int bits) { return cx_format(bits)->inf_key; }
static inline int64_t cx_nan_key(int bits) { return fp_key_nan(cx_format(bits)); }
/* Is key a value of the format (NaN included)? */
static inline bool cx_key_valid(int bits, int64_t key) {
  return key >= -1 - cx_inf_key(bits) && key <= cx_nan_key(bits);
}

/* ---- Keys <-> host values ------------------------------------------------------ */
static inline double cx_key_f64(int64_t key) {
  uint64_t bits = fp_key_to_bits(&fp_binary64, key);
  double d;
  memcpy(&d, &bits, sizeof d);
  return d;
}

static inline float cx_key_f32(int64_t key) {
  uint32_t bits = (uint32_t)fp_key_to_bits(&fp_binary32, key);
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

static inline int64_t cx_f64_key(double d) {
  uint64_t bits;
  memcpy(&bits, &d, sizeof bits);
  return fp_key_of_bits(&fp_binary64, bits); /* every NaN is the one NaN */
}

static inline int64_t cx_f32_key(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof bits);
  return fp_key_of_bits(&fp_binary32, bits);
}

/* The value of a key of the format (exact: a float widens exactly). */
static inline double cx_key_value(int bits, int64_t key) {
  return bits == 32 ? (double)cx_key_f32(key) : cx_key_f64(key);
}

/* ---- Operations ------------------------------------------------------------------ */
typedef enum { CX_FADD, CX_FSUB, CX_FMUL, CX_FDIV } CxFloatOp;

static inline int64_t cx_float_binary(int bits, CxFloatOp op, int64_t x, int64_t y) {
  if (bits == 32) {
    float a = cx_key_f32(x), b = cx_key_f32(y), r;
    switch (op) {
    case CX_FADD: r = a + b; break;
    case CX_FSUB: r = a - b; break;
    case CX_FMUL: r = a * b; break;
    default: r = a / b; break;
    }
    return cx_f32_key(r);
  }
  double a = cx_key_f64(x), b = cx_key_f64(y), r;
  switch (op) {
  case CX_FADD: r = a + b; break;
  case CX_FSUB: r = a - b; break;
  case CX_FMUL: r = a * b; break;
  default: r = a / b; break;
  }
  return cx_f64_key(r);
}

/* -x: the key mirrored (NaN stays the one NaN). */
static inline int64_t cx_float_neg(int bits, int64_t x) { return x == cx_nan_key(bits) ? x : -1 - x; }
static inline int64_t cx_float_abs(int64_t x) { return x < 0 ? -1 - x : x; }

static inline int64_t cx_float_sqrt(int bits, int64_t x) {
  return bits == 32 ? cx_f32_key(sqrtf(cx_key_f32(x))) : cx_f64_key(sqrt(cx_key_f64(x)));
}

/* x != 0: true for NaN, false for both zeros. */
static inline bool cx_float_truth(int64_t x) { return x != 0 && x != -1; }

/* Between formats: widening is exact, narrowing rounds to nearest even. */
static inline int64_t cx_float_convert(int from, int to, int64_t x) {
  if (from == to) return x;
  return to == 32 ? cx_f32_key((float)cx_key_f64(x)) : cx_f64_key((double)cx_key_f32(x));
}

/* (float)v for an integer value v as stored (an unsigned 64-bit value is
   its bit pattern, u64 says so): one correctly rounded host conversion. */
static inline int64_t cx_float_from_int(int to, int64_t v, bool u64) {
  if (to == 32) return cx_f32_key(u64 ? (float)(uint64_t)v : (float)v);
  return cx_f64_key(u64 ? (double)(uint64_t)v : (double)v);
}

/* (to)x truncated toward zero for an integer type of `bits` bits; false
   where C leaves it undefined (NaN, or trunc(x) outside the type's range),
   which the model treats as a runtime error. */
static inline bool cx_float_to_int(int from, int64_t x, int bits, bool is_signed, int64_t *out) {
  double t = trunc(cx_key_value(from, x));
  if (isnan(t)) return false;
  if (bits >= 64) {
    if (is_signed ? !(t >= -0x1p63 && t < 0x1p63) : !(t >= 0 && t < 0x1p64)) return false;
    *out = is_signed ? (int64_t)t : (int64_t)(uint64_t)t;
    return true;
  }
  double lo = is_signed ? -ldexp(1, bits - 1) : 0, hi = is_signed ? ldexp(1, bits - 1) - 1 : ldexp(1, bits) - 1;
  if (!(t >= lo && t <= hi)) return false;
  *out = (int64_t)t;
  return true;
}

/* The classifications of math.h on keys, as the translation reads them
   (translate/stmt.c): isnan, isinf, isinf_sign (-1, 0, 1), isfinite,
   isnormal. */
typedef enum { CX_ISNAN, CX_ISINF, CX_ISINF_SIGN, CX_ISFINITE, CX_ISNORMAL } CxFloatClass;

static inline int64_t cx_float_class(int bits, CxFloatClass what, int64_t x) {
  int64_t inf = cx_inf_key(bits), max = inf - 1, min_normal = (int64_t)1 << (bits == 32 ? 23 : 52);
  switch (what) {
  case CX_ISNAN: return x == inf + 1;
  case CX_ISFINITE: return x >= -1 - max && x <= max;
  case CX_ISNORMAL: return (x >= min_normal && x <= max) || (x >= -1 - max && x <= -1 - min_normal);
  case CX_ISINF: return x == inf || x == -1 - inf;
  default: return x == inf ? 1 : x == -1 - inf ? -1 : 0;
  }
}

#endif
