/* test_fp_hw.c - binary32 and binary64 against the hardware: the key
 * encoding, every single-value operation (fp_eval_*) against x86-64 SSE
 * arithmetic (volatile operands, no excess precision), and propagation:
 * random key windows around a tuple the hardware computed must keep it,
 * and fixed operands must fix the result to the hardware's.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "operators/brute.h"
#include "inka/fp.h"

static float bits_to_float(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static double bits_to_double(uint64_t b) { double d; memcpy(&d, &b, 8); return d; }
static uint32_t float_bits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static uint64_t double_bits(double d) { uint64_t b; memcpy(&b, &d, 8); return b; }

/* Interesting random bit patterns: uniform, small integers and fractions,
   subnormals, near the largest finite, zeros, infinities, NaN. */
static uint64_t rand_bits(const FpFormat *f) {
  int total = f->prec + f->exp_bits;
  uint64_t sign = br_rand() % 2 ? (uint64_t)1 << (total - 1) : 0;
  int64_t inf = f->inf_key;
  switch (br_rand() % 8) {
  case 0: return br_rand() & ((total == 64 ? 0 : ((uint64_t)1 << total)) - 1);
  case 1: return sign | (uint64_t)br_range(0, 40);                        /* subnormal */
  case 2: return sign | (uint64_t)br_range(inf - 40, inf);                /* huge, inf */
  case 3: return sign | (uint64_t)br_range(0, 3);
  case 4: return sign | (uint64_t)(inf + 1 + br_range(0, 5));             /* NaN */
  default: {                                                             /* a small value */
    double d = (double)br_range(-1000, 1000) / (double)(1 << br_range(0, 12));
    return f == &fp_binary32 ? float_bits((float)d) : double_bits(d);
  }
  }
}

static int64_t rand_key(const FpFormat *f) { return fp_key_of_bits(f, rand_bits(f)); }

static float kf(int64_t k) { return bits_to_float((uint32_t)fp_key_to_bits(&fp_binary32, k)); }
static double kd(int64_t k) { return bits_to_double(fp_key_to_bits(&fp_binary64, k)); }
static int64_t fk(float v) { return fp_key_of_bits(&fp_binary32, float_bits(v)); }
static int64_t dk(double v) { return fp_key_of_bits(&fp_binary64, double_bits(v)); }

TEST(encoding) {
  br_seed(7);
  for (int i = 0; i < 20000; i++) {
    int64_t a = rand_key(&fp_binary32), b = rand_key(&fp_binary32);
    float x = kf(a), y = kf(b);
    if (!isnan(x) && !isnan(y) && x != y) CHECK((a < b) == (x < y));
    if (!isnan(x)) CHECK(fp_key_to_double(&fp_binary32, a) == (double)x);
    CHECK(fk(x) == a);
    int64_t c = rand_key(&fp_binary64);
    double d = kd(c);
    if (!isnan(d)) CHECK(fp_key_to_double(&fp_binary64, c) == d && fp_key_of_double(&fp_binary64, d) == c);
    char buf[64];
    fp_key_format(&fp_binary64, c, buf, sizeof buf);
    int64_t back;
    CHECK(fp_key_of_text(&fp_binary64, buf, &back) && back == c);
    fp_key_format(&fp_binary32, a, buf, sizeof buf);
    CHECK(fp_key_of_text(&fp_binary32, buf, &back) && back == a);
  }
  CHECK(fk(-0.0f) == -1 && fk(0.0f) == 0 && fp_key_neg(fk(1.5f)) == fk(-1.5f));
  int64_t k;
  CHECK(fp_key_of_text(&fp_binary64, "0.1", &k) && k == dk(0.1));
  CHECK(fp_key_of_text(&fp_binary32, "0.1", &k) && k == fk(0.1f));
}

static float hw_f(int op, float x, float y) {
  volatile float a = x, b = y, r = 0;
  switch (op) {
  case FP_ADD: r = a + b; break;
  case FP_SUB: r = a - b; break;
  case FP_MUL: r = a * b; break;
  case FP_DIV: r = a / b; break;
  }
  return r;
}

static double hw_d(int op, double x, double y) {
  volatile double a = x, b = y, r = 0;
  switch (op) {
  case FP_ADD: r = a + b; break;
  case FP_SUB: r = a - b; break;
  case FP_MUL: r = a * b; break;
  case FP_DIV: r = a / b; break;
  }
  return r;
}

/* Same value, NaN matching NaN. */
static bool same_f(int64_t k, float v) { return isnan(v) ? fp_key_is_nan(&fp_binary32, k) : k == fk(v); }
static bool same_d(int64_t k, double v) { return isnan(v) ? fp_key_is_nan(&fp_binary64, k) : k == dk(v); }

TEST(eval_vs_hardware) {
  br_seed(11);
  for (int i = 0; i < 40000; i++) {
    int op = (int)(br_rand() % 4);
    int64_t a = rand_key(&fp_binary32), b = rand_key(&fp_binary32);
    float x = kf(a), y = kf(b);
    CHECK(same_f(fp_eval_binary(&fp_binary32, (FpBinary)op, a, b), hw_f(op, x, y)));
    int64_t c = rand_key(&fp_binary64), d = rand_key(&fp_binary64);
    CHECK(same_d(fp_eval_binary(&fp_binary64, (FpBinary)op, c, d), hw_d(op, kd(c), kd(d))));
    /* sqrt, conversions, comparisons */
    volatile float vx = x;
    volatile double vd = kd(c);
    CHECK(same_f(fp_eval_sqrt(&fp_binary32, a), sqrtf(vx)));
    CHECK(same_d(fp_eval_sqrt(&fp_binary64, c), sqrt(vd)));
    CHECK(same_d(fp_eval_convert(&fp_binary32, a, &fp_binary64), (double)vx));
    CHECK(same_f(fp_eval_convert(&fp_binary64, c, &fp_binary32), (float)vd));
    for (int r = OP_EQ; r <= OP_GE; r++) {
      volatile float p = x, q = y;
      bool hw = r == OP_EQ ? p == q : r == OP_NE ? p != q : r == OP_LT ? p < q : r == OP_LE ? p <= q
              : r == OP_GT ? p > q : p >= q;
      CHECK(fp_eval_compare(&fp_binary32, (OpRel)r, a, b) == hw);
    }
    /* integers to floats */
    int64_t n = (int64_t)br_rand() >> br_range(0, 63);
    volatile int64_t vn = n;
    volatile int32_t vi = (int32_t)n;
    volatile uint64_t vu = (uint64_t)n;
    CHECK(same_f(fp_eval_from_int(&fp_binary32, (OpCType){64, true}, n), (float)vn));
    CHECK(same_d(fp_eval_from_int(&fp_binary64, (OpCType){64, true}, n), (double)vn));
    CHECK(same_f(fp_eval_from_int(&fp_binary32, (OpCType){32, true}, (int32_t)n), (float)vi));
    CHECK(same_f(fp_eval_from_int(&fp_binary32, (OpCType){64, false}, n), (float)vu));
    CHECK(same_d(fp_eval_from_int(&fp_binary64, (OpCType){64, false}, n), (double)vu));
    /* floats to integers, where defined */
    int64_t out;
    volatile double w = kd(c);
    if (fp_eval_to_int(&fp_binary64, c, (OpCType){32, true}, &out)) {
      CHECK(w > -2147483649.0 && w < 2147483648.0 && out == (int32_t)w);
    } else {
      CHECK(!(w > -2147483649.0 && w < 2147483648.0));
    }
    if (fp_eval_to_int(&fp_binary32, a, (OpCType){64, false}, &out)) {
      CHECK(vx > -1.0f && vx < 18446744073709551616.0f && (uint64_t)out == (uint64_t)vx);
    } else {
      CHECK(!(vx > -1.0f && vx < 18446744073709551616.0f));
    }
  }
}

/* A window of keys around k: [k - a, k + b] within the format. */
static BrDom window(const FpFormat *f, int64_t k) {
  int64_t w1 = (int64_t)(br_rand() % 4 == 0 ? br_rand() >> br_range(1, 63) : br_rand() % 64);
  int64_t w2 = (int64_t)(br_rand() % 4 == 0 ? br_rand() >> br_range(1, 63) : br_rand() % 64);
  __int128 lo = (__int128)k - w1, hi = (__int128)k + w2;
  if (lo < fp_key_neg(f->inf_key)) lo = fp_key_neg(f->inf_key);
  if (hi > fp_key_nan(f)) hi = fp_key_nan(f);
  return br_interval((int64_t)lo, (int64_t)hi);
}

static PropVar var_in(PropStore *s, const BrDom *d) {
  PropDomain pd = {(PropInterval *)d->iv, d->n, d->n};
  return prop_new_var_domain(s, &pd);
}

TEST(propagation_keeps_hardware_results) {
  br_seed(13);
  const FpFormat *fs[2] = {&fp_binary32, &fp_binary64};
  for (int i = 0; i < 20000; i++) {
    const FpFormat *f = fs[i % 2];
    int op = (int)(br_rand() % 4);
    int64_t a = rand_key(f), b = rand_key(f), c;
    c = f == &fp_binary32 ? fk(hw_f(op, kf(a), kf(b))) : dk(hw_d(op, kd(a), kd(b)));
    PropStore *s = prop_store_new();
    BrDom dx = window(f, a), dy = window(f, b), dz = window(f, c);
    PropVar x = var_in(s, &dx), y = var_in(s, &dy), z = var_in(s, &dz);
    bool ok = fp_binary(s, f, (FpBinary)op, x, y, z);
    CHECK(ok && prop_has(s, x, a) && prop_has(s, y, b) && prop_has(s, z, c));
    if (ok) {   /* fixing the operands fixes the result to the hardware's */
      ok = prop_fix(s, x, a) && prop_fix(s, y, b) && prop_propagate(s);
      CHECK(ok && prop_is_fixed(s, z) && prop_value(s, z) == c);
    }
    prop_store_free(s);
    /* conversions and sqrt */
    s = prop_store_new();
    int64_t r = f == &fp_binary32 ? fk(sqrtf(kf(a))) : dk(sqrt(kd(a)));
    dx = window(f, a);
    dz = window(f, r);
    x = var_in(s, &dx);
    z = var_in(s, &dz);
    ok = fp_sqrt(s, f, x, z);
    CHECK(ok && prop_has(s, x, a) && prop_has(s, z, r));
    prop_store_free(s);
    s = prop_store_new();
    const FpFormat *g = fs[1 - i % 2];
    r = f == &fp_binary32 ? dk((double)kf(a)) : fk((float)kd(a));
    dx = window(f, a);
    dz = window(g, r);
    x = var_in(s, &dx);
    z = var_in(s, &dz);
    ok = fp_convert(s, f, x, g, z);
    CHECK(ok && prop_has(s, x, a) && prop_has(s, z, r));
    prop_store_free(s);
    s = prop_store_new();
    int64_t n = (int64_t)br_rand() >> br_range(0, 63);
    r = f == &fp_binary32 ? fk((float)n) : dk((double)n);
    BrDom dn = br_interval(n > INT64_MIN + 500 ? n - (int64_t)(br_rand() % 500) : n, n);
    dz = window(f, r);
    x = var_in(s, &dn);
    z = var_in(s, &dz);
    ok = fp_from_int(s, (OpCType){64, true}, x, f, z);
    CHECK(ok && prop_has(s, x, n) && prop_has(s, z, r));
    prop_store_free(s);
  }
}

/* y = x + 1, y == x, x > 0: each round of exact propagation would move x
   by one float (2^24 rounds to absorption); the guard stops it at once,
   and fixing x decides. */
TEST(slow_convergence_is_cut) {
  const FpFormat *f = &fp_binary32;
  PropStore *s = prop_store_new();
  PropVar x = fp_var(s, f), y = fp_var(s, f), one = fp_const(s, f, fk(1.0f)), zero = fp_const(s, f, 0);
  PropVar eq = prop_new_var(s, 1, 1), pos = prop_new_var(s, 1, 1);
  bool ok = fp_binary(s, f, FP_ADD, x, one, y) && fp_compare(s, f, OP_EQ, y, x, eq) &&
            fp_compare(s, f, OP_GT, x, zero, pos);
  CHECK(ok && prop_stats(s)->propagations < 1000);
  CHECK(prop_min(s, x) >= fk(1.0f));   /* the big steps were taken */
  prop_push(s);
  CHECK(!(prop_fix(s, x, fk(1e6f)) && prop_propagate(s)));   /* 1e6 + 1 != 1e6 */
  prop_pop(s);
  prop_push(s);
  CHECK(prop_fix(s, x, fk(1e8f)) && prop_propagate(s) && prop_value(s, y) == fk(1e8f));
  prop_pop(s);
  prop_store_free(s);
}

int main(void) {
  RUN(slow_convergence_is_cut);
  RUN(encoding);
  RUN(eval_vs_hardware);
  RUN(propagation_keeps_hardware_results);
  return check_summary();
}
