/* test_fixpoint.c - random networks of x <= y + c (BOUNDS), x != y + c
 * (FIX) and "x in the holes of y" (DOMAIN) propagators under random
 * updates, trials and push/pop: after every propagation each propagator's
 * consistency condition holds (no wakeup was lost, whatever the priorities
 * and idempotent flags), and every pop restores all domains exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "inka/prop.h"

enum { NV = 6, NC = 10 };

typedef struct { Propagator base; int kind; PropVar x, y; int64_t c; } Con;

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return rng_state;
}
static int rnd_int(int n) { return (int)(rnd() % (uint64_t)n); }

/* kind 0: x <= y + c; kind 1: x != y + c; kind 2: x's holes include y's
   holes between their common bounds (x removes what y lacks). */
static PropStatus con_propagate(PropStore *s, Propagator *p_) {
  Con *p = (Con *)p_;
  switch (p->kind) {
  case 0:
    if (!prop_set_max_wide(s, p->x, (prop_wide)prop_max(s, p->y) + p->c)) return PROP_FAILED;
    if (!prop_set_min_wide(s, p->y, (prop_wide)prop_min(s, p->x) - p->c)) return PROP_FAILED;
    return PROP_SUSPEND;
  case 1:
    if (prop_is_fixed(s, p->y)) return prop_remove(s, p->x, prop_value(s, p->y) + p->c) ? PROP_ENTAILED : PROP_FAILED;
    if (prop_is_fixed(s, p->x)) return prop_remove(s, p->y, prop_value(s, p->x) - p->c) ? PROP_ENTAILED : PROP_FAILED;
    return PROP_SUSPEND;
  default:
    for (int64_t v = prop_min(s, p->y); v <= prop_max(s, p->y); v++)
      if (!prop_has(s, p->y, v) && !prop_remove(s, p->x, v)) return PROP_FAILED;
    return PROP_SUSPEND;
  }
}

static const PropClass classes[2][PROP_PRIO_COUNT] = {
  {{"c0", con_propagate, 0, true}, {"c1", con_propagate, 1, true}, {"c2", con_propagate, 2, true},
   {"c3", con_propagate, 3, true}, {"c4", con_propagate, 4, true}},
  {{"n0", con_propagate, 0, false}, {"n1", con_propagate, 1, false}, {"n2", con_propagate, 2, false},
   {"n3", con_propagate, 3, false}, {"n4", con_propagate, 4, false}},
};

static bool consistent(PropStore *s, const Con *p) {
  switch (p->kind) {
  case 0:
    return prop_max(s, p->x) <= prop_max(s, p->y) + p->c && prop_min(s, p->y) >= prop_min(s, p->x) - p->c;
  case 1:
    if (prop_is_fixed(s, p->y)) return !prop_has(s, p->x, prop_value(s, p->y) + p->c);
    if (prop_is_fixed(s, p->x)) return !prop_has(s, p->y, prop_value(s, p->x) - p->c);
    return true;
  default:
    for (int64_t v = prop_min(s, p->y); v <= prop_max(s, p->y); v++)
      if (!prop_has(s, p->y, v) && prop_has(s, p->x, v)) return false;
    return true;
  }
}

typedef struct { PropDomain d[NV + 4]; int nvars; } Snapshot;

static void snapshot(PropStore *s, Snapshot *sn) {
  sn->nvars = prop_var_count(s);
  for (int i = 0; i < sn->nvars; i++) prop_domain_get(s, i, &sn->d[i]);
}

static bool same_as(PropStore *s, Snapshot *sn) {
  if (prop_var_count(s) != sn->nvars) return false;
  PropDomain d = {0};
  bool ok = true;
  for (int i = 0; i < sn->nvars && ok; i++) {
    prop_domain_get(s, i, &d);
    ok = d.n == sn->d[i].n && memcmp(d.iv, sn->d[i].iv, (size_t)d.n * sizeof *d.iv) == 0;
  }
  prop_domain_free(&d);
  return ok;
}

static void snapshot_free(Snapshot *sn) {
  for (int i = 0; i < NV + 4; i++) prop_domain_free(&sn->d[i]);
}

typedef struct { PropVar x; int64_t lo, hi; } RangeCtx;
static bool post_range(PropStore *s, void *ctx) {
  RangeCtx *r = ctx;
  return prop_restrict_range(s, r->x, r->lo, r->hi);
}

static int all_consistent(PropStore *s, Con **cons, int n) {
  for (int i = 0; i < n; i++)
    if (cons[i]->base.state != PROP_STATE_ENTAILED && !consistent(s, cons[i])) return 0;
  return 1;
}

TEST(random_networks) {
  for (int round = 0; round < 3000; round++) {
    PropStore *s = prop_store_new();
    PropVar v[NV];
    for (int i = 0; i < NV; i++) v[i] = prop_new_var(s, -rnd_int(30), rnd_int(30));
    Con *cons[NC];
    int ncons = 0;
    bool ok = true;
    for (int k = 0; k < NC && ok; k++) {
      Con *p = prop_propagator_new(s, &classes[rnd_int(2)][rnd_int(PROP_PRIO_COUNT)], sizeof *p);
      p->kind = rnd_int(3);
      p->x = v[rnd_int(NV)];
      do p->y = v[rnd_int(NV)]; while (p->y == p->x);
      p->c = rnd_int(5) - 2;
      int ev = p->kind == 0 ? PROP_EV_BOUNDS : p->kind == 1 ? PROP_EV_FIX : PROP_EV_DOMAIN;
      prop_subscribe(s, &p->base, p->x, ev);
      prop_subscribe(s, &p->base, p->y, ev);
      cons[ncons++] = p;
      ok = prop_post(s, &p->base);
    }
    if (!ok) { prop_store_free(s); continue; }
    CHECK(all_consistent(s, cons, ncons));
    Snapshot stack[16];
    memset(stack, 0, sizeof stack);
    int depth = 0;
    for (int step = 0; step < 40; step++) {
      int what = rnd_int(8);
      if (what < 2 && depth < 16) {
        snapshot(s, &stack[depth++]);
        prop_push(s);
      } else if (what == 2 && depth > 0) {
        prop_pop(s);
        CHECK(same_as(s, &stack[--depth]));
      } else if (what == 3) {   /* a trial leaves nothing behind */
        Snapshot before = {0};
        snapshot(s, &before);
        RangeCtx r = {v[rnd_int(NV)], -rnd_int(10), rnd_int(10)};
        PropDomain out[NV] = {{0}};
        PropTrial t = prop_try(s, post_range, &r, v, NV, out);
        CHECK(t != PROP_TRIAL_TOO_DEEP);
        CHECK(same_as(s, &before));
        CHECK(!prop_failed(s));
        if (t == PROP_TRIAL_OK)   /* the trial's domains are subsets */
          for (int i = 0; i < NV; i++)
            CHECK(out[i].iv[0].lo >= prop_min(s, v[i]) && out[i].iv[out[i].n - 1].hi <= prop_max(s, v[i]));
        for (int i = 0; i < NV; i++) prop_domain_free(&out[i]);
        snapshot_free(&before);
      } else {
        PropVar x = v[rnd_int(NV)];
        int64_t a = prop_min(s, x) + rnd_int(5), b = prop_max(s, x) - rnd_int(5);
        bool r;
        switch (rnd_int(4)) {
        case 0: r = prop_set_min(s, x, a); break;
        case 1: r = prop_set_max(s, x, b); break;
        case 2: r = prop_remove(s, x, a + rnd_int(10)); break;
        default: r = prop_fix(s, x, a); break;
        }
        r = r && prop_propagate(s);
        CHECK_EQ_INT(r, !prop_failed(s));
        if (r) {
          CHECK(all_consistent(s, cons, ncons));
        } else if (depth > 0) {
          prop_pop(s);
          CHECK(same_as(s, &stack[--depth]));
          CHECK(all_consistent(s, cons, ncons));
        } else {
          break;
        }
      }
    }
    while (depth > 0) {
      prop_pop(s);
      CHECK(same_as(s, &stack[--depth]));
    }
    for (int i = 0; i < 16; i++) snapshot_free(&stack[i]);
    prop_store_free(s);
  }
}

int main(void) {
  RUN(random_networks);
  return check_summary();
}
