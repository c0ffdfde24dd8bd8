/* load_element.c - reading memory through a pointer, and checking that an
 * access through a pointer is valid (INKA paper 5.4 and 5.6; the guarded
 * candidates of the CLP heap solver).
 *
 * load_element(M, X, V): V is the value at the location X points to.  With
 * X known, V is that cell.  With a few possible targets, V = cell[idx] where
 * X = target[idx]: an element constraint, so each candidate whose value
 * cannot be V is removed from X (when only one explains V, X is fixed).
 * With too many targets, the operator waits in the queue until propagation
 * narrows X.
 *
 * access(M, X, trap): trap <=> X is not a location an access may use (NULL,
 * a header or gap, a freed block; for free: anything but the start of a live
 * heap block).  When the access is known to be valid (trap = 0), X is
 * restricted to the locations of existing objects.
 *
 * Must never drop a candidate a real execution could take, except one whose
 * cell nobody wrote, and then the model is marked incomplete.
 */
#include <stdlib.h>

#include "translate/tr_internal.h"

enum { TR_MAX_TARGETS = 256 };

/* The possible locations of x, or -1 when there are too many or when x may
   still point past the frontier, into a block that a loop not unfolded yet
   (or a branch not taken yet) will allocate: nothing is known there. */
static int targets(Tr *t, PropVar x, int64_t *out) {
  PropStore *s = t->s;
  if (prop_size(s, x) > TR_MAX_TARGETS || prop_max(s, x) >= tr_frontier(t)) return -1;
  int n = 0;
  for (int i = 0; i < prop_interval_count(s, x); i++) {
    PropInterval iv = prop_interval(s, x, i);
    for (int64_t v = iv.lo;; v++) {
      out[n++] = v;
      if (v == iv.hi) break;
    }
  }
  return n;
}

/* The boolean "pointer x takes candidate l" (1 when x is l). */
static PropVar candidate(Tr *t, PropVar x, int64_t l) {
  if (prop_is_fixed(t->s, x)) return t->one;
  PropVar b = prop_new_var(t->s, 0, 1);
  return op_reify(t->s, b, x, OP_EQ, prop_new_const(t->s, l)) ? b : TR_UNINIT;
}

/* 1 when an access through l is invalid, 0 when valid, otherwise the boolean
   "the block is freed"; TR_UNINIT on failure. */
static PropVar bad_access(Tr *t, TrMem *m, PropVar x, int64_t l, bool for_free) {
  if (l >= tr_frontier(t)) return prop_new_var(t->s, 0, 1); /* a block not allocated yet: unknown */
  TrObject *o = tr_object_at(t, l);
  if (!o || l < o->base || l >= o->base + o->ncells) return t->one;
  if (for_free && (o->kind != TR_OBJ_HEAP || l != o->base)) return t->one;
  if (o->kind != TR_OBJ_HEAP) return t->zero;
  PropVar live = tr_mem_read(t, m, o->base - 1, candidate(t, x, l));
  if (live == TR_UNINIT) return t->one;
  if (prop_is_fixed(t->s, live)) return prop_value(t->s, live) ? t->zero : t->one;
  PropVar dead = prop_new_var(t->s, 0, 1);
  return op_bool_not(t->s, dead, live) ? dead : TR_UNINIT;
}

/* v = table[idx] where x = where[idx]. */
static bool pick(Tr *t, PropVar x, const int64_t *where, const PropVar *table, int n, PropVar v) {
  if (n == 0) return prop_fix(t->s, x, -1); /* no candidate: fails */
  if (n == 1) return prop_fix(t->s, x, where[0]) && op_rel(t->s, v, OP_EQ, table[0]);
  PropVar idx = prop_new_var(t->s, 0, n - 1);
  return op_element_const(t->s, x, where, n, idx) && op_element_var(t->s, v, table, n, idx);
}

/* ---- Waiting for memory -------------------------------------------------------
 * A load or check whose pointer may still designate a block not allocated
 * yet waits; it counts as an undecided operator (a leaf where it still
 * waits is no solution) and every allocation wakes it. */
void tr_wait_for_memory(Tr *t, Propagator *p, int *waiting) {
  if (*waiting) return;
  prop_save_int(t->s, waiting, 1);
  prop_save_int(t->s, t->undecided, *t->undecided + 1);
  TrWaiting *w = prop_alloc(t->s, sizeof *w);
  w->p = p;
  w->next = t->waiting;
  prop_save_ptr(t->s, (void **)&t->waiting, w);
}

void tr_done_waiting(Tr *t, int *waiting) {
  if (!*waiting) return;
  prop_save_int(t->s, waiting, 0);
  prop_save_int(t->s, t->undecided, *t->undecided - 1);
}

/* ---- access --------------------------------------------------------------- */
typedef struct Access {
  Propagator base;
  Tr *t;
  TrMem *m;
  PropVar x, trap;
  bool for_free;
  int restricted;     /* trailed: x already restricted to valid locations */
  int waiting;        /* trailed */
} Access;

/* trap <=> bad(x) once x has few targets; false on failure, *done when posted. */
static bool access_now(Tr *t, TrMem *m, PropVar x, PropVar trap, bool for_free, bool *done) {
  int64_t where[TR_MAX_TARGETS];
  PropVar bad[TR_MAX_TARGETS];
  int n = targets(t, x, where);
  *done = n >= 0;
  if (n < 0) return true;
  for (int i = 0; i < n; i++)
    if ((bad[i] = bad_access(t, m, x, where[i], for_free)) == TR_UNINIT) return false;
  return pick(t, x, where, bad, n, trap);
}

/* The locations an access may use: the cells of every object (for free,
   the first cell of every heap block), and whatever lies past the frontier. */
static bool restrict_to_objects(Tr *t, PropVar x, bool for_free) {
  PropDomain d = {0};
  int n = *t->nobjs;
  d.iv = malloc(sizeof *d.iv * (size_t)(n + 2));
  d.cap = n + 2;
  for (int i = 0; i < n; i++) {
    const TrObject *o = t->objs[i];
    if (o->ncells == 0 || (for_free && o->kind != TR_OBJ_HEAP)) continue;
    d.iv[d.n++] = (PropInterval){o->base, for_free ? o->base : o->base + o->ncells - 1};
  }
  d.iv[d.n++] = (PropInterval){tr_frontier(t), INT64_MAX};
  bool ok = prop_restrict_domain(t->s, x, &d);
  prop_domain_free(&d);
  return ok;
}

static PropStatus access_propagate(PropStore *s, Propagator *p) {
  Access *a = (Access *)p;
  if (!a->restricted && prop_is_fixed(s, a->trap) && prop_value(s, a->trap) == 0) {
    prop_save_int(s, &a->restricted, 1);
    if (!restrict_to_objects(a->t, a->x, a->for_free)) return PROP_FAILED;
  }
  bool done;
  if (!access_now(a->t, a->m, a->x, a->trap, a->for_free, &done)) return PROP_FAILED;
  if (!done) {
    tr_wait_for_memory(a->t, p, &a->waiting);
    return PROP_SUSPEND;
  }
  tr_done_waiting(a->t, &a->waiting);
  return PROP_ENTAILED;
}

static const PropClass access_class = {"access", access_propagate, PROP_PRIO_GLOBAL, false};

PropVar tr_access_trap(Tr *t, TrMem *m, PropVar x, bool for_free) {
  int64_t where[TR_MAX_TARGETS];
  PropVar bad[TR_MAX_TARGETS];
  int n = targets(t, x, where);
  if (n >= 0) { /* decide now when every target is surely fine */
    bool any = false;
    for (int i = 0; i < n; i++) {
      if ((bad[i] = bad_access(t, m, x, where[i], for_free)) == TR_UNINIT) return TR_UNINIT;
      any |= bad[i] != t->zero;
    }
    if (!any) return t->zero;
    if (n == 1) return bad[0];
  }
  PropVar trap = prop_new_var(t->s, 0, 1);
  Access *a = prop_propagator_new(t->s, &access_class, sizeof *a);
  a->t = t;
  a->m = m;
  a->x = x;
  a->trap = trap;
  a->for_free = for_free;
  prop_subscribe(t->s, &a->base, x, PROP_EV_DOMAIN);
  prop_subscribe(t->s, &a->base, trap, PROP_EV_FIX);
  return prop_post(t->s, &a->base) ? trap : TR_UNINIT;
}

/* ---- load_element ------------------------------------------------------------ */
typedef struct Load {
  Propagator base;
  Tr *t;
  TrMem *m;
  PropVar x, v;
  int waiting;        /* trailed */
} Load;

/* v = m[x] once x has few targets; false on failure, *done when posted. */
static bool load_now(Tr *t, TrMem *m, PropVar x, PropVar v, bool *done) {
  PropStore *s = t->s;
  if (prop_is_fixed(s, x) && prop_value(s, x) >= tr_frontier(t)) {
    *done = false; /* a block not allocated yet on this path: wait */
    return true;
  }
  if (prop_is_fixed(s, x)) {
    *done = true;
    PropVar c = tr_mem_read(t, m, prop_value(s, x), t->one);
    if (c == TR_UNINIT) {
      t->incomplete_reason = "a path reads memory that no test controls";
      return false;
    }
    return op_rel(s, v, OP_EQ, c);
  }
  int64_t where[TR_MAX_TARGETS];
  PropVar value[TR_MAX_TARGETS];
  int n = targets(t, x, where), k = 0;
  *done = n >= 0;
  if (n < 0) return true;
  for (int i = 0; i < n; i++) {
    if (!tr_is_cell(t, where[i])) continue;
    PropVar need = candidate(t, x, where[i]);
    if (need == TR_UNINIT) return false;
    if ((value[k] = tr_mem_read(t, m, where[i], need)) == TR_UNINIT) {
      /* x there would read what no test controls: that path is abandoned */
      if (!tr_mem_uncontrolled(t, need)) return false;
      continue;
    }
    where[k++] = where[i];
  }
  return pick(t, x, where, value, k, v);
}

static PropStatus load_propagate(PropStore *s, Propagator *p) {
  (void)s;
  Load *l = (Load *)p;
  bool done;
  if (!load_now(l->t, l->m, l->x, l->v, &done)) return PROP_FAILED;
  if (!done) {
    tr_wait_for_memory(l->t, p, &l->waiting);
    return PROP_SUSPEND;
  }
  tr_done_waiting(l->t, &l->waiting);
  return PROP_ENTAILED;
}

static const PropClass load_class = {"load_element", load_propagate, PROP_PRIO_GLOBAL, false};

bool tr_load(Tr *t, TrMem *m, PropVar x, PropVar v) {
  bool done;
  if (!load_now(t, m, x, v, &done)) return false;
  if (done) return true;
  Load *l = prop_propagator_new(t->s, &load_class, sizeof *l);
  l->t = t;
  l->m = m;
  l->x = x;
  l->v = v;
  prop_subscribe(t->s, &l->base, x, PROP_EV_DOMAIN);
  return prop_post(t->s, &l->base);
}

/* ---- Pointer arithmetic stays inside its object ------------------------------
 * q = p + k is undefined behaviour unless q stays within p's object (one
 * past the end included): like an out-of-bounds index, it ends the path
 * (DESIGN 5.2).  The trap boolean is decided once p is known. */
typedef struct Arith {
  Propagator base;
  Tr *t;
  PropVar p, q, trap;
  int waiting;        /* trailed */
} Arith;

/* trap <=> q is outside p's object, once p is known (*done). */
static bool arith_now(Tr *t, PropVar p, PropVar q, PropVar trap, bool *done) {
  PropStore *s = t->s;
  *done = false;
  if (!prop_is_fixed(s, p)) return true;
  int64_t l = prop_value(s, p);
  if (l >= tr_frontier(t)) return true; /* its block is not allocated yet */
  *done = true;
  TrObject *o = tr_object_at(t, l);
  int64_t lo = o ? o->base : l, hi = o ? o->base + o->ncells : l; /* NULL or a gap: only + 0 */
  PropVar below = prop_new_var(s, 0, 1), above = prop_new_var(s, 0, 1);
  return op_reify(s, below, q, OP_LT, prop_new_const(s, lo)) && op_reify(s, above, q, OP_GT, prop_new_const(s, hi)) &&
         op_bool_or(s, trap, below, above);
}

static PropStatus arith_propagate(PropStore *s, Propagator *p) {
  (void)s;
  Arith *a = (Arith *)p;
  bool done;
  if (!arith_now(a->t, a->p, a->q, a->trap, &done)) return PROP_FAILED;
  if (!done) {
    tr_wait_for_memory(a->t, p, &a->waiting);
    return PROP_SUSPEND;
  }
  tr_done_waiting(a->t, &a->waiting);
  return PROP_ENTAILED;
}

static const PropClass arith_class = {"pointer_arith", arith_propagate, PROP_PRIO_GLOBAL, false};

PropVar tr_arith_trap(Tr *t, PropVar p, PropVar q) {
  PropStore *s = t->s;
  if (prop_is_fixed(s, p) && prop_value(s, p) < tr_frontier(t)) {
    TrObject *o = tr_object_at(t, prop_value(s, p));
    if (o && prop_min(s, q) >= o->base && prop_max(s, q) <= o->base + o->ncells) return t->zero;
  }
  PropVar trap = prop_new_var(s, 0, 1);
  bool done;
  if (!arith_now(t, p, q, trap, &done)) return TR_UNINIT;
  if (done) return trap;
  Arith *a = prop_propagator_new(s, &arith_class, sizeof *a);
  a->t = t;
  a->p = p;
  a->q = q;
  a->trap = trap;
  prop_subscribe(s, &a->base, p, PROP_EV_FIX);
  return prop_post(s, &a->base) ? trap : TR_UNINIT;
}
