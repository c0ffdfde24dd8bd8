/* test_linear.c - operators/arith/linear.c against brute force: random linear
 * constraints (all relations, duplicate variables, zero and huge
 * coefficients, 128-bit sums), op_rel with and without prop_same, and the
 * post-time shortcuts (x != x fails, x = y unifies), and infeasible
 * difference systems on 32-bit domains refuted without slow convergence.
 */
#include "check.h"
#include "brute.h"

/* ---- sum(coef[k] * x[table[k]]) rel c, with a 192-bit reference sum --------- */

static bool lin_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  PropVar x[BR_MAXV];
  for (int k = 0; k < sys->ntable; k++) x[k] = v[sys->table[k]];
  return op_linear(s, sys->ntable, sys->coef, x, (OpRel)sys->rel, sys->c);
}

/* sign of (sum - c), exact whatever the magnitudes */
static int lin_sign(const BrSys *sys, const int64_t *vals) {
  __int128 hi = 0, lo = 0;
  for (int k = 0; k < sys->ntable; k++) {
    __int128 t = (__int128)sys->coef[k] * vals[sys->table[k]];
    hi += t >> 64;                                   /* floor(t / 2^64) */
    lo += (__int128)(uint64_t)(unsigned __int128)t;  /* t mod 2^64 */
  }
  lo -= sys->c;
  __int128 carry = lo >> 64;
  hi += carry;
  lo -= carry * ((__int128)1 << 64);
  if (hi != 0) return hi > 0 ? 1 : -1;
  return lo > 0 ? 1 : lo < 0 ? -1 : 0;
}

static bool rel_holds(int rel, int sign) {
  switch (rel) {
  case OP_EQ: return sign == 0;
  case OP_NE: return sign != 0;
  case OP_LT: return sign < 0;
  case OP_LE: return sign <= 0;
  case OP_GT: return sign > 0;
  default: return sign >= 0;
  }
}

static bool lin_eval(const BrSys *sys, int64_t *vals) { return rel_holds(sys->rel, lin_sign(sys, vals)); }

TEST(linear_random_small) {
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "linear_small", .seed = seed, .post = lin_post, .eval = lin_eval};
    sys.n = sys.nfree = (int)br_range(1, 4);
    int maxsize = sys.n >= 4 ? 6 : sys.n == 3 ? 9 : 14;
    for (int i = 0; i < sys.n; i++) sys.dom[i] = br_rand_small(-20, 20, maxsize);
    sys.ntable = (int)br_range(1, sys.n + 1);   /* sometimes a variable twice */
    for (int k = 0; k < sys.ntable; k++) {
      sys.table[k] = k < sys.n ? k : (int)br_range(0, sys.n - 1);
      sys.coef[k] = br_range(-3, 3);
    }
    sys.rel = (int)br_range(OP_EQ, OP_GE);
    sys.c = br_range(-15, 15);
    bool dup = sys.ntable > sys.n;
    if (!dup && sys.rel != OP_EQ && sys.rel != OP_NE) sys.tight = BR_BOUNDS;   /* <= is exact on bounds */
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, 0);
}

TEST(linear_random_huge) {
  static const int64_t coefs[] = {INT64_MIN, INT64_MAX, INT64_MIN + 1, (int64_t)1 << 62, -((int64_t)1 << 62),
                                  1, -1, 2, 3, (int64_t)1 << 40};
  static const int64_t anchors[] = {INT64_MIN, INT64_MAX, 0, (int64_t)1 << 32, -((int64_t)1 << 32)};
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(2000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "linear_huge", .seed = seed, .post = lin_post, .eval = lin_eval};
    sys.n = sys.nfree = (int)br_range(1, 3);
    for (int i = 0; i < sys.n; i++) sys.dom[i] = br_rand_anchored(anchors, 5, 3, INT64_MIN, INT64_MAX, 6);
    sys.ntable = sys.n;
    for (int k = 0; k < sys.ntable; k++) {
      sys.table[k] = k;
      sys.coef[k] = coefs[br_rand() % 10];
    }
    sys.rel = (int)br_range(OP_EQ, OP_GE);
    static const int64_t cs[] = {0, 1, -1, INT64_MAX, INT64_MIN, 12345};
    sys.c = cs[br_rand() % 6];
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* ---- x rel y ----------------------------------------------------------------------- */

static bool rel_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  return op_rel(s, v[0], (OpRel)sys->rel, v[1]);
}

static bool rel_eval(const BrSys *sys, int64_t *vals) {
  int sign = vals[0] < vals[1] ? -1 : vals[0] > vals[1];
  return rel_holds(sys->rel, sign);
}

TEST(rel_random) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "rel", .seed = seed, .post = rel_post, .eval = rel_eval, .n = 2, .nfree = 2};
    for (int i = 0; i < 2; i++) sys.dom[i] = br_rand_small(-20, 20, 16);
    sys.rel = (int)br_range(OP_EQ, OP_GE);
    sys.same = br_rand() % 5 == 0;
    if (!sys.same) sys.tight = sys.rel == OP_EQ || sys.rel == OP_NE ? BR_DOMAIN : BR_BOUNDS;
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* ---- x - y rel c through op_linear (the specialised binary forms) -------------- */

TEST(diff_random) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "diff", .seed = seed, .post = lin_post, .eval = lin_eval, .n = 2, .nfree = 2};
    for (int i = 0; i < 2; i++) sys.dom[i] = br_rand_small(-20, 20, 16);
    sys.ntable = 2;
    sys.table[0] = 0;
    sys.table[1] = 1;
    int flip = (int)(br_rand() % 2);
    sys.coef[0] = flip ? -1 : 1;
    sys.coef[1] = flip ? 1 : -1;
    if (br_rand() % 4 == 0) {   /* a common factor */
      sys.coef[0] *= 3;
      sys.coef[1] *= 3;
    }
    sys.rel = (int)br_range(OP_EQ, OP_GE);
    sys.c = br_range(-10, 10);
    sys.same = br_rand() % 6 == 0;
    if (!sys.same) sys.tight = sys.rel == OP_EQ || sys.rel == OP_NE ? BR_DOMAIN : BR_BOUNDS;
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* ---- Post-time shortcuts -------------------------------------------------------- */

TEST(same_fails_at_post) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  CHECK(op_rel(s, x, OP_EQ, y));
  CHECK(prop_same(s, x, y));
  prop_push(s);
  CHECK(!op_rel(s, x, OP_NE, y));
  CHECK(prop_failed(s));
  prop_pop(s);
  prop_push(s);
  CHECK(!op_rel(s, x, OP_LT, y));
  prop_pop(s);
  prop_push(s);
  CHECK(op_rel(s, x, OP_LE, y));
  CHECK(!prop_failed(s));
  prop_pop(s);
  prop_store_free(s);
}

TEST(unary_and_constant_forms) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, -100, 100);
  int64_t three = 3;
  CHECK(op_linear(s, 1, &three, &x, OP_LE, 10));   /* 3x <= 10: x <= 3 */
  CHECK_EQ_INT(prop_max(s, x), 3);
  CHECK(op_linear(s, 1, &three, &x, OP_GT, -7));   /* 3x > -7: x >= -2 */
  CHECK_EQ_INT(prop_min(s, x), -2);
  CHECK(op_linear(s, 1, &three, &x, OP_NE, 3));    /* x != 1 */
  CHECK(!prop_has(s, x, 1));
  prop_push(s);
  CHECK(!op_linear(s, 1, &three, &x, OP_EQ, 4));   /* 3x = 4: no integer */
  prop_pop(s);
  int64_t zero = 0;
  CHECK(op_linear(s, 1, &zero, &x, OP_LE, 0));     /* 0 <= 0 */
  prop_push(s);
  CHECK(!op_linear(s, 1, &zero, &x, OP_GT, 0));    /* 0 > 0 */
  prop_pop(s);
  prop_store_free(s);
}

TEST(ne_wakes_only_on_fix) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 9), y = prop_new_var(s, 0, 9);
  CHECK(op_linear(s, 2, (int64_t[]){1, -1}, (PropVar[]){x, y}, OP_NE, 2));
  uint64_t before = prop_stats(s)->propagations;
  CHECK(prop_set_max(s, x, 7) && prop_propagate(s));
  CHECK_EQ_INT(prop_stats(s)->propagations, before);   /* a bound change: not woken */
  CHECK(prop_fix(s, x, 5) && prop_propagate(s));
  CHECK(!prop_has(s, y, 3));
  CHECK(prop_has(s, y, 2) && prop_has(s, y, 4));
  prop_store_free(s);
}

/* ---- Negative cycles of differences on wide domains -------------------------------
 * Random systems x_i - x_j <= c and x_i - x_j == c (c in [-3, 3]) over four
 * 32-bit variables, against Bellman-Ford with the bounds as edges to a zero
 * node.  Bounds propagation alone would need about 2^32 rounds to refute an
 * infeasible one; under a work budget of one million propagations the store
 * must fail exactly when the system is infeasible. */
#define NDV 4
typedef struct { int i, j; bool eq; int c; } DiffCon;

static bool diff_feasible(const DiffCon *con, int n, int64_t lo, int64_t hi) {
  /* nodes 0..NDV-1 the variables, NDV the zero; edge a -> b weight w: b - a <= w */
  int from[64], to[64];
  __int128 w[64], dist[NDV + 1] = {0};
  int m = 0;
  for (int k = 0; k < n; k++) {
    from[m] = con[k].j; to[m] = con[k].i; w[m++] = con[k].c;
    if (con[k].eq) { from[m] = con[k].i; to[m] = con[k].j; w[m++] = -con[k].c; }
  }
  for (int v = 0; v < NDV; v++) {
    from[m] = NDV; to[m] = v; w[m++] = hi;
    from[m] = v; to[m] = NDV; w[m++] = -(__int128)lo;
  }
  for (int round = 0; round <= NDV + 1; round++) {
    bool changed = false;
    for (int e = 0; e < m; e++)
      if (dist[from[e]] + w[e] < dist[to[e]]) { dist[to[e]] = dist[from[e]] + w[e]; changed = true; }
    if (!changed) return true;
  }
  return false;
}

TEST(difference_cycles_wide) {
  br_seed(20261121);
  int infeasible = 0;
  for (int round = 0; round < 300; round++) {
    DiffCon con[8];
    int n = 2 + (int)br_range(0, 4);
    for (int k = 0; k < n; k++) {
      con[k].i = (int)br_range(0, NDV - 1);
      do con[k].j = (int)br_range(0, NDV - 1); while (con[k].j == con[k].i);
      con[k].eq = br_range(0, 3) == 0;
      con[k].c = (int)br_range(-3, 3);
    }
    PropStore *s = prop_store_new();
    PropVar x[NDV];
    for (int v = 0; v < NDV; v++) x[v] = prop_new_var(s, INT32_MIN, INT32_MAX);
    prop_set_propagation_budget(s, 1000000);
    bool ok = true;
    for (int k = 0; k < n && ok; k++)
      ok = op_linear(s, 2, (int64_t[]){1, -1}, (PropVar[]){x[con[k].i], x[con[k].j]}, con[k].eq ? OP_EQ : OP_LE,
                     con[k].c);
    ok = ok && prop_propagate(s);
    CHECK(!prop_timed_out(s));
    bool want = diff_feasible(con, n, INT32_MIN, INT32_MAX);
    CHECK_EQ_INT(ok, want);
    infeasible += !want;
    prop_store_free(s);
  }
  CHECK(infeasible > 20);
}

/* The same with a read v = x[i] of two to four of the variables
 * (op_element_var, i unknown) in the system: feasible when some entry j
 * makes the system with v == x[j] feasible.  The store must never fail a
 * feasible system, and refutes nearly all the infeasible ones within the
 * budget: every entry closes a negative cycle, which bounds propagation
 * would crawl around (the best of four scores kept through an index).
 * (Some infeasible systems reach a fixpoint -- no crawl, the search splits
 * them -- and a few crawls are not caught by the slow-convergence trigger.) */
TEST(difference_cycles_through_element) {
  br_seed(20261125);
  int infeasible = 0, refuted = 0, stuck = 0;
  for (int round = 0; round < 400; round++) {
    DiffCon con[8];
    int n = 2 + (int)br_range(0, 4);
    for (int k = 0; k < n; k++) { /* variable NDV - 1 is v */
      con[k].i = (int)br_range(0, NDV - 1);
      do con[k].j = (int)br_range(0, NDV - 1); while (con[k].j == con[k].i);
      con[k].eq = br_range(0, 3) == 0;
      con[k].c = (int)br_range(-3, 3);
    }
    int len = 2 + (int)br_range(0, 1);
    int entry[3];
    for (int k = 0; k < len; k++) entry[k] = (int)br_range(0, NDV - 2);
    bool want = false;
    for (int k = 0; k < len && !want; k++) {
      DiffCon with[10];
      memcpy(with, con, sizeof *con * (size_t)n);
      with[n] = (DiffCon){NDV - 1, entry[k], true, 0};
      want = diff_feasible(with, n + 1, INT32_MIN, INT32_MAX);
    }
    PropStore *s = prop_store_new();
    PropVar x[NDV];
    for (int v = 0; v < NDV; v++) x[v] = prop_new_var(s, INT32_MIN, INT32_MAX);
    PropVar table[3], idx = prop_new_var(s, 0, len - 1);
    for (int k = 0; k < len; k++) table[k] = x[entry[k]];
    prop_set_propagation_budget(s, 1000000);
    bool ok = op_element_var(s, x[NDV - 1], table, len, idx);
    for (int k = 0; k < n && ok; k++)
      ok = op_linear(s, 2, (int64_t[]){1, -1}, (PropVar[]){x[con[k].i], x[con[k].j]}, con[k].eq ? OP_EQ : OP_LE,
                     con[k].c);
    ok = ok && prop_propagate(s);
    if (want) CHECK(ok || prop_timed_out(s)); /* never a wrong refutation */
    if (want) CHECK(!prop_timed_out(s));
    infeasible += !want;
    refuted += !want && !ok && !prop_timed_out(s);
    stuck += !want && prop_timed_out(s);
    prop_store_free(s);
  }
  CHECK(infeasible > 20);
  CHECK(refuted * 10 >= infeasible * 9);
  CHECK(stuck * 20 <= infeasible); /* 77 of 214 before the element cases, 6 with them */
}

int main(void) {
  RUN(linear_random_small);
  RUN(linear_random_huge);
  RUN(rel_random);
  RUN(diff_random);
  RUN(same_fails_at_post);
  RUN(unary_and_constant_forms);
  RUN(ne_wakes_only_on_fix);
  RUN(difference_cycles_wide);
  RUN(difference_cycles_through_element);
  fprintf(stderr, "%ld systems checked\n", br_checked);
  return check_summary();
}
