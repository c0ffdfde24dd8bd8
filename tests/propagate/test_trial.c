/* test_trial.c - prop_try: results and copied domains, failure, nothing
 * left behind (domains, variables, failed flag, level), the depth limit,
 * nested trials from propagators running inside a trial, a failing trial
 * inside propagate() restoring the outer queue, and the trial's opener
 * (queued by its own prunings) not run inside its own trial, the work
 * budget of one trial (inconclusive past it).
 */
#include <string.h>

#include "check.h"
#include "inka/prop.h"

/* ---- x <= y + k ---------------------------------------------------------------- */

typedef struct { Propagator base; PropVar x, y; int64_t k; } Leq;

static PropStatus leq_propagate(PropStore *s, Propagator *p_) {
  Leq *p = (Leq *)p_;
  if (!prop_set_max_wide(s, p->x, (prop_wide)prop_max(s, p->y) + p->k)) return PROP_FAILED;
  if (!prop_set_min_wide(s, p->y, (prop_wide)prop_min(s, p->x) - p->k)) return PROP_FAILED;
  return PROP_SUSPEND;
}
static const PropClass leq_class = {"leq", leq_propagate, PROP_PRIO_LINEAR, true};

static Leq *leq_new(PropStore *s, PropVar x, PropVar y, int64_t k) {
  Leq *p = prop_propagator_new(s, &leq_class, sizeof *p);
  p->x = x; p->y = y; p->k = k;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, y, PROP_EV_BOUNDS);
  return p;
}

static bool post_leq(PropStore *s, PropVar x, PropVar y, int64_t k) {
  return prop_post(s, &leq_new(s, x, y, k)->base);
}

typedef struct { PropVar x; int64_t v; } FixCtx;
static bool post_fix(PropStore *s, void *ctx) {
  FixCtx *c = ctx;
  return prop_fix(s, c->x, c->v);
}

TEST(top_level_trials) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  CHECK(post_leq(s, x, y, -3));      /* x + 3 <= y */
  PropDomain out[2] = {{0}, {0}};
  PropVar watch[2] = {x, y};
  FixCtx c = {x, 5};
  int nvars = prop_var_count(s);
  CHECK_EQ_INT(prop_try(s, post_fix, &c, watch, 2, out), PROP_TRIAL_OK);
  CHECK(out[0].n == 1 && out[0].iv[0].lo == 5 && out[0].iv[0].hi == 5);
  CHECK(out[1].n == 1 && out[1].iv[0].lo == 8 && out[1].iv[0].hi == 10);
  CHECK_EQ_INT(prop_min(s, x), 0);
  CHECK_EQ_INT(prop_min(s, y), 3);
  CHECK_EQ_INT(prop_level(s), 0);
  CHECK_EQ_INT(prop_var_count(s), nvars);
  c.v = 9;                           /* x = 9 needs y = 12: fails */
  CHECK_EQ_INT(prop_try(s, post_fix, &c, watch, 2, out), PROP_TRIAL_FAILED);
  CHECK(!prop_failed(s));
  CHECK_EQ_INT(prop_max(s, x), 7);
  c.v = 7;
  CHECK_EQ_INT(prop_try(s, post_fix, &c, NULL, 0, NULL), PROP_TRIAL_OK);
  CHECK_EQ_INT(prop_stats(s)->trials, 3);
  prop_domain_free(&out[0]);
  prop_domain_free(&out[1]);
  prop_store_free(s);
}

/* ---- Depth limit ------------------------------------------------------------------- */

typedef struct { int deepest; int too_deep; PropVar x; } DeepCtx;

static bool post_deeper(PropStore *s, void *ctx) {
  DeepCtx *c = ctx;
  int d = prop_trial_depth(s);
  if (d > c->deepest) c->deepest = d;
  if (!prop_set_min(s, c->x, prop_min(s, c->x) + 1)) return false;
  PropTrial r = prop_try(s, post_deeper, ctx, NULL, 0, NULL);
  if (r == PROP_TRIAL_TOO_DEEP) c->too_deep++;
  return true;
}

TEST(depth_limit) {
  PropStore *s = prop_store_new();
  DeepCtx c = {0, 0, prop_new_var(s, 0, 100)};
  CHECK_EQ_INT(prop_try(s, post_deeper, &c, NULL, 0, NULL), PROP_TRIAL_OK);
  CHECK_EQ_INT(c.deepest, 4);
  CHECK_EQ_INT(c.too_deep, 1);
  CHECK_EQ_INT(prop_stats(s)->trials, 4);
  CHECK_EQ_INT(prop_trial_depth(s), 0);
  CHECK_EQ_INT(prop_min(s, c.x), 0);
  prop_set_trial_depth_limit(s, 2);
  c.deepest = c.too_deep = 0;
  CHECK_EQ_INT(prop_try(s, post_deeper, &c, NULL, 0, NULL), PROP_TRIAL_OK);
  CHECK_EQ_INT(c.deepest, 2);
  prop_set_trial_depth_limit(s, 0);
  CHECK_EQ_INT(prop_try(s, post_deeper, &c, NULL, 0, NULL), PROP_TRIAL_TOO_DEEP);
  CHECK_EQ_INT(prop_stats(s)->trials, 6);
  prop_store_free(s);
}

/* ---- Trials from propagators, inside trials ---------------------------------------- */

/* A constructive disjunction: x = a or x = b; prunes x and y to the union of
   what the two trials reach.  Subscribed to y; not idempotent. */
typedef struct { Propagator base; PropVar x, y; int64_t a, b; int runs, trials_ok; } Or;

static PropStatus or_propagate(PropStore *s, Propagator *p_) {
  Or *p = (Or *)p_;
  p->runs++;
  PropVar watch[2] = {p->x, p->y};
  PropDomain acc[2] = {{0}, {0}}, out[2] = {{0}, {0}};
  FixCtx c1 = {p->x, p->a}, c2 = {p->x, p->b};
  PropTrial r1 = prop_try(s, post_fix, &c1, watch, 2, acc);
  PropTrial r2 = prop_try(s, post_fix, &c2, watch, 2, out);
  PropStatus st = PROP_SUSPEND;
  if (r1 == PROP_TRIAL_TOO_DEEP || r2 == PROP_TRIAL_TOO_DEEP) goto done;
  if (r1 == PROP_TRIAL_FAILED && r2 == PROP_TRIAL_FAILED) { st = PROP_FAILED; goto done; }
  p->trials_ok++;
  if (r1 == PROP_TRIAL_FAILED) { memcpy(acc, out, sizeof acc); memset(out, 0, sizeof out); }
  else if (r2 == PROP_TRIAL_OK) { prop_domain_union(&acc[0], &out[0]); prop_domain_union(&acc[1], &out[1]); }
  if (!prop_restrict_domain(s, p->x, &acc[0]) || !prop_restrict_domain(s, p->y, &acc[1]))
    st = PROP_FAILED;
done:
  for (int i = 0; i < 2; i++) { prop_domain_free(&acc[i]); prop_domain_free(&out[i]); }
  return st;
}
static const PropClass or_class = {"or", or_propagate, PROP_PRIO_CONTROL, false};

static Or *or_new(PropStore *s, PropVar x, PropVar y, int64_t a, int64_t b) {
  Or *p = prop_propagator_new(s, &or_class, sizeof *p);
  p->x = x; p->y = y; p->a = a; p->b = b;
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  return p;
}

TEST(constructive_disjunction) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 100), y = prop_new_var(s, 0, 100);
  CHECK(post_leq(s, x, y, -10));     /* y >= x + 10 */
  Or *o = or_new(s, x, y, 20, 70);
  CHECK(prop_post(s, &o->base));
  CHECK_EQ_INT(prop_interval_count(s, x), 2);
  CHECK(prop_has(s, x, 20) && prop_has(s, x, 70) && !prop_has(s, x, 21));
  CHECK_EQ_INT(prop_min(s, y), 30);
  CHECK(!prop_failed(s));
  /* y <= 50 rules out x = 70: x fixed to 20 */
  prop_push(s);
  CHECK(prop_set_max(s, y, 50) && prop_propagate(s));
  CHECK(prop_is_fixed(s, x) && prop_value(s, x) == 20);
  prop_pop(s);
  /* y <= 25 fails both */
  prop_push(s);
  CHECK(!(prop_set_max(s, y, 25) && prop_propagate(s)));
  CHECK(prop_failed(s));
  prop_pop(s);
  CHECK(!prop_failed(s));
  CHECK_EQ_INT(prop_trial_depth(s), 0);
  prop_store_free(s);
}

/* Two disjunctions on chained variables: the second runs inside the trials
   of the first (it is woken there) and opens nested trials. */
TEST(nested_from_propagators) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 100), y = prop_new_var(s, 0, 100), z = prop_new_var(s, 0, 100);
  CHECK(post_leq(s, x, y, -10));
  CHECK(post_leq(s, y, z, -10));
  Or *o2 = or_new(s, y, z, 40, 90);  /* y in {40, 90} */
  CHECK(prop_post(s, &o2->base));
  prop_subscribe(s, &o2->base, x, PROP_EV_DOMAIN);
  Or *o1 = or_new(s, x, y, 20, 85);  /* x in {20, 85}: x = 85 needs y >= 95 */
  prop_subscribe(s, &o1->base, z, PROP_EV_DOMAIN);
  uint64_t t0 = prop_stats(s)->trials;
  CHECK(prop_post(s, &o1->base));
  CHECK(!prop_failed(s));
  CHECK(prop_is_fixed(s, x) && prop_value(s, x) == 20);
  CHECK(prop_has(s, y, 40) && prop_has(s, y, 90) && prop_size(s, y) == 2);
  CHECK(prop_stats(s)->trials - t0 >= 4);
  CHECK_EQ_INT(prop_trial_depth(s), 0);
  prop_store_free(s);
}

/* A propagator that prunes its own variable (queueing itself: not
   idempotent), then runs a trial whose post fails after queueing others. */
typedef struct { Propagator base; PropVar x, y; int runs, inside_runs; Leq *pending; int ok; } Self;

static bool post_and_fail(PropStore *s, void *ctx) {
  Self *p = ctx;
  if (!prop_fix(s, p->y, 3)) return false;
  return prop_fix(s, p->x, 200);     /* out of range: fails */
}

static PropStatus self_propagate(PropStore *s, Propagator *p_) {
  Self *p = (Self *)p_;
  if (prop_trial_depth(s) > 0) p->inside_runs++;
  p->runs++;
  if (p->runs > 1) return PROP_SUSPEND;
  if (!prop_set_max(s, p->x, 50)) return PROP_FAILED;   /* queues p itself */
  CHECK(p->base.queued);
  Leq *q = p->pending = leq_new(s, p->y, p->x, 0);
  CHECK(prop_post(s, &q->base));      /* inside: only queued */
  Propagator *before = p->base.next_in_queue;
  PropTrial r = prop_try(s, post_and_fail, p, NULL, 0, NULL);
  p->ok = r == PROP_TRIAL_FAILED && !prop_failed(s) && p->base.queued && q->base.queued &&
          p->base.next_in_queue == before && q->base.state == PROP_STATE_POSTED &&
          prop_max(s, p->x) == 50 && prop_current(s) == &p->base;
  return PROP_SUSPEND;
}
static const PropClass self_class = {"self", self_propagate, PROP_PRIO_LINEAR, false};

TEST(failing_trial_restores_queue) {
  PropStore *s = prop_store_new();
  Self *p = prop_propagator_new(s, &self_class, sizeof *p);
  p->x = prop_new_var(s, 0, 100);
  p->y = prop_new_var(s, 60, 100);
  prop_subscribe(s, &p->base, p->x, PROP_EV_BOUNDS);
  CHECK(!prop_post(s, &p->base));    /* y <= x <= 50 with y >= 60: fails after */
  CHECK(p->ok);
  CHECK_EQ_INT(p->inside_runs, 0);   /* never run inside its own trial */
  CHECK(prop_failed(s));
  prop_store_free(s);
}

/* A chain x0 + 1 <= x1, x1 + 1 <= x2, ...: fixing x0 in a trial pushes every
   bound once, one propagator after another.  A work budget smaller than
   the chain stops the trial as inconclusive (never a refutation, nothing
   left behind); the budget applies to the next trial only; with room
   enough the trial runs to its end. */
TEST(work_budget) {
  enum { N = 50 };
  PropStore *s = prop_store_new();
  PropVar x[N];
  for (int i = 0; i < N; i++) x[i] = prop_new_var(s, 0, 1000);
  for (int i = 0; i + 1 < N; i++) CHECK(post_leq(s, x[i], x[i + 1], -1));
  PropDomain out = {0};
  FixCtx c = {x[0], 900};
  prop_set_trial_work(s, 10);
  CHECK_EQ_INT(prop_try(s, post_fix, &c, &x[N - 1], 1, &out), PROP_TRIAL_TOO_DEEP);
  CHECK(!prop_failed(s));
  CHECK_EQ_INT(prop_stats(s)->trials_cut, 1);
  CHECK_EQ_INT(prop_min(s, x[N - 1]), N - 1); /* what the root propagation knew, no more */
  CHECK_EQ_INT(prop_level(s), 0);
  CHECK_EQ_INT(prop_try(s, post_fix, &c, &x[N - 1], 1, &out), PROP_TRIAL_OK); /* no budget now */
  CHECK(out.n == 1 && out.iv[0].lo == 900 + N - 1);
  prop_set_trial_work(s, 10 * N);
  c.v = 3;
  CHECK_EQ_INT(prop_try(s, post_fix, &c, &x[N - 1], 1, &out), PROP_TRIAL_OK);
  CHECK(out.n == 1 && out.iv[0].lo == 3 + N - 1);
  CHECK_EQ_INT(prop_stats(s)->trials_cut, 1);
  prop_domain_free(&out);
  prop_store_free(s);
}

int main(void) {
  RUN(top_level_trials);
  RUN(work_budget);
  RUN(depth_limit);
  RUN(constructive_disjunction);
  RUN(nested_from_propagators);
  RUN(failing_trial_restores_queue);
  return check_summary();
}
