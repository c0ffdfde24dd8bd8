/* test_gauss.c - operators/arith/gauss.c against brute force: random small
 * systems of wrapping sums (3- and 4-bit types, so that they overflow),
 * constant products, exact linear equalities, != and <= rows; after
 * op_gauss, every solution found by enumeration is still in the domains,
 * and a refutation (check or post mode) happens only when enumeration
 * finds no solution.  Plus the programs' shapes by hand: a - b == 2 * y
 * after a = x + y, b = x - y in 32 bits, and a loop's s + 3 * k.
 */
#include "check.h"
#include "inka/arith.h"
#include "inka/gauss.h"
#include "inka/prop.h"

#include <stdlib.h>

enum { NV = 5, NC = 5 };

typedef enum { C_WRAP, C_TIMES, C_LIN, C_CMP } CKind;

typedef struct Con {
  CKind kind;
  int n, x[3], z, bits;
  bool sgn;
  int64_t a[3], c;
  OpRel rel;
} Con;

typedef struct Sys {
  int nv, nc;
  int64_t lo[NV], hi[NV];
  Con con[NC];
} Sys;

static uint64_t rng = 88172645463325252ULL;
static int64_t rnd(int64_t lo, int64_t hi) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return lo + (int64_t)(rng % (uint64_t)(hi - lo + 1));
}

static int64_t wrap_to(int64_t v, int bits, bool sgn) {
  int64_t m = (int64_t)1 << bits, tmin = sgn ? -(m / 2) : 0;
  int64_t r = (v - tmin) % m;
  if (r < 0) r += m;
  return r + tmin;
}

static bool holds(const Con *c, const int64_t *v) {
  int64_t e = c->c;
  switch (c->kind) {
  case C_WRAP:
    for (int i = 0; i < c->n; i++) e += c->a[i] * v[c->x[i]];
    return v[c->z] == wrap_to(e, c->bits, c->sgn);
  case C_TIMES:
    return v[c->z] == wrap_to(c->a[0] * v[c->x[0]], c->bits, c->sgn);
  case C_CMP: { /* z <=> x[0] rel x[1] */
    int64_t x = v[c->x[0]], y = v[c->x[1]];
    bool t = c->rel == OP_EQ ? x == y : c->rel == OP_NE ? x != y : c->rel == OP_LT ? x < y : x <= y;
    return v[c->z] == t;
  }
  case C_LIN:
    e = 0;
    for (int i = 0; i < c->n; i++) e += c->a[i] * v[c->x[i]];
    switch (c->rel) {
    case OP_EQ: return e == c->c;
    case OP_NE: return e != c->c;
    default: return e <= c->c;
    }
  }
  return false;
}

static bool post(PropStore *s, const Sys *y, const PropVar *v) {
  bool ok = true;
  for (int k = 0; k < y->nc && ok; k++) {
    const Con *c = &y->con[k];
    PropVar xs[3];
    for (int i = 0; i < c->n; i++) xs[i] = v[c->x[i]];
    if (c->kind == C_WRAP) ok = op_wrap_linear(s, c->n, c->a, xs, c->c, v[c->z], c->bits, c->sgn);
    else if (c->kind == C_TIMES) ok = op_times_wrap(s, prop_new_const(s, c->a[0]), xs[0], v[c->z], c->bits, c->sgn);
    else if (c->kind == C_CMP) ok = op_reify(s, v[c->z], xs[0], c->rel, xs[1]);
    else ok = op_linear(s, c->n, c->a, xs, c->rel, c->c);
  }
  return ok && prop_propagate(s);
}

static void random_sys(Sys *y) {
  y->nv = (int)rnd(3, NV);
  y->nc = (int)rnd(2, NC);
  for (int i = 0; i < y->nv; i++) {
    y->lo[i] = rnd(-8, 4);
    y->hi[i] = y->lo[i] + rnd(0, y->nv > 4 ? 5 : 9);
  }
  for (int k = 0; k < y->nc; k++) {
    Con *c = &y->con[k];
    int r = (int)rnd(0, 9);
    c->kind = r < 5 ? C_WRAP : r < 6 ? C_TIMES : r < 8 ? C_LIN : C_CMP;
    c->bits = (int)rnd(2, 4);
    c->sgn = rnd(0, 1);
    c->n = c->kind == C_TIMES ? 1 : (int)rnd(1, 3);
    c->z = (int)rnd(0, y->nv - 1);
    for (int i = 0; i < c->n; i++) {
      c->x[i] = (int)rnd(0, y->nv - 1);
      c->a[i] = rnd(-3, 2);
      if (c->a[i] >= 0) c->a[i]++; /* nonzero */
    }
    c->c = rnd(-4, 4);
    c->rel = (OpRel)(rnd(0, 2) == 0 ? OP_NE : rnd(0, 1) ? OP_EQ : OP_LE);
    if (c->kind == C_CMP) {
      c->n = 2;
      c->x[1] = (int)rnd(0, y->nv - 1);
      c->rel = (OpRel)rnd(OP_EQ, OP_LE); /* ==, !=, <, <= */
      if (y->lo[c->z] < 0) y->lo[c->z] = 0;
      if (y->hi[c->z] > 1) y->hi[c->z] = 1;
      if (y->lo[c->z] > y->hi[c->z]) y->lo[c->z] = y->hi[c->z] = 0;
    }
    if (c->kind == C_WRAP || c->kind == C_TIMES) { /* the result has the type's range */
      int64_t m = (int64_t)1 << c->bits, tmin = c->sgn ? -(m / 2) : 0;
      if (y->lo[c->z] < tmin) y->lo[c->z] = tmin;
      if (y->hi[c->z] > tmin + m - 1) y->hi[c->z] = tmin + m - 1;
      if (y->lo[c->z] > y->hi[c->z]) y->lo[c->z] = y->hi[c->z] = tmin;
    }
  }
}

/* Enumerates the solutions; calls f on each (f may be NULL); returns how many. */
static long enumerate(const Sys *y, PropStore *s, const PropVar *v, bool *lost) {
  int64_t val[NV];
  long n = 0;
  for (int i = 0; i < y->nv; i++) val[i] = y->lo[i];
  for (;;) {
    bool ok = true;
    for (int k = 0; k < y->nc && ok; k++) ok = holds(&y->con[k], val);
    if (ok) {
      n++;
      for (int i = 0; s && i < y->nv; i++)
        if (!prop_has(s, v[i], val[i])) *lost = true;
    }
    int i = 0;
    while (i < y->nv && val[i] == y->hi[i]) val[i] = y->lo[i], i++;
    if (i == y->nv) return n;
    val[i]++;
  }
}

static long refuted_total, deduced_total;

static bool one_system(uint64_t seed) {
  Sys y;
  rng = seed * 0x9E3779B97F4A7C15ULL + 1;
  random_sys(&y);
  bool lost = false;
  long sols = enumerate(&y, NULL, NULL, &lost);
  for (int mode = 0; mode < 2; mode++) {
    PropStore *s = prop_store_new();
    PropVar v[NV];
    for (int i = 0; i < y.nv; i++) v[i] = prop_new_var(s, y.lo[i], y.hi[i]);
    bool ok = true;
    if (post(s, &y, v)) {
      OpGaussResult r = op_gauss(s, mode == 1);
      if (r == OP_GAUSS_REFUTED) {
        refuted_total++;
        if (sols > 0) {
          fprintf(stderr, "seed %llu: refuted (mode %d) with %ld solutions\n", (unsigned long long)seed, mode, sols);
          ok = false;
        }
      } else {
        deduced_total += r == OP_GAUSS_DEDUCED;
        if (mode == 1 && prop_failed(s)) {
          fprintf(stderr, "seed %llu: failed store without a refutation\n", (unsigned long long)seed);
          ok = false;
        }
        lost = false;
        enumerate(&y, s, v, &lost);
        if (lost) {
          fprintf(stderr, "seed %llu: a solution lost (mode %d)\n", (unsigned long long)seed, mode);
          ok = false;
        }
      }
    }
    prop_store_free(s);
    if (!ok) return false;
  }
  return true;
}

TEST(gauss_random_small) {
  int bad = 0;
  for (uint64_t seed = 1; seed <= 20000 && bad < 5; seed++) bad += !one_system(seed);
  printf("gauss: %ld refutations, %ld deductions over the random systems\n", refuted_total, deduced_total);
  CHECK(bad == 0);
  CHECK(refuted_total > 0);   /* the test exercises refutations... */
  CHECK(deduced_total > 0);   /* ...and deductions */
}

/* a = x + y, b = x - y, t = a - b, u = 2 * y in 32 bits: t == u, unified. */
TEST(gauss_sum_difference) {
  PropStore *s = prop_store_new();
  int64_t min = -2147483648LL, max = 2147483647LL;
  PropVar x = prop_new_var(s, min, max), y = prop_new_var(s, min, max);
  PropVar a = prop_new_var(s, min, max), b = prop_new_var(s, min, max);
  PropVar t = prop_new_var(s, min, max), u = prop_new_var(s, min, max);
  int64_t pp[2] = {1, 1}, pm[2] = {1, -1};
  CHECK(op_wrap_linear(s, 2, pp, (PropVar[]){x, y}, 0, a, 32, true));
  CHECK(op_wrap_linear(s, 2, pm, (PropVar[]){x, y}, 0, b, 32, true));
  CHECK(op_wrap_linear(s, 2, pm, (PropVar[]){a, b}, 0, t, 32, true));
  CHECK(op_times_wrap(s, prop_new_const(s, 2), y, u, 32, true));
  CHECK(!prop_same(s, t, u));
  CHECK(op_gauss(s, true) == OP_GAUSS_DEDUCED);
  CHECK(prop_same(s, t, u));
  CHECK(!op_rel(s, t, OP_NE, u));
  prop_store_free(s);
}

/* s1 = wrap(s0 - 3 * n), k1 = n, r = wrap(s1 + 3 * k1): r == s0 whatever n. */
TEST(gauss_loop_shape) {
  PropStore *s = prop_store_new();
  int64_t min = -2147483648LL, max = 2147483647LL;
  PropVar n = prop_new_var(s, 0, max), k1 = prop_new_var(s, min, max);
  PropVar m3 = prop_new_var(s, min, max), s1 = prop_new_var(s, min, max);
  PropVar t3 = prop_new_var(s, min, max), r = prop_new_var(s, min, max);
  PropVar s0 = prop_new_const(s, 7);
  CHECK(op_rel(s, k1, OP_EQ, n));
  CHECK(op_times_wrap(s, prop_new_const(s, -3), n, m3, 32, true));
  int64_t pp[2] = {1, 1};
  CHECK(op_wrap_linear(s, 2, pp, (PropVar[]){s0, m3}, 0, s1, 32, true));
  CHECK(op_times_wrap(s, prop_new_const(s, 3), k1, t3, 32, true));
  CHECK(op_wrap_linear(s, 2, pp, (PropVar[]){s1, t3}, 0, r, 32, true));
  CHECK(prop_remove(s, r, 7) && prop_propagate(s)); /* the program's r != 7 */
  CHECK(op_gauss(s, false) == OP_GAUSS_REFUTED);
  CHECK(!prop_failed(s));                          /* check mode changes nothing */
  CHECK(op_gauss(s, true) == OP_GAUSS_REFUTED);
  CHECK(prop_failed(s));
  prop_store_free(s);
}

/* x + y == 10 and x - y == 3 have no integer solution (2x == 13). */
TEST(gauss_parity) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, -1000000, 1000000), y = prop_new_var(s, -1000000, 1000000);
  CHECK(op_linear(s, 2, (int64_t[]){1, 1}, (PropVar[]){x, y}, OP_EQ, 10));
  CHECK(op_linear(s, 2, (int64_t[]){1, -1}, (PropVar[]){x, y}, OP_EQ, 3));
  CHECK(op_gauss(s, false) == OP_GAUSS_REFUTED || prop_failed(s));
  prop_store_free(s);
}

/* u1 = wrap(327 - 9 * i), u2 = wrap(5 * i - 99), t = wrap(2 * u2 - u1 + i):
   t == 20 * i - 525 (mod 2^32) is odd, so t == 10617014 is false and
   t != 10617014 true, for every i; t's low bits are known. */
TEST(gauss_parity_of_a_combination) {
  for (int rel = OP_EQ; rel <= OP_NE; rel++) {
    PropStore *s = prop_store_new();
    int64_t min = -2147483648LL, max = 2147483647LL;
    PropVar i = prop_new_var(s, 0, 1000000), u1 = prop_new_var(s, min, max), u2 = prop_new_var(s, min, max);
    PropVar t = prop_new_var(s, min, max), b = prop_new_var(s, 0, 1);
    CHECK(op_wrap_linear(s, 1, (int64_t[]){-9}, (PropVar[]){i}, 327, u1, 32, true));
    CHECK(op_wrap_linear(s, 1, (int64_t[]){5}, (PropVar[]){i}, -99, u2, 32, true));
    CHECK(op_wrap_linear(s, 3, (int64_t[]){2, -1, 1}, (PropVar[]){u2, u1, i}, 0, t, 32, true));
    CHECK(op_reify(s, b, t, (OpRel)rel, prop_new_const(s, 10617014)));
    CHECK(!prop_is_fixed(s, b));
    CHECK(op_gauss(s, true) == OP_GAUSS_DEDUCED);
    CHECK(prop_is_fixed(s, b) && prop_value(s, b) == (rel == OP_NE));
    int bits;
    uint64_t res;
    prop_congruence(s, t, &bits, &res);
    CHECK(bits >= 2 && (res & 3) == 3); /* 20 * i - 525 == 3 (mod 4) */
    prop_store_free(s);
  }
}

/* A loop invariant 2n - a - 2b == 0 (exact) after a == 2c: the reduced row
   2 (n - c - b) == 0 has no odd coefficient, and says n - c - b == 0 modulo
   2^63 (a derived row); with it t = wrap32(a + 2b - 2n) is 0, so t != 0
   has no solution (the stranger case walk_sum). */
TEST(gauss_derived_row) {
  for (int mode = 0; mode < 2; mode++) {
    PropStore *s = prop_store_new();
    int64_t min = -2147483648LL, max = 2147483647LL;
    PropVar n = prop_new_var(s, 0, 100000), c = prop_new_var(s, 0, 100000);
    PropVar a = prop_new_var(s, min, max), b = prop_new_var(s, 0, 100000), t = prop_new_var(s, min, max);
    CHECK(op_linear(s, 2, (int64_t[]){1, -2}, (PropVar[]){a, c}, OP_EQ, 0));
    CHECK(op_linear(s, 3, (int64_t[]){2, -1, -2}, (PropVar[]){n, a, b}, OP_EQ, 0));
    CHECK(op_wrap_linear(s, 3, (int64_t[]){1, 2, -2}, (PropVar[]){a, b, n}, 0, t, 32, true));
    CHECK(prop_remove(s, t, 0) && prop_propagate(s));
    CHECK(op_gauss(s, mode == 1) == OP_GAUSS_REFUTED);
    prop_store_free(s);
  }
}

int main(void) {
  RUN(gauss_random_small);
  RUN(gauss_sum_difference);
  RUN(gauss_loop_shape);
  RUN(gauss_parity);
  RUN(gauss_parity_of_a_combination);
  RUN(gauss_derived_row);
  return check_summary();
}
