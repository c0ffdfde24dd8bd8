/* tr_internal.h - what translate.c, ite.c and w.c share; nothing outside
 * operators/ includes it.
 *
 * A TrState is the SSA state at one program point: the solver variable that
 * holds each scalar's current value, and the control flags that say whether
 * execution still runs there.  States are immutable once built (suspended
 * operators keep pointers to them); a statement makes a modified copy.  All
 * of them live in the store's arena, so they vanish on backtrack together
 * with the constraints that use them.
 */
#ifndef INKA_TR_INTERNAL_H
#define INKA_TR_INTERNAL_H

#include "inka/arith.h"
#include "inka/translate.h"

/* A slot that holds no value yet (a local before its first assignment). */
#define TR_UNINIT ((PropVar)-1)

/* The nondet values along a path, newest first.  A JOIN node stands for the
   trace at the exit of an ite or a w: it is resolved (trailed) when the
   operator decides which way execution went. */
typedef struct TrTrace TrTrace;
struct TrTrace {
  enum { TR_TRACE_NONDET, TR_TRACE_JOIN } kind;
  PropVar var;               /* NONDET */
  const IrType *type;        /* NONDET */
  const char *name;          /* NONDET: the function called */
  TrTrace *prev;             /* NONDET */
  TrTrace *resolved;         /* JOIN, NULL until decided */
};

/* ---- Abstract memory (memory.c) ---------------------------------------- */
typedef enum { TR_OBJ_GLOBAL, TR_OBJ_LOCAL, TR_OBJ_HEAP } TrObjectKind;

typedef struct TrObject {
  int64_t base;              /* location of cell 0; the header is base - 1 */
  int64_t ncells;
  int64_t count;             /* elements (heap blocks: the allocated count) */
  const IrType *type;        /* the element type */
  TrObjectKind kind;
  const char *name;          /* a variable's name, or NULL for heap blocks */
  int line;                  /* heap: the allocation's source line */
  int ordinal;               /* heap: n-th block of this kind and line on the path */
  int index;                 /* position in allocation order */
  PropVar *initial;          /* cells' values at the start (globals, address-taken
                                parameters), or NULL: never written */
} TrObject;

typedef enum { TR_MEM_INIT, TR_MEM_STORE, TR_MEM_ALLOC, TR_MEM_JOIN } TrMemKind;
typedef struct TrMem TrMem;

int64_t tr_cells(const IrType *ty);
int64_t tr_field_cells(const IrType *st, int field);
TrObject *tr_new_object(Tr *t, TrObjectKind kind, const IrType *type, int64_t count, const char *name, int line);
TrObject *tr_object_at(Tr *t, int64_t loc);  /* the object whose frame holds loc */
bool tr_is_cell(Tr *t, int64_t loc);          /* a data cell (not a header or gap) */
/* The first location no object on this path uses yet: locations from here on
   belong to blocks that later code may allocate. */
int64_t tr_frontier(Tr *t);
const IrType *tr_cell_type(const TrObject *o, int64_t loc);
TrMem *tr_mem_initial(Tr *t);
TrMem *tr_mem_store(Tr *t, TrMem *parent, PropVar x, PropVar v);
TrMem *tr_mem_alloc(Tr *t, TrMem *parent, TrObject *o, bool zeroed);
TrMem *tr_mem_join(Tr *t);
PropVar tr_mem_read(Tr *t, TrMem *m, int64_t loc, PropVar need);
bool tr_mem_resolve(Tr *t, TrMem *m, TrMem *end);
/* Abandons the path if `need` (a read of a cell nobody wrote is used) holds. */
bool tr_mem_uncontrolled(Tr *t, PropVar need);
/* Abandons the path (no proof afterwards) if the boolean cond holds. */
bool tr_abandon_if(Tr *t, PropVar cond, const char *reason);
/* load_element.c: the boolean "q = p + displacement leaves p's object" (one
   past the end stays inside): undefined behaviour, which ends the path like
   an out-of-bounds index.  Zero when surely inside, TR_UNINIT on failure. */
PropVar tr_arith_trap(Tr *t, PropVar p, PropVar q);
/* load_element.c: the boolean "an access (a free) through x is invalid":
   zero when surely valid, TR_UNINIT on failure; and v = m[x]. */
PropVar tr_access_trap(Tr *t, TrMem *m, PropVar x, bool for_free);
bool tr_load(Tr *t, TrMem *m, PropVar x, PropVar v);
int tr_mem_join_vars(const TrMem *m, PropVar *vars, int cap);

/* Control flags: execution runs at a point iff all four are 0. */
enum { TR_ENDED, TR_RETURNED, TR_BROKEN, TR_CONTINUED, TR_NFLAGS };

typedef struct TrState {
  const IrFunction *fn;      /* the frame: slots index fn->params then fn->locals */
  PropVar *slot;             /* nparams + nlocals, TR_UNINIT when unassigned */
  PropVar *global;           /* one per program global (SSA scalars) */
  PropVar flag[TR_NFLAGS];   /* booleans */
  PropVar retval;            /* the frame's return value once RETURNED */
  PropVar reached;           /* boolean: the objective happened */
  int *iter;                 /* per objective loop: current iteration, 0 = outside */
  TrTrace *trace;
  TrMem *mem;
} TrState;

/* What a branch of an ite executes. */
typedef enum {
  TR_BR_EMPTY,               /* nothing */
  TR_BR_END,                 /* the path ends (abort, exit, failed assume, trap);
                                reach_first: the objective happens first (a
                                failing assert that is the objective) */
  TR_BR_BLOCK,               /* block->stmts[from..], resuming stmts[from] with cache */
  TR_BR_LOOP,                /* the loop goes on: check `iteration` of `loop`
                                (with a cache: only the condition, resumed) */
} TrBranchKind;

typedef struct TrCache TrCache;  /* values of subexpressions of one statement */
typedef struct TrLoop TrLoop;    /* one execution of a loop statement (w.c) */

typedef struct TrBranch {
  TrBranchKind kind;
  bool reach_first;
  const IrBlock *block;
  int from;
  TrCache *cache;
  TrLoop *loop;
  int iteration;
  bool cond_only;            /* LOOP: resume at the condition, past the pre block */
} TrBranch;

/* Which parts of a state a piece of code may write. */
typedef struct TrWrites {
  uint8_t *slot;             /* per frame slot */
  uint8_t *global;           /* per global */
  bool flag[TR_NFLAGS];
  bool retval, reached, mem;
} TrWrites;

typedef struct TrMemo TrMemo;

/* Static facts about a statement (tr_facts.c); over-approximations. */
typedef struct TrFacts {
  bool may_end;         /* abort/exit/assume/assert/error, a trap, or a call that may */
  bool has_return;      /* a return, not counting callees */
  bool has_break;       /* a break of the enclosing loop (not of nested loops) */
  bool has_continue;
  bool contains_obj;    /* the target or the objective call, also through calls */
  bool writes_mem;      /* stores, allocates or frees memory */
  uint8_t *slot;        /* frame slots assigned (NULL: none) */
  uint8_t *global;      /* globals assigned, also through calls (NULL: none) */
  uint8_t *read;        /* frame slots read (NULL: none) */
} TrFacts;

struct Tr {
  PropStore *s;
  const IrProgram *prog;
  const IrFunction *fn;      /* under test */
  TrObjective obj;
  const IrStmt **obj_loop;   /* the loops obj.iter speaks of, outermost first */
  TrLimits lim;
  PropVar zero, one;         /* constants made at the root */
  TrState *initial, *final;
  int *unfolded;             /* arena, trailed: unfoldings alive on this path */
  int *undecided;            /* arena, trailed: ite and w not decided yet */
  int call_depth;            /* translation recursion through calls */
  int trial_unfolds;         /* unfoldings a depth-1 trial may still do */
  uint64_t allocations;      /* objects ever created, never restored (see tr_try) */
  bool budget_hit;           /* sticky */
  const char *incomplete_reason;
  TrMemo *memo;              /* static facts about statements (malloc) */
  TrInput *params;
  TrStats stats;
  TrObject **objs;           /* allocation order; entries past *nobjs are stale */
  int capobjs;
  int *nobjs;                /* arena, trailed */
  TrObject **global_obj;     /* per global: its object, or NULL (SSA scalar) */
  struct TrWaiting *waiting; /* arena, trailed: loads and checks waiting for
                                blocks not allocated yet (woken by allocation) */
};

typedef struct TrWaiting {
  Propagator *p;
  struct TrWaiting *next;
} TrWaiting;
/* load_element.c: p waits (counted as undecided) until memory it reads exists. */
void tr_wait_for_memory(Tr *t, Propagator *p, int *waiting);
void tr_done_waiting(Tr *t, int *waiting);

/* tr_facts.c */
TrMemo *tr_memo_new(void);
void tr_memo_free(TrMemo *m);
const TrFacts *tr_facts(Tr *t, const IrFunction *fn, const IrStmt *s);
const TrFacts *tr_function_facts(Tr *t, const IrFunction *fn);
int tr_frame_slot(const IrFunction *fn, const IrVar *v);
bool tr_is_objective_stmt(const Tr *t, const IrStmt *s);

/* How far trials look ahead: loop iterations unfolded inside one trial, and
   the trial depth at which ite and w stop trying (they suspend). */
enum { TR_TRIAL_UNFOLDS = 64, TR_ITE_TRIAL_DEPTH = 2, TR_W_TRIAL_DEPTH = 1, TR_TRIAL_ROUNDS = 2 };
/* Trials are look-ahead: an operator runs at most TR_TRIAL_ROUNDS rounds of
   them per search node (a cascade of small prunings among hundreds of
   suspended operators otherwise costs more than the search it saves).
   *node and *rounds are the operator's own counters (not trailed: node
   numbers only grow).  True if a round may run now. */
bool tr_trial_round(Tr *t, uint64_t *node, int *rounds);
/* Runs prop_try, resetting the look-ahead budget for a trial from depth 0. */
PropTrial tr_try(Tr *t, PropPostFn post, void *ctx, const PropVar *watch, int n, PropDomain *out);

/* translate.c */
TrState *tr_state_copy(Tr *t, const TrState *st);
/* Translates block->stmts[from..] from st; the state after, or NULL if the
   store failed. */
TrState *tr_block(Tr *t, const IrBlock *block, int from, TrCache *cache, TrState *st);
/* Translates one branch from st (the ite's condition already posted). */
TrState *tr_branch(Tr *t, const TrBranch *br, TrState *st);
/* Subscribes p to what can make its trials come out differently: the
   slots of st that code (block->stmts[from..], or the loop stmt when block
   is NULL) reads, and every written part of out. */
void tr_subscribe_reads(Tr *t, Propagator *p, const TrState *st, const IrBlock *block, int from, const IrStmt *loop);
void tr_subscribe_outputs(Tr *t, Propagator *p, const TrState *out, const TrWrites *w);
enum { TR_INPUT_SUBSCRIPTIONS = 16 };
void tr_subscribe_inputs(Tr *t, Propagator *p);
/* Runs at point st?  1 yes, 0 no, -1 unknown (then *live is a boolean var). */
int tr_live(Tr *t, const TrState *st, PropVar *live);
/* The writes of a branch / of a loop's remaining iterations from st. */
void tr_branch_writes(Tr *t, const TrBranch *br, const TrState *st, TrWrites *w);
void tr_loop_writes(Tr *t, const IrStmt *loop, int next_iter, const TrState *st, TrWrites *w);
void tr_writes_init(Tr *t, const TrState *st, TrWrites *w);
/* A state like `in` where every written part is a fresh variable (a local
   unassigned in `in` stays unassigned unless both branches a and b assign it). */
TrState *tr_fresh_outputs(Tr *t, const TrState *in, const TrWrites *w, const TrBranch *a, const TrBranch *b);
/* Posts out == end on every written part; false on failure.  A local that
   out holds but end never assigned abandons the path, unless `over` says
   the path has left the frame for good (nobody reads it again). */
bool tr_join(Tr *t, const TrState *out, const TrState *end, const TrWrites *w, bool over);
/* Does the EMPTY branch of a guard from `in` run only once the frame is
   over (no break or continue can be pending)? */
bool tr_empty_is_vacuous(Tr *t, const TrState *in);
/* Appends the variables of st's written parts (all parts when w is NULL) to
   vars (for trials); returns how many. */
int tr_state_vars(const TrState *st, const TrWrites *w, PropVar *vars, int cap);
OpCType tr_ctype(const IrType *ty);
PropVar tr_fresh(Tr *t, const IrType *ty);
/* b = (x != 0) for x of type ty (x itself when already 0/1); TR_UNINIT on failure. */
PropVar tr_truth(Tr *t, const IrType *ty, PropVar x);
/* A side-effect-free expression evaluated in st (--assume, loop conditions);
   *ok false when it failed or may trap. */
PropVar tr_eval_pure(Tr *t, const TrState *st, const IrExpr *e, bool *ok);
/* Is the objective's iteration spec compatible with st for loop `loop` at
   iteration k (k = 0: not the loop's own check)? */
bool tr_objective_possible(Tr *t, const TrState *st, const IrStmt *loop, int k);
int tr_objective_loop_index(const Tr *t, const IrStmt *loop);
/* Does the objective happen exactly here (all --iter loops at their iteration)? */
bool tr_objective_now(Tr *t, const TrState *st);
void tr_set_reached(Tr *t, TrState *st);
/* loop_summary.c: for a counting loop (while (v < e) v++ and the like),
   entered at state in, v's output is max(v0, e) (min for v > e; v--);
   posted on out.  False if the store failed. */
bool tr_loop_summary(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out);
/* Makes st's unfixed variables search hints (prop_add_hint). */
void tr_hint_state(Tr *t, const TrState *st);

/* ite.c: posts ite(cond, then, else) from `in`; returns the state after it,
   or NULL on failure.  Decides at once when cond is fixed.  The outputs are
   fresh variables for what the branches write, unless out/writes are given
   (a loop's continuation joins the loop's own outputs). */
TrState *tr_ite(Tr *t, PropVar cond, const TrBranch *then_br, const TrBranch *else_br,
                TrState *in, TrState *out, const TrWrites *writes);
/* Restricts each of vars[0..n) to the union of its domains in two trials;
   false on failure. */
bool tr_prune_union(Tr *t, const PropVar *vars, int n, const PropDomain *a, const PropDomain *b);
/* The variables trials watch: those of the given states, plus the decisions. */
int tr_trial_vars(Tr *t, const TrState *a, const TrState *b, PropVar cond, PropVar **vars);
/* Resolves a JOIN trace node to the trace where execution continued. */
void tr_resolve_trace(Tr *t, TrTrace *join, TrTrace *end);

/* may_reach.c: can an iteration of loop, from the check state at, still meet
   the objective?  False only when no execution can. */
bool tr_loop_may_reach(Tr *t, const IrStmt *loop, const TrState *at);

/* ite.c: past --timeout?  Then the budget is marked hit (no proof). */
bool tr_out_of_time(Tr *t);
const IrStmt *tr_loop_stmt(const TrLoop *L);
/* w.c: the loop statement from `in`; the state after the loop, NULL on failure. */
TrState *tr_loop(Tr *t, const IrStmt *loop, TrState *in);
/* Continues `loop` with the check of `iteration` from st (a TR_BR_LOOP
   branch; with a cache or cond_only, st is after the condition's side
   effects and the condition resumes); returns the loop's outputs. */
TrState *tr_loop_continue(Tr *t, TrLoop *loop, int iteration, TrCache *cache, bool cond_only, TrState *st);
/* Evaluates e in st, resuming with *cache: 0 done (*out), 1 it may trap
   (*trap, *trap_at: split and resume with tr_cache_safe), -1 failed. */
int tr_eval_split(Tr *t, const TrState *st, const IrExpr *e, TrCache **cache, PropVar *out, PropVar *trap,
                  const IrExpr **trap_at);
TrCache *tr_cache_safe(Tr *t, TrCache *c, const IrExpr *e);

#endif
