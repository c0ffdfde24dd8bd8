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
 * Candidates that are not data cells (headers, gaps) are dropped: the
 * access check (access_s.c) ends the path there before any load.  With too
 * many candidates, or some past the frontier (memory not allocated yet on
 * this path), the load waits (tr_memory_status) until propagation
 * narrows X or an allocation moves the frontier.
 *
 * Must never drop a candidate a real execution could take.  A candidate whose
 * cell nobody wrote stays, with a value no test controls; the path that takes
 * it is abandoned (no proof), never refuted.
 */
#include <assert.h>
#include <stdlib.h>

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
    if (c == TR_UNINIT) {
      if (runs == t->one) {
        t->incomplete_reason = "a path reads memory that no test controls";
        return false;
      }
      return tr_mem_uncontrolled(t, runs); /* v stays free where the load does not run */
    }
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

bool tr_load_guarded(Tr *t, TrMem *m, PropVar x, PropVar v, PropVar runs) {
  bool done;
  if (!load_now(t, m, x, v, runs, &done)) return false;
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
