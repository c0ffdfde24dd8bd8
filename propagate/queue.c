/* queue.c - propagators, subscriptions and the propagation queue (docs/design.md
 * section 4, the INKA paper section 5.1).
 *
 * States: a propagator is POSTED when created, EVALUATION while its
 * propagate() runs, SUSPENDED after it (waiting for an event), ENTAILED
 * (never run again) or FAILED.  The transitions to ENTAILED and FAILED are
 * trailed; the others are transient and written directly.
 *
 * The queue has PROP_PRIO_COUNT FIFO levels; the lowest non-empty level runs
 * first.  A propagator is queued at most once (its queued flag).  Apart
 * from the levels, a FIFO of deferred runs (prop_defer) runs when every
 * level is empty; a propagator holds at most one place there (its deferred
 * flag), whether or not it is queued in its level too.  A
 * propagator in evaluation is queued only by its own prunings, and only if
 * its class is not idempotent; one in evaluation in an outer frame (it is
 * running a trial) is never queued or run by the trial.  Entailed and failed
 * propagators are never queued (subscriptions to them are skipped lazily).
 * On failure the queue is emptied and the store marked failed.
 */
#include <assert.h>
#include <time.h>

#include "store_internal.h"

void *prop_propagator_new(PropStore *s, const PropClass *cls, size_t bytes) {
  assert(bytes >= sizeof(Propagator));
  assert(cls && cls->propagate);
  assert(cls->priority >= 0 && cls->priority < PROP_PRIO_COUNT);
  Propagator *p = prop_alloc(s, bytes);
  p->cls = cls;
  p->state = PROP_STATE_POSTED;
  p->id = s->next_id++;
  return p;
}

PropSub *prop_subscribe_record(PropStore *s, Propagator *p, PropVar x, int event) {
  assert(x >= 0 && x < s->nvars);
  assert(event & (PROP_EV_FIX | PROP_EV_BOUNDS | PROP_EV_DOMAIN));
  int which = event & PROP_EV_DOMAIN ? SUB_DOMAIN : event & PROP_EV_BOUNDS ? SUB_BOUNDS : SUB_FIX;
  PropSub *sub = prop_alloc(s, sizeof *sub);
  sub->p = p;
  sub->event = event;
  sub->var = x;
  PropVarRec *v = &s->vars[x];
  sub->next = v->subs[which];
  /* a variable created after the last push vanishes with it: no trail */
  if (s->nchoices > 0 && x < s->choices[s->nchoices - 1].nvars) {
    PropTrailEntry e = {.kind = TR_SUBS, .var = x, .u.subs = {v->subs[which], which}};
    prop_trail_entry(s, &e);
  }
  v->subs[which] = sub;
  return sub;
}

void prop_subscribe(PropStore *s, Propagator *p, PropVar x, int event) { (void)prop_subscribe_record(s, p, x, event); }

void prop_resubscribe(PropStore *s, PropSub *sub, Propagator *p) { prop_save_ptr(s, (void **)&sub->p, p); }
PropVar prop_sub_var(const PropSub *sub) { return sub->var; }
int prop_sub_event(const PropSub *sub) { return sub->event; }

int prop_subscribers(const PropStore *s, PropVar x, Propagator **out, int cap) {
  assert(x >= 0 && x < s->nvars);
  int n = 0;
  for (int which = 0; which < 3; which++)
    for (const PropSub *sub = s->vars[x].subs[which]; sub; sub = sub->next) {
      if (n < cap) out[n] = sub->p;
      n++;
    }
  return n;
}

/* ---- The queue ------------------------------------------------------------- */

static void enqueue(PropStore *s, Propagator *p) {
  p->queued = true;
  p->next_in_queue = NULL;
  int l = p->cls->priority;
  if (s->tail[l]) s->tail[l]->next_in_queue = p; else s->head[l] = p;
  s->tail[l] = p;
  s->nonempty |= 1u << l;
}

/* Whether p running now (at this trial depth) is the current propagator. */
static bool is_running_here(const PropStore *s, const Propagator *p) {
  return p == s->current && s->current_trial == s->trial_depth;
}

/* even_idempotent: the running propagator is re-queued even when its class
   is idempotent (the change was more than its own pruning asked for). */
static void wake(PropStore *s, Propagator *p, bool even_idempotent) {
  if (p->queued) return;
  if (p->state == PROP_STATE_ENTAILED || p->state == PROP_STATE_FAILED) return;
  if (p->state == PROP_STATE_EVALUATION &&
      (!is_running_here(s, p) || (p->cls->idempotent && !even_idempotent)))
    return;
  enqueue(s, p);
  s->stats.wakeups++;
}

/* ev: PROP_EV_DOMAIN, plus BOUNDS if a bound moved, plus FIX if fixed. */
/* Past the deadline, propagation gives up: the store fails and remembers
   why, so that the failure is never taken for a refutation. */
double prop_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static bool past_deadline(PropStore *s) {
  if (s->timed_out) return true;
  if (s->deadline <= 0 || prop_now() <= s->deadline) return false;
  s->timed_out = true;
  return true;
}

void prop_set_deadline(PropStore *s, double deadline) {
  s->deadline = deadline;
  s->timed_out = false;
}

void prop_set_propagation_budget(PropStore *s, uint64_t more) {
  s->max_propagations = more ? s->stats.propagations + more : 0;
  s->timed_out = false;
}

bool prop_timed_out(const PropStore *s) { return s->timed_out || s->out_of_memory; }

void prop_set_node_budget(PropStore *s, uint64_t more) {
  s->node_max_propagations = more ? s->stats.propagations + more : 0;
  s->node_cut = false;
}

bool prop_node_cut(const PropStore *s) { return s->node_cut; }

/* Past a work budget (the stage's or the node's)?  Then the flag saying
   which is set: the failure that follows is no refutation. */
static bool past_work_budget(PropStore *s) {
  uint64_t n = s->stats.propagations;
  if (s->max_propagations && n > s->max_propagations) return s->timed_out = true;
  if (s->node_max_propagations && n > s->node_max_propagations) return s->node_cut = true;
  return false;
}

static void notify(PropStore *s, PropVar x, int ev, bool even_idempotent) {
  PropSub *const *subs = s->vars[x].subs;
  for (PropSub *sub = subs[SUB_DOMAIN]; sub; sub = sub->next) wake(s, sub->p, even_idempotent);
  if (ev & PROP_EV_BOUNDS)
    for (PropSub *sub = subs[SUB_BOUNDS]; sub; sub = sub->next) wake(s, sub->p, even_idempotent);
  if (ev & PROP_EV_FIX)
    for (PropSub *sub = subs[SUB_FIX]; sub; sub = sub->next) wake(s, sub->p, even_idempotent);
}

void prop_notify(PropStore *s, PropVar x, int ev) { notify(s, x, ev, false); }

/* A domain narrower than the pruning that asked for it (its ends snapped
   into the variable's congruence class, or the class itself changed): an
   idempotent propagator reading x has not seen this domain, and must run
   again (an element constraint whose restriction of v to {17, 18, 19}
   fixes v = 19 under "v odd" must still drop the index of 18). */
void prop_notify_narrower(PropStore *s, PropVar x, int ev) { notify(s, x, ev, true); }

void prop_wake(PropStore *s, Propagator *p) {
  if (s->failed || p->queued) return;
  if (p->state == PROP_STATE_ENTAILED || p->state == PROP_STATE_FAILED) return;
  /* an explicit wake of the running propagator re-runs it even if it is
     idempotent: the caller knows something besides its prunings changed */
  if (p->state == PROP_STATE_EVALUATION && !is_running_here(s, p)) return;
  enqueue(s, p);
  s->stats.wakeups++;
}

void prop_defer_link(PropStore *s, Propagator *p) {
  p->deferred = true;
  p->next_deferred = NULL;
  p->prev_deferred = s->dtail;
  if (s->dtail) s->dtail->next_deferred = p; else s->dhead = p;
  s->dtail = p;
  s->nonempty |= 1u << PROP_LEVEL_DEFERRED;
}

static void defer_append(PropStore *s, Propagator *p) {
  if (!s->dhead) s->defer_since = s->stats.propagations;
  prop_defer_link(s, p);
}

static void defer_remove(PropStore *s, Propagator *p) {
  if (p->prev_deferred) p->prev_deferred->next_deferred = p->next_deferred; else s->dhead = p->next_deferred;
  if (p->next_deferred) p->next_deferred->prev_deferred = p->prev_deferred; else s->dtail = p->prev_deferred;
  if (!s->dhead) s->nonempty &= ~(1u << PROP_LEVEL_DEFERRED);
  p->deferred = false;
  p->next_deferred = p->prev_deferred = NULL;
}

void prop_queue_clear(PropStore *s) {
  while (s->dhead) defer_remove(s, s->dhead);
  for (int l = 0; l < PROP_PRIO_COUNT; l++) {
    Propagator *p = s->head[l];
    while (p) {
      Propagator *next = p->next_in_queue;
      p->queued = false;
      p->next_in_queue = NULL;
      p = next;
    }
    s->head[l] = s->tail[l] = NULL;
  }
  s->nonempty = 0;
}

/* Takes p out of the middle of its level (rare: p became entailed after
   its own prunings queued it). */
static void unqueue(PropStore *s, Propagator *p) {
  int l = p->cls->priority;
  Propagator *prev = NULL, *q = s->head[l];
  while (q != p) {
    assert(q);
    prev = q;
    q = q->next_in_queue;
  }
  if (prev) prev->next_in_queue = p->next_in_queue; else s->head[l] = p->next_in_queue;
  if (s->tail[l] == p) s->tail[l] = prev;
  if (!s->head[l]) s->nonempty &= ~(1u << l);
  p->queued = false;
  p->next_in_queue = NULL;
}

void prop_fail(PropStore *s) {
  if (!s->failed) {
    s->failed = true;
    s->stats.failures++;
  }
  prop_queue_clear(s);
}

/* ---- Running ---------------------------------------------------------------- */

/* Runs p once (deferred: as a deferred run); false if the store failed. */
static bool run(PropStore *s, Propagator *p, bool deferred) {
  assert(p->state != PROP_STATE_ENTAILED && p->state != PROP_STATE_FAILED);
  Propagator *outer = s->current;
  int outer_trial = s->current_trial;
  bool outer_deferred = s->current_deferred;
  s->current = p;
  s->current_trial = s->trial_depth;
  s->current_deferred = deferred;
  p->state = PROP_STATE_EVALUATION;
  s->stats.propagations++;
  if (s->out_of_memory || ((s->stats.propagations & 1023) == 0 && past_deadline(s)) || past_work_budget(s)) {
    s->current = outer;
    s->current_trial = outer_trial;
    s->current_deferred = outer_deferred;
    p->state = PROP_STATE_SUSPENDED;
    prop_fail(s);
    return false;
  }
  PropStatus st = p->cls->propagate(s, p);
  s->current = outer;
  s->current_trial = outer_trial;
  s->current_deferred = outer_deferred;
  p->state = PROP_STATE_SUSPENDED;
  if (st == PROP_FAILED || s->failed) {
    prop_save_int(s, &p->state, PROP_STATE_FAILED);
    prop_fail(s);
    return false;
  }
  if (st == PROP_ENTAILED) {
    if (p->queued) unqueue(s, p);
    if (p->deferred) defer_remove(s, p);
    prop_save_int(s, &p->state, PROP_STATE_ENTAILED);
  }
  return true;
}

/* Inside propagation at this trial depth: the running loop reaches the
   fixpoint, callers only queue.  So does the slow refuter, which runs
   between two propagators of a fixpoint (refuted_while_slow, refuted_in_trial):
   what it posts is propagated by that loop, which goes on asking it.  (Its
   posts once ran a nested fixpoint with the refuter off: a loop whose
   invariant contradicted the code after it then unfolded to its bound.) */
static bool inside_propagation(const PropStore *s) {
  if (s->refuting) return true;
  return s->current && s->current_trial == s->trial_depth;
}

void prop_set_slow_refuter(PropStore *s, bool (*refutes)(PropStore *s)) { s->slow_refutes = refutes; }

/* Outside trials, slow convergence asks the refuter (the linear relaxation
   and the elimination of equalities) after 2^k small steps, k = 12, 13,
   ...; a long fixpoint asks it after 2^k propagator runs, k = 14, 15, ...,
   and in a trial from PROP_TRIAL_ASK_RUNS on (a loop that unfolds
   iteration after iteration while the equalities of its summary already
   contradict the code after it; a trial of the branch after that loop,
   which ran 10^6 runs before its fixpoint failed): a refutation ends the
   fixpoint at once, otherwise propagation goes on.  Geometric steps keep
   the refuter's share of the work small.  (A trial's small steps end it at
   PROP_TRIAL_SMALL_STEPS, where refuted_in_trial asks once.)  A trial asks
   only well past what its work budget lets most trials run: a refuted
   trial is progress the budget would have stopped, and a loop whose every
   exit is refuted one at a time then unfolds at the root to --max-unfold
   (stranger s2_lat_over, 160,000 iterations, which the enumeration of n
   proves). */
enum { PROP_TRIAL_ASK_RUNS = 1 << 17 };

typedef struct SlowAsk {
  uint64_t small_base, next_small, runs_base, next_runs;
} SlowAsk;

static bool refuted_while_slow(PropStore *s, SlowAsk *a) {
  if (!s->slow_refutes || s->refuting) return false;
  bool small = s->trial_depth == 0 && s->small_steps - a->small_base >= a->next_small;
  bool runs = s->stats.propagations - a->runs_base >= a->next_runs;
  if (!small && !runs) return false;
  if (small) a->next_small *= 2;
  if (runs) a->next_runs *= 2;
  s->refuting = true;
  bool refuted = s->slow_refutes(s);
  s->refuting = false;
  if (!refuted) return s->failed;   /* a deduction it posted may have failed */
  s->failed = true;
  return true;
}

/* A trial about to stop as inconclusive on slow convergence asks the
   refuter once: its refutations are sound at any depth (exact elimination,
   a checked Farkas certificate), and they spare the trial's operator a
   suspension (a branch after a loop whose bounds make the wrapping
   operations exact converged one value per round, where elimination sees
   the contradiction at once). */
static bool refuted_in_trial(PropStore *s) {
  if (!s->slow_refutes || s->refuting || s->failed) return false;
  s->refuting = true;
  bool refuted = s->slow_refutes(s);
  s->refuting = false;
  if (!refuted && !s->failed) return false;
  s->failed = true;
  return true;
}

/* The first propagator of level l (not empty). */
static Propagator *dequeue(PropStore *s, int l) {
  Propagator *p = s->head[l];
  s->head[l] = p->next_in_queue;
  if (!s->head[l]) {
    s->tail[l] = NULL;
    s->nonempty &= ~(1u << l);
  }
  p->queued = false;
  p->next_in_queue = NULL;
  return p;
}

bool prop_propagate(PropStore *s) {
  if (s->failed) return false;
  if (inside_propagation(s)) return true;
  SlowAsk ask = {s->small_steps, 4096, s->stats.propagations, s->trial_depth > 0 ? PROP_TRIAL_ASK_RUNS : 16384};
  while (s->nonempty) {
    if (refuted_while_slow(s, &ask)) return false;
    if (!s->nonempty) break; /* the refuter's deductions ran the queue dry */
    int l = __builtin_ctz(s->nonempty);
    /* the deferred runs wait for the control level, but not forever */
    if (l == PROP_PRIO_CONTROL && s->dhead && s->stats.propagations - s->defer_since > PROP_DEFER_WAIT)
      l = PROP_LEVEL_DEFERRED;
    Propagator *p = s->dhead;
    if (l == PROP_LEVEL_DEFERRED) defer_remove(s, p); else p = dequeue(s, l);
    assert(p->state != PROP_STATE_ENTAILED && "an entailed propagator is never queued");
    /* busy in an outer frame (this is a trial it runs): the trial restores
       the outer queue afterwards, p runs there */
    if (p->state == PROP_STATE_EVALUATION) continue;
    if (!run(s, p, l == PROP_LEVEL_DEFERRED)) return false;
    if (l == PROP_LEVEL_DEFERRED) s->defer_since = s->stats.propagations;
    if (s->trial_depth > 0 && s->small_steps - s->trial_small_base > PROP_TRIAL_SMALL_STEPS) {
      if (refuted_in_trial(s)) return false;
      s->trial_inconclusive = true; /* slow convergence: the trial says nothing */
      s->failed = true;
      return false;
    }
    if (s->trial_depth > 0 && s->trial_work_end && s->stats.propagations > s->trial_work_end) {
      s->stats.trials_cut++;
      s->trial_inconclusive = true; /* its work budget ran out: the trial says nothing */
      s->failed = true;
      return false;
    }
  }
  return true;
}

bool prop_settle(PropStore *s, int below, int max_runs) {
  assert(below >= 0 && below <= PROP_PRIO_COUNT && max_runs >= 0);
  unsigned mask = (1u << below) - 1;
  for (int runs = 0; !s->failed && (s->nonempty & mask) && runs < max_runs; runs++) {
    int l = __builtin_ctz(s->nonempty & mask);
    if (s->head[l]->state == PROP_STATE_EVALUATION) break; /* running in an outer frame: it runs there */
    run(s, dequeue(s, l), false);
  }
  return !s->failed;
}

bool prop_post(PropStore *s, Propagator *p) {
  if (s->failed) return false;
  assert(p->state == PROP_STATE_POSTED && !p->queued);
  if (inside_propagation(s)) {
    enqueue(s, p);
    s->stats.wakeups++;
    return true;
  }
  if (!run(s, p, false)) return false;
  return prop_propagate(s);
}

Propagator *prop_current(const PropStore *s) { return s->current; }

void prop_defer(PropStore *s, Propagator *p) {
  assert(is_running_here(s, p));
  if (s->failed || p->deferred) return; /* it keeps the place it has */
  defer_append(s, p);
}

bool prop_deferred_run(const PropStore *s) { return s->current_deferred && s->current_trial == s->trial_depth; }
