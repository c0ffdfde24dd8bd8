/* test_fp_relate_known.c - the float relations against brute
 * force (operators/float/fp_relate.c rules 5' and 7, fp_unary.c):
 *   - a truncation converted back: u = (G)(T2)(T1)x against x (G == F) or
 *     against (G)x, under a sign of x (a comparison with a signed zero);
 *   - monotone pairs through a known order: x rel1 w, w rel2 y posted,
 *     then (x op d) rel (y op d), and the quadratic shape
 *     (-b + s) op d rel (-b - s) op d with -b posted twice (the unary maps
 *     numbered by fp_unary.c) and s = sqrt(y) or y >= 0.
 * Tiny formats (2/3 .. 6/4 bits): every tuple of the input box is evaluated
 * with fp_eval_*; after posting and propagating, every solution must still
 * be in the domains, and a failed store must have none.  NaN, infinities,
 * signed zeros and subnormals are in the boxes.  The refutations are
 * counted (the rules must fire).  binary64: refuted systems are sampled on
 * the hardware.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "operators/brute.h"
#include "inka/fp.h"
#include "inka/arith.h"

static FpFormat fmt[4];   /* 2/3, 3/3, 4/3, 6/4 */

static int64_t rand_in(const FpFormat *f) { return br_range(fp_key_neg(f->inf_key), fp_key_nan(f)); }

/* A box of at most width + 1 keys, anywhere (NaN and infinities included). */
static void rand_box(const FpFormat *f, int64_t *lo, int64_t *hi, int width) {
  int64_t a = rand_in(f), b = rand_in(f);
  if (br_rand() % 3 == 0) a = br_range(-2, 1), b = a + br_range(0, width);   /* around the zeros */
  *lo = a < b ? a : b;
  *hi = a < b ? b : a;
  if (*hi > fp_key_nan(f)) *hi = fp_key_nan(f);
  if (*hi - *lo > width) {
    *lo = br_range(*lo, *hi - width);
    *hi = *lo + width;
  }
}

static bool cmp_fixed(PropStore *s, const FpFormat *f, OpRel rel, PropVar x, PropVar y, int bit) {
  PropVar b = prop_new_var(s, 0, 1);
  return fp_compare(s, f, rel, x, y, b) && prop_fix(s, b, bit) && prop_propagate(s);
}

/* ---- A truncation converted back --------------------------------------------------- */

static const OpCType itypes[] = {{8, true}, {8, false}, {16, true}, {64, true}, {64, false}};
enum { NTYPES = 5 };

/* Every value of t1 is a value of t2. */
static bool contains(OpCType t2, OpCType t1) {
  if (t1.is_signed && !t2.is_signed) return false;
  if (t1.is_signed == t2.is_signed) return t2.bits >= t1.bits;
  return t2.bits > t1.bits;   /* unsigned into signed */
}

TEST(trunc_back_keeps_every_solution) {
  br_seed(17);
  int refuted = 0, systems = 0;
  for (int i = 0; i < 6000; i++) {
    const FpFormat *f = &fmt[1 + i % 2], *g = i % 4 < 2 ? f : &fmt[(i / 4) % 4];
    OpCType t1 = itypes[br_range(0, NTYPES - 1)], t2 = itypes[br_range(0, NTYPES - 1)];
    if (!contains(t2, t1)) t2 = t1;
    int64_t lo, hi, zero = br_rand() % 2 ? -1 : 0;   /* -0 or +0 */
    rand_box(f, &lo, &hi, 40);
    int sign_rel = (int)br_range(0, 6), sign_bit = (int)br_range(0, 1);   /* 6: no sign constraint */
    int rel = (int)br_range(0, 5), bit = (int)br_range(0, 1);
    bool copy = br_rand() % 2;
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, lo, hi), z0 = fp_const(s, f, zero), d = prop_new_var(s, 0, 1);
    PropVar q = prop_new_var(s, INT64_MIN, INT64_MAX), q2 = prop_new_var(s, INT64_MIN, INT64_MAX);
    PropVar u = fp_var(s, g), w = fp_var(s, g);
    static const int64_t coef[2] = {1, -1};
    PropVar qq[2] = {q2, q};
    bool alive = (sign_rel == 6 || cmp_fixed(s, f, (OpRel)sign_rel, x, z0, sign_bit)) &&
                 fp_to_int_defined(s, f, x, t1, d) && prop_fix(s, d, 1) && fp_to_int(s, f, x, t1, q) &&
                 (!copy || op_linear(s, 2, coef, qq, OP_EQ, 0)) && fp_from_int(s, t2, copy ? q2 : q, g, u) &&
                 (g == f || fp_convert(s, f, x, g, w)) && prop_propagate(s) &&
                 cmp_fixed(s, g, (OpRel)rel, u, g == f ? x : w, bit);
    systems++;
    refuted += !alive;
    for (int64_t k = lo; k <= hi; k++) {
      int64_t qk, wk = g == f ? k : fp_eval_convert(f, k, g);
      if (sign_rel < 6 && fp_eval_compare(f, (OpRel)sign_rel, k, zero) != (bool)sign_bit) continue;
      if (!fp_eval_to_int(f, k, t1, &qk)) continue;
      int64_t uk = fp_eval_from_int(g, t2, qk);
      if (fp_eval_compare(g, (OpRel)rel, uk, wk) != (bool)bit) continue;
      if (!alive || !prop_has(s, x, k) || !prop_has(s, q, qk) || !prop_has(s, u, uk) ||
          (g != f && !prop_has(s, w, wk))) {
        fprintf(stderr, "trunc back: lost x key %lld (box %lld..%lld, f prec %d, g prec %d, t1 %d%c, t2 %d%c, "
                        "sign rel %d bit %d zero %lld, rel %d bit %d, copy %d)\n",
                (long long)k, (long long)lo, (long long)hi, f->prec, g->prec, t1.bits, t1.is_signed ? 's' : 'u',
                t2.bits, t2.is_signed ? 's' : 'u', sign_rel, sign_bit, (long long)zero, rel, bit, copy);
        CHECK(false);
        prop_store_free(s);
        return;
      }
    }
    prop_store_free(s);
  }
  fprintf(stderr, "trunc back: %d of %d systems refuted\n", refuted, systems);
  CHECK(refuted > systems / 20);
}

/* ---- Monotone pairs through a known order ---------------------------------------------- */

enum { W = 10 };   /* box width: (W + 1)^3 tuples */

typedef struct Pair {
  const FpFormat *f;
  int shape;         /* 0: x rel1 m rel2 y chain; 1: quadratic */
  int64_t lo[3], hi[3];
  int64_t ck;        /* the shared operand when constant */
  bool dconst, use_sqrt, swapped;
  int rel1, rel2, op, rel, bit, unary;
} Pair;

/* The values of one tuple (x, m/b, y/s-source, d): false when a posted
   condition fails.  out: r1, r2 (and the intermediate values). */
static bool pair_eval(const Pair *p, const int64_t *in, int64_t *out) {
  const FpFormat *f = p->f;
  int64_t d = p->dconst ? p->ck : in[2];
  int64_t a, b;
  if (p->shape == 0) {   /* x rel1 m rel2 y, d constant */
    if (!fp_eval_compare(f, (OpRel)p->rel1, in[0], in[1])) return false;
    if (!fp_eval_compare(f, (OpRel)p->rel2, in[1], in[2])) return false;
    a = in[0];
    b = in[2];
  } else {
    int64_t y = in[1], sv, x = in[0], nb;
    if (!fp_eval_compare(f, OP_GE, y, 0)) return false;
    sv = p->use_sqrt ? fp_eval_sqrt(f, y) : y;
    if (fp_key_is_nan(f, x)) nb = x;
    else if (p->unary == 0) nb = fp_key_neg(x);
    else if (p->unary == 1) nb = x < 0 ? fp_key_neg(x) : x;
    else nb = fp_eval_sqrt(f, x);
    a = fp_eval_binary(f, FP_SUB, nb, sv);
    b = fp_eval_binary(f, FP_ADD, nb, sv);
    out[2] = nb;
    out[3] = sv;
    out[4] = a;
    out[5] = b;
  }
  out[0] = p->swapped ? fp_eval_binary(f, (FpBinary)p->op, d, a) : fp_eval_binary(f, (FpBinary)p->op, a, d);
  out[1] = p->swapped ? fp_eval_binary(f, (FpBinary)p->op, d, b) : fp_eval_binary(f, (FpBinary)p->op, b, d);
  return fp_eval_compare(f, (OpRel)p->rel, out[0], out[1]) == (bool)p->bit;
}

static bool unary(PropStore *s, const FpFormat *f, int kind, PropVar x, PropVar z) {
  return kind == 0 ? fp_neg(s, f, x, z) : kind == 1 ? fp_abs(s, f, x, z) : fp_sqrt(s, f, x, z);
}

/* Posts p; vars: r1, r2 and the intermediates (as pair_eval's out). */
static bool pair_post(PropStore *s, const Pair *p, const PropVar *in, PropVar *v) {
  const FpFormat *f = p->f;
  PropVar d = p->dconst ? fp_const(s, f, p->ck) : in[2], a, b;
  for (int i = 0; i < 6; i++) v[i] = fp_var(s, f);
  if (p->shape == 0) {
    if (!cmp_fixed(s, f, (OpRel)p->rel1, in[0], in[1], 1) || !cmp_fixed(s, f, (OpRel)p->rel2, in[1], in[2], 1))
      return false;
    a = in[0];
    b = in[2];
  } else {
    PropVar sv = in[1], z = fp_const(s, f, br_rand() % 2 ? fp_key_neg(0) : 0), nb2 = fp_var(s, f);
    if (!cmp_fixed(s, f, OP_GE, in[1], z, 1)) return false;
    if (p->use_sqrt && !fp_sqrt(s, f, in[1], sv = v[3])) return false;
    /* the same unary map twice, as the translation posts -b twice */
    if (!unary(s, f, p->unary, in[0], v[2]) || !unary(s, f, p->unary, in[0], nb2)) return false;
    if (!fp_binary(s, f, FP_SUB, nb2, sv, v[4]) || !fp_binary(s, f, FP_ADD, v[2], sv, v[5])) return false;
    a = v[4];
    b = v[5];
  }
  bool ok = p->swapped ? fp_binary(s, f, (FpBinary)p->op, d, a, v[0]) && fp_binary(s, f, (FpBinary)p->op, d, b, v[1])
                       : fp_binary(s, f, (FpBinary)p->op, a, d, v[0]) && fp_binary(s, f, (FpBinary)p->op, b, d, v[1]);
  return ok && prop_propagate(s) && cmp_fixed(s, f, (OpRel)p->rel, v[0], v[1], p->bit);
}

TEST(pairs_known_keep_every_solution) {
  br_seed(23);
  int refuted[2] = {0, 0}, systems[2] = {0, 0};
  for (int i = 0; i < 6000; i++) {
    Pair p = {.f = &fmt[1 + i % 2], .shape = i % 2};
    for (int k = 0; k < 3; k++) rand_box(p.f, &p.lo[k], &p.hi[k], W);
    p.ck = br_rand() % 2 ? rand_in(p.f) : br_range(1, p.f->inf_key - 1) * (br_rand() % 2 ? 1 : -1);
    p.dconst = p.shape == 0 || br_rand() % 2;
    p.use_sqrt = br_rand() % 2;
    p.swapped = br_rand() % 2;
    p.rel1 = (int)br_range(2, 5);
    p.rel2 = (int)(br_rand() % 2 ? p.rel1 : br_range(0, 5));
    if (p.rel2 == OP_NE) p.rel2 = OP_EQ;
    p.op = (int)br_range(0, 3);
    p.rel = (int)br_range(0, 5);
    p.bit = (int)br_range(0, 1);
    p.unary = (int)br_range(0, 2);
    if (p.shape == 1 && !p.dconst) p.hi[2] = p.lo[2] + (p.hi[2] - p.lo[2]) / 3;   /* a variable d, kept small */
    PropStore *s = prop_store_new();
    PropVar in[3], v[6];
    for (int k = 0; k < 3; k++) in[k] = prop_new_var(s, p.lo[k], p.hi[k]);
    bool alive = pair_post(s, &p, in, v);
    systems[p.shape]++;
    refuted[p.shape] += !alive;
    int64_t t[3], val[6];
    for (t[0] = p.lo[0]; t[0] <= p.hi[0]; t[0]++)
      for (t[1] = p.lo[1]; t[1] <= p.hi[1]; t[1]++)
        for (t[2] = p.lo[2]; t[2] <= p.hi[2]; t[2]++) {
          if (!pair_eval(&p, t, val)) continue;
          bool kept = alive;
          for (int k = 0; k < 3 && kept; k++) kept = prop_has(s, in[k], t[k]);
          for (int k = 0; k < (p.shape ? 6 : 2) && kept; k++) kept = prop_has(s, v[k], val[k]);
          if (!kept) {
            fprintf(stderr, "pairs known: lost (%lld %lld %lld), shape %d prec %d op %d rel1 %d rel2 %d rel %d bit %d "
                            "dconst %d ck %lld sqrt %d swapped %d unary %d\n",
                    (long long)t[0], (long long)t[1], (long long)t[2], p.shape, p.f->prec, p.op, p.rel1, p.rel2,
                    p.rel, p.bit, p.dconst, (long long)p.ck, p.use_sqrt, p.swapped, p.unary);
            CHECK(false);
            prop_store_free(s);
            return;
          }
        }
    prop_store_free(s);
  }
  fprintf(stderr, "pairs known: chain %d of %d, quadratic %d of %d refuted\n", refuted[0], systems[0], refuted[1],
          systems[1]);
  CHECK(refuted[0] > 0 && refuted[1] > 0);
}

/* ---- binary64 -------------------------------------------------------------------------- */

static double kd(int64_t k) {
  uint64_t bits = fp_key_to_bits(&fp_binary64, k);
  double r;
  memcpy(&r, &bits, 8);
  return r;
}

/* (double)(int)(x * c) > x * c and the root order of a quadratic, x in random
   ranges: each refutation is checked on 20000 sampled inputs. */
TEST(binary64_sampled) {
  const FpFormat *f = &fp_binary64;
  const OpCType i32 = {32, true};
  br_seed(29);
  int refutations = 0;
  for (int i = 0; i < 300; i++) {
    int64_t lo, hi;
    if (i % 2) {   /* anywhere */
      lo = br_range(fp_key_neg(f->inf_key - 1), f->inf_key - 1);
      int64_t span = br_range(0, (int64_t)1 << br_range(0, 62));
      hi = (__int128)span > (__int128)(f->inf_key - 1) - lo ? f->inf_key - 1 : lo + span;
    } else {       /* small values of one sign, where (int) is defined */
      double m = ldexp(1.0, (int)br_range(-30, 0)), a = m * (double)br_range(0, 8) / 8, b = m * (double)br_range(0, 8) / 8;
      if (a > b) { double t = a; a = b; b = t; }
      bool neg = br_rand() % 2;
      lo = fp_key_of_double(f, neg ? -b : a);
      hi = fp_key_of_double(f, neg ? -a : b);
    }
    double cs[] = {1e9, 100.0, 0.5, -3.0, 1.0, 0x1p-1000};
    double cd = cs[br_range(0, 5)];
    bool up = br_rand() % 2;
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, lo, hi), c = fp_const(s, f, fp_key_of_double(f, cd)), t = fp_var(s, f);
    PropVar d = prop_new_var(s, 0, 1), q = prop_new_var(s, INT32_MIN, INT32_MAX), u = fp_var(s, f);
    bool alive = fp_binary(s, f, FP_MUL, x, c, t) && fp_to_int_defined(s, f, t, i32, d) && prop_fix(s, d, 1) &&
                 fp_to_int(s, f, t, i32, q) && fp_from_int(s, i32, q, f, u) && prop_propagate(s) &&
                 cmp_fixed(s, f, up ? OP_GT : OP_LT, u, t, 1);
    prop_store_free(s);
    if (alive) continue;
    refutations++;
    for (int j = 0; j < 20000; j++) {
      volatile double xv = kd(br_range(lo, hi)), tv = xv * cd;
      if (!(tv > -2147483649.0 && tv < 2147483648.0)) continue;
      volatile double uv = (double)(int)tv;
      if (up ? uv > tv : uv < tv) {
        fprintf(stderr, "trunc refuted but x = %a, c = %a\n", (double)xv, cd);
        CHECK(false);
        return;
      }
    }
  }
  fprintf(stderr, "binary64 trunc: %d of 300 refuted (each sampled)\n", refutations);
  CHECK(refutations > 20);

  refutations = 0;
  for (int i = 0; i < 200; i++) {
    double box[3][2];
    for (int k = 0; k < 3; k++) {
      double m = ldexp(1.0, (int)br_range(-20, 20));
      box[k][0] = -m * (double)br_range(0, 4) / 4;
      box[k][1] = m * (double)br_range(0, 4) / 4;
    }
    box[0][0] = box[0][0] < 0 ? 0x1p-1074 : box[0][0];   /* a > 0 */
    if (box[0][1] < box[0][0]) box[0][1] = box[0][0];
    PropStore *s = prop_store_new();
    PropVar a = prop_new_var(s, fp_key_of_double(f, box[0][0]), fp_key_of_double(f, box[0][1]));
    PropVar b = prop_new_var(s, fp_key_of_double(f, box[1][0]), fp_key_of_double(f, box[1][1]));
    PropVar dd = prop_new_var(s, 0, fp_key_of_double(f, box[2][1] > 0 ? box[2][1] : 0));
    PropVar sq = fp_var(s, f), nb1 = fp_var(s, f), nb2 = fp_var(s, f), n1 = fp_var(s, f), n2 = fp_var(s, f);
    PropVar den = fp_var(s, f), r1 = fp_var(s, f), r2 = fp_var(s, f), two = fp_const(s, f, fp_key_of_double(f, 2.0));
    bool alive = fp_sqrt(s, f, dd, sq) && fp_neg(s, f, b, nb1) && fp_neg(s, f, b, nb2) &&
                 fp_binary(s, f, FP_ADD, nb1, sq, n1) && fp_binary(s, f, FP_SUB, nb2, sq, n2) &&
                 fp_binary(s, f, FP_MUL, two, a, den) && fp_binary(s, f, FP_DIV, n1, den, r1) &&
                 fp_binary(s, f, FP_DIV, n2, den, r2) && prop_propagate(s) && cmp_fixed(s, f, OP_LT, r1, r2, 1);
    prop_store_free(s);
    if (alive) continue;
    refutations++;
    for (int j = 0; j < 20000; j++) {
      volatile double av = box[0][0] + (box[0][1] - box[0][0]) * (double)br_range(0, 1 << 20) / (1 << 20);
      volatile double bv = box[1][0] + (box[1][1] - box[1][0]) * (double)br_range(0, 1 << 20) / (1 << 20);
      volatile double dv = (box[2][1] > 0 ? box[2][1] : 0) * (double)br_range(0, 1 << 20) / (1 << 20);
      volatile double sv = sqrt(dv), r1v = (-bv + sv) / (2.0 * av), r2v = (-bv - sv) / (2.0 * av);
      if (r1v < r2v) {
        fprintf(stderr, "roots refuted but a = %a, b = %a, d = %a\n", (double)av, (double)bv, (double)dv);
        CHECK(false);
        return;
      }
    }
  }
  fprintf(stderr, "binary64 roots: %d of 200 refuted (each sampled)\n", refutations);
  CHECK(refutations > 100);
}

/* The rules decide what the domains cannot (these fail without them). */
TEST(rules_fire) {
  const FpFormat *f = &fp_binary64;
  const OpCType i32 = {32, true};
  for (int sign = 0; sign < 2; sign++) {   /* (double)(int)(x * 1e9) beyond x * 1e9, x in [0, 1] or [-1, -0] */
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, fp_key_of_double(f, sign ? -1.0 : -0.0), fp_key_of_double(f, sign ? -0.0 : 1.0));
    PropVar c = fp_const(s, f, fp_key_of_double(f, 1e9)), t = fp_var(s, f), d = prop_new_var(s, 0, 1);
    PropVar q = prop_new_var(s, INT32_MIN, INT32_MAX), u = fp_var(s, f);
    CHECK(fp_binary(s, f, FP_MUL, x, c, t) && fp_to_int_defined(s, f, t, i32, d) && prop_fix(s, d, 1) &&
          fp_to_int(s, f, t, i32, q) && fp_from_int(s, i32, q, f, u) && prop_propagate(s));
    CHECK(!cmp_fixed(s, f, sign ? OP_LT : OP_GT, u, t, 1));
    prop_store_free(s);
  }
  {   /* (double)(int)x > (double)x for a float x in [0, 1e6] */
    const FpFormat *g = &fp_binary32;
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, 0, fp_key_of_double(g, 1e6)), d = prop_new_var(s, 0, 1);
    PropVar q = prop_new_var(s, INT32_MIN, INT32_MAX), u = fp_var(s, f), w = fp_var(s, f);
    CHECK(fp_to_int_defined(s, g, x, i32, d) && prop_fix(s, d, 1) && fp_to_int(s, g, x, i32, q) &&
          fp_from_int(s, i32, q, f, u) && fp_convert(s, g, x, f, w) && prop_propagate(s));
    CHECK(!cmp_fixed(s, f, OP_GT, u, w, 1));
    prop_store_free(s);
  }
  {   /* a > 0, d >= 0: (-b + sqrt(d)) / (2a) < (-b - sqrt(d)) / (2a), -b posted twice */
    PropStore *s = prop_store_new();
    PropVar a = prop_new_var(s, 1, fp_key_of_double(f, 100.0));
    PropVar b = prop_new_var(s, fp_key_of_double(f, -100.0), fp_key_of_double(f, 100.0));
    PropVar dd = prop_new_var(s, -1, fp_key_of_double(f, 1e5));
    PropVar sq = fp_var(s, f), nb1 = fp_var(s, f), nb2 = fp_var(s, f), n1 = fp_var(s, f), n2 = fp_var(s, f);
    PropVar den = fp_var(s, f), r1 = fp_var(s, f), r2 = fp_var(s, f), two = fp_const(s, f, fp_key_of_double(f, 2.0));
    CHECK(fp_sqrt(s, f, dd, sq) && fp_neg(s, f, b, nb1) && fp_binary(s, f, FP_ADD, nb1, sq, n1) &&
          fp_neg(s, f, b, nb2) && fp_binary(s, f, FP_SUB, nb2, sq, n2) && fp_binary(s, f, FP_MUL, two, a, den) &&
          fp_binary(s, f, FP_DIV, n1, den, r1) && fp_binary(s, f, FP_DIV, n2, den, r2) && prop_propagate(s));
    CHECK(!cmp_fixed(s, f, OP_LT, r1, r2, 1));
    prop_store_free(s);
  }
}

int main(void) {
  fmt[0] = fp_format(2, 3);
  fmt[1] = fp_format(3, 3);
  fmt[2] = fp_format(4, 3);
  fmt[3] = fp_format(6, 4);
  RUN(trunc_back_keeps_every_solution);
  RUN(pairs_known_keep_every_solution);
  RUN(binary64_sampled);
  RUN(rules_fire);
  return check_summary();
}
