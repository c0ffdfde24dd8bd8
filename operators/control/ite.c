/* ite.c - the conditional operator ite(B, then, else, in, out) (the INKA
 * papers: section 3 of the memory paper; docs/design.md §5.3).
 *
 * Rules, in order (ite_propagate):
 *   1. B fixed: translate that branch from `in` and join its final state to
 *      `out` (take_branch); entailed.
 *   2. Otherwise, at most TR_TRIAL_ROUNDS rounds per search node and below
 *      the trial depth limit, the constructive disjunction of trial.c:
 *      a branch whose trial fails is refuted and the other is taken (rule 1);
 *      when both survive, the outputs are pruned to the union of the two
 *      trials and the ite suspends.
 *
 * When B is decided, the chosen branch is translated from `in` and its final
 * state is joined to `out`.  Otherwise each branch is tried in a trial: a
 * branch whose trial fails is refuted and the other one is taken; when both
 * survive, every watched variable is pruned to the union of what the two
 * trials allowed (constructive disjunction), and the ite suspends until one
 * of its variables changes.
 *
 * It must never take a branch that propagation has not forced: a refutation
 * comes only from a failed trial, never from a budget.
 */
#include <assert.h>
#include <stdlib.h>

#include "translate/tr_internal.h"

typedef struct Ite {
  Propagator base;
  Tr *t;
  PropVar cond;
  TrBranch branch[2];   /* [1] when cond holds, [0] otherwise */
  TrState *in, *out;
  const TrWrites *writes;
  int decided;          /* trailed */
  uint64_t node;        /* trial rounds at this search node */
  int rounds;
} Ite;

void tr_resolve_trace(Tr *t, TrTrace *join, TrTrace *end) {
  if (!join || join == end || join->kind != TR_TRACE_JOIN) return;
  prop_save_ptr(t->s, (void **)&join->resolved, end);
}

/* Runs branch v from `in` into `out`; false on failure. */
static bool take_branch(Ite *it, int v) {
  Tr *t = it->t;
  const TrBranch *br = &it->branch[v];
  TrState *end = tr_branch(t, br, it->in);
  bool over = br->kind == TR_BR_END || (br->kind == TR_BR_EMPTY && tr_empty_is_vacuous(t, it->in));
  if (!end || !tr_join(t, it->out, end, it->writes, over)) return false;
  tr_resolve_trace(t, it->out->trace, end->trace);
  return true;
}

static bool decide(Ite *it, int v) {
  Tr *t = it->t;
  assert(!it->decided && (v == 0 || v == 1));
  assert(prop_is_fixed(t->s, it->cond) && prop_value(t->s, it->cond) == v);
  assert(*t->undecided > 0);
  prop_save_int(t->s, &it->decided, 1);
  prop_save_int(t->s, t->undecided, *t->undecided - 1);
  t->stats.ite_decided++;
  return take_branch(it, v);
}

typedef struct Trial {
  Ite *it;
  int v;
} Trial;

/* A branch that ends the path (TR_BR_END) is tried with no loop look-ahead
   when it is the outermost trial: nothing runs after it on its path.
   What such a trial unfolded was other operators' work, done while the
   branch was still being posted (each post of a trial propagates): the
   loop-resume split behind a trap split saw "still running" undecided,
   tried "one more iteration" and unfolded it, before the ended flag
   reached it. */
static bool post_branch(PropStore *s, void *ctx) {
  Trial *tr = ctx;
  if (tr->it->branch[tr->v].kind == TR_BR_END && prop_trial_depth(s) == 1) tr->it->t->trial_unfolds = 0;
  return prop_fix(s, tr->it->cond, tr->v) && take_branch(tr->it, tr->v);
}

/* Constructive disjunction over the two branches (trial.c). */
static PropStatus try_both(Ite *it) {
  Tr *t = it->t;
  Trial then_trial = {it, 1}, else_trial = {it, 0};
  void *ctx[2] = {&else_trial, &then_trial};
  int v = tr_disjunction(t, post_branch, ctx, 1, it->cond, it->in, it->out, false, &t->stats.ite_trials);
  if (v == TR_DISJ_FAILED) return PROP_FAILED;
  if (v == TR_DISJ_OPEN) return PROP_SUSPEND;
  return prop_fix(t->s, it->cond, v) && decide(it, v) ? PROP_ENTAILED : PROP_FAILED;
}

static PropStatus ite_propagate(PropStore *s, Propagator *p) {
  Ite *it = (Ite *)p;
  if (it->decided) return PROP_ENTAILED;
  if (prop_is_fixed(s, it->cond)) return decide(it, (int)prop_value(s, it->cond)) ? PROP_ENTAILED : PROP_FAILED;
  if (prop_trial_depth(s) >= TR_ITE_TRIAL_DEPTH) return PROP_SUSPEND;
  if (tr_out_of_time(it->t)) return PROP_FAILED;
  if (!tr_trial_round(it->t, p, &it->node, &it->rounds)) return PROP_SUSPEND;
  return try_both(it);
}

static const PropClass ite_class = {"ite", ite_propagate, PROP_PRIO_CONTROL, true};

TrState *tr_ite(Tr *t, PropVar cond, const TrBranch *then_br, const TrBranch *else_br,
                TrState *in, TrState *out, const TrWrites *writes) {
  if (prop_is_fixed(t->s, cond)) {
    const TrBranch *br = prop_value(t->s, cond) ? then_br : else_br;
    TrState *end = tr_branch(t, br, in);
    if (!end || !out) return end;
    bool over = br->kind == TR_BR_END || (br->kind == TR_BR_EMPTY && tr_empty_is_vacuous(t, in));
    if (!tr_join(t, out, end, writes, over)) return NULL;
    tr_resolve_trace(t, out->trace, end->trace);
    return out;
  }
  if (!out) {
    TrWrites *w = prop_alloc(t->s, sizeof *w);
    tr_writes_init(t, in, w);
    tr_branch_writes(t, then_br, in, w);
    tr_branch_writes(t, else_br, in, w);
    out = tr_fresh_outputs(t, in, w, then_br, else_br);
    if (!out) return NULL;
    TrTrace *join = prop_alloc(t->s, sizeof *join);
    join->kind = TR_TRACE_JOIN;
    out->trace = join;
    writes = w;
  }
  Ite *it = prop_propagator_new(t->s, &ite_class, sizeof *it);
  it->t = t;
  it->cond = cond;
  it->branch[1] = *then_br;
  it->branch[0] = *else_br;
  it->in = in;
  it->out = out;
  it->writes = writes;
  prop_save_int(t->s, t->undecided, *t->undecided + 1);
  prop_add_branch(t->s, cond);
  TrSubReq req = {0};
  TrSubSet **chain = &t->ite_chain; /* a split that resumes a loop joins the loop's chain */
  tr_subs_var(t, &req, cond, PROP_EV_FIX);
  for (int b = 0; b < 2; b++)
    if (it->branch[b].kind == TR_BR_BLOCK) {
      tr_subs_reads(t, &req, in, it->branch[b].block, it->branch[b].from, NULL);
    } else if (it->branch[b].kind == TR_BR_LOOP) {
      tr_subs_reads(t, &req, in, NULL, 0, tr_loop_stmt(it->branch[b].loop));
      chain = tr_loop_chain(it->branch[b].loop);
    }
  tr_subs_outputs(t, &req, out, writes);
  tr_subs_inputs(t, &req);
  if (!tr_subs_post(t, chain, &it->base, &it->decided, &req)) return NULL;
  return prop_post(t->s, &it->base) ? out : NULL;
}
