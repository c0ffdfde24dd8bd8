/* test_trail.c - the arena, the trail and choice points: objects allocated
 * after a push vanish (arena top restored, memory zeroed and aligned when
 * handed out again), prop_save_* undone exactly through nested levels,
 * variables / subscriptions / decision variables / propagator ids created
 * after a push vanish, union-find trailed, statistics counted.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "inka/prop.h"

TEST(arena_top_restored) {
  PropStore *s = prop_store_new();
  void *before = prop_alloc(s, 8);
  prop_push(s);
  unsigned char *a = prop_alloc(s, 100);
  CHECK(((uintptr_t)a & 15) == 0);
  memset(a, 0xAB, 100);
  for (int i = 0; i < 1000; i++) {   /* several chunks, a big one among them */
    unsigned char *b = prop_alloc(s, (size_t)(i * 37 % 1000) + (i == 500 ? 1 << 20 : 0));
    CHECK(((uintptr_t)b & 15) == 0);
    memset(b, 0xCD, (size_t)(i * 37 % 1000));
  }
  size_t peak = prop_stats(s)->peak_arena_bytes;
  CHECK(peak > (1u << 20));
  prop_pop(s);
  unsigned char *c = prop_alloc(s, 100);
  CHECK(c == a);                      /* the same place: the top went back */
  int zero = 1;
  for (int i = 0; i < 100; i++) zero &= c[i] == 0;
  CHECK(zero);
  prop_push(s);
  for (int i = 0; i < 1000; i++) {    /* reuse the kept chunks: zeroed */
    unsigned char *b = prop_alloc(s, (size_t)(i * 53 % 3000) + 1);
    int z = 1;
    for (size_t k = 0; k < (size_t)(i * 53 % 3000) + 1; k++) z &= b[k] == 0;
    CHECK(z);
    memset(b, 0xEF, (size_t)(i * 53 % 3000) + 1);
  }
  prop_pop(s);
  CHECK(prop_stats(s)->peak_arena_bytes >= peak);
  CHECK(before != NULL);
  prop_store_free(s);
}

TEST(saves_undone) {
  PropStore *s = prop_store_new();
  struct { int i; int64_t l; void *p; } *o = prop_alloc(s, sizeof *o);
  o->i = 1; o->l = INT64_MIN; o->p = NULL;
  prop_push(s);
  prop_save_int(s, &o->i, 2);
  prop_save_i64(s, &o->l, 5);
  prop_save_ptr(s, &o->p, o);
  prop_push(s);
  prop_save_int(s, &o->i, 3);
  prop_save_int(s, &o->i, 4);
  prop_save_i64(s, &o->l, INT64_MAX);
  prop_save_ptr(s, &o->p, &o->i);
  CHECK(o->i == 4 && o->l == INT64_MAX && o->p == &o->i);
  prop_pop(s);
  CHECK(o->i == 2 && o->l == 5 && o->p == o);
  prop_pop(s);
  CHECK(o->i == 1 && o->l == INT64_MIN && o->p == NULL);
  prop_save_int(s, &o->i, 9);        /* level 0: permanent */
  CHECK_EQ_INT(o->i, 9);
  prop_store_free(s);
}

static PropStatus count_runs(PropStore *s, Propagator *p) {
  (void)s;
  ((int *)(p + 1))[0]++;
  return PROP_SUSPEND;
}
static const PropClass counter_class = {"counter", count_runs, PROP_PRIO_UNARY, true};

TEST(created_after_push_vanish) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10);
  prop_add_decision(s, x);
  struct C { Propagator base; int runs; } *p0 = prop_propagator_new(s, &counter_class, sizeof *p0);
  prop_subscribe(s, &p0->base, x, PROP_EV_DOMAIN);
  CHECK(prop_post(s, &p0->base));
  int nvars = prop_var_count(s);
  uint32_t next_id = p0->base.id + 1;

  prop_push(s);
  PropVar y = prop_new_var(s, 5, 6);
  CHECK_EQ_INT(y, nvars);
  prop_add_decision(s, y);
  struct C *p1 = prop_propagator_new(s, &counter_class, sizeof *p1);
  CHECK_EQ_INT(p1->base.id, next_id);
  prop_subscribe(s, &p1->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p1->base, y, PROP_EV_DOMAIN);
  CHECK(prop_post(s, &p1->base));
  CHECK(prop_remove(s, x, 3) && prop_remove(s, y, 5) && prop_propagate(s));
  CHECK(p0->runs == 2 && p1->runs == 2);
  CHECK_EQ_INT(prop_decision_count(s), 2);
  prop_pop(s);

  CHECK_EQ_INT(prop_var_count(s), nvars);
  CHECK_EQ_INT(prop_decision_count(s), 1);
  CHECK_EQ_INT(prop_decision(s, 0), x);
  CHECK(prop_has(s, x, 3));
  /* p1's subscription to x is gone: only p0 runs */
  int r0 = p0->runs;
  CHECK(prop_remove(s, x, 4) && prop_propagate(s));
  CHECK_EQ_INT(p0->runs, r0 + 1);
  /* ids restart where they were */
  struct C *p2 = prop_propagator_new(s, &counter_class, sizeof *p2);
  CHECK_EQ_INT(p2->base.id, next_id);
  /* a new variable takes y's place with its own domain */
  PropVar z = prop_new_var(s, -3, 3);
  CHECK_EQ_INT(z, y);
  CHECK(prop_min(s, z) == -3 && prop_max(s, z) == 3);
  prop_store_free(s);
}

TEST(domain_changes_across_levels) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 100);
  CHECK(prop_remove(s, x, 50));
  prop_push(s);
  CHECK(prop_remove(s, x, 20));
  CHECK(prop_remove(s, x, 80));      /* same level: in place */
  CHECK_EQ_INT(prop_interval_count(s, x), 4);
  prop_push(s);
  PropVar y = prop_new_var(s, 0, 9);  /* created here: no trail */
  CHECK(prop_remove(s, y, 4) && prop_remove(s, y, 6));
  CHECK(prop_restrict_range(s, x, 10, 60));
  CHECK_EQ_INT(prop_interval_count(s, x), 3);
  prop_push(s);
  CHECK(prop_fix(s, x, 33));
  prop_pop(s);
  CHECK_EQ_INT(prop_interval_count(s, x), 3);
  CHECK(prop_min(s, x) == 10 && prop_max(s, x) == 60);
  prop_pop(s);
  CHECK_EQ_INT(prop_interval_count(s, x), 4);
  CHECK(prop_min(s, x) == 0 && prop_max(s, x) == 100);
  CHECK(!prop_has(s, x, 80) && !prop_has(s, x, 20) && prop_has(s, x, 21));
  prop_pop(s);
  CHECK_EQ_INT(prop_interval_count(s, x), 2);
  CHECK(prop_has(s, x, 20) && prop_has(s, x, 80) && !prop_has(s, x, 50));
  CHECK_EQ_INT(prop_size(s, x), 100);
  prop_store_free(s);
}

TEST(union_find_trailed) {
  PropStore *s = prop_store_new();
  PropVar v[6];
  for (int i = 0; i < 6; i++) v[i] = prop_new_var(s, 0, 9);
  prop_unify(s, v[0], v[1]);
  CHECK(prop_same(s, v[0], v[1]) && prop_same(s, v[1], v[0]));
  CHECK(!prop_same(s, v[0], v[2]));
  prop_push(s);
  prop_unify(s, v[2], v[3]);
  prop_unify(s, v[3], v[1]);
  CHECK(prop_same(s, v[0], v[2]));
  PropVar w = prop_new_var(s, 0, 1);
  prop_unify(s, w, v[4]);
  CHECK(prop_same(s, w, v[4]));
  prop_push(s);
  prop_unify(s, v[4], v[0]);
  CHECK(prop_same(s, w, v[3]));
  prop_pop(s);
  CHECK(!prop_same(s, w, v[3]));
  CHECK(prop_same(s, v[0], v[3]));
  prop_pop(s);
  CHECK(prop_same(s, v[0], v[1]));
  CHECK(!prop_same(s, v[0], v[2]) && !prop_same(s, v[2], v[3]));
  CHECK(!prop_same(s, v[4], v[5]));
  CHECK(prop_same(s, v[5], v[5]));
  /* unification keeps domains separate */
  CHECK(prop_fix(s, v[0], 3));
  CHECK_EQ_INT(prop_size(s, v[1]), 10);
  prop_store_free(s);
}

TEST(stats_counted) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 3);
  const PropStats *st = prop_stats(s);
  CHECK(st->choice_points == 0 && st->backtracks == 0 && st->failures == 0);
  prop_push(s);
  prop_push(s);
  CHECK(!prop_set_min(s, x, 4));
  CHECK(!prop_set_min(s, x, 5));     /* already failed: counted once */
  CHECK_EQ_INT(st->failures, 1);
  prop_pop(s);
  prop_pop(s);
  CHECK_EQ_INT(st->choice_points, 2);
  CHECK_EQ_INT(st->backtracks, 2);
  CHECK_EQ_INT(prop_level(s), 0);
  prop_store_free(s);
}

int main(void) {
  RUN(arena_top_restored);
  RUN(saves_undone);
  RUN(created_after_push_vanish);
  RUN(domain_changes_across_levels);
  RUN(union_find_trailed);
  RUN(stats_counted);
  return check_summary();
}
