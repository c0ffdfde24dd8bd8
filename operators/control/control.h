/* control.h - the control operators ite and w (operators/control/), and the
 * trials they share (trial.c).  Included by translate/tr_internal.h.
 */
#ifndef INKA_CONTROL_H
#define INKA_CONTROL_H

/* How far trials look ahead: loop iterations unfolded inside one trial, and
   the trial depth at which ite and w stop trying (they suspend). */
enum { TR_TRIAL_UNFOLDS = 64, TR_ITE_TRIAL_DEPTH = 2, TR_W_TRIAL_DEPTH = 1, TR_TRIAL_ROUNDS = 2 };
/* Trials are look-ahead: an operator runs at most TR_TRIAL_ROUNDS rounds of
   them per search node (a cascade of small prunings among hundreds of
   suspended operators otherwise costs more than the search it saves).
   *node and *rounds are the operator's own counters (not trailed: node
   numbers only grow).  And they run on the fixpoint of everything else:
   called from a run at the operator p's own level, it defers p
   (prop_defer) and says no; from the deferred run it says whether a round
   may run now. */
bool tr_trial_round(Tr *t, Propagator *p, uint64_t *node, int *rounds);
/* The work budget of trials (trial.c): each outermost trial may make
   TR_TRIAL_WORK_MIN propagator runs plus what the pool holds; its runs
   beyond the minimum come out of the pool, and each unfolding outside
   trials puts TR_TRIAL_WORK_PER_UNFOLD back.  tr_set_trial_pool sets the
   pool (include/inka/translate.h). */
enum { TR_TRIAL_WORK_MIN = 2000, TR_TRIAL_WORK_PER_UNFOLD = 200 };
void tr_trial_earn(Tr *t);
/* Runs prop_try, resetting the look-ahead budget for a trial from depth 0. */
PropTrial tr_try(Tr *t, PropPostFn post, void *ctx, const PropVar *watch, int n, PropDomain *out);
/* Past --timeout?  Then the budget is marked hit (no proof). */
bool tr_out_of_time(Tr *t);
/* Constructive disjunction over the two alternatives of a control operator
   whose condition cond is undecided: post(ctx[v]) posts alternative v (cond
   = v); alternative `first` is tried first.  The watched variables are
   those of states a and b plus cond and the decisions.  Returns the value
   cond must take (0 or 1: the other alternative failed), TR_DISJ_OPEN (both
   survive and were pruned to their union, a trial hit the depth limit or
   its work budget, or -- with once -- both alternatives of cond already
   survived at this search node), or TR_DISJ_FAILED.  *trials counts the
   trials run. */
enum { TR_DISJ_OPEN = -1, TR_DISJ_FAILED = -2 };
int tr_disjunction(Tr *t, PropPostFn post, void *ctx[2], int first, PropVar cond, const TrState *a,
                   const TrState *b, bool once, uint64_t *trials);

/* subs.c: what a control operator subscribes to, collected in a request:
   the slots of st that code (block->stmts[from..], or the loop stmt when
   block is NULL) reads, every written part of out, the first unfixed
   inputs, one variable.  tr_subs_post subscribes p to the request (and
   frees it); with a chain, p takes over what it can of the subscriptions of
   the chain's last member if that one is decided (*done), and becomes the
   last member.  False when out of memory. */
typedef struct TrSubReq {
  PropVar *var;
  int *ev;
  int n, cap;
  bool failed;
} TrSubReq;
typedef struct TrSubSet TrSubSet;
void tr_subs_reads(Tr *t, TrSubReq *r, const TrState *st, const IrBlock *block, int from, const IrStmt *loop);
void tr_subs_outputs(Tr *t, TrSubReq *r, const TrState *out, const TrWrites *w);
enum { TR_INPUT_SUBSCRIPTIONS = 16 };
void tr_subs_inputs(Tr *t, TrSubReq *r);
void tr_subs_var(Tr *t, TrSubReq *r, PropVar v, int ev);
bool tr_subs_post(Tr *t, TrSubSet **chain, Propagator *p, const int *done, TrSubReq *r);
/* w.c: the chain of the operators that watch loop L's outputs. */
TrSubSet **tr_loop_chain(TrLoop *L);

/* ite.c: posts ite(cond, then, else) from `in`; returns the state after it,
   or NULL on failure.  Decides at once when cond is fixed.  The outputs are
   fresh variables for what the branches write, unless out/writes are given
   (a loop's continuation joins the loop's own outputs). */
TrState *tr_ite(Tr *t, PropVar cond, const TrBranch *then_br, const TrBranch *else_br,
                TrState *in, TrState *out, const TrWrites *writes);
/* trial.c: restricts each of vars[0..n) to the union of its domains in two trials;
   false on failure. */
bool tr_prune_union(Tr *t, const PropVar *vars, int n, const PropDomain *a, const PropDomain *b);
/* trial.c: the variables trials watch (malloc'd; -1 when out of memory): those of the given states, plus the decisions. */
int tr_trial_vars(Tr *t, const TrState *a, const TrState *b, PropVar cond, PropVar **vars);
/* Resolves a JOIN trace node to the trace where execution continued. */
void tr_resolve_trace(Tr *t, TrTrace *join, TrTrace *end);

const IrStmt *tr_loop_stmt(const TrLoop *L);
/* w.c: the loop statement from `in`; the state after the loop, NULL on failure. */
TrState *tr_loop(Tr *t, const IrStmt *loop, TrState *in);
/* Continues `loop` with the check of `iteration` from st (a TR_BR_LOOP
   branch; with a cache or cond_only, st is after the condition's side
   effects and the condition resumes); returns the loop's outputs. */
TrState *tr_loop_continue(Tr *t, TrLoop *loop, int iteration, TrCache *cache, bool cond_only, TrState *st);

#endif
