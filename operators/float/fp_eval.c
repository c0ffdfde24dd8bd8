/* fp_eval.c - the semantics of single values: every float operation on
 * keys, correctly rounded with MPFR (round to nearest even, subnormals,
 * signed zeros, infinities, NaN as IEEE 754 and x86-64 SSE give them).
 *
 * These functions are the reference the propagators bound (their forward
 * projections evaluate them at the corners of pieces) and the unit tests
 * compare against the hardware.
 */
#include <assert.h>

#include "fp_internal.h"

int64_t fp_eval_binary(const FpFormat *f, FpBinary op, int64_t x, int64_t y) {
  if (fp_key_is_nan(f, x) || fp_key_is_nan(f, y)) return fp_key_nan(f);
  mpfr_t a, b, r;
  mpfr_inits2(f->prec, a, b, r, (mpfr_ptr)0);
  fpi_value(f, x, a);
  fpi_value(f, y, b);
  int t = 0;
  switch (op) {
  case FP_ADD: t = mpfr_add(r, a, b, MPFR_RNDN); break;
  case FP_SUB: t = mpfr_sub(r, a, b, MPFR_RNDN); break;
  case FP_MUL: t = mpfr_mul(r, a, b, MPFR_RNDN); break;
  case FP_DIV: t = mpfr_div(r, a, b, MPFR_RNDN); break;
  }
  int64_t k = fpi_round(f, r, t, MPFR_RNDN);
  mpfr_clears(a, b, r, (mpfr_ptr)0);
  return k;
}

int64_t fp_eval_sqrt(const FpFormat *f, int64_t x) {
  if (fp_key_is_nan(f, x)) return x;
  mpfr_t a, r;
  mpfr_inits2(f->prec, a, r, (mpfr_ptr)0);
  fpi_value(f, x, a);
  int t = mpfr_sqrt(r, a, MPFR_RNDN);   /* sqrt(-0) = -0, sqrt(< 0) = NaN */
  int64_t k = fpi_round(f, r, t, MPFR_RNDN);
  mpfr_clears(a, r, (mpfr_ptr)0);
  return k;
}

int64_t fp_eval_convert(const FpFormat *from, int64_t x, const FpFormat *to) {
  if (fp_key_is_nan(from, x)) return fp_key_nan(to);
  mpfr_t a, r;
  mpfr_init2(a, from->prec);
  mpfr_init2(r, to->prec);
  fpi_value(from, x, a);
  int t = mpfr_set(r, a, MPFR_RNDN);
  int64_t k = fpi_round(to, r, t, MPFR_RNDN);
  mpfr_clear(a);
  mpfr_clear(r);
  return k;
}

int64_t fp_eval_from_int(const FpFormat *f, OpCType from, int64_t v) {
  mpfr_t r;
  mpfr_init2(r, f->prec);
  int t = from.bits == 64 && !from.is_signed ? mpfr_set_uj(r, (uintmax_t)(uint64_t)v, MPFR_RNDN)
                                             : mpfr_set_sj(r, (intmax_t)v, MPFR_RNDN);
  int64_t k = fpi_round(f, r, t, MPFR_RNDN);
  mpfr_clear(r);
  return k;
}

bool fp_eval_to_int(const FpFormat *f, int64_t x, OpCType to, int64_t *out) {
  assert(to.bits >= 8 && to.bits <= 64);
  if (fp_key_is_nan(f, x) || x == f->inf_key || x == fp_key_neg(f->inf_key)) return false;
  mpfr_t a;
  mpfr_init2(a, f->prec);
  fpi_value(f, x, a);
  mpfr_trunc(a, a);
  bool ok;
  if (to.is_signed) {
    ok = mpfr_cmp_si_2exp(a, 1, to.bits - 1) < 0 && mpfr_cmp_si_2exp(a, -1, to.bits - 1) >= 0;
    if (ok) *out = (int64_t)mpfr_get_sj(a, MPFR_RNDZ);
  } else {
    ok = mpfr_sgn(a) >= 0 && mpfr_cmp_ui_2exp(a, 1, to.bits) < 0;
    if (ok) *out = (int64_t)(uint64_t)mpfr_get_uj(a, MPFR_RNDZ);
  }
  mpfr_clear(a);
  return ok;
}

/* The rank of a non-NaN key in the order of values: the two zeros share 0. */
static int64_t rank(int64_t key) { return key < 0 ? key + 1 : key; }

bool fp_eval_compare(const FpFormat *f, OpRel rel, int64_t x, int64_t y) {
  if (fp_key_is_nan(f, x) || fp_key_is_nan(f, y)) return rel == OP_NE;
  int64_t a = rank(x), b = rank(y);
  switch (rel) {
  case OP_EQ: return a == b;
  case OP_NE: return a != b;
  case OP_LT: return a < b;
  case OP_LE: return a <= b;
  case OP_GT: return a > b;
  case OP_GE: return a >= b;
  }
  return false;
}
