/* concrete.c - the concrete mode (concrete/) inside the search of one
 * objective: once the parameters are fixed, running the program answers
 * for every node below (see lbl_concrete.h for the three uses).
 *
 * A run's outcome is the answer of the inputs it ran: the objective met is
 * a solution; a return, an abort/exit or a trap without it refutes them;
 * anything else (a read no test controls, a step budget, a model limit) is
 * no answer, and then nothing that depends on it can be a proof.  This file
 * must never turn such a run into a refutation.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lbl_concrete.h"

enum {
  CX_RUN_STEPS = 20000000,   /* per run: past it the run is no answer */
  CX_PROBE_STEPS = 2000000,  /* per run answering a search node: past it,
                                propagation answers instead */
  GUESS_RUNS = 20000,        /* candidate inputs tried before propagating */
  GUESS_STEPS = 200000000,   /* and the steps they may take in all */
  GUESS_LEVELS = 4,          /* per-run step budgets CX_RUN_STEPS / 8^3 .. / 8^0 */
  GUESS_WINDOW = 16,         /* values -16..16 are candidates */
  MAX_CANDIDATES = 512,
};

struct LblConcrete {
  const LblQuery *q;
  Tr *t;
  CxProgram *cx;
  int nparams;
  int64_t *params;           /* the inputs of the run being answered */
  int64_t *solution;         /* the inputs that met the objective */
  bool found;
  const char *cut;
  uint64_t runs, steps;
};

LblConcrete *lbl_cx_new(const LblQuery *q, Tr *t) {
  if (ir_takes_pointers(q->fn)) return NULL; /* the input memory is the search's to build */
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
  if (cx_uses_nondet(cx)) { /* the search chooses nondet values along the path */
    cx_free(cx);
    return NULL;
  }
  LblConcrete *c = calloc(1, sizeof *c);
  c->q = q;
  c->t = t;
  c->cx = cx;
  c->nparams = tr_param_count(t);
  c->params = calloc((size_t)c->nparams + 1, sizeof *c->params);
  c->solution = calloc((size_t)c->nparams + 1, sizeof *c->solution);
  return c;
}

void lbl_cx_free(LblConcrete *c) {
  if (!c) return;
  cx_free(c->cx);
  free(c->params);
  free(c->solution);
  free(c);
}

/* Runs c->params: 1 the objective was met, 0 refuted, -1 no answer;
   *cut (may be NULL): the step budget stopped it (more steps may answer). */
static int run_steps(LblConcrete *c, uint64_t steps, bool *cut) {
  CxResult r;
  CxRunOptions o = {.max_steps = steps};
  c->runs++;
  CxOutcome out = cx_run(c->cx, c->params, NULL, 0, &o, &r);
  c->steps += r.steps;
  if (cut) *cut = out == CX_BUDGET && r.steps >= steps;
  switch (out) {
  case CX_REACHED:
    c->found = true;
    memcpy(c->solution, c->params, sizeof *c->params * (size_t)c->nparams);
    return 1;
  case CX_RETURNED: case CX_ENDED: case CX_TRAP:
    return 0;
  default:
    c->cut = r.reason ? r.reason : "a concrete run was no answer";
    return -1;
  }
}

static int run(LblConcrete *c) { return run_steps(c, CX_RUN_STEPS, NULL); }

/* ---- Guessing before propagation ------------------------------------------------- */
static void add_constants(const IrExpr *e, int64_t *v, int *n) {
  if (!e) return;
  if (e->kind == IR_INT_CONST && *n + 3 <= MAX_CANDIDATES) {
    v[(*n)++] = e->ival - 1;
    v[(*n)++] = e->ival;
    v[(*n)++] = e->ival + 1;
  }
  for (int i = 0; i < 3; i++) add_constants(e->a[i], v, n);
}

static void block_constants(const IrBlock *b, int64_t *v, int *n) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    add_constants(s->lhs, v, n);
    add_constants(s->rhs, v, n);
    add_constants(s->cond, v, n);
    for (int a = 0; a < s->nargs; a++) add_constants(s->args[a], v, n);
    block_constants(&s->then, v, n);
    block_constants(&s->els, v, n);
    block_constants(&s->pre, v, n);
    block_constants(&s->body, v, n);
    block_constants(&s->step, v, n);
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
   3K.  Adds K*s-1, K*s, K*s+1 for s = 2, 3 and every constant K outside
   the window of small values (consts holds each constant with its
   neighbours, K-1, K, K+1). */
static void add_scaled(int64_t *v, int *n) {
  int base = *n;
  for (int i = 1; i < base; i += 3) {
    int64_t k = v[i];
    if (k > -GUESS_WINDOW && k < GUESS_WINDOW) continue;
    if (k > INT64_MAX / 4 || k < INT64_MIN / 4) continue;
    for (int64_t s = 2; s <= 3; s++)
      for (int64_t d = -1; d <= 1 && *n < MAX_CANDIDATES; d++)
        if (!has(v, *n, k * s + d)) v[(*n)++] = k * s + d;
  }
}

/* The candidates of a parameter of type t, at most cap, in this order: the
   --iter numbers +-1 (trip counts often follow them), then the program's
   constants +-1 and the values nearest 0 (at least -GUESS_WINDOW..
   GUESS_WINDOW, more while there is room), nearest 0 first, then the
   type's extremes. */
static int candidates(const int64_t *iters, int niters, const int64_t *consts, int nconsts, const IrType *t,
                      int64_t *out, int cap) {
  int k = 0;
  for (int i = 0; i < niters && k < cap; i++)
    if (fits(t, iters[i]) && !has(out, k, iters[i])) out[k++] = iters[i];
  int64_t all[2 * MAX_CANDIDATES + 2 * GUESS_WINDOW + 2];
  int n = 0;
  int64_t w = (cap - nconsts) / 2;
  if (w < GUESS_WINDOW) w = GUESS_WINDOW;
  if (w > MAX_CANDIDATES / 2) w = MAX_CANDIDATES / 2;
  for (int64_t v = -w; v <= w; v++) all[n++] = v;
  for (int i = 0; i < nconsts; i++) all[n++] = consts[i];
  qsort(all, (size_t)n, sizeof *all, by_magnitude);
  int near = cap - (cap / 4 < 4 ? cap / 4 : 4); /* room for the type's extremes at the end */
  for (int i = 0; i < n && k < near; i++)
    if (fits(t, all[i]) && !has(out, k, all[i])) out[k++] = all[i];
  return add_extremes(t, out, k, cap);
}

/* One guess run with at most `budget` steps: 1 it met the objective, 2 the
   budget cut it (more steps may answer), 0 otherwise. */
static int guess_run(LblConcrete *c, uint64_t budget) {
  bool cut;
  return run_steps(c, budget, &cut) == 1 ? 1 : cut ? 2 : 0;
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
  int n = c->nparams, maxcount = 1;
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
  int n = c->nparams;
  int64_t consts[MAX_CANDIDATES], iters[3 * 8];
  int nconsts = 0, niters = 0;
  const IrProgram *p = c->q->prog;
  for (int f = 0; f < p->nfuncs; f++)
    if (p->funcs[f]->defined) block_constants(&p->funcs[f]->body, consts, &nconsts);
  add_scaled(consts, &nconsts);
  for (int j = 0; j < c->q->obj.niter && j < 8; j++)
    for (int d = -1; d <= 1; d++) iters[niters++] = c->q->obj.iter[j] + d;
  int cap = MAX_CANDIDATES;
  for (int64_t prod = 1; cap > 2; cap--) { /* cap^n <= GUESS_RUNS */
    prod = 1;
    for (int i = 0; i < n && prod <= GUESS_RUNS; i++) prod *= cap;
    if (prod <= GUESS_RUNS) break;
  }
  size_t nn = (size_t)(n > 0 ? n : 0), ncap = (size_t)(cap > 0 ? cap : 1);
  int64_t *cand = calloc((nn + 1) * ncap, sizeof *cand);
  int *count = calloc(nn + 1, sizeof *count);
  for (int i = 0; i < n; i++)
    count[i] = candidates(iters, niters, consts, nconsts, tr_param(c->t, i).type, cand + i * cap, cap);
  bool found = run_shells(c, cand, count, cap, deadline);
  c->cut = NULL; /* guessing claims nothing */
  free(cand);
  free(count);
  return found;
}

/* ---- Enumerating small domains ------------------------------------------------------ */
int lbl_cx_enumerate(LblConcrete *c, PropStore *s, double deadline) {
  int n = c->nparams;
  uint64_t product = 1;
  for (int i = 0; i < n; i++) {
    uint64_t size = prop_size(s, tr_param(c->t, i).var);
    if (size == 0 || size > LBL_CX_ENUM_LIMIT || (product *= size) > LBL_CX_ENUM_LIMIT) return -1;
  }
  for (int i = 0; i < n; i++) c->params[i] = prop_min(s, tr_param(c->t, i).var);
  bool cut = false;
  for (uint64_t k = 0;; k++) {
    int r = run(c);
    if (r == 1) return 1;
    if (r < 0) cut = true;
    (void)k;
    if (deadline > 0 && prop_now() >= deadline) return -1;
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

/* ---- Answering search nodes ---------------------------------------------------------- */
SearchLeaf lbl_cx_answer(LblConcrete *c, PropStore *s, bool leaf) {
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
      used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? "." : "",
                               ty->fields[f].name ? ty->fields[f].name : "?");
      ty = ty->fields[f].type;
    }
  }
  return ty;
}

enum { MAX_CELLS = 4096 }; /* cells reported per object, as for the model's memory */

static void read_memory(LblConcrete *c, LblResult *r) {
  int n = cx_object_count(c->cx), heap = 0;
  r->objects = calloc((size_t)n + 1, sizeof *r->objects);
  r->nobjects = n;
  for (int i = 0; i < n; i++) {
    CxObjectView v = cx_object_view(c->cx, i);
    LblObject *o = &r->objects[i];
    *o = (LblObject){.name = v.name, .heap = v.heap, .live = v.live, .type = v.type, .count = v.count, .line = v.line};
    if (v.heap) snprintf(o->label, sizeof o->label, "c%d", ++heap);
    o->ncells = (int)(v.ncells < MAX_CELLS ? v.ncells : MAX_CELLS);
    o->cells = calloc((size_t)o->ncells + 1, sizeof *o->cells);
    int64_t per = cx_cells(v.type);
    for (int k = 0; k < o->ncells; k++) {
      LblCell *cell = &o->cells[k];
      cell->path[0] = 0;
      if (v.count > 1) {
        snprintf(cell->path, sizeof cell->path, "[%lld]", (long long)(k / per));
        cell->type = cell_path(v.type, k % per, cell->path, sizeof cell->path);
      } else {
        cell->type = cell_path(v.type, k, cell->path, sizeof cell->path);
      }
      cell->known = cx_final_cell(c->cx, i, k, &cell->value);
      cell->ref = -1;
      if (cell->known && cell->type->kind == IR_TY_PTR && !cx_locate(c->cx, cell->value, &cell->ref, &cell->ref_cell))
        cell->ref = -1;
    }
  }
}

void lbl_cx_solution(LblConcrete *c, LblResult *r) {
  memcpy(c->params, c->solution, sizeof *c->params * (size_t)c->nparams);
  int again = run(c); /* the memory of this very run (runs are deterministic) */
  assert(again == 1);
  (void)again;
  r->verdict = LBL_REACHABLE;
  r->ninputs = c->nparams;
  r->inputs = calloc((size_t)c->nparams + 1, sizeof *r->inputs);
  for (int i = 0; i < c->nparams; i++) {
    TrInput in = tr_param(c->t, i);
    r->inputs[i] = (LblValue){in.name, in.type, c->solution[i], -1};
  }
  r->nnondet = 0;
  r->nondet = calloc(1, sizeof *r->nondet);
  r->has_return = false; /* the path ends where the objective happens */
  read_memory(c, r);
}
