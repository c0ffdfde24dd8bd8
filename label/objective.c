/* objective.c - one objective on one function: model, preconditions,
 * labeling search, verdict (docs/design.md §6).
 *
 * The search labels the inputs (parameters first, then the nondet values as
 * executed calls create them), first-fail, values nearest 0 first and
 * bisection on wide domains.  A leaf is a solution only when the model says
 * every ite and w of the path decided; otherwise it is rejected and the
 * verdict can no longer be UNREACHABLE.  A decided leaf is accepted only
 * when a concrete run of it (label/confirm.c) does not contradict it.  This
 * file must never turn a budget or a rejected leaf into a proof.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "inka/objective.h"
#include "lbl_concrete.h"
#include "lbl_confirm.h"
#include "lbl_guards.h"
#include "lbl_sat.h"
#include "inka/relax.h"

const char *lbl_verdict_name(LblVerdict v) {
  switch (v) {
  case LBL_REACHABLE: return "reachable";
  case LBL_UNREACHABLE: return "unreachable";
  default: return "unknown";
  }
}

enum { LBL_GUESS_SECONDS = 15 };

/* What one objective's search works with. */
typedef struct Solve {
  Tr *t;
  LblConcrete *cx;   /* the concrete mode, or NULL where it does not apply */
  bool probed;       /* the root's parities were shaved (parity_probe) */
  LblConfirm *confirm;
  LblResult found;   /* the answer accepted at the last leaf, as it ran */
  bool has_found;
  uint64_t *inconsistencies; /* LblStats.inconsistencies of the result */
  uint64_t *reachable_blocks; /* LblStats.reachable_blocks of the result */
  bool leak_target;  /* the objective is a leak check: a model answer is
                        only a block still allocated (frontend/leak.c) */
} Solve;

enum { LEAK_SET_ASIDE = 32 }; /* leak answers set aside before the search gives up */

static void read_solution(Tr *t, PropStore *s, LblResult *r);

/* A decided leaf is the model's answer; it stands only when its run
   (label/confirm.c) does not contradict it.  A contradicted one is a bug
   of the model: counted, rejected (no proof after it), and the search goes
   on; a run that cannot tell leaves it an unconfirmed answer. */
static SearchLeaf confirm_leaf(Solve *v, PropStore *s) {
  LblResult a = {0};
  read_solution(v->t, s, &a);
  LblConfirmation c = v->confirm ? lbl_confirm_run(v->confirm, s, &a) : LBL_UNCONFIRMED;
  if (c == LBL_CONTRADICTED && v->leak_target) {
    /* the model answers where a block is allocated, the run where one is
       also unreachable: not a bug, but the search learns nothing from it */
    lbl_result_free(&a);
    if (++*v->reachable_blocks >= LEAK_SET_ASIDE) prop_set_deadline(s, prop_now());
    return SEARCH_REJECT;
  }
  if (c == LBL_CONTRADICTED) {
    lbl_result_free(&a);
    bool first = !v->inconsistencies || ++*v->inconsistencies == 1;
    if (first || lbl_confirm_aborts()) /* (the count is in the stats) */
      fprintf(stderr, "inka-ng: internal inconsistency: a model answer does not meet the objective when run\n");
    if (lbl_confirm_aborts()) abort();
    return SEARCH_REJECT;
  }
  a.confirmed = c == LBL_CONFIRMED;
  if (!a.confirmed) a.unconfirmed = v->confirm ? lbl_confirm_why_not(v->confirm) : "no concrete run";
  lbl_result_free(&v->found);
  v->found = a;
  v->has_found = true;
  return SEARCH_ACCEPT;
}

/* A leaf whose path propagation decided is a solution once its run
   confirms it; an undecided one (a budget, a load waiting for memory) is
   answered by running it. */
static SearchLeaf at_leaf(PropStore *s, void *ctx) {
  Solve *v = ctx;
  if (tr_decided(v->t)) return confirm_leaf(v, s);
  SearchLeaf a = v->cx ? lbl_cx_answer(v->cx, s, true) : SEARCH_REJECT;
  return a == SEARCH_CONTINUE ? SEARCH_REJECT : a;
}

/* Before a choice is propagated: once the parameters are fixed, running
   the program answers for the whole subtree. */
static SearchLeaf probe(PropStore *s, void *ctx) {
  Solve *v = ctx;
  return lbl_cx_answer(v->cx, s, false);
}

enum { LBL_MAX_CELLS = 4096 }; /* cells reported per object */

/* The object and cell a pointer value designates, as c->ref / c->ref_cell. */
static void locate(Tr *t, LblCell *c) {
  c->ref = -1;
  if (c->known && c->type->kind == IR_TY_PTR && !tr_locate(t, c->value, &c->ref, &c->ref_cell)) c->ref = -1;
}

static void read_cells(Tr *t, int i, LblObject *o) {
  o->cells = calloc((size_t)o->ncells + 1, sizeof *o->cells);
  if (o->input) o->initial = calloc((size_t)o->ncells + 1, sizeof *o->initial);
  for (int k = 0; k < o->ncells; k++) {
    LblCell *c = &o->cells[k];
    c->known = tr_final_cell(t, i, k, &c->type, c->path, sizeof c->path, &c->value);
    locate(t, c);
    if (!o->input) continue;
    LblCell *in = &o->initial[k];
    *in = *c;
    if (!tr_initial_cell(t, i, k, &in->value)) in->value = 0; /* the path does not read it: the test gives 0 */
    in->known = true;
    locate(t, in);
    if (!c->known) *c = *in; /* neither read nor written (a read of it would have made it known) */
  }
}

/* The input objects the test must build: those the pointer inputs reach
   through the initial pointer cells.  (Fresh objects whose pointer chose
   NULL or another object are not part of the input.) */
static void mark_given(LblResult *r, int i) {
  if (i < 0 || i >= r->nobjects || !r->objects[i].input || r->objects[i].given) return;
  LblObject *o = &r->objects[i];
  o->given = true;
  for (int k = 0; k < o->ncells; k++) mark_given(r, o->initial[k].known ? o->initial[k].ref : -1);
}

static void read_memory(Tr *t, LblResult *r) {
  int n = tr_object_count(t), heap = 0, given = 0;
  r->objects = calloc((size_t)n + 1, sizeof *r->objects);
  r->nobjects = n;
  for (int i = 0; i < n; i++) {
    TrObjectView v = tr_object_view(t, i);
    LblObject *o = &r->objects[i];
    *o = (LblObject){.name = v.name, .heap = v.heap, .live = v.live, .input = v.input, .type = v.type,
                     .count = v.count, .line = v.line};
    if (v.heap) snprintf(o->label, sizeof o->label, "c%d", ++heap);
    o->ncells = (int)(v.ncells < LBL_MAX_CELLS ? v.ncells : LBL_MAX_CELLS);
    read_cells(t, i, o);
  }
  for (int i = 0; i < r->ninputs; i++) mark_given(r, r->inputs[i].ref);
  for (int i = 0; i < n; i++)
    if (r->objects[i].given) snprintf(r->objects[i].label, sizeof r->objects[i].label, "in%d", ++given);
}

static void read_solution(Tr *t, PropStore *s, LblResult *r) {
  r->ninputs = tr_param_count(t);
  r->inputs = calloc((size_t)r->ninputs + 1, sizeof *r->inputs);
  for (int i = 0; i < r->ninputs; i++) {
    TrInput in = tr_param(t, i);
    LblValue *v = &r->inputs[i];
    int64_t cell = 0;
    *v = (LblValue){in.name, in.type, prop_value(s, in.var), -1};
    bool object = in.type->kind == IR_TY_PTR || in.type->kind == IR_TY_STRUCT; /* (a struct: its own object) */
    if (object && (!tr_locate(t, v->value, &v->ref, &cell) || cell != 0)) v->ref = -1;
  }
  int n = tr_nondet(t, NULL, 0);
  TrInput *nd = calloc((size_t)(n > 0 ? n : 1), sizeof *nd);
  n = n > 0 ? tr_nondet(t, nd, n) : 0;
  r->nnondet = n;
  r->nondet = calloc((size_t)n + 1, sizeof *r->nondet);
  for (int i = 0; i < n; i++) r->nondet[i] = (LblValue){nd[i].name, nd[i].type, prop_value(s, nd[i].var), -1};
  free(nd);
  r->has_return = tr_return_value(t, &r->ret);
  read_memory(t, r);
}

static const char memory_reason[] = "the memory budget (--max-memory) ran out";

/* Does fn, or a function it calls, take nondet values (or call a stub)? */
static bool block_nondet(const IrBlock *b) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_NONDET) return true;
    if (block_nondet(&s->then) || block_nondet(&s->els) || block_nondet(&s->pre) || block_nondet(&s->body) ||
        block_nondet(&s->step))
      return true;
  }
  return false;
}

static bool calls_nondet(const IrProgram *p, const IrFunction *fn) {
  const IrFunction **seen = calloc((size_t)p->nfuncs + 1, sizeof *seen);
  int n = 0;
  bool found = false;
  seen[n++] = fn;
  for (int i = 0; i < n && !found; i++) {
    found = block_nondet(&seen[i]->body);
    for (int k = 0; k < seen[i]->ncallees; k++) {
      bool known = false;
      for (int j = 0; j < n && !known; j++) known = seen[j] == seen[i]->callees[k];
      if (!known && n < p->nfuncs) seen[n++] = seen[i]->callees[k];
    }
  }
  free(seen);
  return found;
}

/* No solution: a proof only if nothing was cut. */
static void no_solution(const Tr *t, const PropStore *s, LblResult *r, const char *cut) {
  const char *why = NULL;
  if (prop_out_of_memory(s)) {
    r->verdict = LBL_UNKNOWN;
    r->reason = memory_reason;
  } else if (cut) {
    r->verdict = LBL_UNKNOWN;
    r->reason = cut;
  } else if (tr_incomplete(t, &why)) {
    r->verdict = LBL_UNKNOWN;
    r->reason = why ? why : "a budget was exhausted";
  } else {
    r->verdict = LBL_UNREACHABLE;
  }
}

/* Depth-first search in a wide domain can sink into one infinite corner
   (a = 1, then b = 1, 2, 3, ... for ever), and one early choice can make
   every later node expensive.  So the search restarts: first with small
   windows (each input tries only its values nearest 0) under work budgets
   (propagations: deterministic, unlike time slices), alternating two
   variable orders (smallest domain first, widest first), then without
   windows for whatever time is left.  One stage labels goal first: the
   state at the objective and at each loop iteration (hints, newest first)
   before the inputs, so that propagation runs backwards from the target --
   what finds gcd inputs for 40 iterations (consecutive Fibonacci numbers),
   which no labeling of the inputs alone reaches.  One stage labels path
   first: the conditions of undecided ite and w operators (oldest first),
   then the inputs; it proves what every path's own conditions refute.
   Only a stage that cut nothing can end in a proof.  Proofs need one of
   two complete searches: inputs first without windows (a table indexed by
   an input: every index), or path first with the relaxation (the output
   of a sorting network: some 10,000 nodes, each with a linear program).
   Neither can tell in advance which one a target needs, so they alternate
   with budgets that double (8M, 16M, 32M propagations), then the path
   first gets half of the time left and the inputs first the rest. */
/* A stage with a work budget gives one choice at most 1/LBL_NODE_SHARE of
   it: a choice whose propagation unfolds without end (with b == NULL, a
   loop over a that must not exit before count == 2 unfolds a fresh node
   after another) is dropped and its siblings are tried, instead of the
   whole stage's budget going to it.  The last stage has no budget, and no
   node budget either: what the earlier stages cut, it finishes.  Only with
   pointer inputs, whose fresh objects make such endless nodes: elsewhere a
   costly node is the way to the answer (Josephus without the concrete
   mode, --iter 80: the node that builds the list with m = 0 decided takes
   1/16 of a stage, and cutting it cost 20 times the work). */
enum { LBL_NODE_SHARE = 16 };
/* The trials of the control operators share a pool of work
   (operators/control/trial.c): LBL_ROOT_TRIAL_WORK propagator runs at the
   root (one hard trial there can prove the target dead: a counter that
   crawls to its bound, some 4M runs), then 1/LBL_TRIAL_SHARE of each stage's
   budget, and no limit in the stages without one.  Past the pool a trial
   says nothing and the search decides: a loop unfolded K times, with a
   trial per iteration that reaches all of them, no longer costs K^2. */
enum { LBL_ROOT_TRIAL_WORK = 8000000, LBL_TRIAL_SHARE = 4 };

static const struct Stage {
  uint64_t window, max_nodes;
  SearchVarOrder order;
  bool hints_first, branches_first;
  uint64_t propagations;          /* work budget; 0: the rest of the time */
  double time_share;              /* > 0: at most this share of the time left
                                     (without a deadline: SHARE_PROPAGATIONS) */
  bool powers;                    /* the window goes on with values near +-2^j */
} stages[] = {
    {4, 20000, SEARCH_VAR_FIRST_FAIL, false, false, 200000, 0, false},
    {4, 20000, SEARCH_VAR_WIDEST, false, false, 1000000, 0, true},
    {16, 50000, SEARCH_VAR_FIRST_FAIL, true, false, 1000000, 0, false},
    {0, 0, SEARCH_VAR_FIRST_FAIL, false, true, 2000000, 0, false},
    {16, 50000, SEARCH_VAR_FIRST_FAIL, false, false, 4000000, 0, false},
    {16, 50000, SEARCH_VAR_WIDEST, false, false, 4000000, 0, false},
    {0, 0, SEARCH_VAR_FIRST_FAIL, false, false, 8000000, 0, false},
    {0, 0, SEARCH_VAR_FIRST_FAIL, false, true, 16000000, 0, false},
    {256, 200000, SEARCH_VAR_FIRST_FAIL, false, false, 16000000, 0, false},
    {256, 200000, SEARCH_VAR_WIDEST, false, false, 16000000, 0, false},
    {0, 0, SEARCH_VAR_FIRST_FAIL, false, false, 32000000, 0, false},
    {0, 0, SEARCH_VAR_FIRST_FAIL, false, true, 0, 0.5, false},
    {0, 0, SEARCH_VAR_FIRST_FAIL, false, false, 0, 0, false},
};
enum { SHARE_PROPAGATIONS = 64000000 };
/* A stage with a work budget also gets at most this share of the time
   left: unfolding costs time that propagation counts do not see, and one
   node of a first stage was seen unfolding a 20,000-iteration loop for the
   whole --timeout (each exit trial refuted, 3 ms per unfolding), where the
   stages after it had the answer. */
static const double LBL_STAGE_TIME_SHARE = 0.3;

static SearchResult run_stage(const LblQuery *q, Solve *v, PropStore *s, const struct Stage *st, bool small,
                              double deadline, SearchStats *total) {
  Tr *t = v->t;
  SearchOptions o;
  search_default_options(&o);
  o.var_order = st->order;
  o.val_order = SEARCH_VAL_NEAR_ZERO;
  o.seed = q->seed;
  o.window = st->window;
  o.powers = st->powers;
  o.hints_first = st->hints_first;
  o.branches_first = st->branches_first;
  /* proofs: elimination, the linear relaxation at every node (not where
     nothing can be proved: small input memories) */
  o.refutes = st->branches_first && !small ? lbl_relax_node : NULL;
  prop_set_slow_refuter(s, lbl_relax_node);
  o.max_nodes = st->max_nodes;
  uint64_t propagations = st->propagations;
  if (ir_takes_pointers(q->fn)) o.max_node_propagations = st->propagations / LBL_NODE_SHARE;
  if (deadline > 0) {
    o.max_seconds = deadline - prop_now();
    if (o.max_seconds <= 0) return SEARCH_BUDGET;
    if (st->time_share > 0) {
      o.max_seconds *= st->time_share;
      deadline = prop_now() + o.max_seconds;
    }
  } else if (st->time_share > 0) {
    propagations = SHARE_PROPAGATIONS;
  }
  tr_set_deadline(t, deadline);
  prop_set_propagation_budget(s, propagations);
  tr_set_trial_pool(t, propagations ? propagations / LBL_TRIAL_SHARE : TR_TRIAL_UNLIMITED);
  SearchStats one;
  o.probe = lbl_cx_loops(v->cx) ? probe : NULL;
  SearchResult r = search_solve(s, &o, at_leaf, v, &one);
  total->nodes += one.nodes;
  total->failures += one.failures;
  total->solutions += one.solutions;
  total->stack_cuts += one.stack_cuts;
  total->seconds += one.seconds;
  if (one.max_depth > total->max_depth) total->max_depth = one.max_depth;
  if (getenv("INKA_STAGES"))
    fprintf(stderr, "stage w%llu o%d h%d b%d: r%d nodes %llu fail %llu cuts %llu props %llu trials %llu %.2fs\n", (unsigned long long)st->window,
            (int)st->order, st->hints_first, st->branches_first, (int)r, (unsigned long long)one.nodes,
            (unsigned long long)one.failures, (unsigned long long)one.node_cuts, (unsigned long long)prop_stats(s)->propagations,
            (unsigned long long)prop_stats(s)->trials, one.seconds);
  return r;
}

/* Small domains after the root propagation: running every input is a
   complete search (a proof when the root propagation cut nothing: its
   pruning is then sound).  True when that answered. */
static bool enumerate(Solve *v, PropStore *s, LblResult *r, double deadline) {
  if (!v->cx) return false;
  double now = prop_now(); /* at most half the time left: the search gets the rest */
  int e = lbl_cx_enumerate(v->cx, s, deadline > 0 ? now + (deadline - now) / 2 : 0, LBL_CX_ENUM_LATE);
  if (e == 1) {
    lbl_cx_solution(v->cx, r);
    return true;
  }
  if (e == 0 && !tr_incomplete(v->t, NULL)) {
    no_solution(v->t, s, r, NULL);
    return true;
  }
  return false;
}

/* Can the input memory of fn have cycles: does a pointer input lead to a
   type with pointer cells? */
static bool type_has_pointers(const IrType *ty, int depth) {
  if (depth > 8) return true;
  if (ty->kind == IR_TY_PTR) return true;
  if (ty->kind == IR_TY_ARRAY) return type_has_pointers(ty->base, depth + 1);
  if (ty->kind == IR_TY_STRUCT)
    for (int i = 0; i < ty->nfields; i++)
      if (type_has_pointers(ty->fields[i].type, depth + 1)) return true;
  return false;
}

static bool cyclic_inputs_possible(const IrFunction *fn) {
  for (int i = 0; i < fn->nparams; i++)
    if (fn->params[i]->type->kind == IR_TY_PTR && type_has_pointers(fn->params[i]->type->base, 0)) return true;
  return false;
}

/* With pointer inputs, the two cheapest stages run first on small input
   memories: acyclic ones (a loop over a cyclic list runs until a budget
   stops it), then any, with few objects (labeling tries a fresh object
   before sharing, so a walk would otherwise dive through fresh objects
   without end).  The bounds grow (iterative deepening over the number of
   objects): a recursive walk of a tree dives down one spine of fresh
   objects (t->l == NULL, t->r fresh, ...) that propagation cannot refute,
   and with 8 objects the spines alone eat the stage's budget, while 4
   objects hold small trees (sharing included) at a few dozen nodes.  What
   they find is an input like any other; their exhaustion proves nothing. */
/* The first one gets a larger work budget than its stage: each node of a
   recursive walk costs thousands of propagations (trials through the
   unfolded calls), and a tree of 3 or 4 objects with a shared child
   (size 5 counted through sharing) needs about 700,000 of them. */
static const struct SmallStage {
  int stage;
  TrSmallInputs bound;
  uint64_t propagations;  /* 0: the stage's own budget */
} small_stages[] = {
    {0, {true, 4}, 2000000}, {0, {true, 8}, 0}, {3, {true, 8}, 0}, {1, {true, 32}, 0}, {0, {false, 8}, 0}, {1, {false, 32}, 0},
};

/* A stage found inputs (the store at that leaf) or exhausted its space with
   nothing cut: r says so, and the store goes back to `level`. */
static void answer(const LblQuery *q, Solve *v, PropStore *s, LblResult *r, SearchResult res, int level) {
  Tr *t = v->t;
  if (res == SEARCH_EXHAUSTED) { /* nothing was cut in this stage: a proof, unless the model was */
    no_solution(t, s, r, NULL);
    return;
  }
  if (lbl_cx_found(v->cx)) {
    lbl_cx_solution(v->cx, r);
  } else {
    assert(v->has_found); /* the leaf that accepted it (confirm_leaf) */
    LblStats stats = r->stats;
    if (v->has_found) { /* moved: r owns its arrays now */
      *r = v->found;
      memset(&v->found, 0, sizeof v->found);
      v->has_found = false;
    } else {
      read_solution(t, s, r);
      r->unconfirmed = "no concrete run";
    }
    r->stats = stats;
    r->verdict = LBL_REACHABLE;
    /* a run records the values it took; without one, a driver without the
       values of an undecided trace would not follow the path */
    if (!r->confirmed && tr_nondet(t, NULL, 0) < 0 && calls_nondet(q->prog, q->fn)) {
      r->verdict = LBL_UNKNOWN;
      r->reason = "the nondet values of the path found cannot be recovered (an undecided join in its trace)";
    }
  }
  search_backtrack(s, level);
}

/* The short proof attempt before the guesses (see quick_root): the
   path-first stage, which refutes path by path with the relaxation at every
   node, on a small work budget and few nodes (each node may run the
   program concretely, which propagations do not count). */
/* `seconds` from now, or the deadline when it comes first (0: none). */
static double soon(double deadline, double seconds) {
  double t = prop_now() + seconds;
  return deadline > 0 && deadline < t ? deadline : t;
}

static const struct Stage quick_stage = {0, 200, SEARCH_VAR_FIRST_FAIL, false, true, 100000, 0, false};
static const double QUICK_STAGE_SECONDS = 0.2; /* unfolding in its trials costs time, not propagations */

/* Parity shaving at the root: each integer parameter not yet fixed tries
   each residue modulo 2 in a trial of its own.  A residue whose trial
   fails is refuted (propagation is sound; a trial cut by its budget is not
   a failure), so the parameter keeps the other; both refuted, no input
   meets the objective.  Facts that bounds cannot hold but congruences can
   (`s == n * n` after a loop, then `s % 2 != n % 2`) refute one parity
   each, where labeling would run every n.  False when the store failed. */
enum { LBL_PARITY_TRIAL_RUNS = 200000 }; /* each trial's work, past the minimum of every trial */

static bool post_residue(PropStore *s, void *ctx) {
  const int64_t *xr = ctx; /* the variable, then the residue */
  return prop_restrict_congruence(s, (PropVar)xr[0], 1, (uint64_t)xr[1]) && prop_propagate(s);
}

static bool parity_probe(Solve *v, PropStore *s) {
  Tr *t = v->t;
  if (v->probed) return !prop_failed(s);
  v->probed = true;
  for (int i = 0; i < tr_param_count(t) && !prop_failed(s); i++) {
    TrInput in = tr_param(t, i);
    int bits;
    uint64_t res;
    if (in.type->kind != IR_TY_INT || prop_size(s, in.var) <= 2) continue;
    prop_congruence(s, in.var, &bits, &res);
    if (bits >= 1) continue; /* its parity is known already */
    bool refuted[2];
    for (int r = 0; r < 2; r++) {
      int64_t xr[2] = {(int64_t)in.var, r};
      tr_set_trial_pool(t, LBL_PARITY_TRIAL_RUNS); /* the stages set their own pools afterwards */
      refuted[r] = tr_search_trial(t, post_residue, xr) == PROP_TRIAL_FAILED;
    }
    if (refuted[0] && refuted[1]) { /* either residue fails the store */
      prop_restrict_congruence(s, in.var, 1, 0);
      prop_restrict_congruence(s, in.var, 1, 1);
      return false;
    }
    if ((refuted[0] || refuted[1]) &&
        (!prop_restrict_congruence(s, in.var, 1, refuted[0] ? 1 : 0) || !prop_propagate(s)))
      return false;
  }
  return !prop_failed(s);
}

/* The stages in order until one answers (r set, true).  quick: only
   quick_stage, and false (the store back at the root, its cut restored)
   when it did not answer. */
static bool search(const LblQuery *q, Solve *v, PropStore *s, LblResult *r, double start, bool quick) {
  Tr *t = v->t;
  double deadline = q->timeout_s > 0 ? start + q->timeout_s : 0;
  if (!quick && enumerate(v, s, r, deadline)) return true;
  if (!parity_probe(v, s)) {
    no_solution(t, s, r, NULL);
    return true;
  }
  int level = prop_level(s);
  TrCut root = tr_cut(t);
  if (quick) {
    SearchResult res = run_stage(q, v, s, &quick_stage, false, soon(deadline, QUICK_STAGE_SECONDS), &r->stats.search);
    bool proof = res == SEARCH_EXHAUSTED && !tr_incomplete(t, NULL); /* not cut by its own short deadline */
    if (res == SEARCH_FOUND || proof) return answer(q, v, s, r, res, level), true;
    search_backtrack(s, level);
    tr_restore_cut(t, root);
    tr_set_deadline(t, deadline);
    return false;
  }
  size_t nstages = sizeof stages / sizeof *stages;
  bool cyclic = !tr_acyclic_now(t) && cyclic_inputs_possible(q->fn);
  size_t first = ir_takes_pointers(q->fn) ? sizeof small_stages / sizeof *small_stages : 0;
  for (size_t k = 0; k < first + nstages; k++) {
    size_t i = k < first ? (size_t)small_stages[k].stage : k - first;
    if (k < first && small_stages[k].bound.acyclic && !cyclic) continue; /* the same as the next ones */
    bool last = i + 1 == nstages && k >= first;
    if ((k == first || k == first + LBL_SAT_LATE) && lbl_sat_stage(q, v->cx, r, deadline, k > first))
      return true; /* the bit-precise bounded check answered (label/sat.c) */
    tr_restore_cut(t, root);
    tr_try_small_inputs(t, k < first ? small_stages[k].bound : (TrSmallInputs){false, 0});
    struct Stage st = stages[i];
    if (k < first && small_stages[k].propagations) st.propagations = small_stages[k].propagations;
    if (st.propagations && deadline > 0) st.time_share = LBL_STAGE_TIME_SHARE;
    SearchResult res = run_stage(q, v, s, &st, k < first, deadline, &r->stats.search);
    tr_try_small_inputs(t, (TrSmallInputs){false, 0});
    if (v->leak_target && *v->reachable_blocks >= LEAK_SET_ASIDE) {
      no_solution(t, s, r, LBL_REACHABLE_BLOCKS);
      return true;
    }
    if (res == SEARCH_EXHAUSTED && k < first) continue; /* only small memories were tried */
    if (res == SEARCH_FOUND || res == SEARCH_EXHAUSTED) return answer(q, v, s, r, res, level), true;
    if (prop_out_of_memory(s) || (deadline > 0 && prop_now() >= deadline)) {
      no_solution(t, s, r, "the time budget (--timeout) ran out");
      return true;
    }
    if (r->stats.search.stack_cuts) { /* every later stage would go as deep */
      no_solution(t, s, r, "the search went deeper than the machine stack allows");
      return true;
    }
    if (last) {
      no_solution(t, s, r, res == SEARCH_BUDGET ? "the time budget (--timeout) ran out"
                                             : "some inputs leave the path undecided (a loop or call budget was hit)");
      return true;
    }
  }
  return true;
}

/* The model of q on a fresh store, its --assume posted: false (and *err)
   when the translator refuses the program.  m->ok is false when the
   assumptions already fail. */
typedef struct Model {
  PropStore *s;
  Solve v;
  bool ok;
  IrExpr **guards;   /* the function's entry checks passed (guards.c), posted like --assume */
  int nguards;
} Model;

static bool leak_target(const LblQuery *q) {
  if (!q->obj.target_call) return false;
  for (int i = 0; i < q->prog->ncheck_sites; i++) {
    const IrCheckSite *site = q->prog->check_sites[i];
    if (site->kind == IR_RTE_LEAK && !strcmp(site->call, q->obj.target_call)) return true;
  }
  return false;
}

static bool open_model(const LblQuery *q, double start, Model *m, char **err) {
  m->s = prop_store_new();
  prop_set_memory_budget(m->s, q->max_memory);
  prop_set_slow_refuter(m->s, lbl_relax_node); /* long fixpoints of the translation too */
  TrLimits lim = {.max_unfold = q->max_unfold, .deadline = q->timeout_s > 0 ? start + q->timeout_s : 0,
                  .no_alias = q->no_alias, .acyclic = q->acyclic};
  Tr *t = tr_new(m->s, q->prog, q->fn, &q->obj, &lim, err);
  if (!t) {
    prop_store_free(m->s);
    return false;
  }
  m->ok = !prop_failed(m->s);
  for (int i = 0; i < q->nassumes && m->ok; i++) m->ok = tr_assume(t, q->assumes[i]);
  for (int i = 0; i < m->nguards && m->ok; i++) m->ok = tr_assume(t, m->guards[i]);
  m->v = (Solve){.t = t, .cx = m->ok && !q->no_concrete ? lbl_cx_new(q, t) : NULL,
                  .confirm = m->ok ? lbl_confirm_new(q, t) : NULL, /* (a check, not a search: even with --no-concrete) */
                  .leak_target = leak_target(q)};
  return true;
}

static void close_model(Model *m) {
  lbl_result_free(&m->v.found);
  lbl_confirm_free(m->v.confirm);
  lbl_cx_free(m->v.cx);
  tr_free(m->v.t);
  prop_store_free(m->s);
}

/* Before guessing, the translation's own propagation gets a small work
   budget: a root that refutes the objective (a loop invariant, a guard)
   answers at once, where guesses would run the program to their budget
   first.  1: the root is propagated (the store is ready for the search);
   0: it refuted the objective; -1: a budget ran out (this one, or
   --max-unfold on a loop the guesses may run through), and the store, cut
   in the middle of its fixpoint, is no use any more. */
enum { QUICK_ROOT_PROPAGATIONS = 250000 };

static const double QUICK_ROOT_SECONDS = 0.1; /* unfolding costs time, not propagations */

/* The first enumeration's time before the quick root may answer instead. */
static const double LBL_FIRST_ENUM_SECONDS = 1.0;

static int quick_root(Model *m, double deadline, double share) {
  prop_set_propagation_budget(m->s, (uint64_t)(QUICK_ROOT_PROPAGATIONS * share));
  tr_set_deadline(m->v.t, soon(deadline, QUICK_ROOT_SECONDS * share));
  tr_deadline_excludes_analyses(m->v.t, true); /* the model needs them anyway: not spoiled for them */
  tr_set_trial_pool(m->v.t, LBL_ROOT_TRIAL_WORK);
  bool started = tr_start(m->v.t);
  tr_deadline_excludes_analyses(m->v.t, false);
  bool cut = prop_timed_out(m->s) || (!started && tr_incomplete(m->v.t, NULL)); /* or --max-unfold */
  prop_set_propagation_budget(m->s, 0);
  tr_set_deadline(m->v.t, deadline);
  if (cut) return -1;
  return started ? 1 : 0;
}

/* A root cut by its budget may still fall apart by cases: each parity of
   an integer parameter on a model of its own, with the quick root's budget
   (the first two integer parameters), on a quarter of its budget each: a
   root that refutes one parity does so at once, and a reachable target
   whose root was cut pays four of them.  Where every exit of a loop is
   refuted one at a time (`s % 2 != n % 2` after `s` sums the first n odd
   numbers: 50,000 exit trials at the root), each parity is refuted at
   once.  True when both parities of one parameter were refuted by roots
   that were not cut: a proof. */
enum { LBL_SPLIT_PARAMS = 2 };
static const double LBL_SPLIT_SHARE = 0.25;

static bool parity_split_refutes(const LblQuery *q, double start, double deadline, const Model *base) {
  const Tr *t = base->v.t;
  for (int i = 0, tried = 0; i < tr_param_count(t) && tried < LBL_SPLIT_PARAMS; i++) {
    if (tr_param(t, i).type->kind != IR_TY_INT) continue;
    tried++;
    bool refuted = true;
    for (int r = 0; r < 2 && refuted; r++) {
      Model m = {.guards = base->guards, .nguards = base->nguards};
      char *err = NULL;
      if (!open_model(q, start, &m, &err)) {
        free(err);
        return false;
      }
      PropVar x = tr_param(m.v.t, i).var;
      /* a model whose assumptions already fail is refuted too: by them alone */
      bool dead = !m.ok || !prop_restrict_congruence(m.s, x, 1, (uint64_t)r) || !prop_propagate(m.s) ||
                  quick_root(&m, deadline, LBL_SPLIT_SHARE) == 0;
      refuted = dead && !tr_incomplete(m.v.t, NULL) && !prop_out_of_memory(m.s);
      close_model(&m);
    }
    if (refuted) return true;
  }
  return false;
}

/* The sweep after the guesses' candidates (label/concrete.c): until the
   guesses' deadline, and at least a third of their time of its own (the
   candidates' long runs may take all of theirs).  Before it, when a loop
   bound's exit probes cover its shorter values, the pass with that bound
   at its largest value, on a guesses' share of its own. */
static bool sweep(Model *m, double guess_until, double guess_s) {
  if (lbl_cx_sweep_probing(m->v.cx, m->s, prop_now() + guess_s)) return true;
  double until = prop_now() + guess_s / 3;
  return lbl_cx_sweep(m->v.cx, m->s, until > guess_until ? until : guess_until);
}

bool lbl_solve(const LblQuery *q, LblResult *r, char **err) {
  memset(r, 0, sizeof *r);
  double start = prop_now();
  Model m = {0};
  m.nguards = lbl_entry_guards(q->fn, &q->obj, &m.guards);
  if (!open_model(q, start, &m, err)) {
    lbl_entry_guards_free(m.guards, m.nguards);
    return false;
  }
  m.v.inconsistencies = &r->stats.inconsistencies;
  m.v.reachable_blocks = &r->stats.reachable_blocks;
  /* guessing is bounded by its step budget (deterministic); the clock only
     keeps it under a quarter of --timeout (at most LBL_GUESS_SECONDS) on a
     loaded machine */
  double guess_s = q->timeout_s > 0 && q->timeout_s / 4 < LBL_GUESS_SECONDS ? q->timeout_s / 4 : LBL_GUESS_SECONDS;
  double guess_until = start + guess_s;
  double deadline = q->timeout_s > 0 ? start + q->timeout_s : 0;
  int e = -1, root = -1;
  uint64_t runs = 0; /* concrete runs of a model given up */
  bool loops = m.ok && lbl_cx_loops(m.v.cx);
  /* Domains the --assume (or the entry guards) made small: every input
     runs.  For a short while at once; when that does not end it, a root
     that refutes the objective (a loop invariant) answers first: 50,000
     inputs of a loop that runs up to 50,000 times took 7 s where the root
     needs 0.1 s.  The enumeration then runs again, to its end, on the
     propagated root, whose pruning is sound when it was not cut (a
     spoiled root leaves it to the late enumeration, after the search's
     root). */
  double half = deadline > 0 ? start + q->timeout_s / 2 : 0;
  if (m.ok && m.v.cx) {
    double first = loops ? soon(half, LBL_FIRST_ENUM_SECONDS) : half; /* without loops no root refutes faster */
    e = lbl_cx_enumerate(m.v.cx, m.s, first, LBL_CX_ENUM_LIMIT);
  }
  if (e < 0 && loops) root = quick_root(&m, deadline, 1);
  if (root == 1 && !parity_probe(&m.v, m.s)) root = 0;
  bool split = e < 0 && root < 0 && loops && parity_split_refutes(q, start, deadline, &m);
  if (e < 0 && root == 1 && m.v.cx) {
    e = lbl_cx_enumerate(m.v.cx, m.s, half, LBL_CX_ENUM_LIMIT);
    if (e == 0 && tr_incomplete(m.v.t, NULL)) e = -1; /* a path the root gave up: its pruning proves nothing */
  }
  bool guessing = e < 0 && loops;
  if (e == 0 && lbl_cx_no_inputs(m.v.cx)) {
    r->verdict = LBL_UNREACHABLE; /* the one execution there is ended without the objective */
  } else if (e == 0) {
    no_solution(m.v.t, m.s, r, NULL); /* every input ran */
  } else if (split) {
    r->verdict = LBL_UNREACHABLE; /* each parity's root refuted the objective */
  } else if (root == 0) {
    no_solution(m.v.t, m.s, r, NULL);
  } else if (root == 1 && search(q, &m.v, m.s, r, start, true)) {
    /* answered by the short proof attempt */
  } else if (e == 1 || (guessing && (lbl_cx_guess(m.v.cx, guess_until) || sweep(&m, guess_until, guess_s)))) {
    lbl_cx_solution(m.v.cx, r); /* inputs that meet the objective: nothing to propagate */
  } else if (e < 0) {
    if (root < 0 && guessing) { /* a spoiled root: the model again */
      runs = lbl_cx_runs(m.v.cx);
      close_model(&m);
      if (!open_model(q, start, &m, err)) {
        lbl_entry_guards_free(m.guards, m.nguards);
        return false;
      }
      m.v.inconsistencies = &r->stats.inconsistencies;
      m.v.reachable_blocks = &r->stats.reachable_blocks;
    }
    if (root != 1) tr_set_trial_pool(m.v.t, LBL_ROOT_TRIAL_WORK);
    m.ok = m.ok && (root == 1 || tr_start(m.v.t));
    if (!m.ok) no_solution(m.v.t, m.s, r, NULL);
    else if (root == 1 || !search(q, &m.v, m.s, r, start, true)) /* the short proof attempt, if not made yet */
      search(q, &m.v, m.s, r, start, false);
  }
  r->stats.concrete_runs = runs + lbl_cx_runs(m.v.cx);
  r->time_s = prop_now() - start;
  r->stats.prop = *prop_stats(m.s);
  r->stats.tr = *tr_stats(m.v.t);
  close_model(&m);
  lbl_entry_guards_free(m.guards, m.nguards);
  return true;
}

void lbl_result_free(LblResult *r) {
  for (int i = 0; i < r->nobjects; i++) {
    free(r->objects[i].cells);
    free(r->objects[i].initial);
  }
  free(r->objects);
  free(r->inputs);
  free(r->nondet);
  memset(r, 0, sizeof *r);
}
