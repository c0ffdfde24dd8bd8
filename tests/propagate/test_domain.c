/* test_domain.c - domains against a brute-force model: random sequences of
 * updates on random domains inside a window of 41 values (around 0, at the
 * bottom and at the top of int64), compared after every step with a bitset
 * model (the whole domain, its bounds, size, membership, next/prev, and the
 * canonical form: sorted, disjoint, non-adjacent); random push/pop restore
 * exactly; domains never grow; wide forms clamp.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inka/prop.h"

#define W 41   /* window size */

typedef struct { uint64_t bits; } Model;   /* bit k: base + k is in the domain */

static uint64_t rng_state = 88172645463325252ULL;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static int rnd_int(int n) { return (int)(rnd() % (uint64_t)n); }

static int64_t at(int64_t base, int k) { return (int64_t)((uint64_t)base + (uint64_t)k); }

/* An argument for an update: mostly inside the window, sometimes beyond it
   or at the extremes of int64. */
static int64_t arg(int64_t base) {
  switch (rnd_int(10)) {
  case 0: return INT64_MIN;
  case 1: return INT64_MAX;
  case 2: return base > INT64_MIN + 10 ? base - 1 - rnd_int(5) : INT64_MIN;
  case 3: return base < INT64_MAX - W - 10 ? at(base, W + rnd_int(5)) : INT64_MAX;
  default: return at(base, rnd_int(W));
  }
}

/* Compares dom(x) with the model in every way the API can observe. */
static bool same(PropStore *s, PropVar x, Model m, int64_t base) {
  Model got = {0};
  int n = prop_interval_count(s, x), runs = 0;
  for (int i = 0; i < n; i++) {
    PropInterval iv = prop_interval(s, x, i);
    if (iv.lo > iv.hi) return false;
    if (i > 0 && (prop_wide)prop_interval(s, x, i - 1).hi + 1 >= iv.lo) return false;
    if (iv.lo < base || (prop_wide)iv.hi > (prop_wide)base + W - 1) return false;
    for (prop_wide v = iv.lo; v <= iv.hi; v++) got.bits |= 1ULL << (int)(v - base);
  }
  for (int k = 0; k < W; k++)
    if ((m.bits >> k & 1) && (k == 0 || !(m.bits >> (k - 1) & 1))) runs++;
  if (got.bits != m.bits || runs != n) return false;
  uint64_t size = (uint64_t)__builtin_popcountll(m.bits);
  if (prop_size(s, x) != size) return false;
  int lo = __builtin_ctzll(m.bits), hi = 63 - __builtin_clzll(m.bits);
  if (prop_min(s, x) != at(base, lo) || prop_max(s, x) != at(base, hi)) return false;
  if (prop_is_fixed(s, x) != (size == 1)) return false;
  for (int k = -2; k < W + 2; k++) {
    if ((k < 0 && base < INT64_MIN + 2) || (k >= W && base > INT64_MAX - W - 2)) continue;
    int64_t v = (int64_t)((prop_wide)base + k), out;
    bool in = k >= 0 && k < W && (m.bits >> k & 1);
    if (prop_has(s, x, v) != in) return false;
    int next = -1, prev = -1;
    for (int j = k + 1; j < W; j++) if (j >= 0 && (m.bits >> j & 1)) { next = j; break; }
    for (int j = (k > W ? W : k) - 1; j >= 0; j--) if (m.bits >> j & 1) { prev = j; break; }
    bool ok = prop_next(s, x, v, &out);
    if (ok != (next >= 0) || (ok && out != at(base, next))) return false;
    ok = prop_prev(s, x, v, &out);
    if (ok != (prev >= 0) || (ok && out != at(base, prev))) return false;
  }
  return true;
}

static PropVar random_var(PropStore *s, Model *m, int64_t base) {
  do m->bits = rnd() & ((1ULL << W) - 1); while (!m->bits);
  if (rnd_int(4) == 0) m->bits = (1ULL << W) - 1;   /* one interval */
  PropDomain d = {0};
  for (int k = 0; k < W; k++) {
    if (!(m->bits >> k & 1)) continue;
    int e = k;
    while (e + 1 < W && (m->bits >> (e + 1) & 1)) e++;
    if (d.n == d.cap) {
      d.cap = d.cap ? 2 * d.cap : 4;
      d.iv = realloc(d.iv, (size_t)d.cap * sizeof *d.iv);
    }
    /* sometimes split a run into adjacent pieces: must be merged */
    if (e > k && rnd_int(3) == 0) {
      d.iv[d.n++] = (PropInterval){at(base, k), at(base, k)};
      if (d.n == d.cap) { d.cap *= 2; d.iv = realloc(d.iv, (size_t)d.cap * sizeof *d.iv); }
      d.iv[d.n++] = (PropInterval){at(base, k + 1), at(base, e)};
    } else {
      d.iv[d.n++] = (PropInterval){at(base, k), at(base, e)};
    }
    k = e;
  }
  /* shuffle: prop_new_var_domain sorts */
  for (int i = d.n - 1; i > 0; i--) {
    int j = rnd_int(i + 1);
    PropInterval t = d.iv[i]; d.iv[i] = d.iv[j]; d.iv[j] = t;
  }
  PropVar x = prop_new_var_domain(s, &d);
  prop_domain_free(&d);
  return x;
}

/* Applies one random update to both; returns the store's verdict. */
static bool random_update(PropStore *s, PropVar x, Model *m, int64_t base) {
  int64_t a = arg(base), b = arg(base);
  Model before = *m;
  bool ok;
  switch (rnd_int(10)) {
  case 0:
    ok = prop_set_min(s, x, a);
    for (int k = 0; k < W; k++) if (at(base, k) < a) m->bits &= ~(1ULL << k);
    break;
  case 1:
    ok = prop_set_max(s, x, a);
    for (int k = 0; k < W; k++) if (at(base, k) > a) m->bits &= ~(1ULL << k);
    break;
  case 2:
    ok = prop_remove(s, x, a);
    for (int k = 0; k < W; k++) if (at(base, k) == a) m->bits &= ~(1ULL << k);
    break;
  case 3: case 4:
    if (a > b) { int64_t t = a; a = b; b = t; }
    ok = prop_remove_range(s, x, a, b);
    for (int k = 0; k < W; k++) if (at(base, k) >= a && at(base, k) <= b) m->bits &= ~(1ULL << k);
    break;
  case 5:
    if (a > b && rnd_int(2)) { int64_t t = a; a = b; b = t; }
    ok = prop_restrict_range(s, x, a, b);
    for (int k = 0; k < W; k++) if (at(base, k) < a || at(base, k) > b) m->bits &= ~(1ULL << k);
    break;
  case 6: {
    int64_t v = rnd_int(2) ? a : at(base, rnd_int(W));
    ok = prop_fix(s, x, v);
    for (int k = 0; k < W; k++) if (at(base, k) != v) m->bits &= ~(1ULL << k);
    break;
  }
  case 7: {
    prop_wide w = rnd_int(2) ? (prop_wide)a + (prop_wide)(rnd_int(3) - 1) * ((prop_wide)1 << 64)
                             : (prop_wide)a;
    if (rnd_int(2)) {
      ok = prop_set_min_wide(s, x, w);
      for (int k = 0; k < W; k++) if ((prop_wide)at(base, k) < w) m->bits &= ~(1ULL << k);
    } else {
      ok = prop_set_max_wide(s, x, w);
      for (int k = 0; k < W; k++) if ((prop_wide)at(base, k) > w) m->bits &= ~(1ULL << k);
    }
    break;
  }
  default: {   /* restrict_domain with a random set of intervals */
    PropDomain d = {0};
    Model r = {rnd() & ((1ULL << W) - 1)};
    if (rnd_int(8) == 0) r.bits = 0;
    for (int k = 0; k < W; k++) {
      if (!(r.bits >> k & 1)) continue;
      int e = k;
      while (e + 1 < W && (r.bits >> (e + 1) & 1)) e++;
      if (d.n == d.cap) {
        d.cap = d.cap ? 2 * d.cap : 4;
        d.iv = realloc(d.iv, (size_t)d.cap * sizeof *d.iv);
      }
      PropInterval iv = {at(base, k), at(base, e)};
      /* open the ends toward int64's extremes now and then */
      if (k == 0 && rnd_int(2)) iv.lo = INT64_MIN;
      if (e == W - 1 && rnd_int(2)) iv.hi = INT64_MAX;
      d.iv[d.n++] = iv;
      k = e;
    }
    ok = prop_restrict_domain(s, x, &d);
    m->bits &= r.bits;
    prop_domain_free(&d);
    break;
  }
  }
  CHECK((m->bits & ~before.bits) == 0);
  return ok;
}

static void fuzz(int64_t base, int rounds) {
  for (int round = 0; round < rounds; round++) {
    PropStore *s = prop_store_new();
    Model m;
    PropVar x = random_var(s, &m, base);
    Model stack[64];
    int depth = 0;
    prop_push(s);
    stack[depth++] = m;
    for (int step = 0; step < 60; step++) {
      int what = rnd_int(10);
      if (what == 0 && depth < 64) {
        prop_push(s);
        stack[depth++] = m;
        continue;
      }
      if (what == 1 && depth > 1) {
        prop_pop(s);
        m = stack[--depth];
        CHECK(same(s, x, m, base));
        continue;
      }
      uint64_t size = prop_size(s, x);
      bool ok = random_update(s, x, &m, base);
      CHECK_EQ_INT(ok, m.bits != 0);
      CHECK_EQ_INT(prop_failed(s), m.bits == 0);
      if (!ok) {   /* back to a random open level */
        int back = 1 + rnd_int(depth);
        for (int i = 0; i < back; i++) {
          prop_pop(s);
          m = stack[--depth];
        }
        CHECK(!prop_failed(s));
        CHECK(same(s, x, m, base));
        if (depth == 0) {
          prop_push(s);
          stack[depth++] = m;
        }
        continue;
      }
      CHECK(prop_size(s, x) <= size);
      CHECK(same(s, x, m, base));
    }
    while (depth > 0) {
      prop_pop(s);
      m = stack[--depth];
    }
    CHECK(same(s, x, m, base));
    CHECK_EQ_INT(prop_level(s), 0);
    prop_store_free(s);
  }
}

TEST(fuzz_around_zero) { fuzz(-20, 3000); }
TEST(fuzz_near_int64_min) { fuzz(INT64_MIN, 2000); }
TEST(fuzz_near_int64_max) { fuzz(INT64_MAX - (W - 1), 2000); }

TEST(full_range) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, INT64_MIN, INT64_MAX);
  CHECK(prop_size(s, x) == UINT64_MAX);
  CHECK(prop_remove(s, x, 0));
  CHECK_EQ_INT(prop_interval_count(s, x), 2);
  CHECK(prop_size(s, x) == UINT64_MAX);
  CHECK(prop_remove(s, x, INT64_MIN));
  CHECK(prop_size(s, x) == UINT64_MAX - 1);
  CHECK(prop_set_min_wide(s, x, -((prop_wide)1 << 100)));   /* no-op */
  CHECK_EQ_INT(prop_min(s, x), INT64_MIN + 1);
  CHECK(!prop_set_max_wide(s, x, -((prop_wide)1 << 100)));  /* empties */
  CHECK(prop_failed(s));
  prop_store_free(s);
}

TEST(constants_and_copies) {
  PropStore *s = prop_store_new();
  PropVar c = prop_new_const(s, -7);
  CHECK(prop_is_fixed(s, c));
  CHECK_EQ_INT(prop_value(s, c), -7);
  PropVar x = prop_new_var(s, 0, 100);
  CHECK(prop_remove_range(s, x, 10, 20));
  CHECK(prop_remove_range(s, x, 50, 60));
  PropDomain d = {0}, e = {0};
  prop_domain_get(s, x, &d);
  CHECK_EQ_INT(d.n, 3);
  CHECK(d.iv[1].lo == 21 && d.iv[1].hi == 49);
  prop_domain_get(s, c, &e);
  prop_domain_union(&e, &d);   /* {-7} | [0,9] [21,49] [61,100] */
  CHECK_EQ_INT(e.n, 4);
  PropDomain f = {0};
  PropInterval gap[1] = {{10, 20}};
  PropDomain g = {gap, 1, 1};
  prop_domain_union(&f, &g);
  prop_domain_union(&e, &f);   /* [10,20] joins [0,9] and [21,49] */
  CHECK_EQ_INT(e.n, 3);
  CHECK(e.iv[1].lo == 0 && e.iv[1].hi == 49);
  prop_domain_free(&d);
  prop_domain_free(&e);
  prop_domain_free(&f);
  /* restrict_domain with adjacent pieces keeps the canonical form */
  PropVar y = prop_new_var(s, 0, 10);
  PropInterval pieces[3] = {{0, 3}, {4, 5}, {8, 9}};
  PropDomain p = {pieces, 3, 3};
  CHECK(prop_restrict_domain(s, y, &p));
  CHECK_EQ_INT(prop_interval_count(s, y), 2);
  CHECK(prop_interval(s, y, 0).hi == 5 && prop_interval(s, y, 1).lo == 8);
  prop_store_free(s);
}

/* prop_domain_union against sets of small values: random lists (sorted and
   disjoint as the store gives them, or any order with overlaps), the union
   is their set union in canonical form (sorted, disjoint, not adjacent). */
enum { U_LO = -24, U_HI = 24, U_W = U_HI - U_LO + 1 };

static int random_list(PropInterval *iv, bool canonical, bool *set) {
  int n = 0;
  if (canonical) {
    for (int64_t v = U_LO + (int64_t)(rnd() % 4); v <= U_HI && n < 8; v += 2 + (int64_t)(rnd() % 6)) {
      int64_t hi = v + (int64_t)(rnd() % 5);
      if (hi > U_HI) hi = U_HI;
      iv[n++] = (PropInterval){v, hi};
      v = hi;
    }
  } else {
    n = (int)(rnd() % 6);
    for (int i = 0; i < n; i++) {
      int64_t lo = U_LO + (int64_t)(rnd() % U_W), hi = lo + (int64_t)(rnd() % 6);
      iv[i] = (PropInterval){lo, hi > U_HI ? U_HI : hi};
    }
  }
  for (int i = 0; i < n; i++)
    for (int64_t v = iv[i].lo; v <= iv[i].hi; v++) set[v - U_LO] = true;
  return n;
}

TEST(union_brute_force) {
  for (int round = 0; round < 20000; round++) {
    bool want[U_W] = {0};
    PropInterval a[16], b[16];
    int na = random_list(a, rnd() % 4 != 0, want), nb = random_list(b, rnd() % 4 != 0, want);
    PropDomain acc = {0}, ad = {a, na, na}, bd = {b, nb, nb};
    prop_domain_union(&acc, &ad);
    prop_domain_union(&acc, &bd);
    bool got[U_W] = {0};
    for (int i = 0; i < acc.n; i++) {
      CHECK(acc.iv[i].lo <= acc.iv[i].hi);
      if (i > 0) CHECK(acc.iv[i - 1].hi + 1 < acc.iv[i].lo);   /* canonical */
      for (int64_t v = acc.iv[i].lo; v <= acc.iv[i].hi; v++)
        if (v >= U_LO && v <= U_HI) got[v - U_LO] = true;
    }
    CHECK(memcmp(got, want, sizeof got) == 0);
    prop_domain_free(&acc);
  }
  /* at the ends of int64: no overflow when adjacent */
  PropInterval hi1[1] = {{INT64_MAX - 3, INT64_MAX}}, hi2[2] = {{INT64_MIN, INT64_MIN + 1}, {INT64_MAX - 9, INT64_MAX - 4}};
  PropDomain acc = {0}, d1 = {hi1, 1, 1}, d2 = {hi2, 2, 2};
  prop_domain_union(&acc, &d1);
  prop_domain_union(&acc, &d2);
  CHECK_EQ_INT(acc.n, 2);
  CHECK(acc.iv[0].lo == INT64_MIN && acc.iv[1].lo == INT64_MAX - 9 && acc.iv[1].hi == INT64_MAX);
  prop_domain_free(&acc);
}

int main(void) {
  RUN(union_brute_force);
  RUN(fuzz_around_zero);
  RUN(fuzz_near_int64_min);
  RUN(fuzz_near_int64_max);
  RUN(full_range);
  RUN(constants_and_copies);
  return check_summary();
}
