/* test_arith.c - the mathematical operators against brute force: times,
 * div, rem, min, max, abs (times.c, divrem.c, minmax.c), and, or, xor, not,
 * shl, shr (bitwise.c), wrap and the fused wrapping forms (wrap.c,
 * times.c).  Operands come from [-20, 20] or from near the int64 limits;
 * results get a full, an interval or a sparse domain (back-propagation).
 */
#include "check.h"
#include "brute.h"

enum { A_TIMES, A_DIV, A_REM, A_MIN, A_MAX, A_ABS, A_AND, A_OR, A_XOR, A_NOT, A_SHL, A_SHR,
       A_WRAP, A_TIMES_WRAP, A_WRAP_LIN, A_SQUARE, A_COUNT };
static const char *names[A_COUNT] = {"times", "div", "rem", "min", "max", "abs", "and", "or", "xor",
                                     "not", "shl", "shr", "wrap", "times_wrap", "wrap_linear", "square"};

static bool unary(int op) { return op == A_ABS || op == A_NOT || op == A_WRAP || op == A_SQUARE; }

/* the reference: two's complement wrap of a 64-bit pattern into bits */
static int64_t ref_wrap(uint64_t u, int bits, bool sgn) {
  if (bits == 64) return (int64_t)u;
  uint64_t mask = ((uint64_t)1 << bits) - 1;
  u &= mask;
  if (sgn && (u >> (bits - 1)) & 1) u |= ~mask;
  return (int64_t)u;
}

static bool fits(__int128 v) { return v >= INT64_MIN && v <= INT64_MAX; }

static bool arith_eval(const BrSys *sys, int64_t *v) {
  int64_t x = v[0], y = v[1];
  int zi = unary(sys->op) ? 1 : 2;
  __int128 r = 0;
  switch (sys->op) {
  case A_TIMES: r = (__int128)x * y; break;
  case A_SQUARE: r = (__int128)x * x; break;
  case A_DIV: if (y == 0) return false; r = (__int128)x / y; break;
  case A_REM: if (y == 0) return false; r = (__int128)x % y; break;
  case A_MIN: r = x < y ? x : y; break;
  case A_MAX: r = x > y ? x : y; break;
  case A_ABS: r = x < 0 ? -(__int128)x : x; break;
  case A_AND: r = x & y; break;
  case A_OR: r = x | y; break;
  case A_XOR: r = x ^ y; break;
  case A_NOT: r = ~x; break;
  case A_SHL: if (y < 0 || y > 63) return false; r = (__int128)x * ((__int128)1 << y); break;
  case A_SHR: if (y < 0 || y > 63) return false; r = x >> y; break;
  case A_WRAP: r = ref_wrap((uint64_t)x, sys->bits, sys->sgn); break;
  case A_TIMES_WRAP: r = ref_wrap((uint64_t)x * (uint64_t)y, sys->bits, sys->sgn); break;
  case A_WRAP_LIN:
    r = ref_wrap((uint64_t)sys->coef[0] * (uint64_t)x + (uint64_t)sys->coef[1] * (uint64_t)y + (uint64_t)sys->c,
                 sys->bits, sys->sgn);
    break;
  }
  if (!fits(r)) return false;
  v[zi] = (int64_t)r;
  return true;
}

static bool arith_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  PropVar x = v[0], y = sys->alias ? v[0] : v[1], z = unary(sys->op) ? v[1] : v[2];
  PropVar xs[2] = {x, y};
  switch (sys->op) {
  case A_TIMES: return op_times(s, x, y, z);
  case A_SQUARE: return op_times(s, x, x, z);
  case A_DIV: return op_div(s, x, y, z);
  case A_REM: return op_rem(s, x, y, z);
  case A_MIN: return op_min(s, x, y, z);
  case A_MAX: return op_max(s, x, y, z);
  case A_ABS: return op_abs(s, x, z);
  case A_AND: return op_band(s, x, y, z);
  case A_OR: return op_bor(s, x, y, z);
  case A_XOR: return op_bxor(s, x, y, z);
  case A_NOT: return op_bnot(s, x, z);
  case A_SHL: return op_shl(s, x, y, z);
  case A_SHR: return op_shr(s, x, y, z);
  case A_WRAP: return op_wrap(s, x, z, sys->bits, sys->sgn);
  case A_TIMES_WRAP: return op_times_wrap(s, x, y, z, sys->bits, sys->sgn);
  case A_WRAP_LIN: return op_wrap_linear(s, 2, sys->coef, xs, sys->c, z, sys->bits, sys->sgn);
  }
  return false;
}

static const int64_t big_anchors[] = {INT64_MIN, INT64_MAX, 0, (int64_t)1 << 31, -((int64_t)1 << 31),
                                      (int64_t)1 << 32, (int64_t)3037000499};   /* ~sqrt(2^63) */

/* One random system for op; `big` draws operands near the int64 limits. */
static BrSys arith_system(int op, uint64_t seed, bool big) {
  br_seed(seed);
  BrSys sys = {.name = names[op], .seed = seed, .op = op, .post = arith_post, .eval = arith_eval};
  sys.nfree = unary(op) ? 1 : 2;
  sys.n = sys.nfree + 1;
  static const int widths[] = {1, 2, 3, 4, 5, 8, 16, 32, 64};
  sys.bits = widths[br_rand() % 9];
  sys.sgn = br_rand() % 2;
  for (int i = 0; i < sys.nfree; i++) {
    if (big) sys.dom[i] = br_rand_anchored(big_anchors, 7, 4, INT64_MIN, INT64_MAX, 8);
    else sys.dom[i] = br_rand_small(-20, 20, 14);
  }
  if (op == A_SHL || op == A_SHR) {   /* counts around [0, 63] */
    sys.dom[1] = br_rand() % 2 ? br_rand_small(-2, 65, 6) : br_rand_small(0, 5, 4);
  }
  if (op == A_WRAP_LIN) {
    static const int64_t coefs[] = {1, -1, 2, -3, 256, INT64_MIN, INT64_MAX};
    sys.coef[0] = coefs[br_rand() % 7];
    sys.coef[1] = coefs[br_rand() % 7];
    sys.c = br_rand() % 2 ? br_range(-40, 40) : INT64_MAX;
  }
  if (op == A_WRAP && br_rand() % 2) {   /* operands near the type's wrap points */
    int64_t lo = sys.sgn || sys.bits == 64 ? (int64_t)(0 - ((uint64_t)1 << (sys.bits - 1))) : 0;
    int64_t hi = sys.bits == 64 ? INT64_MAX : lo + (int64_t)(((uint64_t)1 << sys.bits) - 1);
    int64_t anchors[] = {lo, hi, 0, hi + (hi > INT64_MAX - 1 ? 0 : 1), lo - (lo == INT64_MIN ? 0 : 1)};
    sys.dom[0] = br_rand_anchored(anchors, 5, 5, INT64_MIN, INT64_MAX, 10);
  }
  if (!unary(op) && br_rand() % 8 == 0) {   /* x op x: one variable for both operands */
    sys.alias = sys.same = true;
    if (op != A_SHL && op != A_SHR) sys.dom[1] = sys.dom[0];
  }
  sys.dom[sys.n - 1] = br_func_domain(&sys, sys.n - 1, INT64_MIN, INT64_MAX);
  return sys;
}

static void run_op(int op, int count) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count((uint64_t)count); seed++) {
    BrSys sys = arith_system(op, seed, seed % 4 == 0);
    if (op == A_ABS || op == A_NOT) sys.tight = BR_DOMAIN;
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

TEST(times) { run_op(A_TIMES, 3000); }
TEST(square) { run_op(A_SQUARE, 1500); }
TEST(div) { run_op(A_DIV, 3000); }
TEST(rem) { run_op(A_REM, 3000); }
TEST(min) { run_op(A_MIN, 2000); }
TEST(max) { run_op(A_MAX, 2000); }
TEST(abs) { run_op(A_ABS, 2000); }
TEST(band) { run_op(A_AND, 3000); }
TEST(bor) { run_op(A_OR, 3000); }
TEST(bxor) { run_op(A_XOR, 3000); }
TEST(bnot) { run_op(A_NOT, 1000); }
TEST(shl) { run_op(A_SHL, 3000); }
TEST(shr) { run_op(A_SHR, 3000); }
TEST(wrap) { run_op(A_WRAP, 3000); }
TEST(times_wrap) { run_op(A_TIMES_WRAP, 3000); }
TEST(wrap_linear) { run_op(A_WRAP_LIN, 3000); }

/* A few deductions the rules promise, beyond soundness. */
TEST(deductions) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 1000), z = prop_new_var(s, 0, 10);
  CHECK(op_wrap(s, x, z, 8, false));
  CHECK_EQ_INT(prop_max(s, x), 3 * 256 + 10);   /* x's max moved to the last value wrapping into z */
  PropVar a = prop_new_var(s, -5, 5), b = prop_new_var(s, 2, 3), q = prop_new_var(s, INT64_MIN, INT64_MAX);
  CHECK(op_div(s, a, b, q));
  CHECK_EQ_INT(prop_min(s, q), -2);
  CHECK_EQ_INT(prop_max(s, q), 2);
  PropVar m = prop_new_var(s, 0, 255), k = prop_new_var(s, 0, 255), r = prop_new_var(s, INT64_MIN, INT64_MAX);
  CHECK(op_band(s, m, k, r));
  CHECK_EQ_INT(prop_min(s, r), 0);
  CHECK_EQ_INT(prop_max(s, r), 255);
  /* z = wrap32(x + y) = 10 with x small and y any int: three quotients,
     y ends within [10 - 100, 10 + 100] */
  PropVar ax = prop_new_var(s, -100, 100), ay = prop_new_var(s, INT32_MIN, INT32_MAX), az = prop_new_var(s, 10, 10);
  CHECK(op_wrap_linear(s, 2, (int64_t[]){1, 1}, (PropVar[]){ax, ay}, 0, az, 32, true));
  CHECK_EQ_INT(prop_min(s, ay), -90);
  CHECK_EQ_INT(prop_max(s, ay), 110);
  PropVar u = prop_new_var(s, -10, 10), w = prop_new_var(s, 4, 4);
  CHECK(op_abs(s, u, w));
  CHECK_EQ_INT(prop_interval_count(s, u), 2);   /* {-4, 4} */
  prop_store_free(s);
}

/* Two operations of one kind on operands made one variable (a union) or one
   value have one result: x & 6 != 6 and x' & 6 == 6 fail once x == x'
   (known bits cannot say it of a free x).  Operands that are
   not the same leave both results free. */
TEST(same_operation) {
  for (int op = 0; op < 3; op++) {
    for (int same = 0; same < 2; same++) {
      PropStore *s = prop_store_new();
      PropVar x = prop_new_var(s, -1000, 1000), x2 = prop_new_var(s, -1000, 1000), six = prop_new_const(s, 6);
      PropVar z = prop_new_var(s, -2000, 2000), z2 = prop_new_var(s, -2000, 2000);
      bool (*post)(PropStore *, PropVar, PropVar, PropVar) = op == 0 ? op_band : op == 1 ? op_bor : op_bxor;
      CHECK(post(s, x, six, z) && post(s, six, x2, z2)); /* (the second with its operands swapped) */
      CHECK(op_rel(s, z, OP_NE, six) && op_rel(s, z2, OP_EQ, six));
      CHECK(prop_propagate(s));
      bool ok = op_rel(s, x, OP_EQ, same ? x2 : prop_new_var(s, -1000, 1000)) && prop_propagate(s);
      CHECK(ok == !same);
      prop_store_free(s);
    }
  }
}

int main(void) {
  RUN(times);
  RUN(square);
  RUN(div);
  RUN(rem);
  RUN(min);
  RUN(max);
  RUN(abs);
  RUN(band);
  RUN(bor);
  RUN(bxor);
  RUN(bnot);
  RUN(shl);
  RUN(shr);
  RUN(wrap);
  RUN(times_wrap);
  RUN(wrap_linear);
  RUN(deductions);
  RUN(same_operation);
  fprintf(stderr, "%ld systems checked\n", br_checked);
  return check_summary();
}
