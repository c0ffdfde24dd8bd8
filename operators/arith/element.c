/* element.c - v = table[i], 0-based, over a table of constants
 * (op_element_const) and over a table of variables (op_element_var).
 *
 * Constant table (domain consistent):
 *   1. i within [0, n);
 *   2. an index whose entry is not in dom(v) goes;
 *   3. dom(v) within the entries of the remaining indices.
 * Variable table:
 *   1. i within [0, n);
 *   2. an index whose entry's domain misses dom(v) goes;
 *   3. v within the hull of the remaining entries' bounds;
 *   4. i fixed: post v = table[i], be entailed.
 * Once i is fixed (and, for variables, the entry), v is fixed.
 * (An index whose entry would close a negative cycle of differences with v
 * is removed by linear_pairs.c when bounds converge slowly around v.)
 *
 * Never: read outside the table.
 */
#include "inka/arith.h"
#include "arith_wide.h"
#include "linear_internal.h"

/* ---- Constant table -------------------------------------------------------------- */

typedef struct ElemConst {
  Propagator base;
  PropVar v, i;
  int n;
  int64_t *table;
} ElemConst;

static int cmp_i64(const void *l, const void *r) {
  int64_t a = *(const int64_t *)l, b = *(const int64_t *)r;
  return a < b ? -1 : a > b;
}

static PropStatus elem_const_propagate(PropStore *s, Propagator *base) {
  ElemConst *p = (ElemConst *)base;
  uint64_t size = prop_size(s, p->i);
  int64_t *vals = malloc((size_t)size * sizeof *vals);
  if (!vals) abort();
  int k = 0;
  /* Rule 2: indices whose entry is not a value of v go. */
  int64_t j = prop_min(s, p->i);
  for (;;) {
    if (prop_has(s, p->v, p->table[j])) {
      vals[k++] = p->table[j];
    } else if (!prop_remove(s, p->i, j)) {
      free(vals);
      return PROP_FAILED;
    }
    int64_t next;
    if (!prop_next(s, p->i, j, &next)) break;
    j = next;
  }
  /* Rule 3: v within the remaining entries. */
  qsort(vals, (size_t)k, sizeof *vals, cmp_i64);
  IvBuf b;
  ivbuf_init(&b);
  for (int a = 0; a < k; a++) ivbuf_push(&b, vals[a], vals[a]);
  free(vals);
  bool ok = ivbuf_restrict(s, p->v, &b);
  ivbuf_free(&b);
  if (!ok) return PROP_FAILED;
  return prop_is_fixed(s, p->i) ? PROP_ENTAILED : PROP_SUSPEND;
}

static const PropClass elem_const_class = {"element_const", elem_const_propagate, PROP_PRIO_GLOBAL, true};

bool op_element_const(PropStore *s, PropVar v, const int64_t *table, int n, PropVar i) {
  if (prop_failed(s)) return false;
  /* Rule 1. */
  if (n <= 0) return arith_fail(s);
  if (!prop_restrict_range(s, i, 0, n - 1)) return false;
  ElemConst *p = prop_propagator_new(s, &elem_const_class, sizeof *p);
  p->v = v;
  p->i = i;
  p->n = n;
  p->table = prop_alloc(s, (size_t)n * sizeof *p->table);
  memcpy(p->table, table, (size_t)n * sizeof *table);
  prop_subscribe(s, &p->base, i, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, v, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}

/* ---- Variable table -------------------------------------------------------------- */

typedef struct ElemVar {
  Propagator base;
  PropVar v, i;
  int n;
  PropVar *table;
} ElemVar;

static PropStatus elem_var_propagate(PropStore *s, Propagator *base) {
  ElemVar *p = (ElemVar *)base;
  /* Rule 4: a known index. */
  if (prop_is_fixed(s, p->i))
    return op_rel(s, p->v, OP_EQ, p->table[prop_value(s, p->i)]) ? PROP_ENTAILED : PROP_FAILED;
  /* Rule 2: entries that cannot equal v go. */
  int64_t lo = INT64_MAX, hi = INT64_MIN;
  int64_t j = prop_min(s, p->i);
  for (;;) {
    PropVar t = p->table[j];
    if (domains_meet(s, t, p->v)) {
      if (prop_min(s, t) < lo) lo = prop_min(s, t);
      if (prop_max(s, t) > hi) hi = prop_max(s, t);
    } else if (!prop_remove(s, p->i, j)) {
      return PROP_FAILED;
    }
    int64_t next;
    if (!prop_next(s, p->i, j, &next)) break;
    j = next;
  }
  if (prop_is_fixed(s, p->i))
    return op_rel(s, p->v, OP_EQ, p->table[prop_value(s, p->i)]) ? PROP_ENTAILED : PROP_FAILED;
  /* Rule 3: v within the hull of the remaining entries. */
  if (!prop_restrict_range(s, p->v, lo, hi)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass elem_var_class = {"element_var", elem_var_propagate, PROP_PRIO_GLOBAL, false};

bool lin_element_var_parts(const Propagator *base, PropVar *v, PropVar *i, const PropVar **table, int *n) {
  if (base->cls != &elem_var_class) return false;
  const ElemVar *p = (const ElemVar *)base;
  *v = p->v;
  *i = p->i;
  *table = p->table;
  *n = p->n;
  return true;
}

bool op_element_var(PropStore *s, PropVar v, const PropVar *table, int n, PropVar i) {
  if (prop_failed(s)) return false;
  /* Rule 1. */
  if (n <= 0) return arith_fail(s);
  if (!prop_restrict_range(s, i, 0, n - 1)) return false;
  ElemVar *p = prop_propagator_new(s, &elem_var_class, sizeof *p);
  p->v = v;
  p->i = i;
  p->n = n;
  p->table = prop_alloc(s, (size_t)n * sizeof *p->table);
  memcpy(p->table, table, (size_t)n * sizeof *table);
  prop_subscribe(s, &p->base, i, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, v, PROP_EV_DOMAIN);
  for (int k = 0; k < n; k++) prop_subscribe(s, &p->base, table[k], PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}
