/* test_queue.c - propagators, subscriptions and the queue: event routing
 * (FIX / BOUNDS / DOMAIN), at-most-once queueing, priority order, entailed
 * propagators never re-run, the idempotent flag, failure clearing the queue,
 * posting from inside propagate(), trials from inside propagate() restoring
 * the outer queue, settling the lower levels from inside propagate(),
 * the trial depth limit, prop_current, states, the node
 * budget (stops a slow fixpoint, says so, leaves the store usable), a
 * subscription handed to another propagator (and back on backtracking),
 * deferred runs (after every level, a place kept while woken, left when
 * entailed, kept across a trial, a wait bounded by PROP_DEFER_WAIT runs).
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inka/prop.h"

/* ---- A probe: logs its runs and does what its hook says ------------------ */

typedef struct Probe Probe;
struct Probe {
  Propagator base;
  int tag, runs;
  int *log, *nlog;
  PropStatus ret;
  PropStatus (*hook)(PropStore *s, Probe *p);
  PropVar x, y;
  int64_t k;
  void *aux;
};

static PropStatus probe_propagate(PropStore *s, Propagator *p_) {
  Probe *p = (Probe *)p_;
  p->runs++;
  if (p->log) p->log[(*p->nlog)++] = p->tag;
  if (p->hook) return p->hook(s, p);
  return p->ret;
}

static const PropClass cls_at[PROP_PRIO_COUNT] = {
  {"probe0", probe_propagate, 0, true}, {"probe1", probe_propagate, 1, true},
  {"probe2", probe_propagate, 2, true}, {"probe3", probe_propagate, 3, true},
  {"probe4", probe_propagate, 4, true},
};
static const PropClass cls_not_idem = {"probe-ni", probe_propagate, 1, false};

static Probe *probe(PropStore *s, const PropClass *cls, int tag) {
  Probe *p = prop_propagator_new(s, cls, sizeof *p);
  p->tag = tag;
  p->ret = PROP_SUSPEND;
  return p;
}

/* ---- x <= y + k (bounds) --------------------------------------------------- */

static PropStatus leq_hook(PropStore *s, Probe *p) {
  if (!prop_set_max_wide(s, p->x, (prop_wide)prop_max(s, p->y) + p->k)) return PROP_FAILED;
  if (!prop_set_min_wide(s, p->y, (prop_wide)prop_min(s, p->x) - p->k)) return PROP_FAILED;
  return prop_max(s, p->x) <= (prop_wide)prop_min(s, p->y) + p->k ? PROP_ENTAILED : PROP_SUSPEND;
}

static Probe *leq(PropStore *s, PropVar x, PropVar y, int64_t k, int prio) {
  Probe *p = probe(s, &cls_at[prio], 100);
  p->hook = leq_hook;
  p->x = x; p->y = y; p->k = k;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, y, PROP_EV_BOUNDS);
  return p;
}

/* ---- Tests ------------------------------------------------------------------ */

TEST(event_routing) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10);
  Probe *pf = probe(s, &cls_at[0], 1), *pb = probe(s, &cls_at[0], 2), *pd = probe(s, &cls_at[0], 3);
  prop_subscribe(s, &pf->base, x, PROP_EV_FIX);
  prop_subscribe(s, &pb->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &pd->base, x, PROP_EV_DOMAIN);
  CHECK(prop_post(s, &pf->base) && prop_post(s, &pb->base) && prop_post(s, &pd->base));
  CHECK(pf->runs == 1 && pb->runs == 1 && pd->runs == 1);
  CHECK_EQ_INT(pf->base.state, PROP_STATE_SUSPENDED);

  CHECK(prop_remove(s, x, 5));        /* domain only */
  CHECK(prop_propagate(s));
  CHECK(pf->runs == 1 && pb->runs == 1 && pd->runs == 2);
  CHECK(prop_remove(s, x, 5));        /* no change: no event */
  CHECK(prop_propagate(s));
  CHECK(pd->runs == 2);
  CHECK(prop_set_min(s, x, 2));       /* bounds */
  CHECK(prop_propagate(s));
  CHECK(pf->runs == 1 && pb->runs == 2 && pd->runs == 3);
  CHECK(prop_remove_range(s, x, 3, 9)); /* bounds? no: {2, 10} keeps both */
  CHECK(prop_propagate(s));
  CHECK(pf->runs == 1 && pb->runs == 2 && pd->runs == 4);
  CHECK(prop_fix(s, x, 10));          /* fix: all three */
  CHECK(prop_propagate(s));
  CHECK(pf->runs == 2 && pb->runs == 3 && pd->runs == 5);
  prop_store_free(s);
}

TEST(queued_at_most_once) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 100), y = prop_new_var(s, 0, 100);
  Probe *p = probe(s, &cls_at[1], 1);
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  CHECK(prop_post(s, &p->base));
  uint64_t w = prop_stats(s)->wakeups, n = prop_stats(s)->propagations;
  for (int i = 0; i < 10; i++) {
    CHECK(prop_remove(s, x, 10 * i + 5));
    CHECK(prop_remove(s, y, 10 * i + 5));
  }
  CHECK(p->base.queued);
  CHECK_EQ_INT(prop_stats(s)->wakeups - w, 1);
  CHECK(prop_propagate(s));
  CHECK(!p->base.queued);
  CHECK_EQ_INT(p->runs, 2);
  CHECK_EQ_INT(prop_stats(s)->propagations - n, 1);
  prop_store_free(s);
}

TEST(priority_order) {
  PropStore *s = prop_store_new();
  PropVar xs[10];
  int log[64], nlog = 0;
  /* tags: 10 * priority + index in the level; woken from high to low
     priority, in index order within a level (one variable each) */
  for (int i = 0; i < 10; i++) {
    int prio = 4 - i / 2;
    Probe *p = probe(s, &cls_at[prio], 10 * prio + i % 2);
    p->log = log;
    p->nlog = &nlog;
    xs[i] = prop_new_var(s, 0, 100);
    prop_subscribe(s, &p->base, xs[i], PROP_EV_DOMAIN);
  }
  for (int i = 0; i < 10; i++) CHECK(prop_remove(s, xs[i], 50));
  CHECK(prop_propagate(s));
  int want[10] = {0, 1, 10, 11, 20, 21, 30, 31, 40, 41};
  CHECK_EQ_INT(nlog, 10);
  for (int i = 0; i < 10 && i < nlog; i++) CHECK_EQ_INT(log[i], want[i]);
  prop_store_free(s);
}

/* A low-priority propagator whose pruning wakes a high-priority one and a
   low one: the high one runs before the rest of the low level. */
static PropStatus prune_hook(PropStore *s, Probe *p) {
  return prop_set_max(s, p->x, prop_max(s, p->x) - 1) ? PROP_SUSPEND : PROP_FAILED;
}

TEST(priority_preempts) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 100), y = prop_new_var(s, 0, 100);
  int log[16], nlog = 0;
  Probe *a = probe(s, &cls_at[3], 1), *b = probe(s, &cls_at[3], 2), *u = probe(s, &cls_at[0], 3);
  Probe *all[3] = {a, b, u};
  for (int i = 0; i < 3; i++) { all[i]->log = log; all[i]->nlog = &nlog; }
  a->hook = prune_hook; a->x = y;
  PropVar x2 = prop_new_var(s, 0, 100);
  prop_subscribe(s, &a->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &b->base, x2, PROP_EV_DOMAIN);
  prop_subscribe(s, &u->base, y, PROP_EV_BOUNDS);
  CHECK(prop_remove(s, x, 7));
  CHECK(prop_remove(s, x2, 7));
  CHECK(prop_propagate(s));
  CHECK_EQ_INT(nlog, 3);
  CHECK(log[0] == 1 && log[1] == 3 && log[2] == 2);
  prop_store_free(s);
}

TEST(entailed_never_rerun) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  Probe *p = leq(s, x, y, 0, 1);
  CHECK(prop_post(s, &p->base));
  CHECK_EQ_INT(p->runs, 1);
  CHECK_EQ_INT(p->base.state, PROP_STATE_SUSPENDED);
  prop_push(s);
  CHECK(prop_set_max(s, x, 3));
  CHECK(prop_set_min(s, y, 3));
  CHECK(prop_propagate(s));
  CHECK_EQ_INT(p->runs, 2);
  CHECK_EQ_INT(p->base.state, PROP_STATE_ENTAILED);
  CHECK(prop_set_max(s, x, 2));
  CHECK(prop_set_min(s, y, 5));
  prop_wake(s, &p->base);
  CHECK(!p->base.queued);
  CHECK(prop_propagate(s));
  CHECK_EQ_INT(p->runs, 2);
  prop_pop(s);
  CHECK_EQ_INT(p->base.state, PROP_STATE_SUSPENDED);   /* alive again */
  CHECK(prop_set_max(s, y, 8));
  CHECK(prop_propagate(s));
  CHECK_EQ_INT(p->runs, 3);
  CHECK_EQ_INT(prop_max(s, x), 8);
  prop_store_free(s);
}

/* A subscription handed to another propagator wakes that one instead, and
   goes back to the first on backtracking. */
TEST(resubscribe) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10);
  Probe *a = probe(s, &cls_at[1], 1), *b = probe(s, &cls_at[1], 2);
  PropSub *sub = prop_subscribe_record(s, &a->base, x, PROP_EV_BOUNDS);
  CHECK(prop_sub_var(sub) == x && prop_sub_event(sub) == PROP_EV_BOUNDS);
  CHECK(prop_post(s, &a->base));
  CHECK(prop_post(s, &b->base));
  CHECK_EQ_INT(a->runs, 1);
  CHECK_EQ_INT(b->runs, 1);
  prop_push(s);
  prop_resubscribe(s, sub, &b->base);
  CHECK(prop_set_max(s, x, 8));
  CHECK(prop_propagate(s));
  CHECK_EQ_INT(a->runs, 1);
  CHECK_EQ_INT(b->runs, 2);
  Propagator *who[2];
  CHECK_EQ_INT(prop_subscribers(s, x, who, 2), 1);
  CHECK(who[0] == &b->base);
  prop_pop(s);
  CHECK(prop_set_max(s, x, 7));
  CHECK(prop_propagate(s));
  CHECK_EQ_INT(a->runs, 2);
  CHECK_EQ_INT(b->runs, 2);
  prop_store_free(s);
}

/* Entailed right after queueing itself (non-idempotent): taken out of the
   queue, never run again. */
static PropStatus self_prune_then_entail(PropStore *s, Probe *p) {
  if (!prop_set_max(s, p->x, prop_max(s, p->x) - 1)) return PROP_FAILED;
  return p->runs >= 2 ? PROP_ENTAILED : PROP_SUSPEND;
}

TEST(entailed_unqueued) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10);
  Probe *p = probe(s, &cls_not_idem, 1);
  Probe *q = probe(s, &cls_at[1], 2);
  p->hook = self_prune_then_entail; p->x = x;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &q->base, x, PROP_EV_BOUNDS);
  CHECK(prop_post(s, &p->base));
  CHECK_EQ_INT(p->runs, 2);
  CHECK_EQ_INT(prop_max(s, x), 8);
  CHECK_EQ_INT(p->base.state, PROP_STATE_ENTAILED);
  CHECK(!p->base.queued);
  CHECK(q->runs >= 1 && q->runs <= 2);
  prop_store_free(s);
}

/* Prunes its own variable down to 5, one value per run. */
static PropStatus countdown(PropStore *s, Probe *p) {
  if (prop_max(s, p->x) > 5 && !prop_set_max(s, p->x, prop_max(s, p->x) - 1)) return PROP_FAILED;
  return PROP_SUSPEND;
}

TEST(idempotent_flag) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  Probe *ni = probe(s, &cls_not_idem, 1), *id = probe(s, &cls_at[1], 2);
  ni->hook = id->hook = countdown;
  ni->x = x; id->x = y;
  prop_subscribe(s, &ni->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &id->base, y, PROP_EV_BOUNDS);
  CHECK(prop_post(s, &ni->base));
  CHECK_EQ_INT(prop_max(s, x), 5);
  CHECK_EQ_INT(ni->runs, 6);      /* re-queued by its own prunings */
  CHECK(prop_post(s, &id->base));
  CHECK_EQ_INT(prop_max(s, y), 9);
  CHECK_EQ_INT(id->runs, 1);      /* not re-queued */
  prop_store_free(s);
}

TEST(failure_clears_queue) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  Probe *ps[4];
  for (int i = 0; i < 4; i++) {
    ps[i] = probe(s, &cls_at[2 + i % 2], i);
    prop_subscribe(s, &ps[i]->base, x, PROP_EV_DOMAIN);
  }
  Probe *bad = leq(s, y, x, -20, 0);   /* y <= x - 20: fails */
  prop_push(s);
  CHECK(prop_remove(s, x, 3));
  for (int i = 0; i < 4; i++) CHECK(ps[i]->base.queued);
  uint64_t f = prop_stats(s)->failures;
  CHECK(!prop_post(s, &bad->base));
  CHECK(prop_failed(s));
  CHECK_EQ_INT(prop_stats(s)->failures - f, 1);
  CHECK_EQ_INT(bad->base.state, PROP_STATE_FAILED);
  for (int i = 0; i < 4; i++) CHECK(!ps[i]->base.queued && ps[i]->runs == 0);
  CHECK(!prop_propagate(s));
  CHECK(!prop_set_min(s, y, 1));       /* failed store refuses updates */
  prop_pop(s);
  CHECK(!prop_failed(s));
  CHECK(prop_has(s, x, 3));
  prop_store_free(s);
}

/* Posting from inside propagate(): a propagator that, on its first run,
   posts x <= y - 1; the new one is queued (not run at once), and the outer
   loop reaches the fixpoint. */
static PropStatus poster(PropStore *s, Probe *p) {
  CHECK(prop_current(s) == &p->base);
  if (p->runs == 1) {
    Probe *q = leq(s, p->x, p->y, -1, 1);
    p->aux = q;
    CHECK(prop_post(s, &q->base));
    CHECK(q->base.queued && q->runs == 0);
    CHECK(prop_current(s) == &p->base);
  }
  return PROP_SUSPEND;
}

TEST(post_inside_propagate) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  CHECK(prop_current(s) == NULL);
  Probe *p = probe(s, &cls_at[0], 1);
  p->hook = poster; p->x = x; p->y = y;
  CHECK(prop_post(s, &p->base));
  CHECK(prop_current(s) == NULL);
  Probe *q = p->aux;
  CHECK_EQ_INT(q->runs, 1);
  CHECK_EQ_INT(prop_max(s, x), 9);
  CHECK_EQ_INT(prop_min(s, y), 1);
  prop_store_free(s);
}

/* Posts x <= y - 1 (level 1) and a level-4 probe from inside propagate(),
   then settles the levels below 4: the first has run (its bounds are read
   back at once), the second is still queued; a level-1 propagator busy in
   an outer frame stays queued too. */
static PropStatus settler(PropStore *s, Probe *p) {
  if (p->runs > 1) return PROP_SUSPEND;
  Probe *q = leq(s, p->x, p->y, -1, 1), *late = probe(s, &cls_at[4], 7);
  p->aux = late;
  CHECK(prop_post(s, &q->base) && prop_post(s, &late->base));
  CHECK(prop_max(s, p->x) == 10);             /* only queued */
  CHECK(prop_settle(s, PROP_PRIO_CONTROL, 100));
  CHECK_EQ_INT(q->runs, 1);
  CHECK_EQ_INT(prop_max(s, p->x), 9);
  CHECK_EQ_INT(prop_min(s, p->y), 1);
  CHECK(late->base.queued && late->runs == 0);
  CHECK_EQ_INT(prop_current(s) == &p->base, 1);
  return PROP_SUSPEND;
}

TEST(settle_inside_propagate) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  Probe *p = probe(s, &cls_at[1], 1);
  p->hook = settler; p->x = x; p->y = y;
  CHECK(prop_post(s, &p->base));
  Probe *late = p->aux;
  CHECK_EQ_INT(late->runs, 1);                /* the outer fixpoint ran it */
  CHECK(!prop_failed(s));
  prop_store_free(s);
}

/* A settle that fails leaves the store failed and the queue empty. */
static PropStatus failing_settler(PropStore *s, Probe *p) {
  CHECK(prop_post(s, &leq(s, p->x, p->y, -20, 1)->base)); /* x <= y - 20: no solution in [0, 10] */
  CHECK(!prop_settle(s, PROP_PRIO_CONTROL, 100));
  CHECK(prop_failed(s));
  return PROP_FAILED;
}

TEST(settle_failure) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10);
  Probe *p = probe(s, &cls_at[4], 1);
  p->hook = failing_settler; p->x = x; p->y = y;
  CHECK(!prop_post(s, &p->base));
  CHECK(prop_failed(s));
  prop_store_free(s);
}

/* ---- Trials ------------------------------------------------------------------- */

typedef struct { PropVar x; int64_t v; } FixCtx;
static bool post_fix(PropStore *s, void *ctx) {
  FixCtx *c = ctx;
  return prop_fix(s, c->x, c->v);
}

typedef struct {
  PropVar x, y, z;
  Probe *pending[3];
  PropTrial result;
  PropDomain out[2];
  int state_ok, queue_ok;
} TrialCtx;

/* Runs x = 4 as a trial from inside propagate() while three propagators
   are pending in the outer queue (one of which, x <= y - 2, has work to do
   in the trial and must run there). */
static PropStatus trial_hook(PropStore *s, Probe *p) {
  TrialCtx *t = p->aux;
  for (int i = 0; i < 3; i++) CHECK(t->pending[i]->base.queued);
  FixCtx fc = {t->x, 4};
  PropVar watch[2] = {t->y, t->z};
  t->result = prop_try(s, post_fix, &fc, watch, 2, t->out);
  CHECK(!prop_failed(s));
  CHECK(prop_current(s) == &p->base);
  CHECK_EQ_INT(prop_trial_depth(s), 0);
  /* the outer queue as it was: same members, same order */
  t->queue_ok = 1;
  for (int i = 0; i < 3; i++)
    if (!t->pending[i]->base.queued || t->pending[i]->base.state != PROP_STATE_POSTED)
      t->queue_ok = 0;
  if (t->pending[0]->base.next_in_queue != &t->pending[1]->base) t->queue_ok = 0;
  CHECK_EQ_INT(prop_min(s, t->x), 0);   /* the trial's prunings are undone */
  return PROP_SUSPEND;
}

/* Posts aux[0..4) from inside propagate(): they are only queued. */
static PropStatus post_all_hook(PropStore *s, Probe *p) {
  Probe **list = p->aux;
  for (int i = 0; i < 4; i++) CHECK(prop_post(s, &list[i]->base));
  return PROP_ENTAILED;
}

TEST(trial_inside_propagate) {
  PropStore *s = prop_store_new();
  TrialCtx t = {0};
  t.x = prop_new_var(s, 0, 10);
  t.y = prop_new_var(s, 0, 10);
  t.z = prop_new_var(s, 0, 10);
  Probe *a = leq(s, t.x, t.y, -2, 1), *b = probe(s, &cls_at[1], 7), *c = leq(s, t.y, t.z, 0, 2);
  t.pending[0] = a; t.pending[1] = b; t.pending[2] = c;
  prop_subscribe(s, &b->base, t.x, PROP_EV_DOMAIN);
  Probe *tr = probe(s, &cls_at[0], 9);
  tr->hook = trial_hook;
  tr->aux = &t;
  prop_subscribe(s, &tr->base, t.x, PROP_EV_FIX);
  /* w posts a, b, c, tr from inside propagation; then tr (priority 0)
     runs first, with a, b, c pending */
  Probe *w = probe(s, &cls_at[0], 10);
  Probe **list = prop_alloc(s, 4 * sizeof *list);
  list[0] = a; list[1] = b; list[2] = c; list[3] = tr;
  w->aux = list;
  w->hook = post_all_hook;
  uint64_t trials = prop_stats(s)->trials;
  CHECK(prop_post(s, &w->base));
  CHECK_EQ_INT(tr->runs, 1);
  CHECK_EQ_INT(prop_stats(s)->trials - trials, 1);
  CHECK_EQ_INT(t.result, PROP_TRIAL_OK);
  CHECK(t.queue_ok);
  /* in the trial x = 4, so y >= 6 (a ran in the trial) and z >= 6 (c) */
  CHECK_EQ_INT(t.out[0].n, 1);
  CHECK(t.out[0].iv[0].lo == 6 && t.out[0].iv[0].hi == 10);
  CHECK(t.out[1].iv[0].lo == 6 && t.out[1].iv[0].hi == 10);
  /* afterwards the outer loop ran a, b, c for real */
  CHECK(a->runs >= 2 && b->runs >= 1 && c->runs >= 2);
  CHECK_EQ_INT(prop_min(s, t.y), 2);
  CHECK_EQ_INT(prop_min(s, t.z), 2);
  CHECK_EQ_INT(prop_min(s, t.x), 0);
  CHECK(!prop_failed(s));
  prop_domain_free(&t.out[0]);
  prop_domain_free(&t.out[1]);
  prop_store_free(s);
}

/* x <= y - 1 and y <= x - 1 on [0, 10^6]: no solution, but bounds
   propagation only finds out after about 10^6 runs. */
static PropStore *slow_cycle(PropVar *x, PropVar *y) {
  PropStore *s = prop_store_new();
  *x = prop_new_var(s, 0, 1000000);
  *y = prop_new_var(s, 0, 1000000);
  return s;
}

static bool post_cycle(PropStore *s, PropVar x, PropVar y) {
  Probe *a = leq(s, x, y, -1, 1), *b = leq(s, y, x, -1, 1);
  return prop_post(s, &a->base) && prop_post(s, &b->base);
}

TEST(node_budget) {
  PropVar x, y;
  PropStore *s = slow_cycle(&x, &y);
  prop_push(s);
  prop_set_node_budget(s, 1000);
  uint64_t before = prop_stats(s)->propagations;
  CHECK(!post_cycle(s, x, y));                  /* stopped by the node budget */
  CHECK(prop_node_cut(s));
  CHECK(!prop_timed_out(s));                    /* not the stage's budget */
  CHECK(prop_stats(s)->propagations - before <= 1002);
  prop_pop(s);
  prop_set_node_budget(s, 0);
  CHECK(!prop_node_cut(s));
  CHECK(!prop_failed(s));
  CHECK(prop_fix(s, x, 3) && prop_propagate(s)); /* the store works as before */
  prop_store_free(s);

  s = slow_cycle(&x, &y);                       /* the stage's budget first: timed out */
  prop_set_propagation_budget(s, 500);
  prop_set_node_budget(s, 1000);
  CHECK(!post_cycle(s, x, y));
  CHECK(prop_timed_out(s) && !prop_node_cut(s));
  prop_store_free(s);

  s = slow_cycle(&x, &y);                       /* no budget: the real refutation */
  prop_set_node_budget(s, 5000000);
  CHECK(!post_cycle(s, x, y));
  CHECK(!prop_node_cut(s) && !prop_timed_out(s));
  CHECK(prop_stats(s)->propagations > 100000);
  prop_store_free(s);
}

/* ---- Deferred runs ------------------------------------------------------------ */

/* Defers itself on a run at its level; a deferred run logs 1000 + tag.
   With aux, a run at its level that finds x's max at most 5 is entailed. */
static PropStatus defer_hook(PropStore *s, Probe *p) {
  if (prop_deferred_run(s)) {
    p->log[(*p->nlog)++] = 1000 + p->tag;
    return PROP_SUSPEND;
  }
  if (p->aux && prop_max(s, p->x) <= 5) return PROP_ENTAILED;
  prop_defer(s, &p->base);
  return PROP_SUSPEND;
}

static PropStatus narrow_hook(PropStore *s, Probe *p) { return prop_set_max(s, p->x, 5) ? PROP_ENTAILED : PROP_FAILED; }

static bool empty_trial_post(PropStore *s, void *ctx) {
  (void)s, (void)ctx;
  return true;
}

static PropStatus trial_only_hook(PropStore *s, Probe *p) {
  (void)p;
  CHECK_EQ_INT(prop_try(s, empty_trial_post, NULL, NULL, 0, NULL), PROP_TRIAL_OK);
  return PROP_ENTAILED;
}

/* A control-level driver posts list[0..4) from inside propagation. */
static int run_deferred(PropStore *s, Probe **list, int *log) {
  int n = 0;
  for (int i = 0; i < 4; i++) {
    list[i]->log = log;
    list[i]->nlog = &n;
  }
  Probe *w = probe(s, &cls_at[4], 9);
  w->log = log;
  w->nlog = &n;
  w->aux = list;
  w->hook = post_all_hook;
  CHECK(prop_post(s, &w->base));
  CHECK(!prop_failed(s));
  return n;
}

static void check_log(const int *log, int n, const int *want, int nwant) {
  CHECK_EQ_INT(n, nwant);
  for (int i = 0; i < n && i < nwant; i++) CHECK_EQ_INT(log[i], want[i]);
}

static Probe *deferring(PropStore *s, int tag, PropVar x) {
  Probe *p = probe(s, &cls_at[4], tag);
  p->hook = defer_hook;
  p->x = x;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  return p;
}

TEST(deferred_runs) {
  /* after every level (3, of level 0, posted last, runs first), FIFO; a
     deferred run logs its tag, then 1000 + tag */
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10);
  int log[32];
  Probe *list[4] = {deferring(s, 1, x), deferring(s, 2, x), probe(s, &cls_at[4], 4), probe(s, &cls_at[0], 3)};
  int n = run_deferred(s, list, log);
  check_log(log, n, (int[]){9, 3, 1, 2, 4, 1, 1001, 2, 1002}, 9);
  CHECK(!prop_deferred_run(s));
  prop_push(s); /* the deferred runs are part of the fixpoint: the queue is empty */
  prop_pop(s);
  prop_store_free(s);

  /* woken while they wait (2 first: newest subscription first), both run at
     their level, and 1 keeps its place before 2 */
  s = prop_store_new();
  x = prop_new_var(s, 0, 10);
  list[0] = deferring(s, 1, x);
  list[1] = deferring(s, 2, x);
  list[2] = probe(s, &cls_at[4], 4);
  list[2]->hook = narrow_hook;
  list[2]->x = x;
  list[3] = probe(s, &cls_at[4], 5);
  n = run_deferred(s, list, log);
  check_log(log, n, (int[]){9, 1, 2, 4, 5, 2, 1, 1, 1001, 2, 1002}, 11);
  prop_store_free(s);

  /* entailed while it waits: no deferred run */
  s = prop_store_new();
  x = prop_new_var(s, 0, 10);
  list[0] = deferring(s, 1, x);
  list[0]->aux = list;
  list[1] = deferring(s, 2, x);
  list[2] = probe(s, &cls_at[4], 4);
  list[2]->hook = narrow_hook;
  list[2]->x = x;
  list[3] = probe(s, &cls_at[4], 5);
  n = run_deferred(s, list, log);
  check_log(log, n, (int[]){9, 1, 2, 4, 5, 2, 1, 2, 1002}, 9);
  CHECK_EQ_INT(list[0]->base.state, PROP_STATE_ENTAILED);
  prop_store_free(s);

  /* a trial (run by 6) runs what is pending: 4, 5, then the deferred run of
     1 (at depth 1); after the pop all of it is pending again and runs for
     real */
  s = prop_store_new();
  x = prop_new_var(s, 0, 10);
  list[0] = deferring(s, 1, x);
  list[1] = probe(s, &cls_at[4], 6);
  list[1]->hook = trial_only_hook;
  list[2] = probe(s, &cls_at[4], 4);
  list[3] = probe(s, &cls_at[4], 5);
  n = run_deferred(s, list, log);
  check_log(log, n, (int[]){9, 1, 6, 4, 5, 1, 1001, 4, 5, 1, 1001}, 11);
  prop_store_free(s);
}

/* A chain of control-level operators, each posting the next: decided work
   that goes on and on.  A deferred run waits about PROP_DEFER_WAIT runs of
   it, not to its end. */
static int chain_len, chain_at_deferred;

static PropStatus chain_hook(PropStore *s, Probe *p) {
  (void)p;
  if (++chain_len < 3 * PROP_DEFER_WAIT) {
    Probe *q = probe(s, &cls_at[4], 7);
    q->hook = chain_hook;
    CHECK(prop_post(s, &q->base));
  }
  return PROP_ENTAILED;
}

static PropStatus record_hook(PropStore *s, Probe *p) {
  if (!prop_deferred_run(s)) {
    prop_defer(s, &p->base);
    return PROP_SUSPEND;
  }
  chain_at_deferred = chain_len;
  return PROP_ENTAILED;
}

static PropStatus post_two_hook(PropStore *s, Probe *p) {
  Probe **list = p->aux;
  for (int i = 0; i < 2; i++) CHECK(prop_post(s, &list[i]->base));
  return PROP_ENTAILED;
}

TEST(deferred_wait) {
  PropStore *s = prop_store_new();
  chain_len = 0;
  chain_at_deferred = -1;
  Probe *list[2] = {probe(s, &cls_at[4], 1), probe(s, &cls_at[4], 7)};
  list[0]->hook = record_hook;
  list[1]->hook = chain_hook;
  Probe *w = probe(s, &cls_at[4], 9);
  w->aux = list;
  w->hook = post_two_hook;
  CHECK(prop_post(s, &w->base));
  CHECK_EQ_INT(chain_len, 3 * PROP_DEFER_WAIT);
  CHECK(chain_at_deferred >= PROP_DEFER_WAIT - 2 && chain_at_deferred <= PROP_DEFER_WAIT + 2);
  prop_store_free(s);
}

/* A trial whose fixpoint is long without small steps (x <= y - 100 and
   y <= x - 100 on [0, 10^8]: each run moves a bound by 100, about 10^6
   runs) asks the slow refuter on the way, like the root does: a loop's
   invariant that contradicts the code after it refutes the trial after
   2^17 runs, not at the end of its fixpoint. */
static int refuter_calls;
static bool refute_always(PropStore *s) {
  (void)s;
  refuter_calls++;
  return true;
}

typedef struct { PropVar x, y; } CycleCtx;
static bool post_wide_cycle(PropStore *s, void *ctx) {
  CycleCtx *c = ctx;
  Probe *a = leq(s, c->x, c->y, -100, 1), *b = leq(s, c->y, c->x, -100, 1);
  return prop_post(s, &a->base) && prop_post(s, &b->base);
}

TEST(slow_refuter_in_trial) {
  PropStore *s = prop_store_new();
  CycleCtx c = {prop_new_var(s, 0, 100000000), prop_new_var(s, 0, 100000000)};
  prop_set_slow_refuter(s, refute_always);
  refuter_calls = 0;
  uint64_t before = prop_stats(s)->propagations;
  PropDomain out[1];
  PropTrial r = prop_try(s, post_wide_cycle, &c, &c.x, 1, out);
  CHECK_EQ_INT(r, PROP_TRIAL_FAILED);
  CHECK(refuter_calls >= 1);
  CHECK(prop_stats(s)->propagations - before < 400000);
  CHECK(!prop_failed(s));
  prop_store_free(s);
}

int main(void) {
  RUN(event_routing);
  RUN(queued_at_most_once);
  RUN(priority_order);
  RUN(priority_preempts);
  RUN(entailed_never_rerun);
  RUN(resubscribe);
  RUN(entailed_unqueued);
  RUN(idempotent_flag);
  RUN(failure_clears_queue);
  RUN(post_inside_propagate);
  RUN(settle_inside_propagate);
  RUN(settle_failure);
  RUN(trial_inside_propagate);
  RUN(node_budget);
  RUN(deferred_runs);
  RUN(deferred_wait);
  RUN(slow_refuter_in_trial);
  return check_summary();
}
