/* trial.c - what ite and w share: trials of their alternatives and the
 * constructive disjunction over them.
 *
 * A control operator whose condition is undecided tries each alternative
 * (ite: the then and else branches; w: "exit now" and "one more
 * iteration") in a trial: the alternative is posted on a choice point,
 * propagated to a fixpoint, and the domains of the watched variables are
 * copied out before backtracking (propagate/trial.c).  Then:
 *   - an alternative whose trial fails is refuted: the other one is taken;
 *   - both fail: the operator fails;
 *   - both survive: every watched variable is pruned to the union of what
 *     the two trials allowed (constructive disjunction), and the operator
 *     suspends until something it reads changes.
 * A trial that ran into the depth limit or its work budget says nothing:
 * the operator suspends.  Refutations come only from failed trials, never
 * from a budget (a budget marks the search incomplete instead, see
 * tr_out_of_time).  What keeps a loop unfolded K times from costing K^2 in
 * trials: the work budget (tr_try) and one trial per shared condition and
 * search node (tr_disjunction); subs.c keeps the subscriptions from piling
 * up.
 */
#include <assert.h>
#include <stdlib.h>

#include "translate/tr_internal.h"

/* Trials wait until every other propagator, control operators whose
   condition is decided included, has run: a trial propagates to a fixpoint,
   so a decided loop check still queued behind the operator would be
   unfolded inside each trial (up to its look-ahead) and thrown away at the
   pop.  (The list walk of bench/list_walk.c: the walk's ites ran their
   trials while the loop that builds the list waited in the queue with its
   checks decided, and each trial unfolded 64 iterations of it: 65,035
   unfoldings for 1,500 real ones.)  Deferring is sound: it changes only
   the order of propagation. */
bool tr_trial_round(Tr *t, Propagator *p, uint64_t *node, int *rounds) {
  bool outermost = prop_trial_depth(t->s) == 0;
  const PropStats *st = prop_stats(t->s);
  uint64_t now = st->choice_points - st->trials; /* pushes by the search */
  if (outermost && *node != now) {
    *node = now;
    *rounds = 0;
  }
  if (outermost && *rounds >= TR_TRIAL_ROUNDS) return false; /* inside trials the depth limits bound these */
  if (!prop_deferred_run(t->s)) {
    prop_defer(t->s, p);
    return false;
  }
  if (outermost) ++*rounds;
  return true;
}

bool tr_out_of_time(Tr *t) {
  if (t->lim.deadline <= 0 || prop_now() <= t->lim.deadline) return false;
  t->budget_hit = true; /* a failure now is no refutation */
  t->incomplete_reason = "the time budget (--timeout) ran out";
  return true;
}

/* ---- The trials' work budget ----------------------------------------------
 * A trial propagates to a fixpoint, and after a loop is unfolded K times
 * that fixpoint can reach all K iterations: a trial per iteration then
 * costs K^2 (Josephus without the concrete mode: each "exit now" of the
 * loop that builds the list was refuted by propagating through the whole
 * elimination loop).  So the outermost trials of a run share a budget of
 * propagator runs: each may make TR_TRIAL_WORK_MIN runs plus what is left
 * in the pool, and what it makes beyond the minimum comes out of the pool.
 * The pool is refilled by every unfolding outside trials
 * (TR_TRIAL_WORK_PER_UNFOLD: trials cost O(1) per iteration on average)
 * and set by the caller for each phase (tr_set_trial_pool: the root
 * propagation, each search stage).  A trial past its budget stops as
 * inconclusive (prop_set_trial_work): its operator suspends, the search
 * decides instead.  Never a refutation, so no verdict depends on it. */
void tr_set_trial_pool(Tr *t, uint64_t runs) { t->trial_credit = runs; }

void tr_trial_earn(Tr *t) {
  if (prop_trial_depth(t->s) == 0 && t->trial_credit != TR_TRIAL_UNLIMITED) t->trial_credit += TR_TRIAL_WORK_PER_UNFOLD;
}

static void spend(Tr *t, uint64_t used) {
  if (t->trial_credit == TR_TRIAL_UNLIMITED || used <= TR_TRIAL_WORK_MIN) return;
  used -= TR_TRIAL_WORK_MIN;
  t->trial_credit -= used < t->trial_credit ? used : t->trial_credit;
}

/* A trial that allocated numbered its blocks from the frontier on, in the
   order it met them; the real translation may meet other allocations first
   (code after an undecided ite or loop is translated before the branch or
   the next iteration), so the same block can get another location.  What
   the trial says about values at or past the frontier is therefore no
   deduction: each such domain is widened to everything from the frontier
   up.  (Without this, a pointer was pruned to the trial's location of a
   malloc'd block, which an array allocated later then took: a wrong
   UNREACHABLE.) */
PropTrial tr_try(Tr *t, PropPostFn post, void *ctx, const PropVar *watch, int n, PropDomain *out) {
  bool outermost = prop_trial_depth(t->s) == 0;
  uint64_t start = prop_stats(t->s)->propagations;
  if (outermost) {
    t->trial_unfolds = TR_TRIAL_UNFOLDS;
    if (t->trial_credit != TR_TRIAL_UNLIMITED) prop_set_trial_work(t->s, TR_TRIAL_WORK_MIN + t->trial_credit);
  }
  uint64_t before = t->allocations;
  int64_t frontier = tr_frontier(t);
  PropTrial r = prop_try(t->s, post, ctx, watch, n, out);
  if (outermost) spend(t, prop_stats(t->s)->propagations - start);
  if (r != PROP_TRIAL_OK || t->allocations == before) return r;
  PropInterval past = {frontier, INT64_MAX};
  PropDomain beyond = {.iv = &past, .n = 1, .cap = 1};
  for (int i = 0; i < n; i++)
    if (out[i].n > 0 && out[i].iv[out[i].n - 1].hi >= frontier) prop_domain_union(&out[i], &beyond);
  return r;
}

PropTrial tr_search_trial(Tr *t, PropPostFn post, void *ctx) { return tr_try(t, post, ctx, NULL, 0, NULL); }

int tr_trial_vars(Tr *t, const TrState *a, const TrState *b, PropVar cond, PropVar **vars) {
  int cap = 2 * (a->fn->nparams + a->fn->nlocals + TR_NFLAGS + 2) + 1 + prop_decision_count(t->s);
  cap += 2 * t->prog->nglobals;
  *vars = malloc(sizeof(PropVar) * (size_t)cap);
  if (!*vars) return -1;
  int n = tr_state_vars(a, NULL, *vars, cap);
  if (b) n += tr_state_vars(b, NULL, *vars + n, cap - n);
  for (int g = 0; g < t->prog->nglobals && n < cap; g++) {
    if (a->global[g] != TR_UNINIT) (*vars)[n++] = a->global[g];
    if (b && b->global[g] != TR_UNINIT && n < cap) (*vars)[n++] = b->global[g];
  }
  if (n < cap) (*vars)[n++] = cond;
  for (int i = 0; i < prop_decision_count(t->s) && n < cap; i++) (*vars)[n++] = prop_decision(t->s, i);
  return n;
}

bool tr_prune_union(Tr *t, const PropVar *vars, int n, const PropDomain *a, const PropDomain *b) {
  PropDomain u = {0};
  bool ok = true;
  assert(n >= 0);
  for (int i = 0; i < n && ok; i++) {
    u.n = 0;
    prop_domain_union(&u, &a[i]);
    prop_domain_union(&u, &b[i]);
    ok = prop_restrict_domain(t->s, vars[i], &u);
  }
  prop_domain_free(&u);
  return ok;
}

static void free_domains(PropDomain *d, int n) {
  if (!d) return;
  for (int i = 0; i < n; i++) prop_domain_free(&d[i]);
  free(d);
}

/* The search's state now: it changes with every push and pop of the search
   (trials push and pop once each), so also when the search backtracks and
   applies its last alternative in place. */
static uint64_t search_node(Tr *t) {
  const PropStats *st = prop_stats(t->s);
  return (st->choice_points - st->trials) + (st->backtracks - st->trials);
}

/* Loop checks that share their condition variable -- the first check of an
   inner loop whose bound the outer loop never changes (for (i = 1; i < m;
   ...) in each iteration: i < m is the same variable every time) -- would
   try the same two hypotheses, and each trial reaches every check that
   shares it: K iterations, K trials of K checks.  With `once`, after both
   alternatives of cond survived at this search node, the other checks on
   cond do not try them again until the search decides something (and the
   first one that wakes then tries again).  Skipping a trial is sound: it
   only deduces less.  (Not for ite: a state machine's switch on a shared
   state variable needed every one of its trials for its proof, 9 search
   nodes against hundreds.) */
static bool tried_here(Tr *t, PropVar cond) {
  size_t i = (size_t)cond % (sizeof t->open_trials / sizeof *t->open_trials);
  return t->open_trials[i].cond == cond && t->open_trials[i].node == search_node(t) + 1;
}

static void note_open(Tr *t, PropVar cond) {
  size_t i = (size_t)cond % (sizeof t->open_trials / sizeof *t->open_trials);
  t->open_trials[i].cond = cond;
  t->open_trials[i].node = search_node(t) + 1;
}

int tr_disjunction(Tr *t, PropPostFn post, void *ctx[2], int first, PropVar cond, const TrState *a,
                   const TrState *b, bool once, uint64_t *trials) {
  assert(first == 0 || first == 1);
  bool outermost = prop_trial_depth(t->s) == 0;
  bool memo = outermost && once;
  if (memo && tried_here(t, cond)) return TR_DISJ_OPEN;
  PropVar *vars;
  int n = tr_trial_vars(t, a, b, cond, &vars);
  PropDomain *dom[2] = {calloc((size_t)n + 1, sizeof(PropDomain)), calloc((size_t)n + 1, sizeof(PropDomain))};
  int verdict = TR_DISJ_OPEN;
  if (n < 0 || !dom[0] || !dom[1]) {
    tr_out_of_memory(t);
    verdict = TR_DISJ_FAILED;
    goto done;
  }
  int second = 1 - first;
  PropTrial r[2];
  r[first] = tr_try(t, post, ctx[first], vars, n, dom[first]);
  ++*trials;
  if (r[first] == PROP_TRIAL_TOO_DEEP) goto done;
  if (r[first] == PROP_TRIAL_FAILED) {
    verdict = second;
    goto done;
  }
  r[second] = tr_try(t, post, ctx[second], vars, n, dom[second]);
  ++*trials;
  if (r[second] == PROP_TRIAL_FAILED) verdict = first;
  else if (r[second] == PROP_TRIAL_TOO_DEEP) verdict = TR_DISJ_OPEN;
  else if (!tr_prune_union(t, vars, n, dom[0], dom[1])) verdict = TR_DISJ_FAILED;
  else if (prop_is_fixed(t->s, cond)) verdict = (int)prop_value(t->s, cond);
  else if (memo && r[0] == PROP_TRIAL_OK && r[1] == PROP_TRIAL_OK) note_open(t, cond);
done:
  free_domains(dom[0], n);
  free_domains(dom[1], n);
  free(vars);
  return verdict;
}
