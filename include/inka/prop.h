/* prop.h - the solver kernel (docs/design.md §4): variables and domains, one
 * arena and one trail, choice points, the propagation queue, trials.
 *
 * The kernel knows nothing of C.  Everything the solver creates during search
 * (variables, propagators, subscriptions, operator state) lives in the store's
 * arena; a choice point records the arena top and the trail top, and
 * backtracking restores both, so whatever was created after the choice point
 * vanishes with it.
 *
 * Integer variables have domains that are sorted lists of disjoint closed
 * intervals over int64_t.  Pointer variables are integer variables whose
 * values are location numbers (0 is NULL), so "any location except ndom" is
 * simply an interval list with holes.
 *
 * Failure: a domain update that empties a domain returns false and marks the
 * store failed; the caller stops and returns false/PROP_FAILED up the stack.
 * Only prop_pop() clears the failed state.
 */
#ifndef INKA_PROP_H
#define INKA_PROP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct PropStore PropStore;
typedef int32_t PropVar;              /* an integer variable: index in the store */
typedef struct Propagator Propagator;
typedef __int128 prop_wide;           /* 128-bit intermediate arithmetic */

typedef struct PropInterval {
  int64_t lo, hi;                     /* closed, lo <= hi */
} PropInterval;

/* A domain copied out of the store (malloc-owned, survives backtracking):
   what trials report and constructive disjunction unions. */
typedef struct PropDomain {
  PropInterval *iv;
  int n, cap;                         /* n == 0: empty domain */
} PropDomain;

/* ---- Store life cycle ---------------------------------------------------- */
PropStore *prop_store_new(void);
void prop_store_free(PropStore *s);
/* A number no other store of the process has (a freed store's address may
   be reused: this tells caches keyed by store apart). */
uint64_t prop_store_serial(const PropStore *s);
bool prop_failed(const PropStore *s);

/* ---- Arena --------------------------------------------------------------- */
/* Zeroed, 16-byte aligned memory that lives until the enclosing choice point
   is popped (or the store is freed). */
void *prop_alloc(PropStore *s, size_t bytes);

/* ---- Trail: reversible writes to arena (or any long-lived) memory -------- */
void prop_save_int(PropStore *s, int *addr, int value);        /* *addr = value, undone on pop */
void prop_save_i64(PropStore *s, int64_t *addr, int64_t value);
void prop_save_ptr(PropStore *s, void **addr, void *value);

/* ---- Variables ----------------------------------------------------------- */
PropVar prop_new_var(PropStore *s, int64_t lo, int64_t hi);    /* asserts lo <= hi */
PropVar prop_new_const(PropStore *s, int64_t value);
PropVar prop_new_var_domain(PropStore *s, const PropDomain *d); /* d non-empty */
int prop_var_count(const PropStore *s);
/* A labeling hint: x's values are best split at the middle of its domain
   rather than walked from 0 (floats: the keys of an interval are spread
   over many binades, see include/inka/fp.h).  Not trailed: set it when x
   is made (or accept that it outlives a backtrack; it changes no answer). */
void prop_set_bisect(PropStore *s, PropVar x);
bool prop_is_bisect(const PropStore *s, PropVar x);
/* A labeling hint for a float variable whose values are the keys of a
   binary format (include/inka/fp.h): labeling splits off NaN and the
   infinities, one value each, before it bisects.  Not trailed, as above. */
void prop_set_float_keys(PropStore *s, PropVar x, int prec, int exp_bits);
bool prop_float_keys(const PropStore *s, PropVar x, int *prec, int *exp_bits);
/* A labeling hint for a choice among 0 and numbered things made in order (a
   pointer input: NULL, the objects known, the fresh one last): labeling
   tries 0, then the largest value, then downwards.  Not trailed, as above. */
void prop_set_newest_first(PropStore *s, PropVar x);
bool prop_is_newest_first(const PropStore *s, PropVar x);

int64_t prop_min(const PropStore *s, PropVar x);
int64_t prop_max(const PropStore *s, PropVar x);
bool prop_is_fixed(const PropStore *s, PropVar x);
int64_t prop_value(const PropStore *s, PropVar x);             /* asserts fixed */
bool prop_has(const PropStore *s, PropVar x, int64_t v);
uint64_t prop_size(const PropStore *s, PropVar x);             /* saturates at UINT64_MAX */
/* Smallest value > v in dom(x); false if none. */
bool prop_next(const PropStore *s, PropVar x, int64_t v, int64_t *out);
/* Largest value < v in dom(x); false if none. */
bool prop_prev(const PropStore *s, PropVar x, int64_t v, int64_t *out);
int prop_interval_count(const PropStore *s, PropVar x);
PropInterval prop_interval(const PropStore *s, PropVar x, int i);

/* Domain updates: false (and the store failed) when the domain empties.
   The wide forms clamp: a bound beyond int64 range fails or is a no-op as
   appropriate, so propagators can compute in 128 bits without overflow. */
bool prop_set_min(PropStore *s, PropVar x, int64_t lo);
bool prop_set_max(PropStore *s, PropVar x, int64_t hi);
bool prop_set_min_wide(PropStore *s, PropVar x, prop_wide lo);
bool prop_set_max_wide(PropStore *s, PropVar x, prop_wide hi);
bool prop_fix(PropStore *s, PropVar x, int64_t v);
bool prop_remove(PropStore *s, PropVar x, int64_t v);
bool prop_remove_range(PropStore *s, PropVar x, int64_t lo, int64_t hi);
bool prop_restrict_range(PropStore *s, PropVar x, int64_t lo, int64_t hi);
bool prop_restrict_domain(PropStore *s, PropVar x, const PropDomain *d);

/* Propagators that stand for a linear row (operators/arith/linear.c:
   op_linear_row) register here, so that the linear relaxation
   (label/relax.c) can read them; the list shrinks back on backtrack. */
void prop_add_linear(PropStore *s, Propagator *p);
int prop_linear_count(const PropStore *s);
Propagator *prop_linear(const PropStore *s, int i);

/* Congruences on the stored 64-bit value: x == res (mod 2^bits), bits in
   [0, 64].  prop_congruence reports what is known (a fixed variable: 64
   bits, its value; nothing: 0).  prop_restrict_congruence adds a fact (fails
   when it contradicts the known one) and moves the domain's ends into the
   class; every later domain update keeps them there. */
void prop_congruence(const PropStore *s, PropVar x, int *bits, uint64_t *res);
bool prop_restrict_congruence(PropStore *s, PropVar x, int bits, uint64_t res);
/* Odd congruences on the value: x == res (mod mod), mod odd, res in
   [0, mod) (the mathematical residue, also of a negative x).
   prop_odd_congruence reports what is known: *mod 0 when x is fixed (*res is
   its value), 1 when nothing is known.  prop_restrict_odd_congruence adds
   a fact (mod <= MOD_ODD_MAX of inka/modular.h; combined by the Chinese
   remainder theorem, or the stronger one kept when their lcm is too big),
   fails when it contradicts the known one, and snaps the domain's ends. */
void prop_odd_congruence(const PropStore *s, PropVar x, uint64_t *mod, uint64_t *res);
bool prop_restrict_odd_congruence(PropStore *s, PropVar x, uint64_t mod, uint64_t res);

/* Known-equal classes (trailed union-find): posting x = y may unify them, so
   that x != y or x < y with same(x, y) fails without labeling. */
void prop_unify(PropStore *s, PropVar x, PropVar y);
bool prop_same(PropStore *s, PropVar x, PropVar y);
/* The representative of x's class (the same for all known-equal variables
   until a backtrack or a later unification). */
PropVar prop_find(const PropStore *s, PropVar x);

/* ---- Domain copies -------------------------------------------------------- */
void prop_domain_get(const PropStore *s, PropVar x, PropDomain *out); /* overwrites out */
void prop_domain_union(PropDomain *acc, const PropDomain *other);    /* acc |= other */
void prop_domain_free(PropDomain *d);

/* ---- Propagators ---------------------------------------------------------
 * A propagator is an arena object whose first member is a Propagator:
 *
 *   typedef struct { Propagator base; PropVar x, y; } Less;
 *   Less *p = prop_propagator_new(s, &less_class, sizeof *p);
 *   p->x = x; p->y = y;
 *   prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS); ...
 *   return prop_post(s, &p->base);     // runs it now or queues it
 *
 * propagate() prunes domains and returns PROP_SUSPEND (wait for the next
 * event), PROP_ENTAILED (never run again: unsubscribed on the trail) or
 * PROP_FAILED.  States follow the INKA paper (section 5.1): posted,
 * evaluation (running), suspended, entailed, failed. */

typedef enum { PROP_SUSPEND, PROP_ENTAILED, PROP_FAILED } PropStatus;
typedef enum {
  PROP_STATE_POSTED, PROP_STATE_EVALUATION, PROP_STATE_SUSPENDED,
  PROP_STATE_ENTAILED, PROP_STATE_FAILED
} PropState;

/* Events, in increasing strength: a subscription to DOMAIN is woken by every
   change, to BOUNDS by bound changes and fixing, to FIX only by fixing. */
enum { PROP_EV_FIX = 1, PROP_EV_BOUNDS = 2, PROP_EV_DOMAIN = 4 };

/* Priorities: the queue runs every lower level to its fixpoint before it
   runs anything of a higher level. */
enum { PROP_PRIO_UNARY = 0, PROP_PRIO_LINEAR = 1, PROP_PRIO_NONLINEAR = 2,
       PROP_PRIO_GLOBAL = 3, PROP_PRIO_CONTROL = 4, PROP_PRIO_COUNT = 5 };

typedef struct PropClass {
  const char *name;
  PropStatus (*propagate)(PropStore *s, Propagator *p);
  int priority;           /* PROP_PRIO_* */
  bool idempotent;        /* if true, its own prunings do not re-queue it */
} PropClass;

struct Propagator {       /* kernel fields; treat as read-only outside propagate/ */
  const PropClass *cls;
  int state;              /* PropState, trailed */
  bool queued;
  bool deferred;          /* holds a place among the deferred runs (prop_defer) */
  Propagator *next_in_queue;
  Propagator *next_deferred, *prev_deferred;
  uint32_t id;            /* creation order, for determinism and debugging */
};

void *prop_propagator_new(PropStore *s, const PropClass *cls, size_t bytes);
void prop_subscribe(PropStore *s, Propagator *p, PropVar x, int event);
/* The same, returning the subscription, which prop_resubscribe hands to
   another propagator (trailed).  A chain of operators that take over from
   each other -- the checks of a loop, each posted once the one before is
   decided -- passes its subscriptions on instead of adding one per member:
   a variable's list then does not grow with the chain, and a change to it
   does not walk every decided member (operators/control/subs.c). */
typedef struct PropSub PropSub;
PropSub *prop_subscribe_record(PropStore *s, Propagator *p, PropVar x, int event);
void prop_resubscribe(PropStore *s, PropSub *sub, Propagator *p);
PropVar prop_sub_var(const PropSub *sub);
int prop_sub_event(const PropSub *sub);
/* The propagators subscribed to x at this level (a propagator once per kind
   of event it subscribed to; entailed ones may remain): the edges of a
   constraint graph, for global reasoning.  Returns their number, fills at
   most cap. */
int prop_subscribers(const PropStore *s, PropVar x, Propagator **out, int cap);
/* Runs the propagator once (and the queue to fixpoint if this is not inside
   propagation).  Returns false if the store failed. */
bool prop_post(PropStore *s, Propagator *p);
/* Re-queue p as if one of its variables changed (operators whose state other
   than domains changed, e.g. a memory grew). */
void prop_wake(PropStore *s, Propagator *p);
/* Runs the queue to its fixpoint; false on failure. */
bool prop_propagate(PropStore *s);
/* Runs the queued propagators of the levels below `below` (PROP_PRIO_*:
   those that only narrow domains) now, even inside propagation, for at
   most max_runs runs; the rest stays queued, and so does everything from a
   propagator busy in an outer frame on.  For translation code that reads
   domains of what it has just posted (a loop analysis at a loop's entry,
   inside the propagator that translates it, where posts are only queued).
   The trials' budgets are not checked here (max_runs bounds the work), and
   the running propagator is not woken by what the settled ones narrow (an
   idempotent one never is while it runs).  False if the store failed. */
bool prop_settle(PropStore *s, int below, int max_runs);
/* Deferred runs.  prop_defer(s, p), p the running propagator: p runs once
   more when every level of the queue is empty, and prop_deferred_run is
   true during that run.  The deferred runs are a FIFO below all the
   levels, apart from them: p keeps its place there while it is woken and
   runs at its own level as usual (and asking again keeps the place it
   has), until its deferred run or until it is entailed.  For work worth
   doing only on the fixpoint of the cheap work: the trials of a control
   operator, which would otherwise redo inside each trial, and throw away,
   what the decided operators still queued behind it do
   (operators/control/trial.c). */
void prop_defer(PropStore *s, Propagator *p);
bool prop_deferred_run(const PropStore *s);
/* ...but not forever: once PROP_DEFER_WAIT propagator runs have passed
   since the deferred runs began to wait or last ran, the first one runs
   before the control level's next member (only the control level's: the
   cheaper levels still run first).  A chain of decided control operators
   -- a loop of 200,000 iterations whose checks are all decided -- would
   otherwise keep a trial that refutes the objective after it waiting
   until the end of the chain. */
enum { PROP_DEFER_WAIT = 4096 };
/* The propagator currently in evaluation, or NULL. */
Propagator *prop_current(const PropStore *s);

/* ---- Choice points -------------------------------------------------------- */
void prop_push(PropStore *s);          /* the queue must be empty (fixpoint) */
void prop_pop(PropStore *s);           /* back to the state at the matching push */
int prop_level(const PropStore *s);    /* number of open choice points */

/* ---- Trials (constructive disjunction, "exit now" tests) ------------------
 * prop_try opens a choice point, calls post(s, ctx) (which posts constraints
 * and returns false if posting failed), propagates to a fixpoint, copies the
 * domains of watch[0..n) into out[0..n) (when it did not fail and out is not
 * NULL), and pops.  A trial may run inside a propagator; the queue state of
 * the enclosing propagation is saved and restored around it.  Trials nest up
 * to prop_set_trial_depth_limit (default 4); deeper ones are not run. */
typedef enum { PROP_TRIAL_FAILED, PROP_TRIAL_OK, PROP_TRIAL_TOO_DEEP } PropTrial;
/* A refuter asked when propagation outside trials converges slowly (small
   steps on wide domains) or runs long; true ends the propagation as a
   failure, so it must only say so when the store has no solution.  It runs
   between two propagator runs and may post sound deductions (they
   propagate at once); it is never asked again while it runs. */
void prop_set_slow_refuter(PropStore *s, bool (*refutes)(PropStore *s));
/* Small narrowing steps of wide domains (slow convergence) the trials under
   one outermost trial may make before they stop as inconclusive. */
enum { PROP_TRIAL_SMALL_STEPS = 20000 };
typedef bool (*PropPostFn)(PropStore *s, void *ctx);
PropTrial prop_try(PropStore *s, PropPostFn post, void *ctx,
                   const PropVar *watch, int n, PropDomain *out);
int prop_trial_depth(const PropStore *s);
void prop_set_trial_depth_limit(PropStore *s, int limit);
/* The next outermost trial (called at depth 0) may run at most `runs`
   propagators, its nested trials included (0: no limit); past it, it stops
   as inconclusive (PROP_TRIAL_TOO_DEEP), never as a refutation.  Applies to
   that one trial only.  PropStats.trials_cut counts the trials it stopped. */
void prop_set_trial_work(PropStore *s, uint64_t runs);

/* ---- Decision variables (what search labels) ----------------------------- */
/* Appends x to the store's list of decision variables (trailed: variables
   created during search are forgotten on backtrack). */
void prop_add_decision(PropStore *s, PropVar x);
int prop_decision_count(const PropStore *s);
PropVar prop_decision(const PropStore *s, int i);

/* Hints: variables that are not decisions (their values follow from the
   decisions) but that a goal-first search may label before them, newest
   first -- e.g. the state of the deepest loop iteration, from which
   propagation can run backwards to the inputs.  Trailed like decisions. */
void prop_add_hint(PropStore *s, PropVar x);
int prop_hint_count(const PropStore *s);
PropVar prop_hint(const PropStore *s, int i);

/* Branches: booleans whose values choose a path through the program (the
   conditions of undecided ite and w operators), in creation order.  A
   path-first search labels them oldest first: symbolic execution, path by
   path, where each path's conditions alone may be refuted.  Trailed. */
void prop_add_branch(PropStore *s, PropVar b);
int prop_branch_count(const PropStore *s);
PropVar prop_branch(const PropStore *s, int i);

/* ---- Budget ------------------------------------------------------------------ */
/* After `deadline` (CLOCK_MONOTONIC seconds, 0: none) propagation fails at
   once and prop_timed_out stays true (until the next prop_set_deadline): a
   failure then is no refutation. */
/* CLOCK_MONOTONIC seconds: the clock of every deadline and timing. */
double prop_now(void);
void prop_set_deadline(PropStore *s, double deadline);
/* The same for work: after `more` further propagator runs (0: no limit).
   Deterministic, unlike a deadline. */
void prop_set_propagation_budget(PropStore *s, uint64_t more);
bool prop_timed_out(const PropStore *s);
/* A budget of one search node: after `more` further propagator runs (0:
   none) propagation fails at once and prop_node_cut is true until the next
   call.  The search drops such a node (nothing it deduced counts, and the
   deductions of trials cut short may be wrong: the node is popped) and
   carries on with its siblings; unlike prop_timed_out, it does not end the
   search. */
void prop_set_node_budget(PropStore *s, uint64_t more);
bool prop_node_cut(const PropStore *s);
/* The same for memory: past `bytes` (0: none) of arena chunks, tables and
   charged bytes, propagation fails at once for the rest of the store's
   life, prop_timed_out and prop_out_of_memory are true.  Allocation still
   succeeds.  Users charge their own big tables (negative: released). */
void prop_set_memory_budget(PropStore *s, size_t bytes);
void prop_memory_charge(PropStore *s, int64_t delta);
size_t prop_memory_used(const PropStore *s);
bool prop_out_of_memory(const PropStore *s);
/* Before a big allocation: false (and the store out of memory) if `bytes`
   more would pass the budget. */
bool prop_memory_fits(PropStore *s, size_t bytes);
/* True when the machine stack is nearly used up (a few MiB left): code whose
   recursion depth the program under test decides stops there and reports a
   budget (stack.c). */
bool prop_stack_low(void);

/* ---- Statistics ------------------------------------------------------------ */
/* What kind of reasoning decided something (for --stats and the proof
   table of the bench): a relation decided because its two sides are known
   equal (union-find, value numbering), a congruence that moved a bound or
   failed, a negative cycle of differences, a loop summary posted, a node
   refuted by the linear relaxation (label/relax.c), an equality, congruence
   or refutation found by elimination (operators/arith/gauss.c), a bound
   tightened by the relaxation, a loop invariant posted
   (translate/invariant.c), a loop's polyhedral invariant posted
   (translate/polyhedra.c). */
typedef enum {
  PROP_NOTE_EQUALITY, PROP_NOTE_CONGRUENCE, PROP_NOTE_CYCLE, PROP_NOTE_SUMMARY, PROP_NOTE_LP,
  PROP_NOTE_ELIMINATION, PROP_NOTE_LP_BOUND, PROP_NOTE_INVARIANT, PROP_NOTE_POLYHEDRA, PROP_NOTE_COUNT
} PropNote;
void prop_note(PropStore *s, PropNote what);

typedef struct PropStats {
  uint64_t propagations;   /* propagator runs */
  uint64_t wakeups;        /* queue insertions */
  uint64_t trials;
  uint64_t trials_cut;     /* outermost trials stopped by their work budget */
  uint64_t choice_points;
  uint64_t backtracks;
  uint64_t failures;
  size_t peak_arena_bytes;
  uint64_t notes[PROP_NOTE_COUNT];
} PropStats;
const PropStats *prop_stats(const PropStore *s);

#endif
