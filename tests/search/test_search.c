/* test_search.c - label/search.c against brute force: N-queens counts with
 * a test-local x != y + c propagator, every value and variable order gives
 * the enumeration's solution count on small random systems, budgets stop,
 * the node budget drops a slow node and goes on with its siblings,
 * same seed gives the same statistics, REJECT makes the result INCOMPLETE,
 * the decision list growing during search, cleanup after SEARCH_FOUND,
 * the window followed by powers of two,
 * hints and branches labeled before the decisions.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inka/arith.h"
#include "inka/prop.h"
#include "inka/search.h"

/* ---- x != y + c ------------------------------------------------------------ */

typedef struct { Propagator base; PropVar x, y; int64_t c; } Neq;

static PropStatus neq_propagate(PropStore *s, Propagator *p_) {
  Neq *p = (Neq *)p_;
  if (prop_is_fixed(s, p->y)) {
    prop_wide v = (prop_wide)prop_value(s, p->y) + p->c;
    if (v >= INT64_MIN && v <= INT64_MAX && !prop_remove(s, p->x, (int64_t)v)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  if (prop_is_fixed(s, p->x)) {
    prop_wide v = (prop_wide)prop_value(s, p->x) - p->c;
    if (v >= INT64_MIN && v <= INT64_MAX && !prop_remove(s, p->y, (int64_t)v)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  return PROP_SUSPEND;
}

static const PropClass neq_class = {"neq", neq_propagate, PROP_PRIO_LINEAR, true};

static bool post_neq(PropStore *s, PropVar x, PropVar y, int64_t c) {
  Neq *p = prop_propagator_new(s, &neq_class, sizeof *p);
  p->x = x; p->y = y; p->c = c;
  prop_subscribe(s, &p->base, x, PROP_EV_FIX);
  prop_subscribe(s, &p->base, y, PROP_EV_FIX);
  return prop_post(s, &p->base);
}

/* ---- x <= y + c ------------------------------------------------------------ */

typedef struct { Propagator base; PropVar x, y; int64_t c; } Leq;

static PropStatus leq_propagate(PropStore *s, Propagator *p_) {
  Leq *p = (Leq *)p_;
  if (!prop_set_max_wide(s, p->x, (prop_wide)prop_max(s, p->y) + p->c)) return PROP_FAILED;
  if (!prop_set_min_wide(s, p->y, (prop_wide)prop_min(s, p->x) - p->c)) return PROP_FAILED;
  return (prop_wide)prop_max(s, p->x) <= (prop_wide)prop_min(s, p->y) + p->c ? PROP_ENTAILED
                                                                           : PROP_SUSPEND;
}

static const PropClass leq_class = {"leq", leq_propagate, PROP_PRIO_LINEAR, true};

static bool post_leq(PropStore *s, PropVar x, PropVar y, int64_t c) {
  Leq *p = prop_propagator_new(s, &leq_class, sizeof *p);
  p->x = x; p->y = y; p->c = c;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, y, PROP_EV_BOUNDS);
  return prop_post(s, &p->base);
}

/* ---- N-queens ---------------------------------------------------------------- */

static SearchLeaf count_leaf(PropStore *s, void *ctx) {
  (void)s;
  ++*(long *)ctx;
  return SEARCH_CONTINUE;
}

static PropStore *queens(int n) {
  PropStore *s = prop_store_new();
  PropVar q[32];
  for (int i = 0; i < n; i++) {
    q[i] = prop_new_var(s, 0, n - 1);
    prop_add_decision(s, q[i]);
  }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      post_neq(s, q[i], q[j], 0);
      post_neq(s, q[i], q[j], j - i);
      post_neq(s, q[i], q[j], i - j);
    }
  return s;
}

static long count_queens(int n, const SearchOptions *o, SearchStats *st) {
  PropStore *s = queens(n);
  long count = 0;
  SearchResult r = search_solve(s, o, count_leaf, &count, st);
  CHECK_EQ_INT(r, SEARCH_EXHAUSTED);
  CHECK_EQ_INT(prop_level(s), 0);
  prop_store_free(s);
  return count;
}

TEST(queens_counts) {
  SearchOptions o;
  search_default_options(&o);
  SearchStats st;
  CHECK_EQ_INT(count_queens(4, &o, &st), 2);
  CHECK_EQ_INT(count_queens(6, &o, &st), 4);
  CHECK_EQ_INT(count_queens(8, &o, &st), 92);
  CHECK_EQ_INT(st.solutions, 92);
  CHECK_EQ_INT(count_queens(10, &o, &st), 724);
  CHECK_EQ_INT(count_queens(12, &o, &st), 14200);
  CHECK_EQ_INT(st.solutions, 14200);
  CHECK(st.max_depth <= 12);
}

TEST(queens_all_orders) {
  SearchOptions o;
  search_default_options(&o);
  for (int vo = SEARCH_VAR_INPUT_ORDER; vo <= SEARCH_VAR_FIRST_FAIL; vo++)
    for (int va = SEARCH_VAL_NEAR_ZERO; va <= SEARCH_VAL_RANDOM; va++) {
      o.var_order = vo;
      o.val_order = va;
      o.seed = 7;
      SearchStats st;
      CHECK_EQ_INT(count_queens(8, &o, &st), 92);
      CHECK_EQ_INT(st.solutions, 92);
    }
}

/* ---- Small random systems against enumeration -------------------------------- */

static uint64_t rng_state = 0x1234567887654321ULL;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static int rnd_int(int n) { return (int)(rnd() % (uint64_t)n); }

typedef struct { int kind; int x, y; int64_t c; } Con;   /* 0: x != y + c, 1: x <= y + c */
typedef struct {
  int n, ncons;
  int64_t lo[4], hi[4];
  int64_t holes[4][3];
  Con cons[6];
} System;

static bool in_dom(const System *sys, int i, int64_t v) {
  if (v < sys->lo[i] || v > sys->hi[i]) return false;
  for (int h = 0; h < 3; h++) if (sys->holes[i][h] == v) return false;
  return true;
}

static bool satisfies(const System *sys, const int64_t *val) {
  for (int k = 0; k < sys->ncons; k++) {
    const Con *c = &sys->cons[k];
    if (c->kind == 0 && val[c->x] == val[c->y] + c->c) return false;
    if (c->kind == 1 && val[c->x] > val[c->y] + c->c) return false;
  }
  return true;
}

static long enumerate(const System *sys, int i, int64_t *val) {
  if (i == sys->n) return satisfies(sys, val);
  long count = 0;
  for (int64_t v = sys->lo[i]; v <= sys->hi[i]; v++) {
    if (!in_dom(sys, i, v)) continue;
    val[i] = v;
    count += enumerate(sys, i + 1, val);
  }
  return count;
}

static System random_system(void) {
  System sys;
  memset(&sys, 0, sizeof sys);
  sys.n = 2 + rnd_int(2);
  bool wide = rnd_int(3) == 0;   /* sizes above 64: ternary near-zero split */
  for (int i = 0; i < sys.n; i++) {
    int r = wide ? 40 : 5;
    sys.lo[i] = -rnd_int(r + 1);
    sys.hi[i] = rnd_int(r + 1);
    for (int h = 0; h < 3; h++) sys.holes[i][h] = rnd_int(3) ? INT64_MIN : sys.lo[i] + rnd_int(2 * r + 1);
  }
  sys.ncons = rnd_int(5);
  for (int k = 0; k < sys.ncons; k++) {
    Con *c = &sys.cons[k];
    c->kind = rnd_int(2);
    c->x = rnd_int(sys.n);
    do c->y = rnd_int(sys.n); while (c->y == c->x);
    c->c = rnd_int(7) - 3;
  }
  return sys;
}

typedef struct { const System *sys; PropVar v[4]; long count, bad; } Leaves;

static SearchLeaf check_leaf(PropStore *s, void *ctx) {
  Leaves *l = ctx;
  int64_t val[4];
  for (int i = 0; i < l->sys->n; i++) {
    if (!prop_is_fixed(s, l->v[i])) { l->bad++; return SEARCH_CONTINUE; }
    val[i] = prop_value(s, l->v[i]);
    if (!in_dom(l->sys, i, val[i])) l->bad++;
  }
  if (!satisfies(l->sys, val)) l->bad++;
  l->count++;
  return SEARCH_CONTINUE;
}

/* Builds the system in a fresh store; false if posting failed already. */
static bool build(PropStore *s, const System *sys, PropVar *v) {
  for (int i = 0; i < sys->n; i++) {
    v[i] = prop_new_var(s, sys->lo[i], sys->hi[i]);
    prop_add_decision(s, v[i]);
  }
  for (int i = 0; i < sys->n; i++)
    for (int h = 0; h < 3; h++)
      if (sys->holes[i][h] != INT64_MIN && !prop_remove(s, v[i], sys->holes[i][h])) return false;
  for (int k = 0; k < sys->ncons; k++) {
    const Con *c = &sys->cons[k];
    bool ok = c->kind == 0 ? post_neq(s, v[c->x], v[c->y], c->c) : post_leq(s, v[c->x], v[c->y], c->c);
    if (!ok) return false;
  }
  return true;
}

TEST(random_systems_all_orders) {
  for (int round = 0; round < 300; round++) {
    System sys = random_system();
    int64_t val[4];
    long want = enumerate(&sys, 0, val);
    for (int vo = SEARCH_VAR_INPUT_ORDER; vo <= SEARCH_VAR_FIRST_FAIL; vo++)
      for (int va = SEARCH_VAL_NEAR_ZERO; va <= SEARCH_VAL_RANDOM; va++) {
        PropStore *s = prop_store_new();
        Leaves l = {.sys = &sys};
        SearchOptions o;
        search_default_options(&o);
        o.var_order = vo;
        o.val_order = va;
        o.seed = (uint64_t)round + 1;
        SearchStats st;
        if (build(s, &sys, l.v)) {
          PropDomain before[4] = {{0}}, after[4] = {{0}};
          for (int i = 0; i < sys.n; i++) prop_domain_get(s, l.v[i], &before[i]);
          SearchResult r = search_solve(s, &o, check_leaf, &l, &st);
          CHECK_EQ_INT(r, SEARCH_EXHAUSTED);
          CHECK_EQ_INT(st.solutions, l.count);
          CHECK_EQ_INT(prop_level(s), 0);
          for (int i = 0; i < sys.n; i++) {   /* back where it started */
            prop_domain_get(s, l.v[i], &after[i]);
            CHECK(before[i].n == after[i].n &&
                  memcmp(before[i].iv, after[i].iv, (size_t)after[i].n * sizeof *after[i].iv) == 0);
            prop_domain_free(&before[i]);
            prop_domain_free(&after[i]);
          }
        }
        CHECK_EQ_INT(l.count, want);
        CHECK_EQ_INT(l.bad, 0);
        prop_store_free(s);
      }
  }
}

/* ---- Budgets, determinism, REJECT, FOUND ---------------------------------------- */

TEST(budgets) {
  SearchOptions o;
  search_default_options(&o);
  SearchStats st;
  long count = 0;
  PropStore *s = queens(10);
  o.max_nodes = 100;
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_BUDGET);
  CHECK_EQ_INT(st.nodes, 100);
  CHECK_EQ_INT(prop_level(s), 0);
  CHECK(!prop_failed(s));
  o.max_nodes = 0;
  o.max_failures = 10;
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_BUDGET);
  CHECK_EQ_INT(st.failures, 10);
  CHECK_EQ_INT(prop_level(s), 0);
  o.max_failures = 0;
  o.max_seconds = 1e-9;
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_BUDGET);
  CHECK(st.nodes <= 1);
  CHECK_EQ_INT(prop_level(s), 0);
  o.max_seconds = 0;
  count = 0;   /* budgets off again: the full count */
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_EXHAUSTED);
  CHECK_EQ_INT(count, 724);
  prop_store_free(s);
}

/* d in {0, 1, 2}; d == 0 posts x <= y - 1 and y <= x - 1 on [0, 10^6]
   (no solution, found only after about 10^6 runs); d == 1 and d == 2 are
   solutions.  The node budget drops d == 0 and still finds the others. */
typedef struct { Propagator base; PropVar d, x, y; bool posted; } SlowIf;

static PropStatus slow_if_propagate(PropStore *s, Propagator *p_) {
  SlowIf *p = (SlowIf *)p_;
  if (!prop_is_fixed(s, p->d)) return PROP_SUSPEND;
  if (prop_value(s, p->d) != 0) return PROP_ENTAILED;
  return post_leq(s, p->x, p->y, -1) && post_leq(s, p->y, p->x, -1) ? PROP_ENTAILED : PROP_FAILED;
}

static const PropClass slow_if_class = {"slow_if", slow_if_propagate, PROP_PRIO_LINEAR, true};

static PropStore *slow_choice(void) {
  PropStore *s = prop_store_new();
  PropVar d = prop_new_var(s, 0, 2);
  prop_add_decision(s, d);
  SlowIf *p = prop_propagator_new(s, &slow_if_class, sizeof *p);
  p->d = d;
  p->x = prop_new_var(s, 0, 1000000);
  p->y = prop_new_var(s, 0, 1000000);
  prop_subscribe(s, &p->base, d, PROP_EV_FIX);
  CHECK(prop_post(s, &p->base));
  return s;
}

TEST(node_budget) {
  SearchOptions o;
  search_default_options(&o);
  SearchStats st;
  long count = 0;
  PropStore *s = slow_choice();
  o.max_node_propagations = 1000;
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_INCOMPLETE); /* no proof */
  CHECK_EQ_INT(count, 2);
  CHECK_EQ_INT(st.node_cuts, 1);
  CHECK(prop_stats(s)->propagations < 10000);
  CHECK_EQ_INT(prop_level(s), 0);
  CHECK(!prop_failed(s) && !prop_node_cut(s) && !prop_timed_out(s));
  o.max_node_propagations = 0;   /* no node budget: d == 0 is refuted, a complete search */
  count = 0;
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_EXHAUSTED);
  CHECK_EQ_INT(count, 2);
  CHECK_EQ_INT(st.node_cuts, 0);
  prop_store_free(s);
}

typedef struct { PropVar q[16]; int n; int64_t first[16]; bool got; } First;

static SearchLeaf first_leaf(PropStore *s, void *ctx) {
  First *f = ctx;
  if (!f->got)
    for (int i = 0; i < f->n; i++) f->first[i] = prop_value(s, f->q[i]);
  f->got = true;
  return SEARCH_CONTINUE;
}

static void random_run(uint64_t seed, SearchStats *st, First *f) {
  PropStore *s = queens(8);
  for (int i = 0; i < 8; i++) f->q[i] = prop_decision(s, i);
  f->n = 8;
  f->got = false;
  SearchOptions o;
  search_default_options(&o);
  o.val_order = SEARCH_VAL_RANDOM;
  o.var_order = SEARCH_VAR_FIRST_FAIL;
  o.seed = seed;
  CHECK_EQ_INT(search_solve(s, &o, first_leaf, f, st), SEARCH_EXHAUSTED);
  CHECK_EQ_INT(prop_stats(s)->choice_points, prop_stats(s)->backtracks);
  prop_store_free(s);
}

TEST(determinism) {
  SearchStats a, b, c;
  First fa = {0}, fb = {0}, fc = {0};
  random_run(42, &a, &fa);
  random_run(42, &b, &fb);
  CHECK(a.nodes == b.nodes && a.failures == b.failures && a.solutions == b.solutions);
  CHECK(a.max_depth == b.max_depth);
  CHECK(memcmp(fa.first, fb.first, sizeof fa.first) == 0);
  CHECK_EQ_INT(a.solutions, 92);
  int differs = 0;
  for (uint64_t seed = 1; seed <= 5; seed++) {
    random_run(seed, &c, &fc);
    differs += memcmp(fa.first, fc.first, sizeof fa.first) != 0;
  }
  CHECK(differs > 0);   /* the seed matters */
}

static SearchLeaf reject_odd(PropStore *s, void *ctx) {
  (void)s;
  return ++*(long *)ctx % 2 ? SEARCH_REJECT : SEARCH_CONTINUE;
}

static SearchLeaf reject_all(PropStore *s, void *ctx) {
  (void)s; (void)ctx;
  return SEARCH_REJECT;
}

TEST(reject_is_incomplete) {
  SearchOptions o;
  search_default_options(&o);
  SearchStats st, st0;
  long count = 0;
  PropStore *s = queens(6);
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st0), SEARCH_EXHAUSTED);
  count = 0;
  CHECK_EQ_INT(search_solve(s, &o, reject_odd, &count, &st), SEARCH_INCOMPLETE);
  CHECK_EQ_INT(count, 4);
  CHECK_EQ_INT(st.solutions, 2);
  CHECK_EQ_INT(st.failures, st0.failures + 2);
  CHECK_EQ_INT(search_solve(s, &o, reject_all, NULL, &st), SEARCH_INCOMPLETE);
  CHECK_EQ_INT(st.solutions, 0);
  prop_store_free(s);
  /* no leaf at all: exhausted even with a rejecting callback */
  s = queens(3);
  CHECK_EQ_INT(search_solve(s, &o, reject_all, NULL, &st), SEARCH_EXHAUSTED);
  prop_store_free(s);
}

TEST(found_and_cleanup) {
  PropStore *s = queens(8);
  SearchOptions o;
  search_default_options(&o);
  SearchStats st;
  prop_push(s);   /* the caller's own level */
  int level = prop_level(s);
  CHECK_EQ_INT(search_solve(s, &o, NULL, NULL, &st), SEARCH_FOUND);
  CHECK_EQ_INT(st.solutions, 1);
  CHECK(prop_level(s) > level);
  int64_t v[8];
  for (int i = 0; i < 8; i++) {
    CHECK(prop_is_fixed(s, prop_decision(s, i)));
    v[i] = prop_value(s, prop_decision(s, i));
  }
  for (int i = 0; i < 8; i++)
    for (int j = i + 1; j < 8; j++)
      CHECK(v[i] != v[j] && v[i] - v[j] != j - i && v[j] - v[i] != j - i);
  /* near zero: the first queen takes 0 */
  CHECK_EQ_INT(v[0], 0);
  search_backtrack(s, level);
  CHECK_EQ_INT(prop_level(s), level);
  for (int i = 0; i < 8; i++) CHECK_EQ_INT(prop_size(s, prop_decision(s, i)), 8);
  prop_pop(s);
  prop_store_free(s);
}

/* ---- Decision variables created during search ------------------------------------- */

/* When x is fixed to k, creates y in [0, k], a decision variable, with
   y != k - 1 (posted from inside propagate()). */
typedef struct { Propagator base; PropVar x; } Unfold;

static PropStatus unfold_propagate(PropStore *s, Propagator *p_) {
  Unfold *p = (Unfold *)p_;
  if (!prop_is_fixed(s, p->x)) return PROP_SUSPEND;
  int64_t k = prop_value(s, p->x);
  PropVar y = prop_new_var(s, 0, k);
  prop_add_decision(s, y);
  PropVar c = prop_new_const(s, k - 1);
  if (!post_neq(s, y, c, 0)) return PROP_FAILED;
  return PROP_ENTAILED;
}
static const PropClass unfold_class = {"unfold", unfold_propagate, PROP_PRIO_CONTROL, true};

TEST(decisions_grow_during_search) {
  for (int va = SEARCH_VAL_NEAR_ZERO; va <= SEARCH_VAL_RANDOM; va++) {
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, 0, 4);
    prop_add_decision(s, x);
    Unfold *p = prop_propagator_new(s, &unfold_class, sizeof *p);
    p->x = x;
    prop_subscribe(s, &p->base, x, PROP_EV_FIX);
    CHECK(prop_post(s, &p->base));
    int nvars = prop_var_count(s);
    SearchOptions o;
    search_default_options(&o);
    o.val_order = va;
    long count = 0;
    SearchStats st;
    CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_EXHAUSTED);
    /* x = 0: y in {0} minus {-1}: 1; x = k > 0: k leaves */
    CHECK_EQ_INT(count, 1 + 1 + 2 + 3 + 4);
    CHECK_EQ_INT(prop_decision_count(s), 1);
    CHECK_EQ_INT(prop_var_count(s), nvars);
    prop_store_free(s);
  }
}

/* ---- Wide domains ------------------------------------------------------------------ */

static SearchLeaf accept(PropStore *s, void *ctx) {
  (void)s; (void)ctx;
  return SEARCH_ACCEPT;
}

TEST(wide_domains) {
  SearchOptions o;
  search_default_options(&o);
  o.max_nodes = 10000;
  SearchStats st;
  int64_t want_x[5] = {0, INT64_MIN, INT64_MAX - 5, 0, 0};
  for (int va = SEARCH_VAL_NEAR_ZERO; va <= SEARCH_VAL_RANDOM; va++) {
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, INT64_MIN, INT64_MAX), y = prop_new_var(s, INT64_MIN, INT64_MAX);
    prop_add_decision(s, x);
    prop_add_decision(s, y);
    CHECK(post_leq(s, x, y, -5));    /* x + 5 <= y */
    CHECK(post_neq(s, y, x, 5));     /* y != x + 5 */
    o.val_order = va;
    CHECK_EQ_INT(search_solve(s, &o, accept, NULL, &st), SEARCH_FOUND);
    int64_t vx = prop_value(s, x), vy = prop_value(s, y);
    CHECK((prop_wide)vx + 5 < vy);
    if (va == SEARCH_VAL_NEAR_ZERO) CHECK(vx == 0 && vy == 6);
    if (va == SEARCH_VAL_MIN) CHECK(vx == want_x[va] && vy == INT64_MIN + 6);
    if (va == SEARCH_VAL_MAX) CHECK(vy == INT64_MAX && vx == INT64_MAX - 6);
    search_backtrack(s, 0);
    prop_store_free(s);
  }
}

/* ---- Powers after the window ------------------------------------------------------------ */

typedef struct { PropVar x; int64_t tried[128]; int n; int64_t need; } Powers;

static SearchLeaf at_least(PropStore *s, void *ctx) {
  Powers *p = ctx;
  int64_t v = prop_value(s, p->x);
  if (p->n < 128) p->tried[p->n++] = v;
  return v >= p->need ? SEARCH_ACCEPT : SEARCH_FAIL;
}

/* x in [3, 10^6] must be >= 1000: the window of 4 tries 3..6, then one value
   per power of two: 7 (the least untried one >= 4), 8, 16, ..., 1024.  Without powers, or with 0 in the
   domain, the window alone is tried and the result is INCOMPLETE. */
TEST(powers) {
  for (int variant = 0; variant < 3; variant++) {
    PropStore *s = prop_store_new();
    Powers p = {.x = prop_new_var(s, variant == 2 ? -1000000 : 3, 1000000), .need = 1000};
    prop_add_decision(s, p.x);
    SearchOptions o;
    search_default_options(&o);
    o.window = 4;
    o.powers = variant != 1;
    SearchResult r = search_solve(s, &o, at_least, &p, NULL);
    if (variant == 0) {
      CHECK_EQ_INT(r, SEARCH_FOUND);
      int64_t want[] = {3, 4, 5, 6, 7, 8, 16, 32, 64, 128, 256, 512, 1024};
      CHECK_EQ_INT(p.n, 13);
      for (int i = 0; i < 13 && i < p.n; i++) CHECK_EQ_INT(p.tried[i], want[i]);
      search_backtrack(s, 0);
    } else {
      CHECK_EQ_INT(r, SEARCH_INCOMPLETE);
      CHECK_EQ_INT(p.n, 4);
    }
    prop_store_free(s);
  }
}

/* ---- Hints ---------------------------------------------------------------------------- */

/* h = |x - 50| + y: near zero, labeling the decisions x, y first gives
   x = 0 (h = 50 + y); hints first labels h = 0 and propagation fixes x = 50
   and y = 0.  Counting all solutions,
   both orders must see every (x, y) pair exactly once. */
TEST(hints_first) {
  for (int hints = 0; hints <= 1; hints++) {
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, 0, 100), y = prop_new_var(s, 0, 3), d = prop_new_var(s, -100, 100);
    PropVar a = prop_new_var(s, 0, 100), h = prop_new_var(s, 0, 1000);
    prop_add_decision(s, x);
    prop_add_decision(s, y);
    prop_add_hint(s, h);
    const int64_t c1[2] = {1, -1}, c2[3] = {1, 1, -1};
    const PropVar v1[2] = {x, d}, v2[3] = {a, y, h};
    CHECK(op_linear(s, 2, c1, v1, OP_EQ, 50));   /* x - d = 50 */
    CHECK(op_abs(s, d, a));                       /* a = |d| */
    CHECK(op_linear(s, 3, c2, v2, OP_EQ, 0));    /* a + y - h = 0 */
    SearchOptions o;
    search_default_options(&o);
    o.hints_first = hints;
    SearchStats st;
    CHECK_EQ_INT(search_solve(s, &o, accept, NULL, &st), SEARCH_FOUND);
    CHECK_EQ_INT(prop_value(s, x), hints ? 50 : 0);
    CHECK_EQ_INT(prop_value(s, y), 0);
    search_backtrack(s, 0);
    long count = 0;
    CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_EXHAUSTED);
    CHECK_EQ_INT(count, 101 * 4);
    CHECK_EQ_INT(prop_hint_count(s), 1);
    prop_store_free(s);
  }
}

/* Branches first: a boolean b <=> x < y registered as a branch is labeled
   before x and y (b = 0 first: the first leaf has x >= y, x = y = 0), and the
   solutions are the same pairs, each seen once. */
TEST(branches_first) {
  for (int first = 0; first <= 1; first++) {
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, 0, 9), y = prop_new_var(s, 0, 9), b = prop_new_var(s, 0, 1);
    prop_add_decision(s, x);
    prop_add_decision(s, y);
    prop_add_branch(s, b);
    CHECK(op_reify(s, b, x, OP_LT, y));
    CHECK(op_linear(s, 2, (int64_t[]){1, 1}, (PropVar[]){x, y}, OP_GE, 3));
    SearchOptions o;
    search_default_options(&o);
    o.branches_first = first;
    o.val_order = SEARCH_VAL_MAX;
    SearchStats st;
    CHECK_EQ_INT(search_solve(s, &o, accept, NULL, &st), SEARCH_FOUND);
    /* largest values first: without branches x = 9, y = 9 (b = 0); with
       them b = 1 first, so x < y: x = 8, y = 9 */
    CHECK_EQ_INT(prop_value(s, x), first ? 8 : 9);
    CHECK_EQ_INT(prop_value(s, y), 9);
    search_backtrack(s, 0);
    long count = 0;
    CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, &st), SEARCH_EXHAUSTED);
    CHECK_EQ_INT(count, 100 - 6);   /* pairs with x + y >= 3 */
    prop_store_free(s);
  }
}

TEST(failed_store) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 1);
  prop_add_decision(s, x);
  prop_push(s);
  CHECK(!prop_set_min(s, x, 2));
  SearchStats st;
  CHECK_EQ_INT(search_solve(s, NULL, NULL, NULL, &st), SEARCH_EXHAUSTED);
  prop_pop(s);
  CHECK_EQ_INT(search_solve(s, NULL, NULL, NULL, &st), SEARCH_FOUND);
  CHECK_EQ_INT(prop_value(s, x), 0);
  search_backtrack(s, 0);
  prop_store_free(s);
}

int main(int argc, char **argv) {
  if (argc > 1) {   /* timing: test_search N  -> all solutions of N-queens */
    SearchOptions o;
    search_default_options(&o);
    SearchStats st;
    long c = count_queens(atoi(argv[1]), &o, &st);
    printf("queens %s: %ld solutions, %llu nodes, %llu failures, %.3f s\n", argv[1], c,
           (unsigned long long)st.nodes, (unsigned long long)st.failures, st.seconds);
    return 0;
  }
  RUN(queens_counts);
  RUN(queens_all_orders);
  RUN(random_systems_all_orders);
  RUN(budgets);
  RUN(node_budget);
  RUN(determinism);
  RUN(reject_is_incomplete);
  RUN(found_and_cleanup);
  RUN(decisions_grow_during_search);
  RUN(wide_domains);
  RUN(powers);
  RUN(hints_first);
  RUN(branches_first);
  RUN(failed_store);
  return check_summary();
}
