/* brute.h - checks a propagator against brute-force enumeration on one
 * small system (the tests/operators/test_*.c programs build thousands).
 *
 * A system has n <= BR_MAXV variables with explicit initial domains: the
 * first nfree are enumerated (small domains), the others are functional:
 * eval() computes them from the free ones (z = x * y) and says whether the
 * tuple satisfies the constraint at all (a trapping division does not).  A
 * solution is a tuple that eval() accepts with every value in its domain.
 *
 * br_check() verifies, on fresh stores:
 *   1. soundness: after posting, every solution's values are still in the
 *      domains (and posting fails only if there is no solution);
 *   2. completeness of search: search_solve over all variables (input order,
 *      CONTINUE at leaves) finds exactly the enumerated solutions;
 *   3. exactness: posting, then fixing every free variable and propagating,
 *      fails iff the tuple is no solution and otherwise fixes every
 *      functional variable to its value.
 * and, when the system promises it (tight), that the domains after posting
 * are exactly the solutions' bounds (BR_BOUNDS) or values (BR_DOMAIN).
 * On a failure it prints the system (name, seed, domains) and the reason.
 */
#ifndef INKA_TESTS_BRUTE_H
#define INKA_TESTS_BRUTE_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inka/arith.h"
#include "inka/prop.h"
#include "inka/search.h"

#define BR_FN static __attribute__((unused))
#define BR_MAXV 6
#define BR_MAXIV 16

/* Consistency levels a propagator promises (checked when solutions exist):
   bounds: each variable's min and max belong to solutions; domain: every
   value left belongs to a solution. */
enum { BR_NONE, BR_BOUNDS, BR_DOMAIN };

typedef struct BrDom {
  PropInterval iv[BR_MAXIV];
  int n;
} BrDom;

typedef struct BrSys BrSys;
typedef bool (*BrPost)(PropStore *s, const BrSys *sys, const PropVar *v);
typedef bool (*BrEval)(const BrSys *sys, int64_t *vals);

struct BrSys {
  const char *name;
  uint64_t seed;
  int n, nfree;
  BrDom dom[BR_MAXV];
  BrPost post;
  BrEval eval;
  /* parameters for post/eval, used as each test likes */
  int op, rel, bits, bits2;
  bool sgn, sgn2;
  int64_t coef[BR_MAXV];
  int64_t c;
  int64_t table[16];
  int ntable;
  bool same;          /* post v[0] == v[1] (unifies them) before the constraint */
  bool alias;         /* with same: the constraint gets v[0] for v[1] too */
  int tight;          /* promised strength after posting: BR_BOUNDS or BR_DOMAIN */
};

/* How many systems a test runs: its count times INKA_BRUTE_SCALE (default 1). */
BR_FN uint64_t br_count(uint64_t n) {
  const char *e = getenv("INKA_BRUTE_SCALE");
  long k = e ? atol(e) : 1;
  return n * (uint64_t)(k > 0 ? k : 1);
}

/* ---- Random numbers (xorshift64*) --------------------------------------------- */

static uint64_t br_rng = 1;
BR_FN void br_seed(uint64_t seed) { br_rng = seed * 0x9E3779B97F4A7C15ULL + 1; }
BR_FN uint64_t br_rand(void) {
  br_rng ^= br_rng >> 12;
  br_rng ^= br_rng << 25;
  br_rng ^= br_rng >> 27;
  return br_rng * 0x2545F4914F6CDD1DULL;
}
BR_FN int64_t br_range(int64_t lo, int64_t hi) {   /* uniform in [lo, hi], any lo <= hi */
  uint64_t span = (uint64_t)hi - (uint64_t)lo;      /* (unsigned: no overflow on wide ranges) */
  uint64_t r = span == UINT64_MAX ? br_rand() : br_rand() % (span + 1);
  return (int64_t)((uint64_t)lo + r);
}

/* ---- Domains ---------------------------------------------------------------------- */

BR_FN bool br_has(const BrDom *d, int64_t v) {
  for (int i = 0; i < d->n; i++)
    if (d->iv[i].lo <= v && v <= d->iv[i].hi) return true;
  return false;
}

BR_FN int cmp_i64s(const void *l, const void *r) {
  int64_t a = *(const int64_t *)l, b = *(const int64_t *)r;
  return a < b ? -1 : a > b;
}

/* A domain from a list of values (any order, duplicates allowed); n > 0. */
BR_FN BrDom br_from_values(int64_t *vals, int n) {
  qsort(vals, (size_t)n, sizeof *vals, cmp_i64s);
  BrDom d = {.n = 0};
  for (int i = 0; i < n; i++) {
    if (d.n > 0 && (vals[i] == d.iv[d.n - 1].hi || (d.iv[d.n - 1].hi != INT64_MAX && vals[i] == d.iv[d.n - 1].hi + 1))) {
      d.iv[d.n - 1].hi = vals[i];
      continue;
    }
    if (d.n == BR_MAXIV) {   /* too many pieces: widen the last one */
      d.iv[d.n - 1].hi = vals[i];
      continue;
    }
    d.iv[d.n++] = (PropInterval){vals[i], vals[i]};
  }
  return d;
}

BR_FN BrDom br_interval(int64_t lo, int64_t hi) {
  BrDom d = {.n = 1};
  d.iv[0] = (PropInterval){lo, hi};
  return d;
}

/* A random small domain within [lo, hi] (hi - lo small): an interval, an
   interval with holes, or a sparse subset. */
BR_FN BrDom br_rand_small(int64_t lo, int64_t hi, int maxsize) {
  int64_t vals[64];
  int n = 0;
  int kind = (int)(br_rand() % 3);
  int64_t width = hi - lo + 1;
  if (kind == 0) {   /* interval */
    int64_t len = br_range(1, width < maxsize ? width : maxsize);
    int64_t a = br_range(lo, hi - len + 1);
    return br_interval(a, a + len - 1);
  }
  if (kind == 1) {   /* interval with holes */
    int64_t len = br_range(1, width < maxsize ? width : maxsize);
    int64_t a = br_range(lo, hi - len + 1);
    for (int64_t v = a; v < a + len && n < 64; v++)
      if (v == a || br_rand() % 4) vals[n++] = v;
    return br_from_values(vals, n);
  }
  int k = (int)br_range(1, maxsize);   /* sparse subset */
  for (int i = 0; i < k; i++) vals[n++] = br_range(lo, hi);
  return br_from_values(vals, n);
}

/* Values near some anchors (type limits, 0): each anchor +-spread. */
BR_FN BrDom br_rand_anchored(const int64_t *anchors, int nanchors, int64_t spread, int64_t tlo, int64_t thi,
                              int maxsize) {
  int64_t vals[64];
  int n = 0;
  int k = (int)br_range(1, maxsize);
  for (int i = 0; i < k; i++) {
    int64_t a = anchors[br_rand() % (uint64_t)nanchors];
    int64_t off = br_range(-spread, spread);
    __int128 v = (__int128)a + off;
    if (v < tlo) v = tlo;
    if (v > thi) v = thi;
    vals[n++] = (int64_t)v;
  }
  return br_from_values(vals, n);
}

BR_FN void br_print_dom(const BrDom *d) {
  fprintf(stderr, "{");
  for (int i = 0; i < d->n; i++) {
    if (d->iv[i].lo == d->iv[i].hi) fprintf(stderr, "%s%" PRId64, i ? "," : "", d->iv[i].lo);
    else fprintf(stderr, "%s%" PRId64 "..%" PRId64, i ? "," : "", d->iv[i].lo, d->iv[i].hi);
  }
  fprintf(stderr, "}");
}

BR_FN void br_report(const BrSys *sys, const char *why, const int64_t *tuple) {
  fprintf(stderr, "  %s [seed %" PRIu64 "] op=%d rel=%d bits=%d/%d sgn=%d/%d c=%" PRId64 ": %s\n",
          sys->name, sys->seed, sys->op, sys->rel, sys->bits, sys->bits2, sys->sgn, sys->sgn2,
          sys->c, why);
  if (sys->ntable > 0) {
    fprintf(stderr, "    coef/table:");
    for (int k = 0; k < sys->ntable; k++) fprintf(stderr, " %" PRId64 "/%" PRId64, sys->coef[k], sys->table[k]);
    fprintf(stderr, "\n");
  }
  for (int i = 0; i < sys->n; i++) {
    fprintf(stderr, "    v%d %s ", i, i < sys->nfree ? "free" : "func");
    br_print_dom(&sys->dom[i]);
    if (tuple) fprintf(stderr, "  tuple %" PRId64, tuple[i]);
    fprintf(stderr, "\n");
  }
}

/* ---- Enumeration ------------------------------------------------------------------ */

typedef struct BrSet {
  int64_t *t;        /* tuples of n values */
  int n, count, cap;
} BrSet;

BR_FN void br_set_add(BrSet *set, const int64_t *tuple) {
  if (set->count == set->cap) {
    set->cap = set->cap ? set->cap * 2 : 64;
    set->t = realloc(set->t, (size_t)set->cap * (size_t)set->n * sizeof *set->t);
    if (!set->t) abort();
  }
  memcpy(set->t + (size_t)set->count * (size_t)set->n, tuple, (size_t)set->n * sizeof *tuple);
  set->count++;
}

static int br_tuple_n;
BR_FN int cmp_tuple(const void *l, const void *r) {
  const int64_t *a = l, *b = r;
  for (int i = 0; i < br_tuple_n; i++)
    if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
  return 0;
}

BR_FN void br_set_sort(BrSet *set) {
  br_tuple_n = set->n;
  if (set->count == 0) return;
  qsort(set->t, (size_t)set->count, (size_t)set->n * sizeof *set->t, cmp_tuple);
}

/* Is the tuple (free part filled in) a solution?  Fills the functional part. */
BR_FN bool br_solution(const BrSys *sys, int64_t *tuple) {
  if (!sys->eval(sys, tuple)) return false;
  for (int i = 0; i < sys->n; i++)
    if (!br_has(&sys->dom[i], tuple[i])) return false;
  if (sys->same && tuple[0] != tuple[1]) return false;
  return true;
}

/* Calls f(tuple) for each tuple of the free variables' domains. */
typedef void (*BrVisit)(const BrSys *sys, int64_t *tuple, void *ctx);
BR_FN void br_each(const BrSys *sys, int i, int64_t *tuple, BrVisit f, void *ctx) {
  if (i == sys->nfree) {
    f(sys, tuple, ctx);
    return;
  }
  const BrDom *d = &sys->dom[i];
  for (int k = 0; k < d->n; k++)
    for (int64_t v = d->iv[k].lo;; v++) {
      tuple[i] = v;
      br_each(sys, i + 1, tuple, f, ctx);
      if (v == d->iv[k].hi) break;
    }
}

BR_FN void collect(const BrSys *sys, int64_t *tuple, void *ctx) {
  int64_t t[BR_MAXV];
  memcpy(t, tuple, sizeof t);
  if (br_solution(sys, t)) br_set_add(ctx, t);
}

/* A domain for functional variable idx: everything in [lo, hi], an interval
   around the values it takes, or some of those values and some noise. */
typedef struct BrValues { int idx; int64_t v[4096]; int n; } BrValues;
BR_FN void values_visit(const BrSys *sys, int64_t *tuple, void *ctx) {
  BrValues *r = ctx;
  int64_t t[BR_MAXV];
  memcpy(t, tuple, sizeof t);
  if (r->n < 4096 && sys->eval(sys, t)) r->v[r->n++] = t[r->idx];
}

BR_FN BrDom br_func_domain(const BrSys *sys, int idx, int64_t lo, int64_t hi) {
  static BrValues r;
  r.idx = idx;
  r.n = 0;
  int64_t tuple[BR_MAXV] = {0};
  br_each(sys, 0, tuple, values_visit, &r);
  int kind = (int)(br_rand() % 3);
  if (kind == 0 || r.n == 0) return br_interval(lo, hi);
  qsort(r.v, (size_t)r.n, sizeof *r.v, cmp_i64s);
  if (kind == 1) {   /* a random part of the hull, widened a little */
    int a = (int)br_range(0, r.n - 1), b = (int)br_range(a, r.n - 1);
    __int128 l = (__int128)r.v[a] - (int64_t)(br_rand() % 3), h = (__int128)r.v[b] + (int64_t)(br_rand() % 3);
    if (l < lo) l = lo;
    if (h > hi) h = hi;
    return br_interval((int64_t)l, (int64_t)h);
  }
  int64_t pick[40];
  int k = 0, want = (int)br_range(1, 12);
  for (int i = 0; i < want; i++) pick[k++] = r.v[br_rand() % (uint64_t)r.n];
  for (int i = 0; i < 3; i++) {
    __int128 noise = (__int128)r.v[br_rand() % (uint64_t)r.n] + br_range(-3, 3);
    if (noise >= lo && noise <= hi) pick[k++] = (int64_t)noise;
  }
  return br_from_values(pick, k);
}

/* ---- The checks ------------------------------------------------------------------- */

static PropStore *br_build(const BrSys *sys, PropVar *v, bool *posted) {
  PropStore *s = prop_store_new();
  for (int i = 0; i < sys->n; i++) {
    PropDomain d = {(PropInterval *)sys->dom[i].iv, sys->dom[i].n, sys->dom[i].n};
    v[i] = prop_new_var_domain(s, &d);
  }
  bool ok = true;
  if (sys->same) ok = op_rel(s, v[0], OP_EQ, v[1]);   /* unifies them: prop_same holds */
  if (ok) ok = sys->post(s, sys, v);
  if (ok) ok = prop_propagate(s);
  *posted = ok;
  return s;
}

typedef struct BrLeaves {
  const BrSys *sys;
  const PropVar *v;
  BrSet found;
  bool unfixed;
} BrLeaves;

BR_FN SearchLeaf br_leaf(PropStore *s, void *ctx) {
  BrLeaves *l = ctx;
  int64_t t[BR_MAXV];
  for (int i = 0; i < l->sys->n; i++) {
    if (!prop_is_fixed(s, l->v[i])) {
      l->unfixed = true;
      return SEARCH_CONTINUE;
    }
    t[i] = prop_value(s, l->v[i]);
  }
  br_set_add(&l->found, t);
  return SEARCH_CONTINUE;
}

typedef struct BrExact {
  PropStore *s;
  const PropVar *v;
  bool bad;
  int64_t bad_tuple[BR_MAXV];
  const char *why;
  long budget;
} BrExact;

BR_FN void exact_visit(const BrSys *sys, int64_t *tuple, void *ctx) {
  BrExact *e = ctx;
  if (e->bad || e->budget-- <= 0) return;
  int64_t t[BR_MAXV];
  memcpy(t, tuple, sizeof t);
  bool sol = br_solution(sys, t);
  PropStore *s = e->s;
  prop_push(s);
  bool ok = true;
  for (int i = 0; i < sys->nfree && ok; i++) ok = prop_fix(s, e->v[i], t[i]);
  if (ok) ok = prop_propagate(s);
  const char *why = NULL;
  if (ok != !prop_failed(s)) why = "update result and failed state disagree";
  else if (!sol && ok) why = "all operands fixed, no solution, but no failure";
  else if (sol && !ok) why = "all operands fixed to a solution, but failure";
  else if (sol) {
    for (int i = sys->nfree; i < sys->n; i++) {
      if (!prop_is_fixed(s, e->v[i])) why = "all operands fixed, result not fixed";
      else if (prop_value(s, e->v[i]) != t[i]) why = "all operands fixed, result has the wrong value";
    }
  }
  prop_pop(s);
  if (why) {
    e->bad = true;
    e->why = why;
    memcpy(e->bad_tuple, t, sizeof t);
  }
}

static long br_checked, br_failed;

/* Runs the three checks; false (and a report) on the first failure. */
BR_FN bool br_check(const BrSys *sys) {
  br_checked++;
  PropVar v[BR_MAXV];
  int64_t tuple[BR_MAXV] = {0};
  BrSet sols = {.n = sys->n};
  br_each(sys, 0, tuple, collect, &sols);
  br_set_sort(&sols);
  bool good = true;

  /* 1. soundness */
  bool posted;
  PropStore *s = br_build(sys, v, &posted);
  if (posted != !prop_failed(s)) {
    br_report(sys, "post result and failed state disagree", NULL);
    good = false;
  } else if (!posted && sols.count > 0) {
    br_report(sys, "posting failed but a solution exists", sols.t);
    good = false;
  } else if (posted) {
    for (int k = 0; k < sols.count && good; k++) {
      const int64_t *t = sols.t + (size_t)k * (size_t)sys->n;
      for (int i = 0; i < sys->n; i++)
        if (!prop_has(s, v[i], t[i])) {
          char why[96];
          snprintf(why, sizeof why, "propagation removed v%d = %" PRId64 " of a solution", i, t[i]);
          br_report(sys, why, t);
          good = false;
          break;
        }
    }
  }

  /* 1b. strength: nothing left that no solution uses */
  if (good && posted && sys->tight != BR_NONE && sols.count > 0) {
    for (int i = 0; i < sys->n && good; i++) {
      int64_t lo = INT64_MAX, hi = INT64_MIN;
      for (int k = 0; k < sols.count; k++) {
        int64_t x = sols.t[(size_t)k * (size_t)sys->n + i];
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      if (prop_min(s, v[i]) != lo || prop_max(s, v[i]) != hi) {
        char why[128];
        snprintf(why, sizeof why, "not bounds consistent: v%d in %" PRId64 "..%" PRId64 ", solutions %" PRId64
                 "..%" PRId64, i, prop_min(s, v[i]), prop_max(s, v[i]), lo, hi);
        br_report(sys, why, NULL);
        good = false;
      } else if (sys->tight == BR_DOMAIN && prop_size(s, v[i]) < 4096) {
        for (int64_t x = lo; x < hi && good; ) {   /* every value of dom(v_i) is used */
          bool used = false;
          for (int k = 0; k < sols.count && !used; k++) used = sols.t[(size_t)k * (size_t)sys->n + i] == x;
          if (!used) {
            char why[96];
            snprintf(why, sizeof why, "not domain consistent: v%d = %" PRId64 " is in no solution", i, x);
            br_report(sys, why, NULL);
            good = false;
          }
          if (!prop_next(s, v[i], x, &x)) break;
        }
      }
    }
  }

  /* 2. search finds exactly the solutions */
  if (good && posted) {
    for (int i = 0; i < sys->n; i++) prop_add_decision(s, v[i]);
    SearchOptions o;
    search_default_options(&o);
    o.val_order = SEARCH_VAL_MIN;
    o.max_nodes = 200000;
    BrLeaves l = {sys, v, {.n = sys->n}, false};
    SearchResult r = search_solve(s, &o, br_leaf, &l, NULL);
    br_set_sort(&l.found);
    if (r != SEARCH_EXHAUSTED) {
      br_report(sys, "search did not exhaust", NULL);
      good = false;
    } else if (l.unfixed) {
      br_report(sys, "a leaf with an unfixed variable", NULL);
      good = false;
    } else if (l.found.count != sols.count ||
               (sols.count && memcmp(l.found.t, sols.t, (size_t)sols.count * (size_t)sys->n * sizeof *sols.t))) {
      char why[96];
      snprintf(why, sizeof why, "search found %d solutions, enumeration %d", l.found.count, sols.count);
      br_report(sys, why, NULL);
      for (int k = 0; k < l.found.count && k < 8; k++) {
        fprintf(stderr, "    found:");
        for (int i = 0; i < sys->n; i++) fprintf(stderr, " %" PRId64, l.found.t[(size_t)k * (size_t)sys->n + i]);
        fprintf(stderr, "\n");
      }
      for (int k = 0; k < sols.count && k < 8; k++) {
        fprintf(stderr, "    enumerated:");
        for (int i = 0; i < sys->n; i++) fprintf(stderr, " %" PRId64, sols.t[(size_t)k * (size_t)sys->n + i]);
        fprintf(stderr, "\n");
      }
      good = false;
    }
    free(l.found.t);
  }
  prop_store_free(s);

  /* 3. exactness: every tuple of operands decides */
  if (good) {
    s = br_build(sys, v, &posted);
    if (posted) {
      BrExact e = {s, v, false, {0}, NULL, 4000};
      br_each(sys, 0, tuple, exact_visit, &e);
      if (e.bad) {
        br_report(sys, e.why, e.bad_tuple);
        good = false;
      }
    }
    prop_store_free(s);
  }
  free(sols.t);
  if (!good) br_failed++;
  return good;
}

#endif
