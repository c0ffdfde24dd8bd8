/* test_c_ops.c - operators/arith/c_ops.c against brute force with a reference
 * that is C itself: every binary operation, negation, complement, casts and
 * comparisons for 8/16/32/64-bit signed and unsigned types, with operands
 * near each type's wrap points (MIN, MAX, 0, -1) so that overflow, INT_MIN/-1,
 * zero divisors and over-wide shift counts all occur.
 */
#include "check.h"
#include "brute.h"

/* stored range of a type (unsigned 64-bit: the int64 bit patterns) */
static int64_t tlo(int bits, bool sgn) {
  if (bits == 64) return INT64_MIN;
  return sgn ? -(int64_t)((uint64_t)1 << (bits - 1)) : 0;
}
static int64_t thi(int bits, bool sgn) {
  if (bits == 64) return INT64_MAX;
  return tlo(bits, sgn) + (int64_t)(((uint64_t)1 << bits) - 1);
}

static int64_t ref_wrap(uint64_t u, int bits, bool sgn) {
  if (bits == 64) return (int64_t)u;
  uint64_t mask = ((uint64_t)1 << bits) - 1;
  u &= mask;
  if (sgn && (u >> (bits - 1)) & 1) u |= ~mask;
  return (int64_t)u;
}

enum { K_BINARY, K_UNARY, K_CAST, K_COMPARE };

/* sys->bits/sgn: the operation's type; bits2/sgn2: the count's type (shifts)
   or the source type (casts); op: OpCBinary / OpCUnary; rel for compares;
   c: the kind. */
static bool cop_eval(const BrSys *sys, int64_t *v) {
  int bits = sys->bits;
  bool sgn = sys->sgn, u64 = bits == 64 && !sgn;
  int64_t x = v[0];
  uint64_t ux = (uint64_t)x;
  switch (sys->c) {
  case K_UNARY:
    v[1] = sys->op == OP_C_NEG ? ref_wrap(0 - ux, bits, sgn) : ref_wrap(~ux, bits, sgn);
    return true;
  case K_CAST:
    v[1] = bits == 1 ? x != 0 : ref_wrap(ux, bits, sgn);
    return true;
  case K_COMPARE: {
    int64_t y = v[1];
    int cmp = u64 ? (ux < (uint64_t)y ? -1 : ux > (uint64_t)y) : (x < y ? -1 : x > y);
    bool r = sys->rel == OP_EQ ? cmp == 0 : sys->rel == OP_NE ? cmp != 0 : sys->rel == OP_LT ? cmp < 0
           : sys->rel == OP_LE ? cmp <= 0 : sys->rel == OP_GT ? cmp > 0 : cmp >= 0;
    v[2] = r;
    return true;
  }
  }
  int64_t y = v[1];
  uint64_t uy = (uint64_t)y;
  int64_t z = 0;
  switch ((OpCBinary)sys->op) {
  case OP_C_ADD: z = ref_wrap(ux + uy, bits, sgn); break;
  case OP_C_SUB: z = ref_wrap(ux - uy, bits, sgn); break;
  case OP_C_MUL: z = ref_wrap(ux * uy, bits, sgn); break;
  case OP_C_DIV:
  case OP_C_REM:
    if (y == 0) return false;
    if (sgn && x == tlo(bits, sgn) && y == -1) return false;   /* x86 idiv traps */
    if (u64) z = (int64_t)(sys->op == OP_C_DIV ? ux / uy : ux % uy);
    else z = sys->op == OP_C_DIV ? x / y : x % y;
    break;
  case OP_C_SHL:
  case OP_C_SHR:
    if (y < 0 || y >= bits) return false;   /* also a huge unsigned 64-bit count */
    if (sys->op == OP_C_SHL) z = ref_wrap(ux << y, bits, sgn);
    else z = u64 ? (int64_t)(ux >> y) : x >> y;   /* gcc: arithmetic for signed */
    break;
  case OP_C_AND: z = x & y; break;
  case OP_C_OR: z = x | y; break;
  case OP_C_XOR: z = x ^ y; break;
  }
  v[2] = z;
  return true;
}

static bool cop_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  OpCType t = {sys->bits, sys->sgn}, t2 = {sys->bits2, sys->sgn2};
  switch (sys->c) {
  case K_UNARY: return op_c_unary(s, (OpCUnary)sys->op, t, v[0], v[1]);
  case K_CAST: return op_c_cast(s, t2, v[0], t, v[1]);
  case K_COMPARE: return op_c_compare(s, (OpRel)sys->rel, t, v[0], sys->alias ? v[0] : v[1], v[2]);
  }
  return op_c_binary(s, (OpCBinary)sys->op, t, v[0], t2, sys->alias ? v[0] : v[1], v[2]);
}

/* Operands of a type: near its limits, 0 and -1 (or a small interval). */
static BrDom operand(int bits, bool sgn) {
  int64_t lo = tlo(bits, sgn), hi = thi(bits, sgn);
  int64_t anchors[] = {lo, hi, 0, sgn || bits == 64 ? -1 : 1, lo / 2, hi / 2};
  if (br_rand() % 5 == 0) return br_rand_small(lo > -20 ? lo : -20, hi < 20 ? hi : 20, 10);
  return br_rand_anchored(anchors, 6, 3, lo, hi, 8);
}

/* Shift counts: around 0, 1, bits - 1, bits, 63, 64 and -1. */
static BrDom count(int bits, int cbits, bool csgn) {
  int64_t lo = tlo(cbits, csgn), hi = thi(cbits, csgn);
  int64_t anchors[] = {0, 1, bits - 1, bits, 63, 64, -1};
  if (br_rand() % 3 == 0) return br_rand_small(0, bits - 1 < 7 ? bits - 1 : 7, 4);
  return br_rand_anchored(anchors, 7, 1, lo, hi, 6);
}

static const int widths[] = {8, 16, 32, 64};

static BrSys cop_system(uint64_t seed, int kind) {
  br_seed(seed);
  BrSys sys = {.name = "c_ops", .seed = seed, .post = cop_post, .eval = cop_eval, .c = kind};
  sys.bits = widths[br_rand() % 4];
  sys.sgn = br_rand() % 2;
  sys.bits2 = widths[br_rand() % 4];
  sys.sgn2 = br_rand() % 2;
  switch (kind) {
  case K_BINARY:
    sys.op = (int)(br_rand() % 10);
    sys.n = 3;
    sys.nfree = 2;
    sys.dom[0] = operand(sys.bits, sys.sgn);
    if (sys.op == OP_C_SHL || sys.op == OP_C_SHR) sys.dom[1] = count(sys.bits, sys.bits2, sys.sgn2);
    else sys.dom[1] = operand(sys.bits, sys.sgn);
    break;
  case K_UNARY:
    sys.op = (int)(br_rand() % 2);
    sys.n = 2;
    sys.nfree = 1;
    sys.dom[0] = operand(sys.bits, sys.sgn);
    break;
  case K_CAST:
    if (br_rand() % 5 == 0) {   /* to _Bool */
      sys.bits = 1;
      sys.sgn = false;
    }
    sys.n = 2;
    sys.nfree = 1;
    sys.dom[0] = operand(sys.bits2, sys.sgn2);
    break;
  case K_COMPARE:
    sys.rel = (int)(br_rand() % 6);
    sys.n = 3;
    sys.nfree = 2;
    sys.dom[0] = operand(sys.bits, sys.sgn);
    sys.dom[1] = br_rand() % 3 ? operand(sys.bits, sys.sgn) : sys.dom[0];
    sys.same = br_rand() % 8 == 0;
    break;
  }
  if (kind == K_BINARY && br_rand() % 8 == 0) {   /* x op x */
    sys.alias = sys.same = true;
    sys.dom[1] = sys.dom[0];
  }
  if (kind == K_COMPARE && br_rand() % 10 == 0) sys.alias = sys.same = true;
  int z = sys.n - 1;
  if (kind == K_COMPARE) sys.dom[z] = br_rand() % 4 ? br_interval(0, 1) : br_interval(br_rand() % 2, 1);
  else sys.dom[z] = br_func_domain(&sys, z, tlo(sys.bits, sys.sgn), thi(sys.bits, sys.sgn));
  return sys;
}

static void run_kind(int kind, int count) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count((uint64_t)count); seed++) {
    BrSys sys = cop_system(seed, kind);
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

TEST(binary) { run_kind(K_BINARY, 20000); }
TEST(unary) { run_kind(K_UNARY, 3000); }
TEST(cast) { run_kind(K_CAST, 4000); }
TEST(compare) { run_kind(K_COMPARE, 6000); }

/* Each binary operation on each type, so none is left to chance. */
TEST(every_op_every_type) {
  long before = br_failed;
  uint64_t seed = 1000000;
  for (int op = 0; op < 10; op++)
    for (int w = 0; w < 4; w++)
      for (int sg = 0; sg < 2; sg++)
        for (int rep = 0; rep < 60; rep++) {
          BrSys sys = cop_system(++seed, K_BINARY);
          sys.op = op;
          sys.bits = widths[w];
          sys.sgn = sg;
          br_seed(seed * 7);
          sys.dom[0] = operand(sys.bits, sys.sgn);
          if (op == OP_C_SHL || op == OP_C_SHR) sys.dom[1] = count(sys.bits, sys.bits2, sys.sgn2);
          else sys.dom[1] = operand(sys.bits, sys.sgn);
          sys.dom[2] = br_func_domain(&sys, 2, tlo(sys.bits, sys.sgn), thi(sys.bits, sys.sgn));
          if (!br_check(&sys)) {
            CHECK_EQ_INT(br_failed, before);
            return;
          }
        }
  CHECK_EQ_INT(br_failed, before);
}

TEST(type_limits) {
  CHECK(op_c_values((OpCType){32, true}).lo == INT32_MIN);
  CHECK(op_c_values((OpCType){32, true}).hi == INT32_MAX);
  CHECK(op_c_values((OpCType){8, false}).hi == 255);
  CHECK(op_c_values((OpCType){64, false}).lo == 0);
  CHECK(op_c_values((OpCType){64, false}).hi == (prop_wide)UINT64_MAX);   /* a value, not a pattern */
  CHECK(op_c_values((OpCType){64, true}).lo == INT64_MIN);
  CHECK(op_c_values((OpCType){1, false}).hi == 1);
  PropStore *s = prop_store_new();
  PropVar v = op_c_var(s, (OpCType){64, false});
  CHECK_EQ_INT(prop_min(s, v), INT64_MIN);
  CHECK_EQ_INT(prop_max(s, v), INT64_MAX);
  prop_store_free(s);
}

/* The value views against C's own conversions: for stored domains of every
   type around the wrap points (2^63 for unsigned 64-bit, whose patterns
   there change sign), every value a stored pattern in the domain stands for
   lies in op_c_var_values, and each pattern round-trips through op_c_stored. */
TEST(value_views) {
  static const int widths[] = {8, 16, 32, 64};
  int64_t probes[] = {INT64_MIN, INT64_MIN + 1, -129, -128, -2, -1, 0, 1, 2, 127, 128, 255, 256,
                      INT32_MAX, (int64_t)INT32_MAX + 1, INT64_MAX - 1, INT64_MAX};
  int np = (int)(sizeof probes / sizeof probes[0]);
  for (int w = 0; w < 4; w++)
    for (int sg = 0; sg < 2; sg++) {
      OpCType t = {widths[w], sg == 1};
      OpCValues tv = op_c_values(t);
      CHECK(tv.hi - tv.lo + 1 == (prop_wide)1 << t.bits);   /* every pattern is one value */
      for (int i = 0; i < np; i++)
        for (int j = i; j < np; j++) {
          int64_t lo = op_c_wrap(t, probes[i]), hi = op_c_wrap(t, probes[j]);
          if (lo > hi) continue;
          PropStore *s = prop_store_new();
          PropVar x = prop_new_var(s, lo, hi);
          OpCValues r = op_c_var_values(s, x, t);
          CHECK(r.lo >= tv.lo && r.hi <= tv.hi && r.lo <= r.hi);
          for (int k = 0; k < np; k++) {
            int64_t p = op_c_wrap(t, probes[k]);
            if (p < lo || p > hi) continue;
            /* the value C gives the pattern: through the type itself */
            prop_wide c = t.bits == 64 ? (t.is_signed ? (prop_wide)p : (prop_wide)(uint64_t)p) : (prop_wide)p;
            CHECK(op_c_value(t, p) == c);
            CHECK(c >= r.lo && c <= r.hi);
            CHECK_EQ_INT(op_c_stored(t, c), p);
          }
          prop_store_free(s);
        }
    }
  /* the case of the wrong verdict: 10 stored in u64 is 10, never below 5 */
  OpCType u64 = {64, false};
  CHECK(op_c_value(u64, -1) == (prop_wide)UINT64_MAX);
  CHECK(op_c_value(u64, INT64_MIN) == (prop_wide)1 << 63);
}

/* The common 32-bit signed add that cannot overflow is one linear equality. */
TEST(cheap_add) {
  PropStore *s = prop_store_new();
  OpCType t = {32, true};
  PropVar x = prop_new_var(s, 0, 100), y = prop_new_var(s, -5, 5), z = op_c_var(s, t);
  uint64_t before = prop_stats(s)->propagations;
  CHECK(op_c_binary(s, OP_C_ADD, t, x, t, y, z));
  CHECK(prop_stats(s)->propagations - before <= 2);
  CHECK_EQ_INT(prop_min(s, z), -5);
  CHECK_EQ_INT(prop_max(s, z), 105);
  prop_store_free(s);
}

int main(void) {
  RUN(binary);
  RUN(unary);
  RUN(cast);
  RUN(compare);
  RUN(every_op_every_type);
  RUN(type_limits);
  RUN(value_views);
  RUN(cheap_add);
  fprintf(stderr, "%ld systems checked\n", br_checked);
  return check_summary();
}
