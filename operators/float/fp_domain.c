/* fp_domain.c - float domains seen by the projections: pieces by sign class,
 * sets of key intervals, and the guarded narrowing every projection uses.
 *
 * Pieces: inside one sign class (-inf, negative finite, -0, +0, positive
 * finite, +inf, NaN) each of + - * / and sqrt is monotone in each operand
 * and never changes between a NaN and a non-NaN result, so the hull of its
 * results over two pieces is the hull of its results at their corners.
 *
 * The guard: a bound that moves by one representable value per round (x < y
 * and y < x; y = x + 1 and y == x) would take up to 2^64 rounds to converge.
 * A domain of more than 64 keys is therefore only narrowed when at least
 * 1/16 of it goes; otherwise only NaN and the infinities are removed (they
 * matter to comparisons) and labeling does the rest.  Weak, never unsound.
 */
#include <assert.h>
#include <stdlib.h>

#include "fp_internal.h"

bool fpi_is_special(FpiKind k) { return k == FPI_NEG_INF || k == FPI_POS_INF || k == FPI_NAN; }
bool fpi_is_zero(FpiKind k) { return k == FPI_NEG_ZERO || k == FPI_POS_ZERO; }

bool fpi_first_in(const PropStore *s, PropVar x, int64_t lo, int64_t hi, int64_t *out) {
  if (lo > hi) return false;
  int64_t v;
  if (prop_has(s, x, lo)) v = lo;
  else if (!prop_next(s, x, lo, &v)) return false;
  if (v > hi) return false;
  *out = v;
  return true;
}

bool fpi_last_in(const PropStore *s, PropVar x, int64_t lo, int64_t hi, int64_t *out) {
  if (lo > hi) return false;
  int64_t v;
  if (prop_has(s, x, hi)) v = hi;
  else if (!prop_prev(s, x, hi, &v)) return false;
  if (v < lo) return false;
  *out = v;
  return true;
}

bool fpi_meets(const PropStore *s, PropVar x, int64_t lo, int64_t hi) {
  int64_t v;
  return fpi_first_in(s, x, lo, hi, &v);
}

int fpi_pieces(const PropStore *s, const FpFormat *f, PropVar x, FpiPiece *out) {
  int64_t ninf = fp_key_neg(f->inf_key);
  const struct { int64_t lo, hi; FpiKind kind; } classes[FPI_KINDS] = {
    {ninf, ninf, FPI_NEG_INF}, {ninf + 1, -2, FPI_NEG}, {-1, -1, FPI_NEG_ZERO},
    {0, 0, FPI_POS_ZERO}, {1, f->inf_key - 1, FPI_POS}, {f->inf_key, f->inf_key, FPI_POS_INF},
    {f->inf_key + 1, f->inf_key + 1, FPI_NAN},
  };
  assert(prop_min(s, x) >= ninf && prop_max(s, x) <= f->inf_key + 1);
  int n = 0;
  for (int i = 0; i < FPI_KINDS; i++) {
    FpiPiece p = {0, 0, classes[i].kind};
    if (fpi_first_in(s, x, classes[i].lo, classes[i].hi, &p.lo)) {
      bool ok = fpi_last_in(s, x, classes[i].lo, classes[i].hi, &p.hi);
      assert(ok);
      (void)ok;
      out[n++] = p;
    }
  }
  return n;
}

/* ---- Sets of key intervals -------------------------------------------------------- */

void fpi_set_init(FpiSet *set) {
  set->n = 0;
  set->overflow = false;
}

void fpi_set_add(FpiSet *set, int64_t lo, int64_t hi) {
  if (lo > hi) return;
  if (set->n == FPI_SET_CAP) {   /* keep it sound: collapse into the hull */
    for (int i = 1; i < set->n; i++) {
      if (set->iv[i].lo < set->iv[0].lo) set->iv[0].lo = set->iv[i].lo;
      if (set->iv[i].hi > set->iv[0].hi) set->iv[0].hi = set->iv[i].hi;
    }
    set->n = 1;
    set->overflow = true;
  }
  set->iv[set->n++] = (PropInterval){lo, hi};
}

static int by_lo(const void *a, const void *b) {
  const PropInterval *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Sorted, disjoint, non-adjacent intervals. */
static void normalize(FpiSet *set) {
  qsort(set->iv, (size_t)set->n, sizeof set->iv[0], by_lo);
  int k = 0;
  for (int i = 0; i < set->n; i++) {
    if (k > 0 && (prop_wide)set->iv[k - 1].hi + 1 >= set->iv[i].lo) {
      if (set->iv[i].hi > set->iv[k - 1].hi) set->iv[k - 1].hi = set->iv[i].hi;
    } else {
      set->iv[k++] = set->iv[i];
    }
  }
  set->n = k;
}

static bool set_has(const FpiSet *set, int64_t v) {
  for (int i = 0; i < set->n; i++)
    if (set->iv[i].lo <= v && v <= set->iv[i].hi) return true;
  return false;
}

/* |dom(x) intersected with set| (saturating at UINT64_MAX). */
static uint64_t meet_size(const PropStore *s, PropVar x, const FpiSet *set) {
  unsigned __int128 total = 0;
  int n = prop_interval_count(s, x);
  for (int i = 0, j = 0; i < n && j < set->n;) {
    PropInterval a = prop_interval(s, x, i), b = set->iv[j];
    int64_t lo = a.lo > b.lo ? a.lo : b.lo, hi = a.hi < b.hi ? a.hi : b.hi;
    if (lo <= hi) total += (unsigned __int128)((prop_wide)hi - lo + 1);
    if (a.hi < b.hi) i++; else j++;
  }
  return total > UINT64_MAX ? UINT64_MAX : (uint64_t)total;
}

bool fpi_narrow(PropStore *s, const FpFormat *f, PropVar x, FpiSet *set) {
  if (prop_failed(s)) return false;
  normalize(set);
  uint64_t old = prop_size(s, x), now = meet_size(s, x, set);
  if (now == old) return true;
  PropDomain d = {set->iv, set->n, set->n};
  if (now == 0 || old <= 64 || old - now >= old / 16) return prop_restrict_domain(s, x, &d);
  if (!f) return true;
  /* A small step on a wide domain: only the special values. */
  const int64_t special[3] = {fp_key_neg(f->inf_key), f->inf_key, fp_key_nan(f)};
  for (int i = 0; i < 3; i++)
    if (!set_has(set, special[i]) && !prop_remove(s, x, special[i])) return false;
  return true;
}

/* ---- Variables -------------------------------------------------------------------- */

PropVar fp_var(PropStore *s, const FpFormat *f) {
  PropVar x = prop_new_var(s, fp_key_neg(f->inf_key), fp_key_nan(f));
  prop_set_bisect(s, x);   /* labeling splits at representable midpoints */
  prop_set_float_keys(s, x, f->prec, f->exp_bits);   /* after NaN and the infinities */
  return x;
}

PropVar fp_const(PropStore *s, const FpFormat *f, int64_t key) {
  assert(key >= fp_key_neg(f->inf_key) && key <= fp_key_nan(f));
  return prop_new_const(s, key);
}
