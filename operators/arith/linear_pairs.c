/* linear_pairs.c - the binary forms of linear constraints, which
 * op_linear (linear.c) picks when a constraint has two terms with
 * coefficients +-1:
 *   x + sy*y != c : wakes on FIX only, removes one value and is entailed;
 *   x - y <= c    : bounds, one pass (idempotent);
 *   x + sy*y == c : bounds, and the interval lists mapped through
 *                   y -> c -+ y when a domain has holes; x - y == 0 also
 *                   unifies x and y (prop_unify); congruences.
 * Bounds propagation around a contradictory cycle of differences narrows
 * wide domains one value per round; the negative-cycle check below finds
 * such a cycle instead (Bellman-Ford over the subscription graph).
 *
 * Never: an int64 overflow (bound arithmetic is 128-bit), a pruning that
 * removes a solution.
 */
#include <stdlib.h>

#include "inka/arith.h"
#include "arith_wide.h"
#include "linear_internal.h"

/* ---- x + sy*y != c (sy = -1: x - y != c; sy = 1: x + y != c): FIX only ---- */

typedef struct PairNe {
  Propagator base;
  PropVar x, y;
  int sy;
  prop_wide c;
} PairNe;

static PropStatus pair_ne_propagate(PropStore *s, Propagator *base) {
  PairNe *p = (PairNe *)base;
  /* Rule: x fixed => y != sy * (c - x);  y fixed => x != c - sy * y. */
  if (prop_is_fixed(s, p->x)) {
    prop_wide v = p->sy * (p->c - prop_value(s, p->x));
    if (wide_fits_i64(v) && !prop_remove(s, p->y, (int64_t)v)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  if (prop_is_fixed(s, p->y)) {
    prop_wide v = p->c - p->sy * (prop_wide)prop_value(s, p->y);
    if (wide_fits_i64(v) && !prop_remove(s, p->x, (int64_t)v)) return PROP_FAILED;
    return PROP_ENTAILED;
  }
  return PROP_SUSPEND;
}

static const PropClass pair_ne_class = {"x+-y!=c", pair_ne_propagate, PROP_PRIO_UNARY, true};

bool lin_post_pair_ne(PropStore *s, PropVar x, int sy, PropVar y, prop_wide c) {
  if (prop_is_fixed(s, x) || prop_is_fixed(s, y)) {
    PairNe tmp = {.x = x, .y = y, .sy = sy, .c = c};
    return pair_ne_propagate(s, &tmp.base) != PROP_FAILED && !prop_failed(s);
  }
  PairNe *p = prop_propagator_new(s, &pair_ne_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->sy = sy;
  p->c = c;
  prop_subscribe(s, &p->base, x, PROP_EV_FIX);
  prop_subscribe(s, &p->base, y, PROP_EV_FIX);
  prop_add_linear(s, &p->base);   /* gauss.c checks it against the equalities */
  return prop_post(s, &p->base);
}

/* ---- x - y <= c: bounds, one pass ------------------------------------------- */

typedef struct DiffLe {
  Propagator base;
  PropVar x, y;
  prop_wide c;
  int slow;           /* small steps on wide domains since the last cycle check */
} DiffLe;

static bool slow_convergence(PropStore *s, PropVar x, prop_wide moved, int *slow);

static PropStatus diff_le_propagate(PropStore *s, Propagator *base) {
  DiffLe *p = (DiffLe *)base;
  prop_wide before = whi(s, p->x) - wlo(s, p->y);
  /* Rule 1: max(x) <= max(y) + c.  Rule 2: min(y) >= min(x) - c. */
  if (!prop_set_max_wide(s, p->x, whi(s, p->y) + p->c)) return PROP_FAILED;
  if (!prop_set_min_wide(s, p->y, wlo(s, p->x) - p->c)) return PROP_FAILED;
  if (slow_convergence(s, p->x, before - (whi(s, p->x) - wlo(s, p->y)), &p->slow)) return PROP_FAILED;
  /* Entailed once every pair satisfies it. */
  if (whi(s, p->x) - wlo(s, p->y) <= p->c) return PROP_ENTAILED;
  return PROP_SUSPEND;
}

static const PropClass diff_le_class = {"x-y<=c", diff_le_propagate, PROP_PRIO_LINEAR, true};

bool lin_post_diff_le(PropStore *s, PropVar x, PropVar y, prop_wide c) {
  DiffLe *p = prop_propagator_new(s, &diff_le_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->c = c;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, y, PROP_EV_BOUNDS);
  prop_add_linear(s, &p->base);
  return prop_post(s, &p->base);
}

/* ---- x + sy*y == c: bounds, or domains when there are holes ----------- */

typedef struct PairEq {
  Propagator base;
  PropVar x, y;
  int sy;
  prop_wide c;
  int slow;           /* as in DiffLe */
} PairEq;

/* The image of dom(v) under t -> k + t (sign > 0) or t -> k - t, sorted. */
static void image(const PropStore *s, PropVar v, int sign, prop_wide k, IvBuf *out) {
  int n = prop_interval_count(s, v);
  for (int i = 0; i < n; i++) {
    PropInterval a = prop_interval(s, v, sign > 0 ? i : n - 1 - i);
    if (sign > 0) ivbuf_push(out, k + a.lo, k + a.hi);
    else ivbuf_push(out, k - a.hi, k - a.lo);
  }
}

/* Rule 2: dom(x) := dom(x) ∩ (c - sy * dom(y)), dom(y) := sy * (c - dom(x)). */
static bool pair_eq_domains(PropStore *s, PairEq *p) {
  IvBuf d;
  ivbuf_init(&d);
  image(s, p->y, -p->sy, p->c, &d);
  bool ok = ivbuf_restrict(s, p->x, &d);
  if (ok) {
    d.n = 0;
    image(s, p->x, -p->sy, p->sy * p->c, &d);   /* x - c, or c - x */
    ok = ivbuf_restrict(s, p->y, &d);
  }
  ivbuf_free(&d);
  return ok;
}

static PropStatus pair_eq_propagate(PropStore *s, Propagator *base) {
  PairEq *p = (PairEq *)base;
  /* Rule 0: x + sy*y - c == 0 holds modulo 2^64 too (congruences). */
  uint64_t a[2] = {1, (uint64_t)(int64_t)p->sy};
  PropVar v[2] = {p->x, p->y};
  prop_wide exact[2] = {1, p->sy};
  if (!op_congruence_sum(s, 2, a, v, (uint64_t)-p->c, 64) || !op_odd_congruence_sum(s, 2, exact, v, p->c))
    return PROP_FAILED;
  prop_wide before = whi(s, p->x) - wlo(s, p->x);
  /* Rule 1 (bounds): x within c - sy * [y], y within sy * (c - [x]), until
     both stop moving (a bound landing in a hole moves on). */
  for (;;) {
    prop_wide ylo = wlo(s, p->y), yhi = whi(s, p->y);
    bool ok = p->sy < 0 ? wide_restrict(s, p->x, p->c + ylo, p->c + yhi)
                        : wide_restrict(s, p->x, p->c - yhi, p->c - ylo);
    if (!ok) return PROP_FAILED;
    prop_wide xlo = wlo(s, p->x), xhi = whi(s, p->x);
    ok = p->sy < 0 ? wide_restrict(s, p->y, xlo - p->c, xhi - p->c)
                   : wide_restrict(s, p->y, p->c - xhi, p->c - xlo);
    if (!ok) return PROP_FAILED;
    if (wlo(s, p->y) == ylo && whi(s, p->y) == yhi) break;
  }
  /* Rule 2 (domains): with holes on either side, map the interval lists. */
  if (prop_interval_count(s, p->x) > 1 || prop_interval_count(s, p->y) > 1) {
    if (!pair_eq_domains(s, p)) return PROP_FAILED;
  }
  if (p->sy < 0 && slow_convergence(s, p->x, before - (whi(s, p->x) - wlo(s, p->x)), &p->slow))
    return PROP_FAILED;
  if (prop_is_fixed(s, p->x)) return PROP_ENTAILED;   /* then y is fixed too */
  return PROP_SUSPEND;
}

static const PropClass pair_eq_class = {"x+-y==c", pair_eq_propagate, PROP_PRIO_LINEAR, true};

bool lin_post_pair_eq(PropStore *s, PropVar x, int sy, PropVar y, prop_wide c) {
  if (sy < 0 && c == 0) prop_unify(s, x, y);
  PairEq *p = prop_propagator_new(s, &pair_eq_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->sy = sy;
  p->c = c;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  prop_add_linear(s, &p->base);
  return prop_post(s, &p->base);
}

/* ---- Negative cycles of differences ---------------------------------------------
 * Bounds propagation refutes x - y <= -1 with y - x <= 0 only by shrinking
 * 32-bit domains one value per round: billions of rounds (slow convergence).
 * So when a difference propagator keeps narrowing a wide domain by small
 * steps, it looks for a negative cycle among the difference constraints in
 * force around it (x - y <= c and x - y == c, found through the subscription
 * lists): Bellman-Ford over at most DIFF_NODES variables.  A negative cycle
 * in any subset of the constraints means there is no solution. */
enum { DIFF_NODES = 128, DIFF_SUBS = 64, DIFF_SLOW_STEPS = 32 };
#define DIFF_WIDE ((prop_wide)1 << 20)

typedef struct { int from, to; prop_wide w; } DiffEdge;   /* to - from <= w */

typedef struct {
  PropVar node[DIFF_NODES];
  int nnodes;
  DiffEdge *edge;
  int nedges, capedges;
} DiffGraph;

static int diff_node(DiffGraph *g, PropVar v) {
  for (int i = 0; i < g->nnodes; i++)
    if (g->node[i] == v) return i;
  if (g->nnodes == DIFF_NODES) return -1;
  g->node[g->nnodes] = v;
  return g->nnodes++;
}

static void diff_edge(DiffGraph *g, PropVar from, PropVar to, prop_wide w) {
  int a = diff_node(g, from), b = diff_node(g, to);
  if (a < 0 || b < 0) return;
  if (g->nedges == g->capedges) {
    g->capedges = g->capedges ? 2 * g->capedges : 64;
    g->edge = realloc(g->edge, sizeof *g->edge * (size_t)g->capedges);
  }
  g->edge[g->nedges++] = (DiffEdge){a, b, w};
}

static const PropClass diff_le_class, pair_eq_class;

/* The differences in force around start (breadth first through the
   subscription lists, at most DIFF_NODES variables). */
static void diff_graph(PropStore *s, PropVar start, DiffGraph *g) {
  diff_node(g, start);
  Propagator *subs[DIFF_SUBS];
  for (int i = 0; i < g->nnodes; i++) {
    int n = prop_subscribers(s, g->node[i], subs, DIFF_SUBS);
    for (int j = 0; j < n && j < DIFF_SUBS; j++) {
      if (subs[j]->cls == &diff_le_class) {
        const DiffLe *d = (const DiffLe *)subs[j];
        if (d->x == g->node[i]) diff_edge(g, d->y, d->x, d->c);   /* once, from x */
        else diff_node(g, d->x);
      } else if (subs[j]->cls == &pair_eq_class && ((const PairEq *)subs[j])->sy < 0) {
        const PairEq *e = (const PairEq *)subs[j];
        if (e->x == g->node[i]) {
          diff_edge(g, e->y, e->x, e->c);
          diff_edge(g, e->x, e->y, -e->c);
        } else {
          diff_node(g, e->x);
        }
      }
    }
  }
}

/* Bellman-Ford from a virtual source at distance 0 from every node: true
   when it still relaxes after |V| rounds (a negative cycle). */
static bool bellman_ford(const DiffGraph *g) {
  prop_wide dist[DIFF_NODES] = {0};
  bool changed = true;
  for (int round = 0; changed && round <= g->nnodes; round++) {
    changed = false;
    for (int k = 0; k < g->nedges; k++) {
      const DiffEdge *e = &g->edge[k];
      if (dist[e->from] + e->w < dist[e->to]) {
        dist[e->to] = dist[e->from] + e->w;
        changed = true;
      }
    }
  }
  return changed;
}

/* A read v = table[i] (element_var) whose v lies in the graph splits it
   into cases: the entry j that would close a negative cycle with the edges
   v - table[j] == 0 cannot be the one read, and j leaves dom(i).  (max(v,
   w) kept by an array of candidates and compared again -- the best of four
   scores -- crawls through such a cycle one value per round otherwise.)
   The edges are the constraints in force, so each removal is a deduction.
   At most DIFF_CASE_RUNS Bellman-Ford runs per call (a graph full of reads
   must not make every slow step cost thousands of them).  False when the
   store failed. */
enum { DIFF_CASES = 16, DIFF_CASE_RUNS = 64 };

static bool element_cases(PropStore *s, DiffGraph *g) {
  Propagator *subs[DIFF_SUBS];
  int nodes = g->nnodes, runs = 0;
  for (int a = 0; a < nodes && runs < DIFF_CASE_RUNS; a++) {
    int n = prop_subscribers(s, g->node[a], subs, DIFF_SUBS);
    for (int j = 0; j < n && j < DIFF_SUBS; j++) {
      PropVar v, i;
      const PropVar *table;
      int len;
      if (!lin_element_var_parts(subs[j], &v, &i, &table, &len) || v != g->node[a]) continue;
      if (prop_is_fixed(s, i) || prop_size(s, i) > DIFF_CASES) continue;
      for (int64_t k = prop_min(s, i), next;; k = next) {
        bool more = prop_next(s, i, k, &next);
        int b = -1;
        for (int m = 0; m < g->nnodes && b < 0; m++)
          if (g->node[m] == table[k]) b = m;
        if (b >= 0 && b != a && runs < DIFF_CASE_RUNS) {
          runs++;
          int saved = g->nedges;
          diff_edge(g, v, table[k], 0);
          diff_edge(g, table[k], v, 0);
          bool cycle = g->nedges == saved + 2 && bellman_ford(g);
          g->nedges = saved;
          if (cycle) {
            prop_note(s, PROP_NOTE_CYCLE);
            if (!prop_remove(s, i, k)) return false;
          }
        }
        if (!more || prop_is_fixed(s, i)) break;
      }
    }
  }
  return true;
}

static bool negative_cycle(PropStore *s, PropVar start) {
  DiffGraph g = {.nnodes = 0};
  diff_graph(s, start, &g);
  bool cycle = bellman_ford(&g);
  if (cycle) prop_note(s, PROP_NOTE_CYCLE);
  else cycle = !element_cases(s, &g);
  free(g.edge);
  return cycle;
}

/* Counts a narrowing by `moved` of a wide domain of x; every DIFF_SLOW_STEPS
   small ones, true if the differences around x have a negative cycle. */
static bool slow_convergence(PropStore *s, PropVar x, prop_wide moved, int *slow) {
  if (moved <= 0 || moved > 64 || whi(s, x) - wlo(s, x) < DIFF_WIDE) return false;
  if (++*slow < DIFF_SLOW_STEPS) return false;
  *slow = 0;
  return negative_cycle(s, x);
}

bool lin_post_diff(PropStore *s, PropVar x, PropVar y, LinRel rel, prop_wide c) {
  if (x == y || prop_same(s, x, y)) {
    prop_note(s, PROP_NOTE_EQUALITY);
    return lin_decide(s, 0, rel, c);
  }
  switch (rel) {
  case LIN_NE: return lin_post_pair_ne(s, x, -1, y, c);
  case LIN_LE: return lin_post_diff_le(s, x, y, c);
  case LIN_EQ: return lin_post_pair_eq(s, x, -1, y, c);
  }
  return false;
}


/* ---- The rows of the linear relaxation ------------------------------------------ */
bool lin_pair_ne_row(const Propagator *base, OpRow *row) {
  if (base->cls != &pair_ne_class) return false;
  const PairNe *p = (const PairNe *)base;
  *row = (OpRow){.n = 2, .x = {p->x, p->y}, .a = {1, p->sy}, .c = p->c, .eq = false};
  return true;
}

bool lin_pair_row(const Propagator *base, OpRow *row) {
  if (base->cls == &diff_le_class) {
    const DiffLe *p = (const DiffLe *)base;
    *row = (OpRow){.n = 2, .x = {p->x, p->y}, .a = {1, -1}, .c = p->c, .eq = false};
    return true;
  }
  if (base->cls == &pair_eq_class) {
    const PairEq *p = (const PairEq *)base;
    *row = (OpRow){.n = 2, .x = {p->x, p->y}, .a = {1, p->sy}, .c = p->c, .eq = true};
    return true;
  }
  return false;
}
