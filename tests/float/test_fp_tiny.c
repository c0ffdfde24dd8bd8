/* test_fp_tiny.c - every float projection (operators/float/) checked
 * exhaustively on tiny formats, against the reference semantics of
 * fp_eval_* (MPFR at the tiny precision and exponent range, with
 * subnormals, signed zeros, infinities and NaN).
 *
 * Formats: 3 bits of precision and 3 of exponent (59 keys: every domain is
 * small, so projections run unguarded), and 4/3 (115 keys: the guard
 * against slow convergence is exercised).  For random domains of operands
 * and results, tests/operators/brute.h enumerates every tuple and checks:
 * nothing a solution uses is removed, search finds exactly the solutions,
 * fixing the operands decides.  The tightness (values kept that no solution
 * uses) is reported on stderr.
 */
#include "check.h"
#include "operators/brute.h"
#include "inka/fp.h"

static FpFormat fmts[3];     /* 3/3, 4/3, and 3/2 (a conversion target) */

enum { F_ADD, F_SUB, F_MUL, F_DIV, F_NEG, F_ABS, F_SQRT, F_CMP, F_CONV, F_FROM_INT, F_TO_INT,
       F_TO_INT_DEF, F_BITS, F_COUNT };
static const char *names[F_COUNT] = {"add", "sub", "mul", "div", "neg", "abs", "sqrt", "compare",
                                     "convert", "from_int", "to_int", "to_int_defined", "bits"};

static bool unary(int op) { return op >= F_NEG && op != F_CMP; }
static const FpFormat *fx(const BrSys *sys) { return &fmts[sys->bits]; }
static const FpFormat *fz(const BrSys *sys) { return &fmts[sys->bits2]; }
static OpCType int8(const BrSys *sys) { return (OpCType){8, sys->sgn}; }

static bool fp_eval_sys(const BrSys *sys, int64_t *v) {
  const FpFormat *f = fx(sys);
  int64_t x = v[0], y = v[1];
  int zi = unary(sys->op) ? 1 : 2;
  switch (sys->op) {
  case F_ADD: case F_SUB: case F_MUL: case F_DIV:
    v[zi] = fp_eval_binary(f, (FpBinary)(sys->op - F_ADD), x, sys->alias ? x : y);
    return true;
  case F_NEG: v[1] = fp_key_is_nan(f, x) ? x : fp_key_neg(x); return true;
  case F_ABS: v[1] = fp_key_is_nan(f, x) || x >= 0 ? x : fp_key_neg(x); return true;
  case F_SQRT: v[1] = fp_eval_sqrt(f, x); return true;
  case F_CMP: v[2] = fp_eval_compare(f, (OpRel)sys->rel, x, sys->alias ? x : y); return true;
  case F_CONV: v[1] = fp_eval_convert(f, x, fz(sys)); return true;
  case F_FROM_INT: v[1] = fp_eval_from_int(fz(sys), int8(sys), x); return true;
  case F_TO_INT: return fp_eval_to_int(f, x, int8(sys), &v[1]);
  case F_BITS: v[1] = fp_key_of_bits(f, (uint64_t)x); return true; /* x: the pattern, v[1]: its key */
  case F_TO_INT_DEF: {
    int64_t dummy;
    v[1] = fp_eval_to_int(f, x, int8(sys), &dummy);
    return true;
  }
  }
  return false;
}

static bool fp_post_sys(PropStore *s, const BrSys *sys, const PropVar *v) {
  const FpFormat *f = fx(sys);
  PropVar x = v[0], y = sys->alias ? v[0] : v[1], z = unary(sys->op) ? v[1] : v[2];
  switch (sys->op) {
  case F_ADD: case F_SUB: case F_MUL: case F_DIV: return fp_binary(s, f, (FpBinary)(sys->op - F_ADD), x, y, z);
  case F_NEG: return fp_neg(s, f, x, z);
  case F_ABS: return fp_abs(s, f, x, z);
  case F_SQRT: return fp_sqrt(s, f, x, z);
  case F_CMP: return fp_compare(s, f, (OpRel)sys->rel, x, y, z);
  case F_CONV: return fp_convert(s, f, x, fz(sys), z);
  case F_FROM_INT: return fp_from_int(s, int8(sys), x, fz(sys), z);
  case F_TO_INT: return fp_to_int(s, f, x, int8(sys), z);
  case F_TO_INT_DEF: return fp_to_int_defined(s, f, x, int8(sys), z);
  case F_BITS: return fp_bits(s, f, z, x);
  }
  return false;
}

/* A random domain of keys of f: small sets, intervals, anchored near the
   interesting values (zeros, infinities, NaN, the largest finite), or all. */
static BrDom rand_keys(const FpFormat *f) {
  int64_t lo = fp_key_neg(f->inf_key), hi = fp_key_nan(f);
  int kind = (int)(br_rand() % 4);
  if (kind == 0) return br_interval(lo, hi);
  if (kind == 1) {
    const int64_t anchors[] = {-1, 0, f->inf_key, fp_key_neg(f->inf_key), hi, f->inf_key - 1, 1};
    return br_rand_anchored(anchors, 7, 3, lo, hi, 10);
  }
  return br_rand_small(lo, hi, 24);
}

static long kept_total[F_COUNT], used_total[F_COUNT];

/* Tightness: values left after posting vs values some solution uses. */
static void measure(const BrSys *sys) {
  int64_t tuple[BR_MAXV] = {0};
  BrSet sols = {.n = sys->n};
  br_each(sys, 0, tuple, collect, &sols);
  PropVar v[BR_MAXV];
  bool posted;
  PropStore *s = br_build(sys, v, &posted);
  for (int i = 0; posted && i < sys->n; i++) {
    kept_total[sys->op] += (long)prop_size(s, v[i]);
    int64_t x = prop_min(s, v[i]);
    for (;;) {
      bool used = false;
      for (int k = 0; k < sols.count && !used; k++) used = sols.t[(size_t)k * (size_t)sys->n + i] == x;
      used_total[sys->op] += used;
      if (!prop_next(s, v[i], x, &x)) break;
    }
  }
  prop_store_free(s);
  free(sols.t);
}

static BrSys make_system(int op, uint64_t seed) {
  BrSys sys = {.name = names[op], .seed = seed, .op = op, .post = fp_post_sys, .eval = fp_eval_sys};
  br_seed(seed * 131 + (uint64_t)op);
  sys.bits = (int)(br_rand() % 2);
  sys.bits2 = (int)(br_rand() % 3);
  sys.sgn = br_rand() % 2;
  sys.rel = (int)(br_rand() % 6);
  sys.nfree = unary(sys.op) ? 1 : 2;
  sys.n = sys.nfree + 1;
  const FpFormat *f = fx(&sys);
  if (op == F_BITS) { /* the patterns of the format's n bits */
    int64_t top = ((int64_t)1 << (f->exp_bits + f->prec)) - 1;
    sys.dom[0] = br_rand() % 3 ? br_rand_small(0, top, 30) : br_interval(0, top);
  } else if (op == F_FROM_INT) {
    int64_t lo = sys.sgn ? -128 : 0, hi = sys.sgn ? 127 : 255;
    sys.dom[0] = br_rand() % 3 ? br_rand_small(lo, hi, 30) : br_interval(lo, hi);
  } else {
    for (int i = 0; i < sys.nfree; i++) sys.dom[i] = rand_keys(f);
  }
  if ((op <= F_DIV || op == F_CMP) && br_rand() % 8 == 0) {   /* x op x, x rel x */
    sys.dom[1] = sys.dom[0];
    sys.same = sys.alias = true;
  }
  int64_t zlo, zhi;
  if (op == F_CMP || op == F_TO_INT_DEF) zlo = 0, zhi = 1;
  else if (op == F_TO_INT) zlo = sys.sgn ? -128 : 0, zhi = sys.sgn ? 127 : 255;
  else {
    const FpFormat *g = op == F_CONV || op == F_FROM_INT ? fz(&sys) : f;
    zlo = fp_key_neg(g->inf_key), zhi = fp_key_nan(g);
  }
  sys.dom[sys.n - 1] = br_func_domain(&sys, sys.n - 1, zlo, zhi);
  return sys;
}

static void run_op(int op, int count) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count((uint64_t)count); seed++) {
    BrSys sys = make_system(op, seed);
    if (!br_check(&sys)) break;
    measure(&sys);
  }
  CHECK_EQ_INT(br_failed, before);
  fprintf(stderr, "%-15s kept %ld values, %ld used by solutions (%.1f%% extra)\n", names[op],
          kept_total[op], used_total[op],
          used_total[op] ? 100.0 * (double)(kept_total[op] - used_total[op]) / (double)used_total[op] : 0.0);
}

TEST(add) { run_op(F_ADD, 400 / 2); }
TEST(sub) { run_op(F_SUB, 400 / 2); }
TEST(mul) { run_op(F_MUL, 400 / 2); }
TEST(div) { run_op(F_DIV, 400 / 2); }
TEST(neg) { run_op(F_NEG, 300 / 2); }
TEST(abs) { run_op(F_ABS, 300 / 2); }
TEST(sqrt) { run_op(F_SQRT, 300 / 2); }
TEST(compare) { run_op(F_CMP, 600 / 2); }
TEST(convert) { run_op(F_CONV, 400 / 2); }
TEST(from_int) { run_op(F_FROM_INT, 300 / 2); }
TEST(to_int) { run_op(F_TO_INT, 300 / 2); }
TEST(to_int_defined) { run_op(F_TO_INT_DEF, 300 / 2); }
TEST(bits) { run_op(F_BITS, 300 / 2); }

/* Every pair of fixed operands gives the reference result (all of them). */
TEST(fixed_pairs_all) {
  const FpFormat *f = &fmts[0];
  int64_t lo = fp_key_neg(f->inf_key), hi = fp_key_nan(f);
  for (int op = FP_ADD; op <= FP_DIV; op++) {
    for (int64_t x = lo; x <= hi; x++) {
      for (int64_t y = lo; y <= hi; y++) {
        PropStore *s = prop_store_new();
        PropVar vx = fp_const(s, f, x), vy = fp_const(s, f, y), vz = fp_var(s, f);
        bool ok = fp_binary(s, f, (FpBinary)op, vx, vy, vz);
        CHECK(ok && prop_is_fixed(s, vz) && prop_value(s, vz) == fp_eval_binary(f, (FpBinary)op, x, y));
        prop_store_free(s);
      }
    }
  }
}

/* binary32 and binary64 (patterns of 32 bits unsigned, of 64 bits signed):
   fixed keys give their hardware bits, fixed patterns their keys, and the
   keys -5..5 the patterns 0..5 and -0..-4 with the sign bit. */
TEST(bits_hardware) {
  const FpFormat *fs[2] = {&fp_binary32, &fp_binary64};
  for (int i = 0; i < 2; i++) {
    const FpFormat *f = fs[i];
    int64_t keys[] = {0, -1, 1, f->inf_key, fp_key_neg(f->inf_key), f->inf_key - 1, fp_key_neg(f->inf_key - 1), 12345};
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
      PropStore *s = prop_store_new();
      PropVar x = fp_const(s, f, keys[k]), z = prop_new_var(s, i ? INT64_MIN : 0, i ? INT64_MAX : UINT32_MAX);
      CHECK(fp_bits(s, f, x, z) && prop_is_fixed(s, z) && (uint64_t)prop_value(s, z) == fp_key_to_bits(f, keys[k]));
      PropVar z2 = prop_new_var(s, (int64_t)fp_key_to_bits(f, keys[k]), (int64_t)fp_key_to_bits(f, keys[k]));
      PropVar x2 = fp_var(s, f);
      CHECK(fp_bits(s, f, x2, z2) && prop_is_fixed(s, x2) && prop_value(s, x2) == keys[k]);
      prop_store_free(s);
    }
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, -5, 5), z = prop_new_var(s, i ? INT64_MIN : 0, i ? INT64_MAX : UINT32_MAX);
    CHECK(fp_bits(s, f, x, z));
    uint64_t sign = fp_key_to_bits(f, -1);
    CHECK(prop_interval_count(s, z) == 2 && prop_size(s, z) == 11);
    CHECK(prop_has(s, z, 5) && prop_has(s, z, (int64_t)(sign + 4)) && !prop_has(s, z, 6));
    PropVar nan = fp_const(s, f, fp_key_nan(f)), zn = prop_new_var(s, i ? INT64_MIN : 0, i ? INT64_MAX : UINT32_MAX);
    CHECK(fp_bits(s, f, nan, zn) && !prop_is_fixed(s, zn) && prop_has(s, zn, (int64_t)fp_key_to_bits(f, fp_key_nan(f))));
    CHECK(!prop_has(s, zn, (int64_t)fp_key_to_bits(f, f->inf_key)));
    prop_store_free(s);
  }
}

int main(void) {
  fmts[0] = fp_format(3, 3);
  fmts[1] = fp_format(4, 3);
  fmts[2] = fp_format(3, 2);
  RUN(add);
  RUN(sub);
  RUN(mul);
  RUN(div);
  RUN(neg);
  RUN(abs);
  RUN(sqrt);
  RUN(compare);
  RUN(convert);
  RUN(from_int);
  RUN(to_int);
  RUN(to_int_defined);
  RUN(bits);
  RUN(bits_hardware);
  RUN(fixed_pairs_all);
  fprintf(stderr, "%ld systems checked\n", br_checked);
  return check_summary();
}
