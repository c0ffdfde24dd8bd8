/* load_element.c - a load: load_element(T, X, V) of the INKA memory paper
 * (5.6): V is the value at the location X points to, in memory state T.
 *
 * The paper's rules, and where each lives here:
 *   (2a) X = loc => V = T[loc]: with X fixed, V is posted equal to the cell
 *        read from the state (tr_mem_read) and the operator is entailed.
 *   (2b) dom(V) and dom(T[loc]) disjoint => X != loc: with a few candidate
 *        locations, V = value[idx] where X = where[idx] (mem_pick: two
 *        element constraints), so every candidate whose value cannot be V
 *        leaves dom(X), and when only one explains V, X is fixed: the
 *        loaded value fixes the pointer back (the CLP heap solver's guarded
 *        reads, kept as a disjunction inside the solver).
 *   Success when X = loc and V = T[loc]: entailed once posted on a fixed X.
 *   (2a, relational) a load through the very pointer of the store just
 *        below it reads the stored value, whatever location that is
 *        (mem_stored_through): X_load = X_store => V = V_stored.  The
 *        pointer variables are the same when the translation numbered
 *        both address computations alike (translate/value_number.c) or
 *        propagation proved them equal (union-find).
 *   (2a, relational) two loads through the same undecided pointer whose
 *        candidates read the same cell variables load the same value,
 *        whichever candidate the pointer takes (same_load): V2 = V1.  The
 *        two reads of t->left->key, in a callee and after it, are then one
 *        variable, and `t->left->key < t->key` in is_bst contradicts
 *        `t->left->key >= t->key` after it before the pointer is labeled.
 * Candidates that are not data cells (headers, gaps) are dropped: the
 * access check (access_s.c) ends the path there before any load.  With too
 * many candidates, or some past the frontier (memory not allocated yet on
 * this path), the load waits (tr_memory_status) until propagation
 * narrows X or an allocation moves the frontier.
 *
 * Must never drop a candidate a real execution could take.  A candidate whose
 * cell nobody wrote stays, with a value no test controls; the path that takes
 * it is abandoned (no proof), never refuted for the read: only by what holds
 * whatever the cell holds (its value is free).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "inka/gauss.h"
#include "memory_internal.h"

/* ---- load_element ------------------------------------------------------------ */
typedef struct Load {
  Propagator base;
  Tr *t;
  TrMem *m;
  PropVar x, v;
  PropVar runs;       /* the boolean "the load runs" (t->one but under && || ?:) */
  int waiting;        /* trailed */
} Load;

/* need && runs: a candidate's value is used where the load runs and takes it. */
static PropVar used(Tr *t, PropVar need, PropVar runs) {
  if (runs == t->one || need == TR_FAIL) return need;
  if (need == t->one) return runs;
  PropVar both = prop_new_var(t->s, 0, 1);
  return op_bool_and(t->s, both, need, runs) ? both : TR_FAIL;
}

/* ---- Loads of the same cells through the same pointer -------------------------
 * Each load through an undecided pointer is remembered with its candidates
 * and the cell variables they read (trailed: a trial's loads go with it).
 * A later load through the same pointer (the same variable or one proved
 * equal) whose every candidate is a candidate of the earlier one, reading
 * the same variable there, loads the earlier value: the pointer takes one
 * of the later candidates, where both read one variable.  Only the last
 * MEM_PICKS_SCANNED loads are compared (fewer equalities, never a wrong
 * one). */
typedef struct MemLoadPick {
  PropVar x, v;
  int n;
  int64_t *where;
  PropVar *value;
  struct MemLoadPick *next;
} MemLoadPick;

enum { MEM_PICKS_SCANNED = 64 };

static bool covered(PropStore *s, const MemLoadPick *p, const int64_t *where, const PropVar *value, int n) {
  for (int i = 0; i < n; i++) {
    int j = 0;
    while (j < p->n && p->where[j] != where[i]) j++;
    if (j == p->n || !(p->value[j] == value[i] || prop_same(s, p->value[j], value[i]))) return false;
  }
  return true;
}

/* The value of an earlier load of the same cells through x, or TR_UNINIT;
   remembers this one otherwise. */
static PropVar same_load(Tr *t, PropVar x, const int64_t *where, const PropVar *value, int n, PropVar v) {
  PropStore *s = t->s;
  int scanned = 0;
  for (const MemLoadPick *p = t->picks; p && scanned < MEM_PICKS_SCANNED; p = p->next, scanned++)
    if ((p->x == x || prop_same(s, p->x, x)) && covered(s, p, where, value, n)) return p->v;
  MemLoadPick *p = prop_alloc(s, sizeof *p);
  *p = (MemLoadPick){.x = x, .v = v, .n = n, .next = t->picks};
  p->where = prop_alloc(s, sizeof *p->where * (size_t)(n + 1));
  p->value = prop_alloc(s, sizeof *p->value * (size_t)(n + 1));
  memcpy(p->where, where, sizeof *where * (size_t)n);
  memcpy(p->value, value, sizeof *value * (size_t)n);
  prop_save_ptr(s, (void **)&t->picks, p);
  return TR_UNINIT;
}

/* v = m[x] once x has few targets; false on failure, *done when posted. */
static bool load_now(Tr *t, TrMem *m, PropVar x, PropVar v, PropVar runs, bool *done) {
  PropStore *s = t->s;
  PropVar stored = mem_stored_through(t, m, x);
  if (stored != TR_UNINIT) { /* rule 2a through the last store */
    *done = true;
    prop_note(s, PROP_NOTE_EQUALITY);
    return op_rel(s, v, OP_EQ, stored);
  }
  if (prop_is_fixed(s, x) && prop_value(s, x) >= tr_frontier(t)) {
    *done = false; /* a block not allocated yet on this path: wait */
    return true;
  }
  if (prop_is_fixed(s, x)) {
    *done = true;
    PropVar c = tr_mem_read(t, m, prop_value(s, x), runs);
    if (c == TR_FAIL) return false;
    if (c == TR_UNINIT) return tr_mem_uncontrolled(t, runs); /* v stays free */
    return op_rel(s, v, OP_EQ, c);
  }
  int64_t where[MEM_MAX_TARGETS];
  PropVar value[MEM_MAX_TARGETS];
  int n = mem_targets(t, x, where), k = 0;
  *done = n >= 0;
  if (n < 0) return true;
  for (int i = 0; i < n; i++) {
    if (!tr_is_cell(t, where[i])) continue;
    PropVar need = used(t, mem_candidate(t, x, where[i]), runs);
    if (need == TR_FAIL) return false;
    if ((value[k] = tr_mem_read(t, m, where[i], need)) == TR_FAIL) return false;
    if (value[k] == TR_UNINIT) {
      /* x there would read what no test controls: the path that takes it is
         abandoned (no proof).  The candidate stays, holding any value:
         dropping it would refute that path as if no execution took it. */
      if (!tr_mem_uncontrolled(t, need)) return false;
      value[k] = mem_cell_var(t, where[i]);
    }
    where[k++] = where[i];
  }
  if (k > 1) {
    PropVar same = same_load(t, x, where, value, k, v);
    if (same != TR_UNINIT && same != v) {
      prop_note(s, PROP_NOTE_EQUALITY);
      if (!op_rel(s, v, OP_EQ, same)) return false;
    }
  }
  return mem_pick(t, x, where, value, k, v);
}

static PropStatus load_propagate(PropStore *s, Propagator *p) {
  (void)s;
  Load *l = (Load *)p;
  bool done;
  bool ok = load_now(l->t, l->m, l->x, l->v, l->runs, &done);
  return tr_memory_status(l->t, p, l->x, &l->waiting, ok, done);
}

static const PropClass load_class = {"load_element", load_propagate, PROP_PRIO_GLOBAL, false};

/* ---- Past stores that never meet the load ------------------------------------
 * A load with too many candidates waits; but when the stores just below it
 * can be proved to write elsewhere, and one below them writes through the
 * load's own pointer, the load reads that store's value at once
 * (`t[i] = v; t[99999 - i] = v + 1; t[i]` reads v: 2 i == 99999 has no
 * solution).  "Elsewhere" is a trial of x == y that fails, its propagation
 * or the elimination of the equality rows (gauss.c) refuting it: sound
 * whatever propagation has narrowed.  Asked once, when the load is posted. */
enum { PAST_STORES = 4 };

static bool post_same(PropStore *s, void *ctx) {
  const PropVar *xy = ctx;
  return op_rel(s, xy[0], OP_EQ, xy[1]) && prop_propagate(s) && op_gauss(s, false) != OP_GAUSS_REFUTED;
}

static bool never_same(Tr *t, PropVar x, PropVar y) {
  PropVar xy[2] = {x, y};
  return prop_try(t->s, post_same, xy, NULL, 0, NULL) == PROP_TRIAL_FAILED;
}

static PropVar stored_past_others(Tr *t, const TrMem *m, PropVar x) {
  for (int k = 0; k <= PAST_STORES && m && m->kind == TR_MEM_STORE; k++, m = m->parent) {
    PropVar v = mem_stored_through(t, m, x);
    if (v != TR_UNINIT) return k > 0 ? v : TR_UNINIT; /* (k == 0: load_now's own rule) */
    if (k == PAST_STORES || !never_same(t, x, m->x)) break;
  }
  return TR_UNINIT;
}

bool tr_load_guarded(Tr *t, TrMem *m, PropVar x, PropVar v, PropVar runs) {
  bool done;
  if (!load_now(t, m, x, v, runs, &done)) return false;
  if (!done) {
    PropVar stored = stored_past_others(t, m, x);
    if (stored != TR_UNINIT) {
      prop_note(t->s, PROP_NOTE_EQUALITY);
      return op_rel(t->s, v, OP_EQ, stored);
    }
  }
  if (done) return true;
  Load *l = prop_propagator_new(t->s, &load_class, sizeof *l);
  l->t = t;
  l->m = m;
  l->x = x;
  l->v = v;
  l->runs = runs;
  prop_subscribe(t->s, &l->base, x, PROP_EV_DOMAIN);
  return prop_post(t->s, &l->base);
}

bool tr_load(Tr *t, TrMem *m, PropVar x, PropVar v) { return tr_load_guarded(t, m, x, v, t->one); }
