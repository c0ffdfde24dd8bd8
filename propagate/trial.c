/* trial.c - trials (docs/design.md §4, "try"): open a choice point, post,
 * propagate to a real fixpoint (including the propagators still pending in
 * the enclosing propagation), copy out the watched domains, pop.  Used by
 * the control operators for constructive disjunction and "exit now" tests,
 * usually from inside a propagator's propagate().
 *
 * The enclosing queue is saved (members in order and their states) and
 * rebuilt exactly after the pop.  A propagator in evaluation in an enclosing
 * frame (the one running the trial, typically) is not run by the trial.
 * Trials nest up to the depth limit; deeper ones do nothing.  A trial whose
 * propagation narrows wide domains by small steps too often (slow
 * convergence, see domain.c) is stopped and reported as inconclusive
 * (PROP_TRIAL_TOO_DEEP), like a trial too deep: never as a refutation.
 * So is an outermost trial past the work budget its caller gave it
 * (prop_set_trial_work: propagator runs, its nested trials included).
 * The enclosing trials, which share these budgets, end inconclusive too.
 */
#include <assert.h>

#include "store_internal.h"

static void save_one(PropStore *s, Propagator *p, bool deferred) {
  prop_grow((void **)&s->qsave, &s->capqsave, s->nqsave + 1, sizeof *s->qsave);
  s->qsave[s->nqsave++] = (PropQueued){p, p->state, deferred};
}

static void save_queue(PropStore *s) {
  for (int l = 0; l < PROP_PRIO_COUNT; l++)
    for (Propagator *p = s->head[l]; p; p = p->next_in_queue) save_one(s, p, false);
  for (Propagator *p = s->dhead; p; p = p->next_deferred) save_one(s, p, true);
}

static void restore_queue(PropStore *s, int base) {
  assert(s->nonempty == 0);
  for (int k = base; k < s->nqsave; k++) {
    Propagator *p = s->qsave[k].p;
    p->state = s->qsave[k].state;
    if (s->qsave[k].deferred) {
      prop_defer_link(s, p); /* its place back, the wait's start unchanged */
      continue;
    }
    int l = p->cls->priority;
    p->queued = true;
    p->next_in_queue = NULL;
    if (s->tail[l]) s->tail[l]->next_in_queue = p; else s->head[l] = p;
    s->tail[l] = p;
    s->nonempty |= 1u << l;
  }
  s->nqsave = base;
}

PropTrial prop_try(PropStore *s, PropPostFn post, void *ctx,
                   const PropVar *watch, int n, PropDomain *out) {
  uint64_t work = s->trial_depth == 0 ? s->trial_work : 0;
  if (s->trial_depth == 0) s->trial_work = 0; /* for this trial only, even one that does not run */
  if (s->trial_depth >= s->trial_limit) return PROP_TRIAL_TOO_DEEP;
  if (s->failed) return PROP_TRIAL_FAILED;
  s->stats.trials++;
  int base = s->nqsave;
  uint64_t defer_since = s->defer_since;
  save_queue(s);
  prop_push_internal(s);
  if (s->trial_depth == 0) {
    s->trial_small_base = s->small_steps;
    s->trial_work_end = work ? s->stats.propagations + work : 0;
  }
  s->trial_depth++;
  bool ok = post(s, ctx) && !s->failed;
  if (ok) ok = prop_propagate(s);
  if (ok && out)
    for (int i = 0; i < n; i++) prop_domain_get(s, watch[i], &out[i]);
  prop_pop(s);
  s->trial_depth--;
  restore_queue(s, base);
  s->defer_since = defer_since;
  if (s->trial_depth == 0) s->trial_work_end = 0;
  if (s->trial_inconclusive) { /* stopped, not refuted (every enclosing trial too) */
    if (s->trial_depth == 0) s->trial_inconclusive = false;
    else s->failed = true;
    return PROP_TRIAL_TOO_DEEP;
  }
  return ok ? PROP_TRIAL_OK : PROP_TRIAL_FAILED;
}

int prop_trial_depth(const PropStore *s) { return s->trial_depth; }

void prop_set_trial_work(PropStore *s, uint64_t runs) {
  assert(s->trial_depth == 0);
  s->trial_work = runs;
}

void prop_set_trial_depth_limit(PropStore *s, int limit) {
  assert(limit >= 0);
  s->trial_limit = limit;
}
