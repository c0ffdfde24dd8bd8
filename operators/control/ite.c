/* ite.c - the conditional operator ite(B, then, else, in, out) (DESIGN 5.3,
 * INKA paper section 3).
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

bool tr_trial_round(Tr *t, uint64_t *node, int *rounds) {
  if (prop_trial_depth(t->s) > 0) return true; /* the depth limits bound these */
  const PropStats *st = prop_stats(t->s);
  uint64_t now = st->choice_points - st->trials; /* pushes by the search */
  if (*node != now) {
    *node = now;
    *rounds = 0;
  }
  return (*rounds)++ < TR_TRIAL_ROUNDS;
}

bool tr_out_of_time(Tr *t) {
  if (t->lim.deadline <= 0 || prop_now() <= t->lim.deadline) return false;
  t->budget_hit = true; /* a failure now is no refutation */
  t->incomplete_reason = "the time budget (--timeout) ran out";
  return true;
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
  if (prop_trial_depth(t->s) == 0) t->trial_unfolds = TR_TRIAL_UNFOLDS;
  uint64_t before = t->allocations;
  int64_t frontier = tr_frontier(t);
  PropTrial r = prop_try(t->s, post, ctx, watch, n, out);
  if (r != PROP_TRIAL_OK || t->allocations == before) return r;
  PropInterval past = {frontier, INT64_MAX};
  PropDomain beyond = {.iv = &past, .n = 1, .cap = 1};
  for (int i = 0; i < n; i++)
    if (out[i].n > 0 && out[i].iv[out[i].n - 1].hi >= frontier) prop_domain_union(&out[i], &beyond);
  return r;
}

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
  prop_save_int(t->s, &it->decided, 1);
  prop_save_int(t->s, t->undecided, *t->undecided - 1);
  t->stats.ite_decided++;
  return take_branch(it, v);
}

typedef struct Trial {
  Ite *it;
  int v;
} Trial;

static bool post_branch(PropStore *s, void *ctx) {
  Trial *tr = ctx;
  return prop_fix(s, tr->it->cond, tr->v) && take_branch(tr->it, tr->v);
}

int tr_trial_vars(Tr *t, const TrState *a, const TrState *b, PropVar cond, PropVar **vars) {
  int cap = 2 * (a->fn->nparams + a->fn->nlocals + TR_NFLAGS + 2) + 1 + prop_decision_count(t->s);
  cap += 2 * t->prog->nglobals;
  *vars = malloc(sizeof(PropVar) * (size_t)cap);
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
  for (int i = 0; i < n; i++) prop_domain_free(&d[i]);
  free(d);
}

/* Constructive disjunction over the two branches. */
static PropStatus try_both(Ite *it) {
  Tr *t = it->t;
  PropVar *vars;
  int n = tr_trial_vars(t, it->in, it->out, it->cond, &vars);
  PropDomain *dom[2] = {calloc((size_t)n + 1, sizeof(PropDomain)), calloc((size_t)n + 1, sizeof(PropDomain))};
  PropTrial r[2];
  for (int v = 1; v >= 0; v--) {
    Trial ctx = {it, v};
    r[v] = tr_try(t, post_branch, &ctx, vars, n, dom[v]);
    t->stats.ite_trials++;
  }
  PropStatus st = PROP_SUSPEND;
  if (r[0] == PROP_TRIAL_TOO_DEEP || r[1] == PROP_TRIAL_TOO_DEEP) {
    st = PROP_SUSPEND;
  } else if (r[0] == PROP_TRIAL_FAILED && r[1] == PROP_TRIAL_FAILED) {
    st = PROP_FAILED;
  } else if (r[0] == PROP_TRIAL_FAILED || r[1] == PROP_TRIAL_FAILED) {
    int v = r[1] == PROP_TRIAL_FAILED ? 0 : 1;
    st = prop_fix(t->s, it->cond, v) && decide(it, v) ? PROP_ENTAILED : PROP_FAILED;
  } else if (!tr_prune_union(t, vars, n, dom[0], dom[1])) {
    st = PROP_FAILED;
  } else if (prop_is_fixed(t->s, it->cond)) {
    int v = (int)prop_value(t->s, it->cond);
    st = decide(it, v) ? PROP_ENTAILED : PROP_FAILED;
  }
  free_domains(dom[0], n);
  free_domains(dom[1], n);
  free(vars);
  return st;
}

static PropStatus ite_propagate(PropStore *s, Propagator *p) {
  Ite *it = (Ite *)p;
  if (it->decided) return PROP_ENTAILED;
  if (prop_is_fixed(s, it->cond)) return decide(it, (int)prop_value(s, it->cond)) ? PROP_ENTAILED : PROP_FAILED;
  if (prop_trial_depth(s) >= TR_ITE_TRIAL_DEPTH) return PROP_SUSPEND;
  if (tr_out_of_time(it->t)) return PROP_FAILED;
  if (!tr_trial_round(it->t, &it->node, &it->rounds)) return PROP_SUSPEND;
  return try_both(it);
}

static const PropClass ite_class = {"ite", ite_propagate, PROP_PRIO_CONTROL, true};

static void subscribe(PropStore *s, Propagator *p, PropVar v, int ev) {
  if (v != TR_UNINIT && !prop_is_fixed(s, v)) prop_subscribe(s, p, v, ev);
}

void tr_subscribe_reads(Tr *t, Propagator *p, const TrState *st, const IrBlock *block, int from, const IrStmt *loop) {
  int n = st->fn->nparams + st->fn->nlocals;
  for (int k = block ? from : 0; block ? k < block->n : k < 1; k++) {
    const TrFacts *f = tr_facts(t, st->fn, block ? block->stmts[k] : loop);
    if (!f->read) continue;
    for (int i = 0; i < n; i++)
      if (f->read[i]) subscribe(t->s, p, st->slot[i], PROP_EV_BOUNDS);
  }
  for (int f = 0; f < TR_NFLAGS; f++) subscribe(t->s, p, st->flag[f], PROP_EV_FIX);
  subscribe(t->s, p, st->reached, PROP_EV_FIX);
}

/* Labeling decisions reach every suspended control operator once (FIX of
   an input), so that its trials see what the search chose even when nothing
   it is subscribed to changes. */
void tr_subscribe_inputs(Tr *t, Propagator *p) {
  int n = prop_decision_count(t->s), done = 0;
  for (int i = 0; i < n && done < TR_INPUT_SUBSCRIPTIONS; i++) {
    PropVar x = prop_decision(t->s, i);
    if (prop_is_fixed(t->s, x)) continue;
    prop_subscribe(t->s, p, x, PROP_EV_FIX);
    done++;
  }
}

void tr_subscribe_outputs(Tr *t, Propagator *p, const TrState *out, const TrWrites *w) {
  int n = out->fn->nparams + out->fn->nlocals;
  for (int i = 0; i < n; i++)
    if (w->slot[i]) subscribe(t->s, p, out->slot[i], PROP_EV_BOUNDS);
  for (int g = 0; g < t->prog->nglobals; g++)
    if (w->global[g]) subscribe(t->s, p, out->global[g], PROP_EV_BOUNDS);
  for (int f = 0; f < TR_NFLAGS; f++)
    if (w->flag[f]) subscribe(t->s, p, out->flag[f], PROP_EV_FIX);
  if (w->retval) subscribe(t->s, p, out->retval, PROP_EV_BOUNDS);
  if (w->reached) subscribe(t->s, p, out->reached, PROP_EV_FIX);
}

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
  prop_subscribe(t->s, &it->base, cond, PROP_EV_FIX);
  for (int b = 0; b < 2; b++)
    if (it->branch[b].kind == TR_BR_BLOCK) tr_subscribe_reads(t, &it->base, in, it->branch[b].block, it->branch[b].from, NULL);
    else if (it->branch[b].kind == TR_BR_LOOP) tr_subscribe_reads(t, &it->base, in, NULL, 0, tr_loop_stmt(it->branch[b].loop));
  tr_subscribe_outputs(t, &it->base, out, writes);
  tr_subscribe_inputs(t, &it->base);
  return prop_post(t->s, &it->base) ? out : NULL;
}
