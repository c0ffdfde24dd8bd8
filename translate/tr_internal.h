/* tr_internal.h - what the files of translate/ share with the memory and
 * control operators (operators/memory/, operators/control/); nothing else
 * includes it.
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
#include "inka/fp.h"
#include "inka/translate.h"
#include "operators/memory/memory.h"


/* The nondet values along a path, newest first.  A JOIN node stands for the
   trace at the exit of an ite or a w: it is resolved (trailed) when the
   operator decides which way execution went. */
typedef struct TrTrace TrTrace;
struct TrTrace {
  enum { TR_TRACE_NONDET, TR_TRACE_JOIN } kind;
  PropVar var;               /* NONDET */
  const IrType *type;        /* NONDET */
  const char *name;          /* NONDET: the function called */
  const IrStmt *call;        /* NONDET: the call statement */
  TrTrace *prev;             /* NONDET */
  TrTrace *created_prev;     /* NONDET: the one created before (Tr.nondet_created) */
  TrTrace *resolved;         /* JOIN, NULL until decided */
};


/* Control flags: execution runs at a point iff all four are 0. */
enum { TR_ENDED, TR_RETURNED, TR_BROKEN, TR_CONTINUED, TR_NFLAGS };

/* Whether a slot is assigned, for a slot a join took from paths that
   assigned it and paths that did not (its value is free on the latter):
   flag is TR_UNINIT (assigned iff the slot is not TR_UNINIT) or a boolean
   "assigned on this path"; witnesses, the slots j < 64 with j != 0 =>
   flag (`found` for `pos` after `if (a[k] == key) { pos = k; found = 1; }`). */
typedef struct TrDefined {
  PropVar flag;
  uint64_t witnesses;
} TrDefined;

typedef struct TrState {
  const IrFunction *fn;      /* the frame: slots index fn->params then fn->locals */
  PropVar *slot;             /* nparams + nlocals, TR_UNINIT when unassigned */
  TrDefined *defined;        /* NULL, or per slot (see below) */
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

enum { TR_STORED_TYPES = 8 }; /* cell types a write set lists before it says "any" */

/* Which parts of a state a piece of code may write. */
typedef struct TrWrites {
  uint8_t *slot;             /* per frame slot */
  uint8_t *declared;         /* per frame slot: declared inside, dead after the join */
  uint8_t *global;           /* per global */
  bool flag[TR_NFLAGS];
  bool retval, reached, mem;
  bool mem_any;              /* mem: any cell; else only cells of these types */
  const IrType *mem_types[TR_STORED_TYPES];
  int nmem_types;
} TrWrites;

typedef struct TrMemo TrMemo;
typedef struct PolyReuse PolyReuse; /* polyhedra.c */
typedef struct TrLength TrLength;

/* Static facts about a statement (facts.c); over-approximations. */
typedef struct TrFacts {
  bool may_end;         /* abort/exit/assume/assert/error, a trap, or a call that may */
  bool has_return;      /* a return, not counting callees */
  bool has_break;       /* a break of the enclosing loop (not of nested loops) */
  bool has_continue;
  bool contains_obj;    /* the target or the objective call, also through calls */
  bool writes_mem;      /* stores, allocates or frees memory */
  /* The types of the cells of existing objects it may store to (type-based:
     a cell holds values of its declared type only, see translate/model.c);
     stores_any: any cell (a free, a struct copy, too many types). */
  bool stores_any;
  const IrType *stored[TR_STORED_TYPES];
  int nstored;
  uint8_t *slot;        /* frame slots assigned (NULL: none) */
  uint8_t *global;      /* globals assigned, also through calls (NULL: none) */
  uint8_t *read;        /* frame slots read (NULL: none) */
  uint8_t *declared;    /* frame slots declared inside, dead after it (NULL: none) */
} TrFacts;

/* Value numbering (value_number.c): an operation on the same operands is
   the same variable.  A key names the operation, its type, and up to
   TR_VN_OPERANDS operands (a variable, or the value of a fixed one). */
enum { TR_VN_OPERANDS = 3 };
typedef struct TrVnKey {
  int op;
  int64_t type;
  int64_t operand[TR_VN_OPERANDS];
  bool is_const[TR_VN_OPERANDS];
} TrVnKey;
typedef struct TrValueNumbers TrValueNumbers;
TrValueNumbers *tr_vn_new(void);
void tr_vn_free(TrValueNumbers *vn);
TrVnKey tr_vn_key(Tr *t, int op, int64_t type, int n, const PropVar *operand);
/* The variable posted for k, or TR_UNINIT. */
PropVar tr_vn_find(Tr *t, const TrVnKey *k);
void tr_vn_add(Tr *t, const TrVnKey *k, PropVar v);

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
  struct { PropVar cond; uint64_t node; } open_trials[64]; /* conditions whose
                                trials both survived, and at which search
                                node + 1 (operators/control/trial.c) */
  struct TrSubSet *ite_chain; /* trailed: the last ite of the chain that
                                 watches the rest (operators/control/subs.c) */
  uint64_t trial_credit;     /* propagator runs trials may still spend beyond
                                their minimum (operators/control/trial.c) */
  int poly_analyses[2];      /* loops analysed over polyhedra outside trials [0] and
                                inside them [1] (polyhedra.c caps each) */
  PolyReuse *poly_reuse;     /* analyses kept for reuse (polyhedra.c; malloc) */
  int npoly_reuse;
  bool analyses_free;        /* their time moves the deadline (tr_deadline_excludes_analyses) */
  uint64_t allocations;      /* objects ever created, never restored (see tr_try) */
  bool budget_hit;           /* sticky */
  const char *incomplete_reason;
  TrMemo *memo;              /* static facts about statements (malloc) */
  TrValueNumbers *vn;        /* malloc; entries in the arena (trailed) */
  TrInput *params;
  TrTrace *nondet_created;   /* trailed: the nondet values created on this
                                path, newest first (tr_nondet_calls) */
  TrStats stats;
  TrObject **objs;           /* allocation order; entries past *nobjs are stale */
  int capobjs;
  int *nobjs;                /* arena, trailed */
  TrObject **global_obj;     /* per global: its object, or NULL (SSA scalar) */
  struct InputEdge *input_edges; /* arena, trailed: the pointer cells of input
                                objects read so far (--acyclic, input.c) */
  TrSmallInputs small_inputs; /* a search stage tries small input memories
                                only (input.c); no proof then */
  int *ninputs;              /* arena, trailed: input objects on this path */
  bool inputs_frozen;        /* reading the solution: input cells never read
                                stay unread (input.c creates nothing) */
  bool sign_puns;            /* the program casts between pointers to integer
                                types that differ only in signedness: a cell
                                may hold its value in either representation
                                (loads wrap it to the type they read) */
  struct TrWaiting *waiting; /* arena, trailed: loads and checks waiting for
                                blocks not allocated yet (woken by allocation) */
  struct MemLoadPick *picks; /* arena, trailed: loads through a pointer with
                                several candidates (load_element.c) */
  struct TrLength *lengths;  /* arena, trailed: list length facts (list_length.c) */
};

typedef struct TrWaiting {
  Propagator *p;
  PropVar x;                 /* the pointer whose targets it waits for */
  struct TrWaiting *next;
} TrWaiting;
/* A malloc of the translator failed: the path is given up, no proof. */
void tr_out_of_memory(Tr *t);

/* facts.c */
TrMemo *tr_memo_new(void);
void tr_memo_free(TrMemo *m);
const TrFacts *tr_facts(Tr *t, const IrFunction *fn, const IrStmt *s);
const TrFacts *tr_function_facts(Tr *t, const IrFunction *fn);
int tr_frame_slot(const IrFunction *fn, const IrVar *v);
bool tr_is_objective_stmt(const Tr *t, const IrStmt *s);


/* state.c, stmt.c */
TrState *tr_state_copy(Tr *t, const TrState *st);
/* Slot i of st holds v from now on (an assignment: defined on every path). */
void tr_set_slot(TrState *st, int i, PropVar v);
/* The same for an assignment of the program: a slot that witnessed another
   one's assignment stays a witness only when it becomes 0. */
void tr_assign_slot(Tr *t, TrState *st, int i, PropVar v);
/* The boolean "slot i is assigned" at st: t->one, t->zero or a variable. */
PropVar tr_slot_defined(Tr *t, const TrState *st, int i);
/* Translates block->stmts[from..] from st; the state after, or NULL if the
   store failed. */
TrState *tr_block(Tr *t, const IrBlock *block, int from, TrCache *cache, TrState *st);
/* Translates one branch from st (the ite's condition already posted). */
TrState *tr_branch(Tr *t, const TrBranch *br, TrState *st);
/* Runs at point st?  1 yes, 0 no, -1 unknown (then *live is a boolean var). */
int tr_live(Tr *t, const TrState *st, PropVar *live);
/* The writes of a branch / of a loop's remaining iterations from st. */
void tr_branch_writes(Tr *t, const TrBranch *br, const TrState *st, TrWrites *w);
void tr_loop_writes(Tr *t, const IrStmt *loop, int next_iter, const TrState *st, TrWrites *w);
void tr_writes_init(Tr *t, const TrState *st, TrWrites *w);
/* A state like `in` where every written part is a fresh variable; a local
   not assigned on every path through a and b gets an "assigned" boolean and
   its witnesses (state.c), unless it is declared inside.  NULL: failed. */
TrState *tr_fresh_outputs(Tr *t, const TrState *in, const TrWrites *w, const TrBranch *a, const TrBranch *b);
/* The same at the exit of `loop`, with "every path" meaning every way out
   of the loop. */
TrState *tr_loop_outputs(Tr *t, const TrState *in, const TrWrites *w, const IrStmt *loop);
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
/* The IEEE format of a float type (float: binary32, double: binary64). */
const FpFormat *tr_fp_format(const IrType *ty);
/* The key of a floating constant of type ty (exactly representable there). */
int64_t tr_fp_key(const IrType *ty, double v);
PropVar tr_fresh(Tr *t, const IrType *ty);
/* A variable for the value of a memory cell of type ty: with t->sign_puns,
   an integer narrower than 64 bits may be in either signedness's range. */
PropVar tr_fresh_cell(Tr *t, const IrType *ty);
/* b = (x != 0) for x of type ty (x itself when already 0/1); TR_FAIL on failure. */
PropVar tr_truth(Tr *t, const IrType *ty, PropVar x);
/* expr.c: z = x op y in C type ty (count_ty: the right operand's type, for
   shifts), numbered (the same operation on the same operands is the same
   variable; x + 0 is x); TR_FAIL on failure.  The caller excluded traps. */
PropVar tr_c_binary(Tr *t, IrExprKind kind, OpCType ty, OpCType count_ty, PropVar x, PropVar y);
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
   posted on out, and the trip count (TR_UNINIT: none) is |vout - v0|.
   False if the store failed. */
bool tr_loop_summary(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, PropVar trips);
/* loop_summary.c: the constant k when the loop changes the scalar u once per
   completed iteration by "u = u + k" (one top-level statement that nothing
   before it can skip). */
bool tr_induction_step(Tr *t, const IrFunction *fn, const IrStmt *loop, const IrVar *u, int64_t *k);
/* trip_count.c: the trip count T of one execution of `loop` (the number of
   iterations it starts, saturated at TR_TRIPS_MAX), made when something
   links it (the objective in iteration N of the loop, obj_index among the
   --iter loops; a list walk or builder, list_length.c): *trips, or
   TR_UNINIT.  Posts what T must satisfy at the loop's entry; w.c ties it
   to the unfolded iterations.  False if the store failed. */
#define TR_TRIPS_MAX ((int64_t)1 << 60)
bool tr_trip_count(Tr *t, const IrStmt *loop, int obj_index, const TrState *in, const TrState *out,
                   const TrWrites *w, PropVar *trips);
PropVar tr_trips_var(Tr *t);
/* list_length.c: lengths of lists along one field, as bounds (facts kept on
   the Tr).  The bound on len(ptr, mem) known from a fact (0 for NULL), or
   TR_UNINIT. */
PropVar tr_list_length(Tr *t, PropVar ptr, const TrMem *mem, const IrType *st, int field);
/* The bound on the trip count of a loop that walks a list from its entry
   state, or TR_UNINIT when the loop is no walk or the length is unknown. */
PropVar tr_list_walk_bound(Tr *t, const IrStmt *loop, const TrState *in);
/* A loop that pushes a fresh cell per iteration on a list of known length
   leaves a list of at most *trips more cells (made here if needed). */
bool tr_list_builder(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, PropVar *trips);
/* Propagator runs that prop_settle may make where the translation reads
   domains of what it has just posted (a loop's entry, an allocation's size). */
enum { TR_SETTLE_RUNS = 4096 };
/* loop_summary.c: the one top-level statement of the loop's body or step
   that writes u, when exactly one does and no continue of the body before
   it (or goto under way, which guards what follows it into a
   non-assignment) can skip it: it then runs once in every iteration that
   runs to its end.  NULL otherwise. */
const IrStmt *tr_loop_update(Tr *t, const IrFunction *fn, const IrStmt *loop, const IrVar *u);
/* invariant.c: the linear relations between the integer locals that every
   iteration of the loop keeps, and the negated condition, posted on out.
   False if the store failed. */
bool tr_loop_invariant(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out);
/* parity.c: the parity relations the loop keeps, posted on its outputs. */
bool tr_loop_parity(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out);
/* residue.c: a loop counter u written once per iteration by u = u +- d (a
   constant, on every path) whose residue u % modulus the loop reads
   (u % m, u & (m - 1)); the relational analysis unrolls the loop by the
   residue's period. */
typedef struct TrResidue {
  const IrVar *var;
  int modulus;        /* 2..8 */
  int64_t step;       /* d, with its sign */
} TrResidue;
bool tr_residue_counter(Tr *t, const IrFunction *fn, const IrStmt *loop, TrResidue *out);
/* float_bounds.c: the ranges of the float locals a loop writes, at its exit,
   posted on out; false if the store failed. */
bool tr_loop_float_bounds(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out);
/* polyhedra.c: inequalities between a loop's locals at its exit and entry */
bool tr_loop_polyhedra(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out);
void tr_polyhedra_free(Tr *t);
/* Makes st's unfixed variables search hints (prop_add_hint). */
void tr_hint_state(Tr *t, const TrState *st);


/* struct_copy.c: the memory after copying the cells of a struct of type ty
   from location src to location dst (loads in mem); NULL on failure. */
TrMem *tr_copy_struct(Tr *t, TrMem *mem, PropVar dst, PropVar src, const IrType *ty);

/* may_reach.c: can an iteration of loop, from the check state at, still meet
   the objective?  False only when no execution can. */
bool tr_loop_may_reach(Tr *t, const IrStmt *loop, const TrState *at);

/* Evaluates e in st, resuming with *cache: 0 done (*out), 1 it may trap
   (*trap, *trap_at: split and resume with tr_cache_safe), -1 failed. */
int tr_eval_split(Tr *t, const TrState *st, const IrExpr *e, TrCache **cache, PropVar *out, PropVar *trap,
                  const IrExpr **trap_at);
TrCache *tr_cache_safe(Tr *t, TrCache *c, const IrExpr *e);


/* ---- Expressions (expr.c) ------------------------------------------------ */
/* The values of the subexpressions of one statement already evaluated, so
   that a statement resumed after a trap split does not evaluate them twice.
   A persistent list (new entries in front); `safe` records that the trap of
   this operation was excluded by the split. */
typedef enum {
  TR_CACHE_VALUE,   /* v is the value of e */
  TR_CACHE_ADDR,    /* v is the address of lvalue e */
  TR_CACHE_SAFE,    /* a split excluded e's trap */
} TrCacheKind;

struct TrCache {
  const IrExpr *e;
  TrCacheKind kind;
  PropVar v;
  TrCache *next;
};

typedef enum { TR_EV_OK, TR_EV_TRAP, TR_EV_FAIL } TrEvResult;

/* The conditions under which the operand being evaluated is evaluated at
   all: b == value for each, innermost first (the right operand of
   `a && b` runs when a is 1, a branch of `?:` when its condition says so). */
typedef struct TrGuard {
  PropVar b;
  int value;
  const struct TrGuard *outer;
} TrGuard;

typedef struct TrEval {
  Tr *t;
  const TrState *st;
  TrCache *cache;
  PropVar trap;          /* TR_EV_TRAP: boolean, 1 iff the operation traps */
  const IrExpr *trap_at; /* TR_EV_TRAP: the operation */
  const TrGuard *guard;  /* NULL: evaluated whenever the expression is */
} TrEval;

TrCache *tr_cache_find(TrCache *c, const IrExpr *e, TrCacheKind kind);
TrCache *tr_cache_add(Tr *t, TrCache *c, const IrExpr *e, TrCacheKind kind, PropVar v);
/* The value of e (TR_EV_OK), or the trap that stops it (TR_EV_TRAP, with
   ev->trap and ev->trap_at), or a failure of the store (TR_EV_FAIL). */
TrEvResult tr_eval(TrEval *ev, const IrExpr *e, PropVar *out);
TrEvResult tr_eval_addr(TrEval *ev, const IrExpr *e, PropVar *loc);
/* Traps unless x is a location the access may use (once per expression). */
TrEvResult tr_check_access(TrEval *ev, const IrExpr *at, PropVar x, bool for_free);
/* Gives up the path for a reason (no proof afterwards): TR_EV_FAIL. */
TrEvResult tr_abandon(Tr *t, const char *why);
/* b + k as a location (k cells further). */
PropVar tr_shift_by(Tr *t, PropVar b, int64_t k);
static inline bool tr_is_ssa(const IrVar *v) { return !v->address_taken; }
/* e without its conversions. */
static inline const IrExpr *tr_uncast(const IrExpr *e) {
  while (e->kind == IR_CAST) e = e->a[0];
  return e;
}
static inline int tr_nslots(const IrFunction *fn) { return fn->nparams + fn->nlocals; }
/* The variable of frame slot i (the inverse of tr_frame_slot). */
static inline const IrVar *tr_slot_var(const IrFunction *fn, int i) {
  return i < fn->nparams ? fn->params[i] : fn->locals[i - fn->nparams];
}

#include "operators/control/control.h"

#endif
