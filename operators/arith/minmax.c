/* minmax.c - z = min(x, y), z = max(x, y), z = |x| (op_min, op_max, op_abs).
 *
 * min (max is its mirror image):
 *   1. decided: max x <= min y, or min y > max z, makes z = x (and the
 *      symmetric cases z = y): post the equality, be entailed;
 *   2. bounds: min z >= min(min x, min y), max z <= min(max x, max y);
 *   3. z <= x and z <= y: min x >= min z, min y >= min z;
 *   4. values: dom(z) within dom(x) ∪ dom(y).
 * abs:
 *   1. min x >= 0: z = x; max x <= 0: z = -x (post, be entailed);
 *   2. values: dom(z) := dom(z) ∩ |dom(x)|, dom(x) := dom(x) ∩ ±dom(z)
 *      (|INT64_MIN| does not fit: INT64_MIN has no support and goes).
 * Once the operands are fixed, z is fixed (or the store fails).
 *
 * Never: widen a domain, or compute |v| in 64 bits.
 */
#include "inka/arith.h"
#include "arith_wide.h"

typedef struct MinMax {
  Propagator base;
  PropVar x, y, z;
} MinMax;

/* Rule 4: dom(z) := dom(z) ∩ (dom(x) ∪ dom(y)). */
static bool within_union(PropStore *s, PropVar z, PropVar x, PropVar y) {
  IvBuf u;
  ivbuf_init(&u);
  ivbuf_union_vars(s, x, y, &u);
  bool ok = ivbuf_restrict(s, z, &u);
  ivbuf_free(&u);
  return ok;
}

static PropStatus equal_to(PropStore *s, PropVar z, PropVar x) {
  return op_rel(s, z, OP_EQ, x) ? PROP_ENTAILED : PROP_FAILED;
}

static PropStatus min_propagate(PropStore *s, Propagator *base) {
  MinMax *p = (MinMax *)base;
  PropVar x = p->x, y = p->y, z = p->z;
  /* Rule 1: one side is the minimum. */
  if (prop_max(s, x) <= prop_min(s, y) || prop_min(s, y) > prop_max(s, z)) return equal_to(s, z, x);
  if (prop_max(s, y) <= prop_min(s, x) || prop_min(s, x) > prop_max(s, z)) return equal_to(s, z, y);
  /* Rule 2: bounds of z. */
  int64_t lo = prop_min(s, x) < prop_min(s, y) ? prop_min(s, x) : prop_min(s, y);
  int64_t hi = prop_max(s, x) < prop_max(s, y) ? prop_max(s, x) : prop_max(s, y);
  if (!prop_restrict_range(s, z, lo, hi)) return PROP_FAILED;
  /* Rule 3: z below both. */
  if (!prop_set_min(s, x, prop_min(s, z)) || !prop_set_min(s, y, prop_min(s, z))) return PROP_FAILED;
  /* Rule 4: values. */
  if (!within_union(s, z, x, y)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static PropStatus max_propagate(PropStore *s, Propagator *base) {
  MinMax *p = (MinMax *)base;
  PropVar x = p->x, y = p->y, z = p->z;
  /* Rule 1: one side is the maximum. */
  if (prop_min(s, x) >= prop_max(s, y) || prop_max(s, y) < prop_min(s, z)) return equal_to(s, z, x);
  if (prop_min(s, y) >= prop_max(s, x) || prop_max(s, x) < prop_min(s, z)) return equal_to(s, z, y);
  /* Rule 2: bounds of z. */
  int64_t lo = prop_min(s, x) > prop_min(s, y) ? prop_min(s, x) : prop_min(s, y);
  int64_t hi = prop_max(s, x) > prop_max(s, y) ? prop_max(s, x) : prop_max(s, y);
  if (!prop_restrict_range(s, z, lo, hi)) return PROP_FAILED;
  /* Rule 3: z above both. */
  if (!prop_set_max(s, x, prop_max(s, z)) || !prop_set_max(s, y, prop_max(s, z))) return PROP_FAILED;
  /* Rule 4: values. */
  if (!within_union(s, z, x, y)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass min_class = {"min", min_propagate, PROP_PRIO_NONLINEAR, false};
static const PropClass max_class = {"max", max_propagate, PROP_PRIO_NONLINEAR, false};

static bool post_minmax(PropStore *s, const PropClass *cls, PropVar x, PropVar y, PropVar z) {
  if (prop_failed(s)) return false;
  if (x == y || prop_same(s, x, y)) return op_rel(s, z, OP_EQ, x);
  MinMax *p = prop_propagator_new(s, cls, sizeof *p);
  p->x = x;
  p->y = y;
  p->z = z;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}

bool op_min(PropStore *s, PropVar x, PropVar y, PropVar z) { return post_minmax(s, &min_class, x, y, z); }
bool op_max(PropStore *s, PropVar x, PropVar y, PropVar z) { return post_minmax(s, &max_class, x, y, z); }

/* ---- abs ------------------------------------------------------------------------ */

typedef struct Abs {
  Propagator base;
  PropVar x, z;
} Abs;

/* out := |dom(x)|: the non-negative part merged with the mirrored negative part. */
static void abs_image(const PropStore *s, PropVar x, IvBuf *out) {
  int n = prop_interval_count(s, x);
  int j = 0;                                   /* first interval reaching >= 0 */
  while (j < n && prop_interval(s, x, j).hi < 0) j++;
  int i = j - 1;                               /* last interval reaching < 0 */
  if (j < n && prop_interval(s, x, j).lo < 0) i = j;
  int k = j;                                   /* non-negative parts from k */
  while (i >= 0 || k < n) {
    prop_wide nlo = 0, nhi = -1, plo = 0, phi = -1;
    if (i >= 0) {
      PropInterval a = prop_interval(s, x, i);
      nlo = a.hi < 0 ? -(prop_wide)a.hi : 0;  /* |a.hi| .. |a.lo| over the negative part */
      nhi = -(prop_wide)a.lo;
    }
    if (k < n) {
      PropInterval a = prop_interval(s, x, k);
      plo = a.lo > 0 ? a.lo : 0;
      phi = a.hi;
    }
    if (i >= 0 && (k >= n || nlo <= plo)) {
      ivbuf_push(out, nlo, nhi);
      i--;
    } else {
      ivbuf_push(out, plo, phi);
      k++;
    }
  }
}

/* out := dom(z) ∪ -dom(z), for dom(z) >= 0. */
static void signed_image(const PropStore *s, PropVar z, IvBuf *out) {
  int n = prop_interval_count(s, z);
  for (int i = n - 1; i >= 0; i--) {
    PropInterval a = prop_interval(s, z, i);
    ivbuf_push(out, -(prop_wide)a.hi, -(prop_wide)a.lo);
  }
  for (int i = 0; i < n; i++) {
    PropInterval a = prop_interval(s, z, i);
    ivbuf_push(out, a.lo, a.hi);
  }
}

static PropStatus abs_propagate(PropStore *s, Propagator *base) {
  Abs *p = (Abs *)base;
  /* Rule 1: the sign of x is known. */
  if (prop_min(s, p->x) >= 0) return equal_to(s, p->z, p->x);
  if (prop_max(s, p->x) <= 0) {
    static const int64_t coef[2] = {1, 1};
    PropVar v[2] = {p->z, p->x};
    return op_linear(s, 2, coef, v, OP_EQ, 0) ? PROP_ENTAILED : PROP_FAILED;
  }
  /* Rule 2: values, both ways. */
  IvBuf b;
  ivbuf_init(&b);
  abs_image(s, p->x, &b);
  bool ok = ivbuf_restrict(s, p->z, &b);
  b.n = 0;
  if (ok) {
    signed_image(s, p->z, &b);
    ok = ivbuf_restrict(s, p->x, &b);
  }
  ivbuf_free(&b);
  return ok ? PROP_SUSPEND : PROP_FAILED;
}

static const PropClass abs_class = {"abs", abs_propagate, PROP_PRIO_NONLINEAR, false};

bool op_abs(PropStore *s, PropVar x, PropVar z) {
  if (prop_failed(s)) return false;
  if (!prop_set_min(s, z, 0)) return false;
  Abs *p = prop_propagator_new(s, &abs_class, sizeof *p);
  p->x = x;
  p->z = z;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}
