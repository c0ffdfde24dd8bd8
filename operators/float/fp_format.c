/* fp_format.c - the formats and the ordered key encoding of their values,
 * exact MPFR values of keys, and correct rounding of reals into a format.
 *
 * Keys (see include/inka/fp.h): a non-negative key is the bit pattern of a
 * positive value without its sign, i.e. (biased exponent << (prec-1)) |
 * fraction; a negative value -v has key -1 - key(v).  So keys order values,
 * -0 and +0 are the adjacent keys -1 and 0, and NaN is inf_key + 1.
 *
 * Rounding follows MPFR's documented emulation of IEEE formats: round at
 * the format's precision in the default exponent range, then mpfr_check_range
 * and mpfr_subnormalize in the format's exponent range (emin = 3 - bias -
 * prec, emax = bias + 1 in MPFR's convention), passing the ternary value so
 * that subnormal results are not rounded twice.
 *
 * Never: compute a bound with host floating point (only the final exact
 * conversion of a binary32/binary64 key to a host double).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "fp_internal.h"

FpFormat fp_format(int prec, int exp_bits) {
  assert(prec >= 2 && prec <= 53 && exp_bits >= 2 && exp_bits <= 11);
  FpFormat f;
  f.prec = prec;
  f.exp_bits = exp_bits;
  f.bias = (1 << (exp_bits - 1)) - 1;
  f.inf_key = (int64_t)((1 << exp_bits) - 1) << (prec - 1);
  return f;
}

const FpFormat fp_binary32 = {24, 8, 127, (int64_t)0xFF << 23};
const FpFormat fp_binary64 = {53, 11, 1023, (int64_t)0x7FF << 52};

int64_t fp_key_nan(const FpFormat *f) { return f->inf_key + 1; }
int64_t fp_key_neg(int64_t key) { return -1 - key; }
bool fp_key_is_nan(const FpFormat *f, int64_t key) { return key == f->inf_key + 1; }

/* The IEEE exponent of the smallest normal, and MPFR's emin / emax. */
static long ieee_emin(const FpFormat *f) { return 1 - f->bias; }
static long mpfr_emin_of(const FpFormat *f) { return ieee_emin(f) - f->prec + 2; }
static long mpfr_emax_of(const FpFormat *f) { return f->bias + 1; }

/* ---- Bit patterns --------------------------------------------------------------- */

static int total_bits(const FpFormat *f) { return f->prec + f->exp_bits; }

int64_t fp_key_of_bits(const FpFormat *f, uint64_t bits) {
  uint64_t sign = (uint64_t)1 << (total_bits(f) - 1);
  uint64_t mag = bits & (sign - 1);
  if (mag > (uint64_t)f->inf_key) return fp_key_nan(f);
  return bits & sign ? fp_key_neg((int64_t)mag) : (int64_t)mag;
}

uint64_t fp_key_to_bits(const FpFormat *f, int64_t key) {
  uint64_t sign = (uint64_t)1 << (total_bits(f) - 1);
  if (fp_key_is_nan(f, key)) return (uint64_t)f->inf_key | ((uint64_t)1 << (f->prec - 2));
  assert(key >= fp_key_neg(f->inf_key) && key <= f->inf_key);
  return key >= 0 ? (uint64_t)key : sign | (uint64_t)fp_key_neg(key);
}

/* ---- Values ------------------------------------------------------------------------- */

void fpi_value(const FpFormat *f, int64_t key, mpfr_t out) {
  assert(!fp_key_is_nan(f, key) && mpfr_get_prec(out) >= f->prec);
  bool neg = key < 0;
  int64_t k = neg ? fp_key_neg(key) : key;
  assert(k <= f->inf_key);
  int64_t e = k >> (f->prec - 1), m = k & (((int64_t)1 << (f->prec - 1)) - 1);
  if (k == f->inf_key) {
    mpfr_set_inf(out, neg ? -1 : 1);
    return;
  }
  long scale;
  if (e == 0) {
    scale = ieee_emin(f) - (f->prec - 1);      /* subnormal: m * 2^(emin - (p-1)) */
  } else {
    m |= (int64_t)1 << (f->prec - 1);
    scale = e - f->bias - (f->prec - 1);
  }
  int t = mpfr_set_ui(out, (unsigned long)m, MPFR_RNDN);
  assert(t == 0);
  mpfr_mul_2si(out, out, scale, MPFR_RNDN);
  if (neg) mpfr_neg(out, out, MPFR_RNDN);
  if (m == 0 && neg) mpfr_set_zero(out, -1);
  (void)t;
}

int64_t fpi_key_of(const FpFormat *f, const mpfr_t v) {
  if (mpfr_nan_p(v)) return fp_key_nan(f);
  bool neg = mpfr_signbit(v);
  int64_t k;
  if (mpfr_zero_p(v)) {
    k = 0;
  } else if (mpfr_inf_p(v)) {
    k = f->inf_key;
  } else {
    long e = (long)mpfr_get_exp(v) - 1;        /* v = 1.xxx * 2^e */
    mpfr_t m;
    mpfr_init2(m, mpfr_get_prec(v) > f->prec ? mpfr_get_prec(v) : f->prec);
    mpfr_abs(m, v, MPFR_RNDN);
    int64_t biased;
    if (e >= ieee_emin(f)) {
      biased = e + f->bias;
      mpfr_mul_2si(m, m, f->prec - 1 - e, MPFR_RNDN);
      mpfr_sub_ui(m, m, (unsigned long)1 << (f->prec - 1), MPFR_RNDN);
    } else {
      biased = 0;
      mpfr_mul_2si(m, m, f->prec - 1 - ieee_emin(f), MPFR_RNDN);
    }
    assert(mpfr_integer_p(m) && biased < ((int64_t)1 << f->exp_bits) - 1);
    k = (biased << (f->prec - 1)) + (int64_t)mpfr_get_ui(m, MPFR_RNDN);
    mpfr_clear(m);
  }
  return neg ? fp_key_neg(k) : k;
}

int64_t fpi_round(const FpFormat *f, mpfr_t r, int t, mpfr_rnd_t rnd) {
  if (mpfr_nan_p(r)) return fp_key_nan(f);
  assert(mpfr_get_prec(r) == f->prec);
  mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
  mpfr_set_emin(mpfr_emin_of(f));
  mpfr_set_emax(mpfr_emax_of(f));
  t = mpfr_check_range(r, t, rnd);
  mpfr_subnormalize(r, t, rnd);
  mpfr_set_emin(old_emin);
  mpfr_set_emax(old_emax);
  return fpi_key_of(f, r);
}

/* a rounded into f with rnd. */
static int64_t round_real(const FpFormat *f, const mpfr_t a, mpfr_rnd_t rnd) {
  mpfr_t r;
  mpfr_init2(r, f->prec);
  int t = mpfr_set(r, a, rnd);
  int64_t k = fpi_round(f, r, t, rnd);
  mpfr_clear(r);
  return k;
}

static bool key_equals(const FpFormat *f, int64_t key, const mpfr_t a) {
  mpfr_t v;
  mpfr_init2(v, f->prec);
  fpi_value(f, key, v);
  bool eq = mpfr_equal_p(v, a);
  mpfr_clear(v);
  return eq;
}

int64_t fpi_lower_key(const FpFormat *f, const mpfr_t a, bool strict) {
  assert(!mpfr_nan_p(a));
  if (mpfr_inf_p(a)) return mpfr_sgn(a) < 0 ? fp_key_neg(f->inf_key) : f->inf_key + (strict ? 1 : 0);
  if (mpfr_zero_p(a)) return strict ? 1 : -1;
  int64_t k = round_real(f, a, MPFR_RNDU);
  if (strict && !fp_key_is_nan(f, k) && key_equals(f, k, a)) k++;
  return k;
}

int64_t fpi_upper_key(const FpFormat *f, const mpfr_t a, bool strict) {
  assert(!mpfr_nan_p(a));
  if (mpfr_inf_p(a)) return mpfr_sgn(a) > 0 ? f->inf_key : fp_key_neg(f->inf_key) - (strict ? 1 : 0);
  if (mpfr_zero_p(a)) return strict ? -2 : 0;
  int64_t k = round_real(f, a, MPFR_RNDD);
  if (strict && key_equals(f, k, a)) k--;
  return k;
}

/* The value of key, where the key past the largest finite stands for
   2^(bias+1), the first value an unbounded exponent would have there. */
static void extended_value(const FpFormat *f, int64_t key, mpfr_t out) {
  if (key == f->inf_key || key == fp_key_neg(f->inf_key)) {
    mpfr_set_ui_2exp(out, 1, f->bias + 1, MPFR_RNDN);
    if (key < 0) mpfr_neg(out, out, MPFR_RNDN);
    return;
  }
  fpi_value(f, key, out);
}

/* out = (value(a) + value(b)) / 2, exactly. */
static void midpoint(const FpFormat *f, int64_t a, int64_t b, mpfr_t out) {
  mpfr_t va, vb;
  mpfr_init2(va, f->prec);
  mpfr_init2(vb, f->prec);
  extended_value(f, a, va);
  extended_value(f, b, vb);
  int t = mpfr_add(out, va, vb, MPFR_RNDN);
  assert(t == 0);
  (void)t;
  mpfr_div_2ui(out, out, 1, MPFR_RNDN);
  mpfr_clear(va);
  mpfr_clear(vb);
}

void fpi_preimage(const FpFormat *f, int64_t zl, int64_t zh, mpfr_t lo, mpfr_t hi) {
  int64_t ninf = fp_key_neg(f->inf_key);
  assert(zl <= zh && zl >= ninf && zh <= f->inf_key);
  assert(mpfr_get_prec(lo) >= FPI_WIDE_PREC(f) && mpfr_get_prec(hi) >= FPI_WIDE_PREC(f));
  if (zl == ninf) mpfr_set_inf(lo, -1);
  else midpoint(f, zl - 1, zl, lo);   /* zl = +inf: the overflow threshold */
  if (zh == f->inf_key) mpfr_set_inf(hi, 1);
  else midpoint(f, zh, zh + 1, hi);
}

/* ---- Host values and text -------------------------------------------------------- */

int64_t fp_key_of_double(const FpFormat *f, double v) {
  mpfr_t r;
  mpfr_init2(r, 53);
  mpfr_set_d(r, v, MPFR_RNDN);
  int64_t k = mpfr_nan_p(r) ? fp_key_nan(f) : round_real(f, r, MPFR_RNDN);
  mpfr_clear(r);
  return k;
}

double fp_key_to_double(const FpFormat *f, int64_t key) {
  if (fp_key_is_nan(f, key)) return __builtin_nan("");
  mpfr_t r;
  mpfr_init2(r, f->prec);
  fpi_value(f, key, r);
  double d = mpfr_get_d(r, MPFR_RNDN);   /* exact when f fits in binary64 */
  mpfr_clear(r);
  return d;
}

bool fp_key_of_text(const FpFormat *f, const char *text, int64_t *key) {
  mpfr_t r;
  mpfr_init2(r, f->prec);
  char *end;
  int t = mpfr_strtofr(r, text, &end, 0, MPFR_RNDN);
  bool ok = end != text && *end == '\0';
  if (ok) *key = fpi_round(f, r, t, MPFR_RNDN);
  mpfr_clear(r);
  return ok;
}

int fp_key_format(const FpFormat *f, int64_t key, char *buf, size_t size) {
  if (fp_key_is_nan(f, key)) return snprintf(buf, size, "nan");
  if (key == f->inf_key) return snprintf(buf, size, "inf");
  if (key == fp_key_neg(f->inf_key)) return snprintf(buf, size, "-inf");
  mpfr_t r;
  mpfr_init2(r, f->prec);
  fpi_value(f, key, r);
  int n = mpfr_snprintf(buf, size, "%Ra", r);
  mpfr_clear(r);
  return n;
}
