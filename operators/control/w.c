/* w.c - the loop operator w(B, body, in, out) with lazy unfolding
 * (Gotlieb, Botella, Rueher 1998; docs/design.md §5.3).
 *
 * One execution of a loop statement is a TrLoop: its outputs `out` are fresh
 * variables for everything the loop may write.  Each check of the condition
 * (iteration k) is a w propagator on the state before that check:
 *  - B holds: unfold iteration k (translate the body and the step) and post
 *    the check of iteration k + 1 on the state after it;
 *  - B fails: the loop exits here: out = the state at this check;
 *  - otherwise try "exit now": if it fails, the loop must iterate; else try
 *    one unfolding: if it fails, the loop must exit; else prune to the union
 *    of both trials and suspend (the constructive disjunction of trial.c).
 * A condition whose side effects may end the path (q && q->key != y, where
 * q->key may trap) guards its check on "still running", like a statement.
 * A counting loop gets its counter's exit value up front (loop_summary.c).
 * A loop whose trip count T is a variable of the model (trip_count.c) ties
 * it to what is unfolded: iteration k starts: T >= k; the loop exits at
 * check k: T == k - 1.
 * Unfoldings alive on a path count against --max-unfold; past it the path is
 * abandoned and the search can no longer claim a proof.
 *
 * It must never exit or iterate a loop that propagation has not forced.
 */
#include <assert.h>
#include <stdlib.h>
#include <time.h>

#include "translate/tr_internal.h"

struct TrLoop {
  const IrStmt *stmt;
  TrState *out;          /* the loop's outputs, shared by all its checks */
  TrWrites writes;
  int obj_index;         /* position among the --iter loops, or -1 */
  TrSubSet *chain;       /* trailed: the last operator watching `out` (subs.c) */
  PropVar trips;         /* the trip count (translate/trip_count.c), or TR_UNINIT */
};

typedef struct W {
  Propagator base;
  Tr *t;
  TrLoop *loop;
  int k;                 /* this is the check of iteration k */
  TrState *at;           /* the state at the check (after the condition's side effects) */
  PropVar b;             /* the condition: iterate iff 1 */
  int decided;           /* trailed */
  int closed;            /* trailed: no later iteration can meet the objective */
  uint64_t node;         /* trial rounds at this search node */
  int rounds;
} W;

static bool post_w(Tr *t, TrLoop *L, int k, TrState *P, PropVar b, bool closed);


/* The loop exits at state st, at the check of iteration k: it started
   k - 1 iterations. */
static bool exit_loop(Tr *t, TrLoop *L, TrState *st, int k) {
  if (L->trips != TR_UNINIT && !prop_fix(t->s, L->trips, k - 1)) return false;
  if (!tr_join(t, L->out, st, &L->writes, false)) return false;
  tr_resolve_trace(t, L->out->trace, st->trace);
  return true;
}

/* Where run_checks starts: after the body and step of an iteration (is the
   path still running?), at the check (the condition's side effects), or at
   the condition itself (its side effects done). */
typedef enum { AT_NEXT_CHECK, AT_CHECK, AT_CONDITION } CheckEntry;

static bool run_checks(Tr *t, TrLoop *L, int k, TrState *st, CheckEntry at, TrCache *cache, bool closed);

/* A path too deep for the machine stack is abandoned like one past
   --max-unfold: the search can no longer claim a proof. */
static bool stack_left(Tr *t) {
  if (!prop_stack_low()) return true;
  t->budget_hit = true;
  t->incomplete_reason = "the translation's nesting (loops and calls inside each other) outgrew the stack";
  return false;
}

/* The body and step of iteration k from the check state P: the state after
   them, NULL on failure, or P itself when a trial stops looking ahead. */
static TrState *unfold_body(Tr *t, TrLoop *L, int k, TrState *P) {
  assert(k >= 1 && P && P->fn);
  if (L->trips != TR_UNINIT && !prop_set_min(t->s, L->trips, k)) return NULL; /* iteration k starts */
  if (prop_trial_depth(t->s) > 0 && t->trial_unfolds-- <= 0)
    return P; /* a trial looks ahead a few iterations only: suspend (see w_propagate) */
  if (*t->unfolded >= t->lim.max_unfold) {
    t->budget_hit = true;
    t->incomplete_reason = "the loop unfolding budget (--max-unfold) ran out";
    return NULL;
  }
  if ((t->stats.unfoldings & 63) == 0 && tr_out_of_time(t)) return NULL;
  if (!stack_left(t)) return NULL;
  prop_save_int(t->s, t->unfolded, *t->unfolded + 1);
  t->stats.unfoldings++;
  tr_trial_earn(t);
  TrState *B = tr_state_copy(t, P);
  tr_hint_state(t, B);
  if (L->obj_index >= 0) B->iter[L->obj_index] = k;
  if (L->stmt == t->obj.target && t->obj.niter > 0 && tr_objective_now(t, B)) tr_set_reached(t, B);
  TrState *S = tr_block(t, &L->stmt->body, 0, NULL, B);
  if (!S) return NULL;
  S = tr_state_copy(t, S);
  S->flag[TR_CONTINUED] = t->zero; /* continue ends only this iteration */
  return tr_block(t, &L->stmt->step, 0, NULL, S);
}

/* Iteration k runs from the check state P. */
static bool unfold(Tr *t, TrLoop *L, int k, TrState *P) {
  TrState *S = unfold_body(t, L, k, P);
  if (!S) return false;
  if (S == P) return true; /* a trial's look-ahead ends here */
  return run_checks(t, L, k + 1, S, AT_NEXT_CHECK, NULL, false);
}

static bool decide(W *w, int v) {
  Tr *t = w->t;
  assert(!w->decided && (v == 0 || v == 1));
  assert(prop_is_fixed(t->s, w->b) && prop_value(t->s, w->b) == v);
  assert(*t->undecided > 0);
  prop_save_int(t->s, &w->decided, 1);
  prop_save_int(t->s, t->undecided, *t->undecided - 1);
  return v ? unfold(t, w->loop, w->k, w->at) : exit_loop(t, w->loop, w->at, w->k);
}

typedef struct Trial {
  W *w;
  int v;
} Trial;

static bool post_choice(PropStore *s, void *ctx) {
  Trial *tr = ctx;
  W *w = tr->w;
  if (!prop_fix(s, w->b, tr->v)) return false;
  return tr->v ? unfold(w->t, w->loop, w->k, w->at) : exit_loop(w->t, w->loop, w->at, w->k);
}

static PropStatus w_propagate(PropStore *s, Propagator *p) {
  W *w = (W *)p;
  Tr *t = w->t;
  if (w->decided) return PROP_ENTAILED;
  if (prop_is_fixed(s, w->b)) return decide(w, (int)prop_value(s, w->b)) ? PROP_ENTAILED : PROP_FAILED;
  if (!w->closed && w->loop->writes.reached && !tr_loop_may_reach(t, w->loop->stmt, w->at)) {
    prop_save_int(s, &w->closed, 1);
    if (!op_rel(s, w->loop->out->reached, OP_EQ, w->at->reached)) return PROP_FAILED;
  }
  if (prop_trial_depth(s) >= TR_W_TRIAL_DEPTH) return PROP_SUSPEND;
  if (tr_out_of_time(t)) return PROP_FAILED;
  if (!tr_trial_round(t, p, &w->node, &w->rounds)) return PROP_SUSPEND;
  Trial exit_now = {w, 0}, iterate = {w, 1};
  void *ctx[2] = {&exit_now, &iterate};
  int v = tr_disjunction(t, post_choice, ctx, 0, w->b, w->at, w->loop->out, true, &t->stats.w_trials);
  if (v == TR_DISJ_FAILED) return PROP_FAILED;
  if (v == TR_DISJ_OPEN) return PROP_SUSPEND;
  return prop_fix(s, w->b, v) && decide(w, v) ? PROP_ENTAILED : PROP_FAILED;
}

static const PropClass w_class = {"w", w_propagate, PROP_PRIO_CONTROL, true};

const IrStmt *tr_loop_stmt(const TrLoop *L) { return L->stmt; }
TrSubSet **tr_loop_chain(TrLoop *L) { return &L->chain; }

/* The checks of iterations k, k + 1, ... from st, entering at `at`, as one
   loop: an iteration whose condition propagation has already decided is
   unfolded here and the next check follows in the same frame, so that a
   loop like while (1) costs no stack per iteration (once it recursed:
   SIGSEGV after some 60,000 iterations).  It ends at an exit, at an
   undecided condition (a w propagator takes over), or at a split (an ite
   whose branch resumes the loop, tr_loop_continue). */
static bool run_checks(Tr *t, TrLoop *L, int k, TrState *st, CheckEntry at, TrCache *cache, bool closed) {
  for (;; k++, at = AT_NEXT_CHECK, cache = NULL, closed = false) {
    PropVar live = TR_UNINIT;
    int running;
    if (at == AT_NEXT_CHECK) { /* after the body and step of iteration k-1 */
      running = tr_live(t, st, &live);
      if (prop_failed(t->s)) return false;
      if (running == 0) return exit_loop(t, L, st, k);
      if (running != 1) {
        TrBranch go_on = {.kind = TR_BR_LOOP, .loop = L, .iteration = k};
        TrBranch leave = {.kind = TR_BR_EMPTY};
        return tr_ite(t, live, &go_on, &leave, st, L->out, &L->writes) != NULL;
      }
      at = AT_CHECK;
    }
    if (at == AT_CHECK) {
      /* Once no later iteration can meet the objective, the loop leaves
         `reached` as it finds it. */
      closed = L->writes.reached &&
               ((!tr_objective_possible(t, st, L->stmt, k) && (k == 1 || tr_objective_possible(t, st, L->stmt, k - 1))) ||
                !tr_loop_may_reach(t, L->stmt, st));
      if (closed && !op_rel(t->s, L->out->reached, OP_EQ, st->reached)) return false;
      TrState *P = tr_block(t, &L->stmt->pre, 0, NULL, st);
      if (!P) return false;
      running = tr_live(t, P, &live);
      if (prop_failed(t->s)) return false;
      if (running == 0) return exit_loop(t, L, P, k);
      if (running < 0) { /* the condition's side effects may end the path: the check goes on where they did not */
        TrBranch go_on = {.kind = TR_BR_LOOP, .loop = L, .iteration = k, .cond_only = true};
        TrBranch leave = {.kind = TR_BR_EMPTY};
        return tr_ite(t, live, &go_on, &leave, P, L->out, &L->writes) != NULL;
      }
      st = P;
    }
    /* The condition of check k, evaluated at st (after its side effects); a
       condition that may trap splits: the path ends, or the check resumes. */
    PropVar c, trap;
    const IrExpr *where;
    switch (tr_eval_split(t, st, L->stmt->cond, &cache, &c, &trap, &where)) {
    case -1: return false;
    case 1: {
      TrBranch end = {.kind = TR_BR_END};
      TrBranch resume = {.kind = TR_BR_LOOP, .loop = L, .iteration = k, .cache = tr_cache_safe(t, cache, where)};
      return tr_ite(t, trap, &end, &resume, st, L->out, &L->writes) != NULL;
    }
    default: break;
    }
    PropVar b = tr_truth(t, L->stmt->cond->type, c);
    if (b == TR_FAIL) return false;
    if (!prop_is_fixed(t->s, b)) return post_w(t, L, k, st, b, closed);
    if (!prop_value(t->s, b)) return exit_loop(t, L, st, k);
    TrState *S = unfold_body(t, L, k, st);
    if (!S) return false;
    if (S == st) return true; /* a trial's look-ahead ends here */
    st = S;
  }
}

/* Check k's condition b is undecided: a w propagator waits for it. */
static bool post_w(Tr *t, TrLoop *L, int k, TrState *P, PropVar b, bool closed) {
  W *w = prop_propagator_new(t->s, &w_class, sizeof *w);
  w->t = t;
  w->loop = L;
  w->k = k;
  w->at = P;
  w->b = b;
  w->closed = closed;
  prop_save_int(t->s, t->undecided, *t->undecided + 1);
  prop_add_branch(t->s, b);
  TrSubReq req = {0};
  tr_subs_var(t, &req, b, PROP_EV_FIX);
  tr_subs_reads(t, &req, P, NULL, 0, L->stmt);
  tr_subs_outputs(t, &req, L->out, &L->writes);
  tr_subs_inputs(t, &req);
  return tr_subs_post(t, &L->chain, &w->base, &w->decided, &req) && prop_post(t->s, &w->base);
}

TrState *tr_loop_continue(Tr *t, TrLoop *L, int k, TrCache *cache, bool cond_only, TrState *st) {
  TrState *run = tr_state_copy(t, st);
  for (int f = 0; f < TR_NFLAGS; f++) run->flag[f] = t->zero;
  bool ok = run_checks(t, L, k, run, cache || cond_only ? AT_CONDITION : AT_CHECK, cache, false);
  return ok ? L->out : NULL;
}

TrState *tr_loop(Tr *t, const IrStmt *stmt, TrState *in) {
  TrLoop *L = prop_alloc(t->s, sizeof *L);
  L->stmt = stmt;
  L->obj_index = tr_objective_loop_index(t, stmt);
  if (stmt == t->obj.target && t->obj.niter == 0) { /* the loop statement runs */
    in = tr_state_copy(t, in);
    tr_set_reached(t, in);
  }
  tr_writes_init(t, in, &L->writes);
  tr_loop_writes(t, stmt, 1, in, &L->writes);
  L->out = tr_loop_outputs(t, in, &L->writes, stmt);
  /* The loop analyses read the domains at the entry: what the code before
     the loop posted (`d = c + 3` after a guard on c) is only queued when a
     propagator translates this code; narrowing them first gives the
     analyses the entry's bounds (d in [0, 6], not any int). */
  if (!prop_settle(t->s, PROP_PRIO_CONTROL, TR_SETTLE_RUNS)) return NULL;
  if (!L->out || !tr_trip_count(t, stmt, L->obj_index, in, L->out, &L->writes, &L->trips) ||
      !tr_loop_summary(t, stmt, in, L->out, L->trips))
    return NULL;
  TrTrace *join = prop_alloc(t->s, sizeof *join);
  join->kind = TR_TRACE_JOIN;
  L->out->trace = join;
  bool ok = stmt->is_do_while ? unfold(t, L, 1, in) : run_checks(t, L, 1, in, AT_CHECK, NULL, false);
  return ok ? L->out : NULL;
}
