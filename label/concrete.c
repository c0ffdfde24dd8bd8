/* concrete.c - the concrete mode (concrete/) inside the search of one
 * objective: once the parameters are fixed, running the program answers
 * for every node below (see lbl_concrete.h for the three uses).
 *
 * A run's outcome is the answer of the inputs it ran: the objective met is
 * a solution; a return, an abort/exit or a trap without it refutes them;
 * anything else (a read no test controls, a step budget, a model limit) is
 * no answer, and then nothing that depends on it can be a proof.  This file
 * must never turn such a run into a refutation.  With nondet calls, the
 * values are the guess's own choice (one candidate per call site), so no
 * run refutes anything there: such a function is only guessed.
 */
#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inka/fp.h"
#include "lbl_concrete.h"

enum { CX_ONE_RUN_STEPS = INT64_MAX / 2 }; /* the run of a program without inputs: no budget but the clock */

enum {
  CX_RUN_STEPS = 20000000,   /* per run: past it the run is no answer */
  CX_PROBE_STEPS = 2000000,  /* per run answering a search node: past it,
                                propagation answers instead */
  GUESS_RUNS = 20000,        /* candidate inputs tried before propagating */
  GUESS_STEPS = 200000000,   /* and the steps they may take in all */
  GUESS_LEVELS = 4,          /* per-run step budgets CX_RUN_STEPS / 8^3 .. / 8^0 */
  GUESS_WINDOW = 16,         /* values -16..16 are candidates */
  MAX_CANDIDATES = 512,
  MAX_FLOAT_CONSTANTS = 128,
  MAX_SITE_DIMS = 4,         /* nondet call sites with a dimension of their own */
  FEW = 64,                  /* candidates per dimension below which constants come first */
  MAX_POOLS = 16,            /* distinct types of nondet values and input cells */
  SWITCHES = 64,             /* candidates of the switch (see nondet_value) */
  CMP_SITES = 16,            /* comparisons with a parameter noted per run */
  CMP_QUEUE = 64,            /* inputs waiting to be tried */
  CMP_PER_RUN = 12,          /* of them queued by one run */
  CMP_TRIED = 4096,          /* (parameter, value) pairs remembered */
  CMP_RUNS = 1000,           /* runs of compared values in all */
  CMP_STEPS = 50000000,      /* and their steps */
};

/* A comparison of the function under test with a simple function of a
   parameter in the run (CxRunOptions.on_compare): the value the parameter
   would need for the sides to be equal, the first and the last time it was
   evaluated. */
typedef struct CmpSeen {
  const void *site;
  int param;
  int64_t first, last;
} CmpSeen;

/* A (parameter, value) pair tried, with the largest step budget it ran
   with (a run cut by a smaller one may be tried again). */
typedef struct CmpTried {
  int64_t value;
  uint64_t budget;
  int param;                 /* -1: empty */
} CmpTried;

/* The input memory a guess builds for one pointer parameter: NULL, or
   `length` elements of the pointed-to type in one object (an array; with a
   value rank that is odd, its last element 0: a string), or, for a struct
   with a pointer to its own type (a list), `length` nodes of one element
   each, linked through that field, the last one's NULL.  Every other
   scalar cell takes the value of its type's pool at the value rank; other
   pointer cells are NULL. */
typedef struct Shape {
  int param;
  const IrType *elem;
  const IrType **cell_type;  /* per cell of an element */
  int64_t ncells;
  int64_t link;              /* a list: the cell of the link, else -1 */
} Shape;

enum { MAX_INPUT_CELLS = 1 << 16 }; /* cells of one guess's input memory */

/* The candidate values of one type of nondet values or input cells (as
   stored: keys for floats). */
typedef struct Pool {
  const IrType *type;
  int64_t *v;
  int n;
} Pool;

/* The nondet values a run took, in call order (for the solution). */
typedef struct Taken {
  const IrStmt **call;
  int64_t *v;
  int n, cap;
  bool on;                   /* recording (the solution's run only) */
} Taken;

struct LblConcrete {
  const LblQuery *q;
  Tr *t;
  CxProgram *cx;
  int nparams;
  int ndims;                 /* the parameters, the nondet site dimensions, the
                                input memories' (two each) */
  int64_t *params;           /* per dimension, the value of the run being answered:
                                a parameter's value (a pointer's: unused), a site's
                                candidate rank, a memory's length and value rank */
  int64_t *solution;         /* the inputs that met the objective */
  uint64_t solution_steps;   /* the step budget of the run that found it */
  bool found;
  bool guess_only;           /* the function takes nondet values or pointers: the
                                search chooses those along the path, so a run
                                answers nothing; it only guesses */
  const IrStmt **sites;      /* the nondet calls fn reaches; site j's value is
                                the candidate of rank params[nparams + j % MAX_SITE_DIMS] */
  int nsites, last_site;
  bool *site_in_loop;        /* per site: inside a loop (of fn or a caller) */
  bool some_site_in_loop;
  int64_t *site_calls;       /* per site: calls in the run so far */
  int switch_dim;            /* the switch dimension (see nondet_value), or -1 */
  Pool pools[MAX_POOLS];
  int npools;
  Taken taken;
  Shape *shapes;             /* one per pointer parameter; its length and value
                                dimensions come after the site dimensions */
  int nshapes;
  int shape_dims;            /* the first of them */
  int64_t *args;             /* the parameters as the run takes them (pointers:
                                locations of the input memory) */
  CxInputObject *objs;       /* the input memory of the run */
  int nobjs;
  int64_t *cells;            /* every input object's cells, in order */
  const char *cut;
  uint64_t runs, steps;
  /* compared values (see follow_compares): on while guessing and sweeping */
  bool cmp_on;
  CmpSeen cmp_seen[CMP_SITES];
  int ncmp_seen, cmp_last;   /* cmp_last: the entry of the last site noted */
  int64_t *cmp_queue;        /* CMP_QUEUE inputs of ndims values, a ring */
  uint64_t *cmp_queue_budget;
  int cmp_head, cmp_count;
  CmpTried *cmp_tried;       /* CMP_TRIED entries, open addressing */
  uint64_t cmp_runs, cmp_steps;
  double cmp_deadline;
  int64_t *given;            /* lbl_cx_try: the nondet values given, in call order */
  int ngiven;
  bool serve_given;          /*   served instead of the candidates */
};

static void collect_sites(LblConcrete *c);
static bool make_shapes(LblConcrete *c);
static bool build_inputs(LblConcrete *c);
static int64_t nondet_value(void *ctx, int k, const IrStmt *call);
typedef struct Consts Consts;
static int exact_constants(const Consts *k, const IrType *t, int64_t *out, int m, int upto);

LblConcrete *lbl_cx_new(const LblQuery *q, Tr *t) {
  for (int i = 0; i < q->fn->nparams; i++)
    if (q->fn->params[i]->type->kind == IR_TY_STRUCT) return NULL; /* a struct input: the model alone */
  CxObjective obj = {q->obj.target, q->obj.target_call, q->obj.iter, q->obj.niter};
  char *err = NULL;
  CxProgram *cx = cx_new(q->prog, q->fn, &obj, &err);
  free(err);
  if (!cx) return NULL;
  for (int i = 0; i < q->nassumes; i++) {
    if (!cx_add_assume(cx, q->assumes[i], &err)) {
      free(err);
      cx_free(cx);
      return NULL;
    }
  }
  LblConcrete *c = calloc(1, sizeof *c);
  c->q = q;
  c->t = t;
  c->cx = cx;
  c->nparams = c->ndims = tr_param_count(t);
  /* the search chooses nondet values along the path, and builds the input
     memory as the path reads it: with either, a run is only a guess */
  c->guess_only = cx_uses_nondet(cx) || ir_takes_pointers(q->fn);
  c->switch_dim = -1;
  if (c->guess_only) {
    collect_sites(c);
    c->ndims += c->nsites < MAX_SITE_DIMS ? c->nsites : MAX_SITE_DIMS;
    if (c->some_site_in_loop) c->switch_dim = c->ndims++;
  }
  c->shape_dims = c->ndims;
  if (ir_takes_pointers(q->fn) && !make_shapes(c)) { /* input memory of shapes it cannot build */
    lbl_cx_free(c);
    return NULL;
  }
  c->ndims += 2 * c->nshapes;
  c->params = calloc((size_t)c->ndims + 1, sizeof *c->params);
  c->solution = calloc((size_t)c->ndims + 1, sizeof *c->solution);
  c->args = calloc((size_t)c->nparams + 1, sizeof *c->args);
  return c;
}

void lbl_cx_free(LblConcrete *c) {
  if (!c) return;
  for (int i = 0; i < c->npools; i++) free(c->pools[i].v);
  free(c->sites);
  free(c->site_in_loop);
  free(c->site_calls);
  free(c->taken.call);
  free(c->taken.v);
  for (int i = 0; i < c->nshapes; i++) free(c->shapes[i].cell_type);
  free(c->shapes);
  free(c->args);
  free(c->objs);
  free(c->cells);
  cx_free(c->cx);
  free(c->params);
  free(c->solution);
  free(c->given);
  free(c->cmp_queue);
  free(c->cmp_queue_budget);
  free(c->cmp_tried);
  free(c);
}

static int run_steps(LblConcrete *c, uint64_t steps, bool *cut);
static bool fits(const IrType *t, int64_t v);

/* ---- Compared values ------------------------------------------------------------------
 * An input-to-state guess (as fuzzers compare logs): when a run compares a
 * simple function of a parameter (the parameter itself, x + k, (long)x,
 * ...; concrete/compile.c simple_param) with a value the run computed, the
 * parameter's value that makes the two sides equal, and its neighbours +-1,
 * are candidates for that parameter, the other inputs as in that run
 * (`x == s` after a 200,000-step loop wants x = s, which no small value
 * or constant of the program is).  Per run, the first and the last value of
 * at most CMP_SITES comparisons; a value equal to the parameter's own in
 * the run (a loop's last check of i < n) says nothing new.  The candidates
 * wait in a queue of CMP_QUEUE inputs and run after the run that found them
 * (follow_compares), with its step budget, finding more in turn; at most
 * CMP_RUNS runs and CMP_STEPS steps in all; a pair (parameter, value) runs
 * again only with a larger budget than before.  Like every guess it claims
 * nothing: a hit is the answer (the run met the objective), a miss nothing. */
static void note_compare(void *ctx, const void *site, int param, int64_t value) {
  LblConcrete *c = ctx;
  int i = c->cmp_last;
  if (i < 0 || c->cmp_seen[i].site != site || c->cmp_seen[i].param != param) {
    for (i = 0; i < c->ncmp_seen; i++)
      if (c->cmp_seen[i].site == site && c->cmp_seen[i].param == param) break;
    if (i == c->ncmp_seen) {
      if (i == CMP_SITES) return;
      c->cmp_seen[c->ncmp_seen++] = (CmpSeen){site, param, value, value};
    }
    c->cmp_last = i;
  }
  c->cmp_seen[i].last = value;
}

/* Marks (param, v) tried with budget: false when it ran with as much. */
static bool cmp_new(LblConcrete *c, int param, int64_t v, uint64_t budget) {
  if (!c->cmp_tried) {
    c->cmp_tried = malloc(sizeof *c->cmp_tried * CMP_TRIED);
    if (!c->cmp_tried) return false;
    for (int i = 0; i < CMP_TRIED; i++) c->cmp_tried[i].param = -1;
  }
  uint64_t h = ((uint64_t)v * 0x9E3779B97F4A7C15u) ^ ((uint64_t)param * 0xC2B2AE3D27D4EB4Fu);
  for (int n = 0; n < CMP_TRIED / 2; n++) { /* (kept at most half full) */
    CmpTried *e = &c->cmp_tried[(h + (uint64_t)n) % CMP_TRIED];
    if (e->param < 0) {
      *e = (CmpTried){v, budget, param};
      return true;
    }
    if (e->param == param && e->value == v) {
      if (e->budget >= budget) return false;
      e->budget = budget;
      return true;
    }
  }
  return false; /* full: nothing new */
}

/* Queues the candidates the run of c->params found. */
static void queue_compares(LblConcrete *c, uint64_t budget) {
  int queued = 0;
  for (int i = 0; i < c->ncmp_seen && queued < CMP_PER_RUN; i++) {
    const CmpSeen *e = &c->cmp_seen[i];
    int p = e->param;
    if (p >= c->nparams) continue;
    const IrType *ty = tr_param(c->t, p).type;
    int64_t vals[2] = {e->first, e->last};
    for (int j = 0; j < 2 && queued < CMP_PER_RUN; j++) {
      if (j == 1 && vals[1] == vals[0]) break;
      if (vals[j] == c->params[p]) continue; /* the parameter compared with its own value */
      for (int d = 0; d < 3 && queued < CMP_PER_RUN; d++) {
        int64_t v = (int64_t)((uint64_t)vals[j] + (uint64_t)(d == 0 ? 0 : d == 1 ? -1 : 1));
        if (v == c->params[p] || !fits(ty, v) || c->cmp_count == CMP_QUEUE || !cmp_new(c, p, v, budget)) continue;
        if (!c->cmp_queue) {
          c->cmp_queue = malloc(sizeof *c->cmp_queue * (size_t)CMP_QUEUE * (size_t)(c->ndims + 1));
          c->cmp_queue_budget = malloc(sizeof *c->cmp_queue_budget * CMP_QUEUE);
          if (!c->cmp_queue || !c->cmp_queue_budget) return;
        }
        int at = (c->cmp_head + c->cmp_count++) % CMP_QUEUE;
        int64_t *in = c->cmp_queue + (size_t)at * (size_t)(c->ndims + 1);
        memcpy(in, c->params, sizeof *in * (size_t)c->ndims);
        in[p] = v;
        c->cmp_queue_budget[at] = budget;
        queued++;
      }
    }
  }
}

/* Runs the queued candidates: true when one met the objective (c->solution
   holds it).  c->params is left as it was. */
static bool follow_compares(LblConcrete *c) {
  if (!c->cmp_count) return false;
  int64_t saved[c->ndims + 1];
  memcpy(saved, c->params, sizeof *saved * (size_t)c->ndims);
  bool found = false;
  while (c->cmp_count && !found && c->cmp_runs < CMP_RUNS && c->cmp_steps < CMP_STEPS &&
         !(c->cmp_deadline > 0 && prop_now() >= c->cmp_deadline)) {
    int at = c->cmp_head;
    c->cmp_head = (c->cmp_head + 1) % CMP_QUEUE;
    c->cmp_count--;
    memcpy(c->params, c->cmp_queue + (size_t)at * (size_t)(c->ndims + 1), sizeof *c->params * (size_t)c->ndims);
    uint64_t before = c->steps, budget = c->cmp_queue_budget[at];
    c->cmp_runs++;
    found = run_steps(c, budget, NULL) == 1;
    c->cmp_steps += c->steps - before;
  }
  memcpy(c->params, saved, sizeof *saved * (size_t)c->ndims);
  return found;
}

/* Runs c->params: 1 the objective was met, 0 refuted, -1 no answer;
   *cut (may be NULL): the step budget stopped it (more steps may answer). */
static int run_steps(LblConcrete *c, uint64_t steps, bool *cut) {
  CxResult r;
  CxRunOptions o = {.max_steps = steps};
  if (cut) *cut = false;
  if (c->cmp_on) {
    o.on_compare = note_compare;
    o.on_probe = note_compare; /* a length that met the objective: a candidate like a compared value */
    o.compare_ctx = c;
    c->ncmp_seen = 0;
    c->cmp_last = -1;
  }
  if (c->guess_only) {
    o.nondet_value = nondet_value;
    o.nondet_ctx = c;
  }
  memcpy(c->args, c->params, sizeof *c->args * (size_t)c->nparams);
  if (c->nsites) memset(c->site_calls, 0, sizeof *c->site_calls * (size_t)c->nsites);
  if (c->nshapes && !build_inputs(c)) return -1; /* too large: no run */
  o.inputs = c->objs;
  o.ninputs = c->nobjs;
  c->runs++;
  CxOutcome out = cx_run(c->cx, c->args, NULL, 0, &o, &r);
  c->steps += r.steps;
  if (cut) *cut = out == CX_BUDGET && r.steps >= steps;
  if (c->cmp_on && out != CX_REACHED) queue_compares(c, steps);
  switch (out) {
  case CX_REACHED:
    c->found = true;
    c->solution_steps = steps;
    memcpy(c->solution, c->params, sizeof *c->params * (size_t)c->ndims);
    return 1;
  case CX_RETURNED: case CX_ENDED: case CX_TRAP:
    return 0;
  default:
    c->cut = r.reason ? r.reason : "a concrete run was no answer";
    return -1;
  }
}

/* ---- Guessing before propagation ------------------------------------------------- */
/* The program's constants: integers (each with its neighbours) and floats. */
struct Consts {
  int64_t v[MAX_CANDIDATES];
  int n;
  int nwritten;              /* v[0 .. nwritten): the constants written in the program
                                (with neighbours); after them, add_scaled's */
  double f[MAX_FLOAT_CONSTANTS];
  int nf;
  int64_t div[MAX_CANDIDATES]; /* K/2 and K/3, +-1 (see add_scaled) */
  int ndiv;
};

static void add_int_constant(Consts *k, int64_t v) {
  if (k->n + 3 > MAX_CANDIDATES) return;
  k->v[k->n++] = (int64_t)((uint64_t)v - 1); /* (wrapping at the extremes) */
  k->v[k->n++] = v;
  k->v[k->n++] = (int64_t)((uint64_t)v + 1);
}

/* (A whole float constant is an integer constant too: a float counter
   compared with 1000.0 is an integer count.) */
static void add_constants(const IrExpr *e, Consts *k) {
  if (!e) return;
  if (e->kind == IR_INT_CONST) add_int_constant(k, e->ival);
  if (e->kind == IR_FLOAT_CONST && k->nf < MAX_FLOAT_CONSTANTS) k->f[k->nf++] = e->fval;
  if (e->kind == IR_FLOAT_CONST && e->fval == trunc(e->fval) && fabs(e->fval) < 0x1p62) add_int_constant(k, (int64_t)e->fval);
  for (int i = 0; i < 3; i++) add_constants(e->a[i], k);
}

static void block_constants(const IrBlock *b, Consts *k) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    add_constants(s->lhs, k);
    add_constants(s->rhs, k);
    add_constants(s->cond, k);
    for (int a = 0; a < s->nargs; a++) add_constants(s->args[a], k);
    block_constants(&s->then, k);
    block_constants(&s->els, k);
    block_constants(&s->pre, k);
    block_constants(&s->body, k);
    block_constants(&s->step, k);
  }
}

static int64_t magnitude(int64_t v) { return v < 0 ? (v == INT64_MIN ? INT64_MAX : -v) : v; }

static int by_magnitude(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  int64_t mx = magnitude(x), my = magnitude(y);
  if (mx != my) return mx < my ? -1 : 1;
  return x > y ? -1 : x < y; /* positive first */
}

/* Does v fit type t as stored? */
static bool fits(const IrType *t, int64_t v) {
  if (t->kind == IR_TY_BOOL) return v == 0 || v == 1;
  if (t->bits >= 64) return true;
  int64_t lo = t->is_signed ? -((int64_t)1 << (t->bits - 1)) : 0;
  int64_t hi = t->is_signed ? ((int64_t)1 << (t->bits - 1)) - 1 : ((int64_t)1 << t->bits) - 1;
  return v >= lo && v <= hi;
}

static bool has(const int64_t *v, int n, int64_t x) {
  for (int i = 0; i < n; i++)
    if (v[i] == x) return true;
  return false;
}

/* The boundary values of an integer type t (all bits set, the sign bit
   alone, ...), which loops over bits and overflow checks need, after the
   k candidates in out; at most cap in all. */
static int add_extremes(const IrType *t, int64_t *out, int k, int cap) {
  if (t->kind != IR_TY_INT) return k;
  int64_t lo = 0, hi = -1; /* 64-bit unsigned: its maximum is the bit pattern of -1 */
  if (t->bits < 64) {
    lo = t->is_signed ? -((int64_t)1 << (t->bits - 1)) : 0;
    hi = t->is_signed ? ((int64_t)1 << (t->bits - 1)) - 1 : ((int64_t)1 << t->bits) - 1;
  } else if (t->is_signed) {
    lo = INT64_MIN, hi = INT64_MAX;
  }
  int64_t extremes[4] = {hi, lo, hi - 1, lo + 1};
  for (int i = 0; i < 4 && k < cap; i++)
    if (fits(t, extremes[i]) && !has(out, k, extremes[i])) out[k++] = extremes[i];
  return k;
}

/* A loop that steps by 2 or 3 (x -= 2, i += 3) runs about n / 2 or n / 3
   times: for a count compared with a constant K, the input is near 2K or
   3K; for a sum of such steps compared with K and a trip count as input,
   near K/2 or K/3.  Adds K*s-1, K*s, K*s+1 for s = 2, 3 and every
   constant K outside the window of small values (consts holds each
   constant with its neighbours, K-1, K, K+1; so does what this adds), and
   K/s-1, K/s, K/s+1 apart (c->div): those are used only where constants
   come first (nondet values, lengths, many parameters), since for one or
   two parameters each is one more long run before a proof can start (a
   million-iteration loop bounded by K: 0.5 s more on an unreachable
   target). */
static void add_scaled(Consts *c) {
  int64_t *v = c->v;
  int *n = &c->n, base = c->n;
  c->nwritten = c->n;
  for (int i = 1; i < base; i += 3) {
    int64_t k = v[i];
    if (k > -GUESS_WINDOW && k < GUESS_WINDOW) continue;
    if (k > INT64_MAX / 4 || k < INT64_MIN / 4) continue;
    for (int64_t s = 2; s <= 3; s++)
      for (int64_t d = -1; d <= 1 && *n < MAX_CANDIDATES; d++)
        if (!has(v, *n, k * s + d)) v[(*n)++] = k * s + d;
  }
  for (int i = 1; i < base; i += 3) {
    int64_t k = v[i];
    if (k > -GUESS_WINDOW && k < GUESS_WINDOW) continue;
    for (int64_t s = 2; s <= 3; s++)
      for (int64_t d = -1; d <= 1 && c->ndiv < MAX_CANDIDATES; d++)
        if (!has(c->div, c->ndiv, k / s + d)) c->div[c->ndiv++] = k / s + d;
  }
}

/* The candidates of an integer of type t, at most cap, in this order: the
   --iter numbers +-1 (trip counts often follow them), then the program's
   constants +-1 and the values nearest 0 (at least -GUESS_WINDOW..
   GUESS_WINDOW, more while there is room), nearest 0 first, then the
   type's extremes. */
static int int_candidates(const int64_t *iters, int niters, const Consts *k, const IrType *t, int64_t *out, int cap,
                          bool constants_first) {
  int n = 0, m = 0;
  for (int i = 0; i < niters && m < cap; i++)
    if (fits(t, iters[i]) && !has(out, m, iters[i])) out[m++] = iters[i];
  if (constants_first) m = exact_constants(k, t, out, m, cap / 2);
  int64_t all[3 * MAX_CANDIDATES + 2 * GUESS_WINDOW + 2];
  int64_t w = (cap - k->n) / 2;
  if (w < GUESS_WINDOW) w = GUESS_WINDOW;
  if (w > MAX_CANDIDATES / 2) w = MAX_CANDIDATES / 2;
  for (int64_t v = -w; v <= w; v++) all[n++] = v;
  for (int i = 0; i < k->n; i++) all[n++] = k->v[i];
  for (int i = 0; constants_first && i < k->ndiv; i++) all[n++] = k->div[i];
  qsort(all, (size_t)n, sizeof *all, by_magnitude);
  int near = cap - (cap / 4 < 4 ? cap / 4 : 4); /* room for the type's extremes at the end */
  for (int i = 0; i < n && m < near; i++)
    if (fits(t, all[i]) && !has(out, m, all[i])) out[m++] = all[i];
  return add_extremes(t, out, m, cap);
}

/* For nondet values and input memories, whose dimensions are many, and for
   parameters when there are so many that each gets fewer than FEW
   candidates: 0, 1, -1 and then the program's constants themselves
   (without their neighbours, nor add_scaled's), nearest 0 first, up to
   `upto` in all. */
static int exact_constants(const Consts *k, const IrType *t, int64_t *out, int m, int upto) {
  int64_t *all = malloc(sizeof *all * (size_t)(k->nwritten / 3 + 4));
  if (!all) return m;
  int n = 0;
  all[n++] = 0, all[n++] = 1, all[n++] = -1;
  for (int i = 1; i < k->nwritten; i += 3) all[n++] = k->v[i];
  qsort(all + 3, (size_t)(n - 3), sizeof *all, by_magnitude);
  for (int i = 0; i < n && m < upto; i++)
    if (fits(t, all[i]) && !has(out, m, all[i])) out[m++] = all[i];
  free(all);
  return m;
}

/* ---- Float candidates: keys (include/inka/fp.h) of values of the format */
static const FpFormat *format_of(const IrType *t) { return t->bits == 32 ? &fp_binary32 : &fp_binary64; }

/* The key of v rounded to t's format (to nearest, as a C conversion). */
static int64_t key_of(const IrType *t, double v) {
  const FpFormat *f = format_of(t);
  if (isnan(v)) return fp_key_nan(f);
  return fp_key_of_double(f, t->bits == 32 ? (double)(float)v : v);
}

static int by_float_magnitude(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  if (fabs(x) != fabs(y)) return fabs(x) < fabs(y) ? -1 : 1;
  return x > y ? -1 : x < y; /* positive first */
}

enum { FLOAT_EXTREMES = 12 };

/* The candidates of a float or double of type t, at most cap: the --iter
   numbers +-1, then, nearest 0 first, the small integers and halves, the
   program's float constants with their neighbours in the format (x + 1 ==
   x and x * 10 != 1 live there), twice and half of them, and its integer
   constants; then -0, the powers of two where the format stops holding
   integers, the largest and smallest magnitudes, the infinities and NaN
   (the driver writes every one exactly). */
static int float_candidates(const int64_t *iters, int niters, const Consts *k, const IrType *t, int64_t *out,
                            int cap, bool constants_first) {
  int m = 0, n = 0;
  for (int i = 0; i < niters && m < cap; i++) {
    int64_t key = key_of(t, (double)iters[i]);
    if (!has(out, m, key)) out[m++] = key;
  }
  if (constants_first) { /* 0, 1, -1, then the float constants themselves, nearest 0 first */
    double firsts[3 + MAX_FLOAT_CONSTANTS] = {0, 1, -1};
    int nf = 3;
    for (int i = 0; i < k->nf; i++)
      if (!isnan(k->f[i])) firsts[nf++] = k->f[i];
    qsort(firsts + 3, (size_t)(nf - 3), sizeof *firsts, by_float_magnitude);
    for (int i = 0; i < nf && m < cap / 2; i++) {
      int64_t key = key_of(t, firsts[i]);
      if (!has(out, m, key)) out[m++] = key;
    }
  }
  enum { MAX_ALL = 2 * GUESS_WINDOW + 16 + 6 * MAX_FLOAT_CONSTANTS + MAX_CANDIDATES };
  double *all = malloc(sizeof *all * MAX_ALL);
  if (!all) return m;
  for (int v = -GUESS_WINDOW; v <= GUESS_WINDOW; v++) all[n++] = v;
  static const double halves[] = {0.5, -0.5, 0.25, -0.25, 1.5, -1.5, 0.1, -0.1};
  for (size_t i = 0; i < sizeof halves / sizeof *halves; i++) all[n++] = halves[i];
  for (int i = 0; i < k->nf; i++) {
    double c = k->f[i];
    if (isnan(c)) continue;
    double r = t->bits == 32 ? (double)(float)c : c;
    all[n++] = r;
    all[n++] = t->bits == 32 ? (double)nextafterf((float)r, INFINITY) : nextafter(r, INFINITY);
    all[n++] = t->bits == 32 ? (double)nextafterf((float)r, -INFINITY) : nextafter(r, -INFINITY);
    all[n++] = 2 * r;
    all[n++] = r / 2;
    all[n++] = -r;
  }
  for (int i = 0; i < k->n && n < MAX_ALL; i++) all[n++] = (double)k->v[i];
  qsort(all, (size_t)n, sizeof *all, by_float_magnitude);
  int near = cap - (cap / 4 < FLOAT_EXTREMES ? cap / 4 : FLOAT_EXTREMES);
  for (int i = 0; i < n && m < near; i++) {
    int64_t key = key_of(t, all[i]);
    if (!has(out, m, key)) out[m++] = key;
  }
  free(all);
  const FpFormat *f = format_of(t);
  double p = ldexp(1, f->prec);
  int64_t extremes[FLOAT_EXTREMES] = {-1 /* -0 */, key_of(t, p), key_of(t, p + 2), key_of(t, -p),
                                      f->inf_key - 1, fp_key_neg(f->inf_key - 1), f->inf_key, fp_key_neg(f->inf_key),
                                      fp_key_nan(f), 1 /* the least subnormal */, (int64_t)1 << (f->prec - 1),
                                      key_of(t, 1e10)};
  for (int i = 0; i < FLOAT_EXTREMES && m < cap; i++)
    if (!has(out, m, extremes[i])) out[m++] = extremes[i];
  return m;
}

/* The candidates of a value of type t (as stored); with constants_first,
   the program's constants come first (see exact_constants). */
static int candidates(const int64_t *iters, int niters, const Consts *k, const IrType *t, int64_t *out, int cap,
                      bool constants_first) {
  if (t->kind == IR_TY_FLOAT) return float_candidates(iters, niters, k, t, out, cap, constants_first);
  return int_candidates(iters, niters, k, t, out, cap, constants_first);
}

/* ---- Nondet values of a guess --------------------------------------------------------
 * The k-th nondet call of a run takes the candidate of its site's rank: a
 * site (a nondet call statement) keeps one value for the whole run, which
 * is what most mains want (x = nondet(); y = nondet(); a loop bounded by
 * n = nondet()).  The ranks are dimensions of the guess like parameters. */
/* The walk of collect_sites: the functions seen, and whether the code
   walked runs inside a loop (then its sites may be called many times). */
typedef struct Walk {
  const IrFunction **seen;
  int nseen;
} Walk;

static void block_sites(LblConcrete *c, const IrBlock *b, Walk *w, bool loop);

static void function_sites(LblConcrete *c, const IrFunction *fn, Walk *w, bool loop) {
  for (int i = 0; i < w->nseen; i++)
    if (w->seen[i] == fn) return;
  const IrFunction **grown = realloc(w->seen, sizeof *w->seen * (size_t)(w->nseen + 1));
  if (!grown) return;
  w->seen = grown;
  w->seen[w->nseen++] = fn;
  block_sites(c, &fn->body, w, loop);
}

static void block_sites(LblConcrete *c, const IrBlock *b, Walk *w, bool loop) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_NONDET) {
      const IrStmt **grown = realloc(c->sites, sizeof *c->sites * (size_t)(c->nsites + 1));
      bool *in = grown ? realloc(c->site_in_loop, sizeof *in * (size_t)(c->nsites + 1)) : NULL;
      if (grown) c->sites = grown;
      if (in) {
        c->site_in_loop = in;
        c->site_in_loop[c->nsites] = loop;
        c->sites[c->nsites++] = s;
        c->some_site_in_loop |= loop;
      }
    }
    bool inner = loop || s->kind == IR_ST_WHILE;
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_NONE && s->callee && s->callee->defined)
      function_sites(c, s->callee, w, loop);
    block_sites(c, &s->then, w, loop);
    block_sites(c, &s->els, w, loop);
    block_sites(c, &s->pre, w, inner);
    block_sites(c, &s->body, w, inner);
    block_sites(c, &s->step, w, inner);
  }
}

static void collect_sites(LblConcrete *c) {
  Walk w = {0};
  function_sites(c, c->q->fn, &w, false);
  free(w.seen);
  c->site_calls = calloc((size_t)c->nsites + 1, sizeof *c->site_calls);
}

static bool same_type(const IrType *a, const IrType *b) {
  return a->kind == b->kind && a->bits == b->bits && (a->kind != IR_TY_INT || a->is_signed == b->is_signed);
}

static Pool *pool_of(LblConcrete *c, const IrType *t) {
  for (int i = 0; i < c->npools; i++)
    if (same_type(c->pools[i].type, t)) return &c->pools[i];
  return NULL;
}

static void add_pool(LblConcrete *c, const IrType *t, const int64_t *iters, int niters, const Consts *k, int cap) {
  if (c->npools == MAX_POOLS || pool_of(c, t) || (t->kind != IR_TY_INT && t->kind != IR_TY_BOOL && t->kind != IR_TY_FLOAT))
    return;
  Pool *p = &c->pools[c->npools];
  p->type = t;
  p->v = calloc((size_t)cap + 1, sizeof *p->v);
  if (!p->v) return;
  p->n = candidates(iters, niters, k, t, p->v, cap, true);
  c->npools++;
}

/* The pools of every site's type and every input cell's, cap candidates each. */
static void make_pools(LblConcrete *c, const int64_t *iters, int niters, const Consts *k, int cap) {
  for (int i = 0; i < c->nsites; i++) add_pool(c, c->sites[i]->type, iters, niters, k, cap);
  for (int i = 0; i < c->nshapes; i++)
    for (int64_t j = 0; j < c->shapes[i].ncells; j++) add_pool(c, c->shapes[i].cell_type[j], iters, niters, k, cap);
}

static void take(Taken *tk, const IrStmt *call, int64_t v) {
  if (tk->n == tk->cap) {
    int cap = tk->cap ? 2 * tk->cap : 64;
    const IrStmt **calls = realloc(tk->call, sizeof *calls * (size_t)cap);
    if (calls) tk->call = calls;
    int64_t *vs = calls ? realloc(tk->v, sizeof *vs * (size_t)cap) : NULL;
    if (!vs) abort(); /* out of memory while recording a solution: nothing sensible to do */
    tk->v = vs;
    tk->cap = cap;
  }
  tk->call[tk->n] = call;
  tk->v[tk->n++] = v;
}

/* cx_run's nondet_value: the candidate of the call's site rank, wrapped to
   the call's type (so that it is the value the run uses).  With a switch
   S >= 0 (a dimension of its own when a site is inside a loop), a site in
   a loop gives its candidate to its first S calls only and 0 after: a
   loop `while (nondet()) x++;` runs exactly S times. */
static int64_t nondet_value(void *ctx, int k, const IrStmt *call) {
  LblConcrete *c = ctx;
  if (c->serve_given) { /* lbl_cx_try's values (past them: 0, as good an input as any) */
    int64_t v = k < c->ngiven ? c->given[k] : 0;
    if (call->type->kind == IR_TY_BOOL) v = v != 0;
    else if (call->type->kind == IR_TY_INT) v = op_c_wrap((OpCType){call->type->bits, call->type->is_signed}, v);
    if (c->taken.on) take(&c->taken, call, v);
    return v;
  }
  int site = c->last_site; /* (a loop calls the same site again and again) */
  if (site >= c->nsites || c->sites[site] != call)
    for (site = 0; site < c->nsites && c->sites[site] != call;) site++;
  c->last_site = site;
  /* (a call outside the sites, reached in a way collect_sites does not
     follow: the first candidate) */
  int64_t rank = site < c->nsites ? c->params[c->nparams + site % MAX_SITE_DIMS] : 0;
  const Pool *p = pool_of(c, call->type);
  int64_t v = 0;
  int64_t after = c->switch_dim >= 0 ? c->params[c->switch_dim] : -1;
  bool switched = site < c->nsites && c->site_in_loop[site] && after >= 0 && c->site_calls[site]++ >= after;
  if (p && p->n > 0 && !switched) v = p->v[rank % p->n];
  if (call->type->kind == IR_TY_BOOL) v = v != 0;
  else if (call->type->kind == IR_TY_INT) v = op_c_wrap((OpCType){call->type->bits, call->type->is_signed}, v);
  if (c->taken.on) take(&c->taken, call, v);
  return v;
}

/* ---- Input memory of a guess (pointer parameters) -----------------------------------
 * See Shape.  The objects are made in parameter order, a list's nodes in
 * list order, after the globals (cx_input_location gives their locations,
 * which the pointer cells hold). */
static bool is_scalar(const IrType *t) {
  return t->kind == IR_TY_INT || t->kind == IR_TY_BOOL || t->kind == IR_TY_FLOAT || t->kind == IR_TY_PTR;
}

static bool same_struct(const IrType *a, const IrType *b) {
  return a == b || (a->kind == IR_TY_STRUCT && b->kind == IR_TY_STRUCT && a->tag && b->tag && !strcmp(a->tag, b->tag));
}

/* The cell types of a value of type t (structs and arrays flattened as
   cx_cells counts them); false for what a guess cannot fill. */
static bool flatten(const IrType *t, const IrType **out, int64_t *n, int64_t cap) {
  if (t->kind == IR_TY_ARRAY) {
    for (int64_t i = 0; i < t->count; i++)
      if (!flatten(t->base, out, n, cap)) return false;
    return t->count > 0;
  }
  if (t->kind == IR_TY_STRUCT) {
    for (int f = 0; f < t->nfields; f++)
      if (!flatten(t->fields[f].type, out, n, cap)) return false;
    return t->complete && t->nfields > 0;
  }
  if (!is_scalar(t) || *n >= cap) return false;
  out[(*n)++] = t;
  return true;
}

static bool make_shapes(LblConcrete *c) {
  c->shapes = calloc((size_t)c->nparams + 1, sizeof *c->shapes);
  if (!c->shapes) return false;
  for (int i = 0; i < c->nparams; i++) {
    const IrType *t = tr_param(c->t, i).type;
    if (t->kind != IR_TY_PTR) continue;
    const IrType *e = t->base;
    if (e->kind != IR_TY_STRUCT && e->kind != IR_TY_INT && e->kind != IR_TY_BOOL && e->kind != IR_TY_FLOAT) return false;
    Shape *sh = &c->shapes[c->nshapes++];
    sh->param = i;
    sh->elem = e;
    sh->link = -1;
    int64_t n = cx_cells(e);
    if (n <= 0 || n > 256) return false;
    sh->cell_type = calloc((size_t)n, sizeof *sh->cell_type);
    if (!sh->cell_type || !flatten(e, sh->cell_type, &sh->ncells, n) || sh->ncells != n) return false;
    for (int64_t k = 0; k < n && sh->link < 0; k++) {
      const IrType *ct = sh->cell_type[k];
      if (ct->kind == IR_TY_PTR && e->kind == IR_TY_STRUCT && same_struct(ct->base, e)) sh->link = k;
    }
  }
  return true;
}

/* The candidate lengths of an input memory, at most `most`: 0 (NULL), 1,
   2, 3, then each constant K written in the program and K + 1 (a string
   of K characters and its end), nearest 0 first, then the integer
   candidates. */
static int lengths(const int64_t *iters, int niters, const Consts *k, int64_t most, int64_t *out, int cap) {
  static const IrType int32 = {.kind = IR_TY_INT, .bits = 32, .is_signed = true};
  int64_t *all = malloc(sizeof *all * (size_t)(2 * (k->nwritten / 3) + 2 * cap + 8));
  if (!all) return 0;
  int n = 0, m = 0;
  for (int64_t v = 0; v <= 3; v++) all[n++] = v;
  int first = n;
  for (int i = 1; i < k->nwritten; i += 3) all[n++] = k->v[i], all[n++] = (int64_t)((uint64_t)k->v[i] + 1);
  qsort(all + first, (size_t)(n - first), sizeof *all, by_magnitude);
  n += int_candidates(iters, niters, k, &int32, all + n, cap, true);
  for (int i = 0; i < n && m < cap; i++)
    if (all[i] >= 0 && all[i] <= most && !has(out, m, all[i])) out[m++] = all[i];
  free(all);
  return m > 0 ? m : (out[0] = 0, 1);
}

/* The value of a scalar cell of type t at value rank r (pointers: NULL). */
static int64_t fill_value(LblConcrete *c, const IrType *t, int64_t r) {
  const Pool *p = t->kind == IR_TY_PTR ? NULL : pool_of(c, t);
  if (!p || p->n == 0) return 0;
  return p->v[(r / 2) % p->n];
}

static bool build_inputs(LblConcrete *c) {
  int64_t total = 0, nobjs = 0;
  for (int i = 0; i < c->nshapes; i++) {
    int64_t len = c->params[c->shape_dims + 2 * i];
    if (len < 0) return false;
    total += len * c->shapes[i].ncells;
    nobjs += c->shapes[i].link >= 0 ? len : len > 0;
  }
  if (total > MAX_INPUT_CELLS) return false;
  CxInputObject *objs = realloc(c->objs, sizeof *objs * (size_t)(nobjs + 1));
  int64_t *cells = objs ? realloc(c->cells, sizeof *cells * (size_t)(total + 1)) : NULL;
  if (objs) c->objs = objs;
  if (!cells) return false;
  c->cells = cells;
  c->nobjs = 0;
  int64_t at = 0;
  for (int i = 0; i < c->nshapes; i++) { /* the objects, their cells' values but the links */
    const Shape *sh = &c->shapes[i];
    int64_t len = c->params[c->shape_dims + 2 * i], rank = c->params[c->shape_dims + 2 * i + 1];
    int64_t objects = sh->link >= 0 ? len : len > 0, per = sh->link >= 0 ? 1 : len;
    for (int64_t j = 0; j < objects; j++) {
      c->objs[c->nobjs++] = (CxInputObject){sh->elem, per, c->cells + at};
      for (int64_t e = 0; e < per; e++)
        for (int64_t k = 0; k < sh->ncells; k++) c->cells[at++] = fill_value(c, sh->cell_type[k], rank);
    }
    if (sh->link < 0 && len > 1 && rank % 2 && sh->ncells == 1) c->cells[at - 1] = 0; /* a string's end */
  }
  /* the pointers: each parameter to its first object, each node to the
     next (objects are [header][cells][gap]: the next base is 2 further) */
  int64_t loc = cx_input_location(c->cx, c->objs, 0), off = 0;
  int o = 0;
  for (int i = 0; i < c->nshapes; i++) {
    const Shape *sh = &c->shapes[i];
    int64_t len = c->params[c->shape_dims + 2 * i];
    int64_t objects = sh->link >= 0 ? len : len > 0;
    c->args[sh->param] = objects ? loc : 0;
    for (int64_t j = 0; j < objects; j++, o++) {
      int64_t ncells = c->objs[o].count * sh->ncells, next = loc + ncells + 2;
      if (sh->link >= 0) c->cells[off + sh->link] = j + 1 < objects ? next : 0;
      loc = next;
      off += ncells;
    }
  }
  return true;
}

/* One guess run with at most `budget` steps: 1 it met the objective, 2 the
   budget cut it (more steps may answer), 0 otherwise. */
static int guess_run(LblConcrete *c, uint64_t budget) {
  bool cut;
  int r = run_steps(c, budget, &cut) == 1 ? 1 : cut ? 2 : 0;
  return r != 1 && follow_compares(c) ? 1 : r;
}

/* Runs the combinations of candidates in shells of growing rank (every
   combination whose worst-ranked candidate has rank r, for r = 0, 1, ...),
   so that the first candidates of every parameter meet early.  Cheap runs
   come first: the shells are run GUESS_LEVELS times with a per-run step
   budget 8 times larger each time, the last one CX_RUN_STEPS; a level runs
   only the combinations still pending: not run yet, or cut by the budget
   of the level before (a loop bound among the
   first candidates may cost a million steps per run where a later
   combination meets the objective in a thousand).  The levels before the
   last spend at most GUESS_STEPS / 8 each.  True when one met the
   objective. */
static bool run_shells(LblConcrete *c, const int64_t *cand, const int *count, int cap, double deadline) {
  int n = c->ndims, maxcount = 1;
  for (int i = 0; i < n; i++) maxcount = count[i] > maxcount ? count[i] : maxcount;
  int *at = calloc((size_t)(n > 0 ? n : 0) + 1, sizeof *at);
  uint8_t *pending = malloc(GUESS_RUNS + 1); /* by position in the order of the shells */
  uint64_t steps0 = c->steps;
  bool found = false, stop = !at || !pending;
  if (pending) memset(pending, 1, GUESS_RUNS + 1);
  for (int level = 0; level < GUESS_LEVELS && !found && !stop; level++) {
    bool last = level == GUESS_LEVELS - 1;
    uint64_t budget = (uint64_t)CX_RUN_STEPS >> (3 * (GUESS_LEVELS - 1 - level));
    uint64_t level0 = c->steps;
    size_t seq = 0;
    for (int r = 0; r < maxcount && !found && !stop; r++) {
      memset(at, 0, sizeof *at * (size_t)(n > 0 ? n : 1));
      for (;;) {
        int worst = 0;
        for (int i = 0; i < n; i++) worst = at[i] > worst ? at[i] : worst;
        if (worst == r && seq <= GUESS_RUNS && pending[seq]) {
          for (int i = 0; i < n; i++) c->params[i] = cand[i * cap + at[i]];
          int g = guess_run(c, budget);
          if (g == 1) {
            found = true;
            break;
          }
          pending[seq] = g == 2;
          if (c->steps - steps0 > GUESS_STEPS || (deadline > 0 && prop_now() >= deadline)) {
            stop = true;
            break;
          }
          if (!last && c->steps - level0 > GUESS_STEPS / 8) break; /* the next level, sooner */
        }
        if (worst == r) seq++;
        int i = n - 1; /* the next combination with every rank <= r */
        while (i >= 0 && (++at[i] > r || at[i] >= count[i])) at[i--] = 0;
        if (i < 0) break;
      }
      if (!last && c->steps - level0 > GUESS_STEPS / 8) break; /* what this level did not run stays pending */
    }
  }
  free(at);
  free(pending);
  return found;
}

bool lbl_cx_guess(LblConcrete *c, double deadline) {
  int n = c->ndims;
  int64_t iters[3 * 8];
  int niters = 0;
  Consts *consts = calloc(1, sizeof *consts);
  if (!consts) return false;
  const IrProgram *p = c->q->prog;
  for (int f = 0; f < p->nfuncs; f++)
    if (p->funcs[f]->defined) block_constants(&p->funcs[f]->body, consts);
  add_scaled(consts);
  for (int j = 0; j < c->q->obj.niter && j < 8; j++)
    for (int d = -1; d <= 1; d++) iters[niters++] = c->q->obj.iter[j] + d;
  /* (a pointer parameter's own dimension has one value, the switch at most
     SWITCHES: the shells reach their first values early all the same) */
  int cap = MAX_CANDIDATES, free_dims = n - c->nshapes - (c->switch_dim >= 0);
  for (int64_t prod = 1; cap > 2; cap--) { /* cap^free_dims <= GUESS_RUNS */
    prod = 1;
    for (int i = 0; i < free_dims && prod <= GUESS_RUNS; i++) prod *= cap;
    if (prod <= GUESS_RUNS) break;
  }
  size_t nn = (size_t)(n > 0 ? n : 0), ncap = (size_t)(cap > 0 ? cap : 1);
  int64_t *cand = calloc((nn + 1) * ncap, sizeof *cand);
  int *count = calloc(nn + 1, sizeof *count);
  for (int i = 0; i < c->nparams; i++) /* (a pointer's value is its shape's: one placeholder) */
    count[i] = tr_param(c->t, i).type->kind == IR_TY_PTR
                   ? 1
                   : candidates(iters, niters, consts, tr_param(c->t, i).type, cand + i * cap, cap, cap < FEW);
  if (c->guess_only && !c->npools) make_pools(c, iters, niters, consts, cap);
  for (int d = c->nparams; d < c->nparams + (c->nsites < MAX_SITE_DIMS ? c->nsites : MAX_SITE_DIMS); d++) {
    /* a site dimension: the ranks of the largest pool among its sites' types */
    for (int j = d - c->nparams; j < c->nsites; j += MAX_SITE_DIMS) {
      const Pool *pl = pool_of(c, c->sites[j]->type);
      if (pl && pl->n > count[d]) count[d] = pl->n;
    }
    if (count[d] < 1) count[d] = 1;
    for (int r = 0; r < count[d]; r++) cand[d * cap + r] = r;
  }
  if (c->switch_dim >= 0) { /* never (-1), then after the lengths' numbers of calls */
    int d = c->switch_dim;
    cand[d * cap] = -1;
    count[d] = 1 + lengths(iters, niters, consts, INT64_MAX, cand + d * cap + 1, (cap < SWITCHES ? cap : SWITCHES) - 1);
  }
  for (int i = 0; i < c->nshapes; i++) { /* an input memory's length, then its value rank */
    const Shape *sh = &c->shapes[i];
    int d = c->shape_dims + 2 * i;
    count[d] = lengths(iters, niters, consts, sh->link >= 0 ? 4096 : MAX_INPUT_CELLS / sh->ncells, cand + d * cap, cap);
    int ranks = 1;
    for (int64_t k = 0; k < sh->ncells; k++) {
      const Pool *pl = pool_of(c, sh->cell_type[k]);
      if (pl && 2 * pl->n > ranks) ranks = 2 * pl->n;
    }
    count[d + 1] = ranks < cap ? ranks : cap;
    for (int r = 0; r < count[d + 1]; r++) cand[(d + 1) * cap + r] = r;
  }
  c->cmp_on = true;
  c->cmp_deadline = deadline;
  bool found = run_shells(c, cand, count, cap, deadline);
  c->cmp_on = false;
  c->cut = NULL; /* guessing claims nothing */
  free(cand);
  free(count);
  free(consts);
  return found;
}

/* ---- Sweeping small values ----------------------------------------------------------- */
/* The candidates above miss witnesses that are neither small nor a
   constant of the program (a seed of 495, a length of 179 with a start
   byte of 215).  The sweep runs the values of the parameters' domains in
   order of magnitude, in shells of growing rank like run_shells: every
   combination whose worst-ranked value has rank r, for r = 0, 1, ...  It is
   a guess (it claims nothing: the domains may be the root's, cut in the
   middle of its fixpoint) bounded by SWEEP_STEPS and the deadline; the
   first shells repeat the window of the candidates, which costs little.
   Each run is charged SWEEP_RUN_COST steps besides its own: a run of a few
   steps costs microseconds of setup (a function without long loops makes
   the sweep a million runs otherwise). */
enum { SWEEP_STEPS = 200000000, SWEEP_RUN_COST = 1000 };
/* The probing end's pass (lbl_cx_sweep_probing) may take more: each of its
   runs stands for a whole range of lengths. */
#define SWEEP_PROBING_STEPS ((uint64_t)5 * SWEEP_STEPS)

/* The value of rank r (r >= 0) in [lo, hi], ordered by magnitude, the
   positive one first on ties: 0, 1, -1, 2, -2, ...; false past the end. */
static bool value_of_rank(int64_t lo, int64_t hi, uint64_t r, int64_t *out) {
  assert(lo <= hi);
  uint64_t size = (uint64_t)hi - (uint64_t)lo; /* one less than the number of values */
  if (r > size) return false;
  if (lo >= 0) return *out = lo + (int64_t)r, true;
  if (hi <= 0) return *out = hi - (int64_t)r, true;
  uint64_t below = (uint64_t)0 - (uint64_t)lo, above = (uint64_t)hi, pairs = below < above ? below : above;
  if (r <= 2 * pairs) { /* 0, then alternating while both sides have values */
    int64_t k = (int64_t)((r + 1) / 2);
    return *out = r % 2 ? k : -k, true;
  }
  int64_t k = (int64_t)(pairs + (r - 2 * pairs)); /* one side only, further out */
  return *out = above > below ? k : -k, true;
}

/* What the sweep walks: per parameter, the bounds of its values (the
   root's domain, or its type's range when the root's store failed: cut by
   a budget in the middle of its fixpoint) and their number. */
typedef struct Sweep {
  int64_t *lo, *hi;
  uint64_t *count, *at;      /* at: the rank of each parameter in this combination */
  int *probe;                /* per parameter: cx_probe_direction */
  bool holes;                /* skip values the store's domains exclude */
  uint64_t steps0;           /* c->steps when the sweep began */
  uint64_t steps;            /* the runs' setup, charged as steps */
  uint64_t max_steps;        /* SWEEP_STEPS, or the first pass's share */
  double deadline;
} Sweep;

/* The value of rank r of parameter i: by magnitude, except that a
   parameter whose runs probe the others (cx_probe_direction: a loop bound
   n, where one run with the largest n tries every shorter length) puts
   that end of its domain first. */
static bool sweep_value(const Sweep *sw, int i, uint64_t r, int64_t *out) {
  if (!sw->probe[i]) return value_of_rank(sw->lo[i], sw->hi[i], r, out);
  if (r == 0) return *out = sw->probe[i] > 0 ? sw->hi[i] : sw->lo[i], true;
  return value_of_rank(sw->lo[i], sw->hi[i], r - 1, out);
}

/* Sets the parameters to the ranks in sw->at: false when a value falls in
   a hole of its domain (that combination is not run). */
static bool set_ranks(LblConcrete *c, PropStore *s, const Sweep *sw) {
  for (int i = 0; i < c->nparams; i++) {
    bool inside = sweep_value(sw, i, sw->at[i], &c->params[i]);
    assert(inside); /* the ranks stay below the counts */
    (void)inside;
    if (sw->holes && !prop_has(s, tr_param(c->t, i).var, c->params[i])) return false;
  }
  return true;
}

/* Runs the shell of rank r: for each j whose domain has a value of rank r,
   the combinations whose first dimension of rank r is j (dimensions before
   it below r, after it up to r, each within its `count` values).  1: one
   met the objective; -1: the budget or the deadline stopped it; 0: the
   shell is done; *any: it had combinations (false once every domain is
   exhausted). */
static int sweep_shell(LblConcrete *c, PropStore *s, uint64_t r, Sweep *sw, bool *any) {
  int n = c->nparams;
  uint64_t *at = sw->at;
  for (int j = 0; j < n; j++) {
    if (r >= sw->count[j] || (j > 0 && r == 0)) continue; /* (the shell of rank 0 is one combination) */
    for (int i = 0; i < n; i++) at[i] = 0;
    at[j] = r;
    for (;;) {
      *any = true;
      if (set_ranks(c, s, sw)) {
        if (run_steps(c, CX_RUN_STEPS, NULL) == 1 || follow_compares(c)) return 1;
        sw->steps += SWEEP_RUN_COST;
        if (c->steps + sw->steps - sw->steps0 > sw->max_steps || (sw->deadline > 0 && prop_now() >= sw->deadline)) return -1;
      }
      int i = n - 1; /* the next combination of this part of the shell */
      for (; i >= 0; i--) {
        if (i == j) continue;
        uint64_t end = i < j ? r : r + 1;
        if (++at[i] < (end < sw->count[i] ? end : sw->count[i])) break;
        at[i] = 0;
      }
      if (i < 0) break;
    }
  }
  return 0;
}

/* The range of values of integer type t, as stored. */
static void type_range(const IrType *t, int64_t *lo, int64_t *hi) {
  if (t->kind == IR_TY_BOOL) {
    *lo = 0, *hi = 1;
  } else if (t->bits >= 64) {
    *lo = INT64_MIN, *hi = INT64_MAX; /* (a 64-bit unsigned value is stored as its bit pattern) */
  } else {
    *lo = t->is_signed ? -((int64_t)1 << (t->bits - 1)) : 0;
    *hi = t->is_signed ? ((int64_t)1 << (t->bits - 1)) - 1 : ((int64_t)1 << t->bits) - 1;
  }
}

/* The shells from rank 0 until one meets the objective (1), the budget or
   the deadline stops them (-1), or every domain is exhausted (0); *r: the
   shells run. */
static int sweep_shells(LblConcrete *c, PropStore *s, Sweep *sw, uint64_t *r) {
  int res = 0;
  for (*r = 0; res == 0; ++*r) {
    bool any = false;
    res = sweep_shell(c, s, *r, sw, &any);
    if (res == 0 && !any) break; /* every domain is exhausted */
  }
  return res;
}

static void sweep_free(Sweep *sw) {
  free(sw->lo);
  free(sw->hi);
  free(sw->count);
  free(sw->at);
  free(sw->probe);
}

/* The domains to sweep (the root's, or the types' ranges); false when the
   parameters are not all integers, or nothing can be swept. */
static bool sweep_init(LblConcrete *c, PropStore *s, Sweep *sw, double deadline) {
  int n = c->nparams;
  if (c->guess_only || n == 0) return false; /* nondet values or input memories: not values to sweep */
  for (int i = 0; i < n; i++) {
    const IrType *ty = tr_param(c->t, i).type;
    if (ty->kind != IR_TY_INT && ty->kind != IR_TY_BOOL) return false; /* float keys have no magnitude order */
  }
  size_t m = (size_t)n;
  *sw = (Sweep){.lo = calloc(m, sizeof *sw->lo), .hi = calloc(m, sizeof *sw->hi), .count = calloc(m, sizeof *sw->count),
                .at = calloc(m, sizeof *sw->at), .probe = calloc(m, sizeof *sw->probe), .holes = !prop_failed(s),
                .steps0 = c->steps, .max_steps = SWEEP_STEPS, .deadline = deadline};
  if (!sw->lo || !sw->hi || !sw->count || !sw->at || !sw->probe) {
    sweep_free(sw);
    return false;
  }
  for (int i = 0; i < n; i++) {
    PropVar x = tr_param(c->t, i).var;
    if (sw->holes) sw->lo[i] = prop_min(s, x), sw->hi[i] = prop_max(s, x);
    else type_range(tr_param(c->t, i).type, &sw->lo[i], &sw->hi[i]);
    uint64_t size = (uint64_t)sw->hi[i] - (uint64_t)sw->lo[i];
    sw->count[i] = size == UINT64_MAX ? size : size + 1;
    sw->probe[i] = cx_probe_direction(c->cx, i);
    if (sw->probe[i] && sw->count[i] != UINT64_MAX) sw->count[i]++; /* the probing end, then every value */
  }
  return true;
}

/* Runs the shells of sw; true when a run met the objective. */
static bool sweep_run(LblConcrete *c, PropStore *s, Sweep *sw, const char *what) {
  c->cmp_on = true;
  c->cmp_deadline = sw->deadline;
  uint64_t r = 0;
  double began = prop_now();
  int res = sweep_shells(c, s, sw, &r);
  c->cmp_on = false;
  if (getenv("INKA_STAGES"))
    fprintf(stderr, "%s: %s after %" PRIu64 " shells, %" PRIu64 " steps, %.2f s\n", what,
            res == 1 ? "met" : res < 0 ? "cut" : "done", r, c->steps - sw->steps0, prop_now() - began);
  c->cut = NULL; /* a guess claims nothing */
  return res == 1;
}

bool lbl_cx_sweep(LblConcrete *c, PropStore *s, double deadline) {
  Sweep sw;
  if (!sweep_init(c, s, &sw, deadline)) return false;
  bool met = sweep_run(c, s, &sw, "sweep");
  sweep_free(&sw);
  return met;
}

/* Exit probes make one run at the largest length n try every shorter one
   (cx_probe_direction), so with n at its probing end only, one run per
   combination of the other parameters (each seed of a checksum over a
   stream of n bytes) covers what the full shells spread over n's values:
   they reach seed 201 of a 256-seed, 100,001-length space after 202^2 runs
   of 10^5 iterations, this pass after 202.  Only when the other parameters
   have at most SWEEP_PROBING_COMBINATIONS combinations: the pass's runs
   are the longest ones, and it should cover its space. */
enum { SWEEP_PROBING_COMBINATIONS = 65536 };

bool lbl_cx_sweep_probing(LblConcrete *c, PropStore *s, double deadline) {
  Sweep sw;
  if (!sweep_init(c, s, &sw, deadline)) return false;
  bool probing = false;
  uint64_t others = 1;
  for (int i = 0; i < c->nparams; i++) {
    if (sw.probe[i]) {
      probing = true;
      sw.count[i] = 1; /* rank 0: the probing end */
    } else {
      bool many = sw.count[i] > SWEEP_PROBING_COMBINATIONS || others * sw.count[i] > SWEEP_PROBING_COMBINATIONS;
      others = many ? SWEEP_PROBING_COMBINATIONS + 1 : others * sw.count[i];
    }
  }
  bool met = false;
  if (probing && others <= SWEEP_PROBING_COMBINATIONS) {
    sw.max_steps = SWEEP_PROBING_STEPS;
    met = sweep_run(c, s, &sw, "sweep, probing end");
  }
  sweep_free(&sw);
  return met;
}

/* ---- Enumerating small domains ------------------------------------------------------ */
/* Would the rest of `total` runs, at the pace of the first `done`, end
   after the deadline? */
static bool too_slow(double began, uint64_t done, uint64_t total, double deadline) {
  if (deadline <= 0) return false;
  double now = prop_now();
  return now + (now - began) / (double)done * (double)(total - done) > deadline;
}

/* Steps of an enumeration that pay for compiling the program (concrete/native.c). */
enum { NATIVE_WORTH = 20 * 1000 * 1000 };

int lbl_cx_enumerate(LblConcrete *c, PropStore *s, double deadline, uint64_t limit) {
  if (c->guess_only) return -1; /* the nondet values are not inputs it can enumerate */
  int n = c->nparams;
  uint64_t product = 1;
  for (int i = 0; i < n; i++) {
    uint64_t size = prop_size(s, tr_param(c->t, i).var);
    if (size == 0 || size > limit || (product *= size) > limit) return -1;
  }
  for (int i = 0; i < n; i++) c->params[i] = prop_min(s, tr_param(c->t, i).var);
  /* without inputs one run decides: only --timeout bounds it (a loop run
     10^9 times is a few seconds of running, where unfolding gives up) */
  uint64_t steps = n == 0 && c->nshapes == 0 ? CX_ONE_RUN_STEPS : CX_RUN_STEPS;
  bool cut = false;
  double began = prop_now();
  for (uint64_t k = 1;; k++) {
    uint64_t before = c->steps;
    int r = run_steps(c, steps, NULL);
    if (r == 1) return 1;
    if (r < 0) cut = true;
    /* many runs like the first one: run them natively, compiled now rather
       than in the middle of them (where the rate below would count it) */
    if (k == 1 && (double)(c->steps - before) * (double)product > NATIVE_WORTH && cx_native_prepare(c->cx))
      began = prop_now();
    if (k == product) break; /* the last one: done, whatever the clock says */
    if (deadline > 0 && prop_now() >= deadline) return -1;
    if ((k & (k - 1)) == 0 && k >= 256 && too_slow(began, k, product, deadline)) return -1;
    int i = n - 1; /* the next input: an odometer over the domains' values */
    for (; i >= 0; i--) {
      PropVar x = tr_param(c->t, i).var;
      int64_t next;
      if (c->params[i] != prop_max(s, x) && prop_next(s, x, c->params[i], &next)) {
        c->params[i] = next;
        break;
      }
      c->params[i] = prop_min(s, x);
    }
    if (i < 0) break;
  }
  return cut ? -1 : 0;
}

/* ---- Candidates found elsewhere ------------------------------------------------------ */
bool lbl_cx_try(LblConcrete *c, const int64_t *params, const int64_t *nondet, int nnondet) {
  if (!c || c->nshapes || c->found) return false; /* (pointer inputs: no memory to run with) */
  free(c->given);
  c->given = malloc(sizeof *c->given * (size_t)(nnondet + 1));
  memcpy(c->given, nondet, sizeof *c->given * (size_t)nnondet);
  c->ngiven = nnondet;
  c->serve_given = true;
  memset(c->params, 0, sizeof *c->params * (size_t)c->ndims);
  memcpy(c->params, params, sizeof *c->params * (size_t)c->nparams);
  if (run_steps(c, CX_RUN_STEPS, NULL) == 1) return true; /* lbl_cx_solution serves the same values again */
  c->serve_given = false;
  return false;
}

/* ---- Answering search nodes ---------------------------------------------------------- */
SearchLeaf lbl_cx_answer(LblConcrete *c, PropStore *s, bool leaf) {
  if (c->guess_only) return SEARCH_CONTINUE; /* the search chooses the nondet values: a run answers nothing */
  for (int i = 0; i < c->nparams; i++) {
    PropVar x = tr_param(c->t, i).var;
    if (!prop_is_fixed(s, x)) return SEARCH_CONTINUE;
    c->params[i] = prop_value(s, x);
  }
  switch (run_steps(c, leaf ? CX_RUN_STEPS : CX_PROBE_STEPS, NULL)) {
  case 1: return SEARCH_ACCEPT;
  case 0: return SEARCH_FAIL;
  default: return leaf ? SEARCH_REJECT : SEARCH_CONTINUE; /* before propagating: let propagation answer */
  }
}

bool lbl_cx_found(const LblConcrete *c) { return c && c->found; }
bool lbl_cx_no_inputs(const LblConcrete *c) { return c && c->nparams == 0 && c->nshapes == 0 && !c->guess_only; }
bool lbl_cx_loops(const LblConcrete *c) { return c && cx_has_loops(c->cx); }
const char *lbl_cx_cut(const LblConcrete *c) { return c ? c->cut : NULL; }
uint64_t lbl_cx_runs(const LblConcrete *c) { return c ? c->runs : 0; }

/* ---- The solution --------------------------------------------------------------------- */
/* The path of cell k inside a value of type ty ("key", "[2].next"). */
static const IrType *cell_path(const IrType *ty, int64_t k, char *buf, size_t len) {
  size_t used = strlen(buf);
  while (ty->kind == IR_TY_ARRAY || ty->kind == IR_TY_STRUCT) {
    if (ty->kind == IR_TY_ARRAY) {
      int64_t per = cx_cells(ty->base);
      used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "[%lld]", (long long)(k / per));
      k %= per;
      ty = ty->base;
    } else {
      int f = 0;
      while (f + 1 < ty->nfields && k >= cx_cells(ty->fields[f].type)) k -= cx_cells(ty->fields[f++].type);
      const char *name = ty->fields[f].name ? ty->fields[f].name : "?";
      if (name[0]) /* an anonymous member adds nothing: its members are the enclosing one's */
        used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? "." : "", name);
      ty = ty->fields[f].type;
    }
  }
  return ty;
}

enum { MAX_CELLS = 4096 }; /* cells reported per object, as for the model's memory */

/* Cell k of object view v: its path ("[2].next"; an input object's always
   starts with its element) and type. */
static const IrType *view_cell(const CxObjectView *v, int64_t k, char *path, size_t len) {
  int64_t per = cx_cells(v->type);
  path[0] = 0;
  if (v->count > 1 || v->input) {
    snprintf(path, len, "[%lld]", (long long)(k / per));
    return cell_path(v->type, k % per, path, len);
  }
  return cell_path(v->type, k, path, len);
}

static void locate(LblConcrete *c, LblCell *cell) {
  cell->ref = -1;
  if (cell->known && cell->type->kind == IR_TY_PTR && !cx_locate(c->cx, cell->value, &cell->ref, &cell->ref_cell))
    cell->ref = -1;
}

static void read_memory(LblConcrete *c, LblResult *r) {
  int n = cx_object_count(c->cx), heap = 0, input = 0;
  r->objects = calloc((size_t)n + 1, sizeof *r->objects);
  r->nobjects = n;
  for (int i = 0; i < n; i++) {
    CxObjectView v = cx_object_view(c->cx, i);
    LblObject *o = &r->objects[i];
    *o = (LblObject){.name = v.name, .heap = v.heap, .live = v.live, .type = v.type, .count = v.count, .line = v.line,
                     .input = v.input, .given = v.input};
    if (v.heap) snprintf(o->label, sizeof o->label, "c%d", ++heap);
    o->ncells = (int)(v.ncells < MAX_CELLS ? v.ncells : MAX_CELLS);
    o->cells = calloc((size_t)o->ncells + 1, sizeof *o->cells);
    for (int k = 0; k < o->ncells; k++) {
      LblCell *cell = &o->cells[k];
      cell->type = view_cell(&v, k, cell->path, sizeof cell->path);
      cell->known = cx_final_cell(c->cx, i, k, &cell->value);
      locate(c, cell);
    }
    if (!v.input) continue;
    /* the input objects are the run's, in order: every cell as the test writes it */
    assert(input < c->nobjs && v.ncells == c->objs[input].count * cx_cells(c->objs[input].type));
    snprintf(o->label, sizeof o->label, "in%d", input + 1);
    o->initial = calloc((size_t)o->ncells + 1, sizeof *o->initial);
    for (int k = 0; k < o->ncells; k++) {
      LblCell *cell = &o->initial[k];
      *cell = o->cells[k];
      cell->known = true;
      cell->value = c->objs[input].cells[k];
      locate(c, cell);
    }
    input++;
  }
}

void lbl_cx_solution(LblConcrete *c, LblResult *r) {
  memcpy(c->params, c->solution, sizeof *c->params * (size_t)c->ndims);
  c->taken.n = 0;
  c->taken.on = true; /* the nondet values of this run are the solution's */
  int again = run_steps(c, c->solution_steps, NULL); /* the memory of this very run (runs are deterministic) */
  c->taken.on = false;
  assert(again == 1);
  (void)again;
  r->verdict = LBL_REACHABLE;
  r->confirmed = true; /* this very run met the objective */
  r->ninputs = c->nparams;
  r->inputs = calloc((size_t)c->nparams + 1, sizeof *r->inputs);
  for (int i = 0; i < c->nparams; i++) {
    TrInput in = tr_param(c->t, i);
    LblValue *v = &r->inputs[i];
    int64_t cell = 0;
    *v = (LblValue){in.name, in.type, c->args[i], -1};
    if (in.type->kind == IR_TY_PTR && (!cx_locate(c->cx, v->value, &v->ref, &cell) || cell != 0)) v->ref = -1;
  }
  r->nnondet = c->taken.n;
  r->nondet = calloc((size_t)c->taken.n + 1, sizeof *r->nondet);
  for (int i = 0; i < c->taken.n; i++)
    r->nondet[i] = (LblValue){c->taken.call[i]->callee_name, c->taken.call[i]->type, c->taken.v[i], -1};
  r->has_return = false; /* the path ends where the objective happens */
  read_memory(c, r);
}
