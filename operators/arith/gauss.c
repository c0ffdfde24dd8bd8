/* gauss.c - Gaussian elimination of the store's linear equalities modulo
 * 2^k, so that equalities combine: after `a = x + y; b = x - y`, the C
 * value of `a - b` is the C value of `2 * y`; after `s -= 3` per iteration
 * of a loop that counts k, `s + 3 * k` is the constant it started at.
 *
 * Rows.  Every propagator in the store's linear list (prop_linear) that
 * stands for an equality gives a row sum(a_i x_i) == c that holds in every
 * solution: exact linear equalities (linear.c, linear_pairs.c) over the
 * integers, hence modulo every 2^k; the wrapping C operations (wrap.c:
 * z = wrap(sum a_i x_i + c), times.c: z = wrap(v * y) with v fixed) modulo
 * 2^bits of their type, whatever the quotient of the wrap.  Nothing else is
 * assumed: an overflow changes the quotient, never the congruence, so the
 * rows hold under the wraparound semantics of C without any guess that a
 * value stays in range.  Equal variables (prop_find) are one column; fixed
 * ones are constants.
 *
 * Elimination.  For each modulus 2^k (64 and every width the rows use) the
 * rows valid modulo 2^k are reduced in creation order against the pivots so
 * far; a reduced row with an odd coefficient (a unit modulo 2^k) makes its
 * newest such variable a pivot, expressed in the others (so the inputs stay
 * free); a reduced row 0 == c, c != 0, or whose coefficients all have more
 * factors of two than c, has no solution.  A reduced row without an odd
 * coefficient, 2^j * (sum b_i x_i + d) == 0 (mod 2^k), says
 * sum b_i x_i + d == 0 modulo 2^(k-j) only: it is dropped here and becomes a
 * derived row of that modulus, which the elimination modulo 2^(k-j) and
 * every smaller modulus inserts where its origin stood (an invariant
 * 2n - a - 2b == 0 reduced by a == 2c is 2 (n - c - b) == 0: n - c - b is 0
 * modulo 2^63, and the C int a + 2b - 2n is 0).  Back-substitution then
 * writes every variable as a form over the free variables.
 *
 * Conclusions.  A variable whose form is a constant d satisfies x == d
 * (mod 2^k): a congruence on its stored value (prop_restrict_congruence,
 * which fixes a k-bit variable).  Two variables whose forms differ (or sum)
 * by a constant t satisfy x -+ y == t (mod 2^k); when the range of x -+ y
 * over their bounds holds exactly one such value e, x -+ y == e exactly
 * (posted, and x == y unifies them); when it holds none, no solution.
 *
 * Never: divide by an even number modulo 2^k, assume a value does not wrap,
 * or conclude anything from a row abandoned for its size.
 */
#include <stdlib.h>
#include <string.h>

#include "inka/arith.h"
#include "inka/gauss.h"
#include "arith_wide.h"
#include "linear_internal.h"

enum { MAX_ROWS = 20000, MAX_COLS = 20000, MAX_TERMS = 256, MAX_WORK = 2000000, MAX_POSTS = 64, MAX_DERIVED = 256 };

typedef struct Row {
  OpRow r;
  int bits;            /* 0: exact over the integers */
  LinRel rel;          /* what the row says (wrapping rows: LIN_EQ) */
  PropVar b;           /* a reified comparison b <=> (x crel y): the row is x - y; -1: none */
  OpRel crel;
} Row;

/* sum(a_i * x_col_i) + c, coefficients modulo 2^k */
typedef struct Form {
  int n;
  int *col;
  uint64_t *a;
  uint64_t c;
} Form;

/* The rows derived by dividing a reduced row by a power of two (one per
   origin row at most, so that moduli do not cascade down one at a time). */
typedef struct Derived {
  int n;
  Row row[MAX_DERIVED];
  int origin[MAX_DERIVED];   /* index of the row it came from, increasing */
  bool *done;                /* origin row -> derived already */
} Derived;

typedef struct Elim {
  PropStore *s;
  Derived *derived;
  int at;              /* index of the row being inserted */
  int k;
  uint64_t mask;
  int ncols;
  PropVar *var_of;     /* column -> variable (a class representative) */
  int *col_of;         /* variable -> column + 1, 0: none */
  int *pivot;          /* column -> index in expr, -1: free */
  Form *expr;          /* pivot e: x_{pcol[e]} == expr[e] */
  int *pcol;
  int nexpr;
  /* the accumulator of a reduction */
  uint64_t *acc, acc_c;
  char *touched, *queued;
  int *tlist, nt, *work, nwork;
  long budget;
  bool gave_up;
} Elim;

static uint64_t odd_inverse(uint64_t u) {
  uint64_t inv = u; /* Newton: each step doubles the correct bits */
  for (int i = 0; i < 5; i++) inv *= 2 - u * inv;
  return inv;
}

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) abort();
  return p;
}

static void form_free(Form *f) {
  free(f->col);
  free(f->a);
  *f = (Form){0};
}

/* ---- Rows of the store ------------------------------------------------------ */

static int collect_rows(PropStore *s, Row **out) {
  int n = prop_linear_count(s), m = 0;
  Row *rows = xcalloc((size_t)n, sizeof *rows);
  for (int i = 0; i < n && m < MAX_ROWS; i++) {
    const Propagator *p = prop_linear(s, i);
    Row *r = &rows[m];
    r->bits = 0;
    r->rel = LIN_EQ;
    r->b = -1;
    PropVar x, y;
    if (lin_reify_row(p, &r->b, &x, &r->crel, &y)) {
      if (prop_is_fixed(s, r->b)) continue; /* decided: its relation is posted */
      r->r = (OpRow){.n = 2, .x = {x, y}, .a = {1, -1}, .c = 0, .eq = false};
      r->rel = LIN_NE; /* checked, never eliminated */
    } else if (!lin_row_rel(p, &r->r, &r->rel) && !lin_wrap_row(p, &r->r, &r->bits) &&
               !lin_times_wrap_row(s, p, &r->r, &r->bits)) {
      continue;
    }
    m++;
  }
  *out = rows;
  return m;
}

/* ---- Columns and the accumulator ------------------------------------------- */

static int column(Elim *e, PropVar x) {
  if (e->col_of[x]) return e->col_of[x] - 1;
  if (e->ncols == MAX_COLS) {
    e->gave_up = true;
    return -1;
  }
  e->var_of[e->ncols] = x;
  e->pivot[e->ncols] = -1;
  e->col_of[x] = ++e->ncols;
  return e->ncols - 1;
}

static void acc_add(Elim *e, int col, uint64_t v) {
  v &= e->mask;
  if (!v) return;
  if (!e->touched[col]) {
    e->touched[col] = 1;
    e->tlist[e->nt++] = col;
  }
  e->acc[col] = (e->acc[col] + v) & e->mask;
  if (e->acc[col] && e->pivot[col] >= 0 && !e->queued[col]) {
    e->queued[col] = 1;
    e->work[e->nwork++] = col;
  }
}

static void acc_add_form(Elim *e, const Form *f, uint64_t mul) {
  for (int i = 0; i < f->n; i++) acc_add(e, f->col[i], f->a[i] * mul);
  e->acc_c = (e->acc_c + f->c * mul) & e->mask;
  e->budget -= f->n + 1;
}

/* Substitutes the pivots in the accumulator until only free columns are
   left (pivot expressions refer to columns pivoted later, so it ends). */
static void acc_reduce(Elim *e) {
  while (e->nwork > 0 && e->budget > 0) {
    int col = e->work[--e->nwork];
    e->queued[col] = 0;
    uint64_t v = e->acc[col];
    if (!v) continue;
    e->acc[col] = 0;
    acc_add_form(e, &e->expr[e->pivot[col]], v);
  }
  if (e->budget <= 0) e->gave_up = true;
}

static int cmp_int(const void *l, const void *r) {
  int a = *(const int *)l, b = *(const int *)r;
  return (a > b) - (a < b);
}

/* The accumulator as a form (columns in increasing order), and cleared. */
static Form acc_take(Elim *e) {
  qsort(e->tlist, (size_t)e->nt, sizeof *e->tlist, cmp_int);
  Form f = {0, NULL, NULL, e->acc_c};
  int n = 0;
  for (int i = 0; i < e->nt; i++) n += e->acc[e->tlist[i]] != 0;
  if (n > MAX_TERMS) e->gave_up = true;
  f.col = xcalloc((size_t)n, sizeof *f.col);
  f.a = xcalloc((size_t)n, sizeof *f.a);
  for (int i = 0; i < e->nt; i++) {
    int col = e->tlist[i];
    if (e->acc[col]) {
      f.col[f.n] = col;
      f.a[f.n++] = e->acc[col];
    }
    e->acc[col] = 0;
    e->touched[col] = 0;
  }
  e->nt = 0;
  e->acc_c = 0;
  while (e->nwork > 0) e->queued[e->work[--e->nwork]] = 0;
  return f;
}

/* ---- Elimination --------------------------------------------------------------- */

static int tz(uint64_t a) { return a ? __builtin_ctzll(a) : 64; }

/* sum a_i x_i + c == 0 (mod 2^k), every a_i and c multiples of 2^low, 0 <
   low < k: sum (a_i / 2^low) x_i + c / 2^low == 0 (mod 2^(k-low)), a derived
   row of the row being inserted. */
static void derive(Elim *e, const Form *f, int low) {
  Derived *d = e->derived;
  if (!d || d->n == MAX_DERIVED || d->done[e->at] || f->n > OP_ROW_MAX) return;
  int at = d->n; /* kept in order of origin */
  while (at > 0 && d->origin[at - 1] > e->at) {
    d->row[at] = d->row[at - 1];
    d->origin[at] = d->origin[at - 1];
    at--;
  }
  Row *r = &d->row[at];
  *r = (Row){.bits = e->k - low, .rel = LIN_EQ, .b = -1};
  for (int i = 0; i < f->n; i++) {
    r->r.x[i] = e->var_of[f->col[i]];
    r->r.a[i] = (prop_wide)(f->a[i] >> low);
  }
  r->r.n = f->n;
  r->r.c = -(prop_wide)(f->c >> low);
  d->origin[at] = e->at;
  d->n++;
  d->done[e->at] = true;
}

/* Adds row r (valid modulo 2^k); false when it has no solution with the
   pivots so far. */
static bool insert_row(Elim *e, const Row *r) {
  for (int t = 0; t < r->r.n; t++) {
    PropVar x = prop_find(e->s, r->r.x[t]);
    uint64_t a = (uint64_t)r->r.a[t];   /* low 64 bits: the class modulo 2^64 */
    if (prop_is_fixed(e->s, x)) {
      e->acc_c = (e->acc_c + a * (uint64_t)prop_value(e->s, x)) & e->mask;
      continue;
    }
    int col = column(e, x);
    if (col < 0) return true;
    acc_add(e, col, a);
  }
  e->acc_c = (e->acc_c - (uint64_t)r->r.c) & e->mask;
  acc_reduce(e);
  Form f = acc_take(e);
  if (e->gave_up) {
    form_free(&f);
    return true;
  }
  int best = -1, low = 64;
  for (int i = 0; i < f.n; i++) {
    if (tz(f.a[i]) < low) low = tz(f.a[i]);
    if ((f.a[i] & 1) && (best < 0 || e->var_of[f.col[i]] > e->var_of[f.col[best]])) best = i;
  }
  if (best < 0) {
    /* no unit: sum a_i x_i == -c needs 2^low | c (low = k when no term) */
    bool ok = low >= e->k || (f.c & (((uint64_t)1 << low) - 1)) == 0;
    if (low >= e->k) ok = f.c == 0;
    if (ok && low < e->k) derive(e, &f, low);
    form_free(&f);
    return ok;
  }
  /* x_p == -inv(a_p) * (the rest + c) */
  uint64_t m = (0 - odd_inverse(f.a[best])) & e->mask;
  int p = f.col[best];
  for (int i = best; i + 1 < f.n; i++) {
    f.col[i] = f.col[i + 1];
    f.a[i] = f.a[i + 1];
  }
  f.n--;
  for (int i = 0; i < f.n; i++) f.a[i] = (f.a[i] * m) & e->mask;
  f.c = (f.c * m) & e->mask;
  e->expr[e->nexpr] = f;
  e->pcol[e->nexpr] = p;
  e->pivot[p] = e->nexpr++;
  return true;
}

/* Every pivot's expression over the free columns only (newest first: an
   expression refers only to pivots made after it). */
static void back_substitute(Elim *e) {
  for (int i = e->nexpr - 1; i >= 0 && !e->gave_up; i--) {
    Form old = e->expr[i];
    int p = e->pcol[i];
    e->pivot[p] = -1; /* the expression, not the pivot, goes into the accumulator */
    acc_add_form(e, &old, 1);
    acc_reduce(e);
    Form f = acc_take(e);
    form_free(&old);
    e->expr[i] = f;
    e->pivot[p] = i;
  }
}

/* ---- Conclusions ----------------------------------------------------------------- */

typedef struct Key {
  int col;             /* the column this entry describes */
  bool neg;            /* its form is -(normalised part) + c */
  uint64_t hash, c;
  const int *kcol;     /* the normalised part: columns, coefficients (sign applied when comparing) */
  const uint64_t *ka;
  int kn;
  uint64_t one;        /* storage for a free column's coefficient */
} Key;

static uint64_t coef_of(const Elim *e, const Key *k, int i) { return k->neg ? (0 - k->ka[i]) & e->mask : k->ka[i]; }

static const Elim *sort_elim;

static int cmp_key(const void *l, const void *r) {
  const Key *a = l, *b = r;
  if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
  if (a->kn != b->kn) return a->kn < b->kn ? -1 : 1;
  for (int i = 0; i < a->kn; i++) {
    if (a->kcol[i] != b->kcol[i]) return a->kcol[i] < b->kcol[i] ? -1 : 1;
    uint64_t x = coef_of(sort_elim, a, i), y = coef_of(sort_elim, b, i);
    if (x != y) return x < y ? -1 : 1;
  }
  return a->col < b->col ? -1 : a->col > b->col;
}

static bool same_part(const Elim *e, const Key *a, const Key *b) {
  if (a->hash != b->hash || a->kn != b->kn) return false;
  for (int i = 0; i < a->kn; i++)
    if (a->kcol[i] != b->kcol[i] || coef_of(e, a, i) != coef_of(e, b, i)) return false;
  return true;
}

/* The first value >= lo congruent to t modulo 2^k. */
static prop_wide first_congruent(const Elim *e, prop_wide lo, uint64_t t) {
  prop_wide m = WIDE_POW2(e->k);
  prop_wide d = ((prop_wide)t - lo) % m;
  if (d < 0) d += m;
  return lo + d;
}

typedef struct Out {
  bool post, refuted;
  int posted;
} Out;

/* x == d (mod 2^k). */
static void conclude_constant(Elim *e, PropVar x, uint64_t d, Out *o) {
  prop_wide v = first_congruent(e, prop_min(e->s, x), d);
  bool unique = v + WIDE_POW2(e->k) > prop_max(e->s, x);
  if (v > prop_max(e->s, x) || (unique && !prop_has(e->s, x, (int64_t)v))) {
    o->refuted = true;
    if (o->post) arith_fail(e->s);
    return;
  }
  if (!o->post || o->posted >= MAX_POSTS) return;
  int bits;
  uint64_t res;
  prop_congruence(e->s, x, &bits, &res);
  if (bits >= e->k && ((res ^ d) & e->mask) == 0) return;
  o->posted++;
  if (!prop_restrict_congruence(e->s, x, e->k, d)) o->refuted = true;
}

/* x == sum(a_i y_i) + d with every a_i a multiple of 2^low: x == d
   (mod 2^low), a congruence on x when it says more than the known one. */
static void conclude_low_bits(Elim *e, PropVar x, const Form *f, Out *o) {
  int low = e->k;
  for (int i = 0; i < f->n; i++)
    if (tz(f->a[i]) < low) low = tz(f->a[i]);
  if (low == 0 || !o->post || o->posted >= MAX_POSTS) return;
  int bits;
  uint64_t res, m = low >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << low) - 1;
  prop_congruence(e->s, x, &bits, &res);
  if (bits >= low && ((res ^ f->c) & m) == 0) return;
  o->posted++;
  if (!prop_restrict_congruence(e->s, x, low, f->c & m)) o->refuted = true;
}

/* x + sy * y == t (mod 2^k), sy = +-1. */
static void conclude_pair(Elim *e, PropVar x, int sy, PropVar y, uint64_t t, Out *o) {
  prop_wide lo = wlo(e->s, x) + (sy > 0 ? wlo(e->s, y) : -whi(e->s, y));
  prop_wide hi = whi(e->s, x) + (sy > 0 ? whi(e->s, y) : -wlo(e->s, y));
  prop_wide v = first_congruent(e, lo, t);
  if (v > hi) {
    o->refuted = true;
    if (o->post) arith_fail(e->s);
    return;
  }
  if (!o->post || o->posted >= MAX_POSTS || v + WIDE_POW2(e->k) <= hi) return;
  if (sy < 0 && v == 0 && prop_same(e->s, x, y)) return;
  o->posted++;
  int64_t a[2] = {1, sy};
  PropVar xs[2] = {x, y};
  if (!op_linear_wide(e->s, 2, a, xs, OP_EQ, v)) o->refuted = true;
}

static uint64_t hash_part(const Elim *e, const Key *k) {
  uint64_t h = 1469598103934665603ULL;
  for (int i = 0; i < k->kn; i++) {
    h = (h ^ (uint64_t)k->kcol[i]) * 1099511628211ULL;
    h = (h ^ coef_of(e, k, i)) * 1099511628211ULL;
  }
  return h;
}

static void conclude(Elim *e, Out *o) {
  Key *keys = xcalloc((size_t)e->ncols, sizeof *keys);
  int nk = 0;
  uint64_t half = e->mask >> 1;
  for (int col = 0; col < e->ncols && !o->refuted; col++) {
    Key *k = &keys[nk];
    k->col = col;
    if (e->pivot[col] < 0) {
      k->one = 1;
      k->kcol = &k->col;
      k->ka = &k->one;
      k->kn = 1;
      k->c = 0;
    } else {
      const Form *f = &e->expr[e->pivot[col]];
      if (f->n == 0) {
        conclude_constant(e, e->var_of[col], f->c, o);
        continue;
      }
      conclude_low_bits(e, e->var_of[col], f, o);
      k->kcol = f->col;
      k->ka = f->a;
      k->kn = f->n;
      k->c = f->c;
      k->neg = f->a[0] > half; /* normalise: the first coefficient "positive" */
    }
    k->hash = hash_part(e, k);
    nk++;
  }
  sort_elim = e;
  qsort(keys, (size_t)nk, sizeof *keys, cmp_key);
  for (int i = 0; i < nk && !o->refuted;) {
    int j = i + 1;
    while (j < nk && same_part(e, &keys[i], &keys[j])) j++;
    for (int m = i + 1; m < j && !o->refuted && !prop_failed(e->s); m++) {
      /* x = sx * P + cx, y = sy * P + cy: x - y or x + y is a constant */
      const Key *a = &keys[i], *b = &keys[m];
      if (a->neg == b->neg) conclude_pair(e, e->var_of[a->col], -1, e->var_of[b->col], (a->c - b->c) & e->mask, o);
      else conclude_pair(e, e->var_of[a->col], 1, e->var_of[b->col], (a->c + b->c) & e->mask, o);
    }
    i = j;
  }
  free(keys);
}

/* ---- One modulus ---------------------------------------------------------------- */

static void elim_free(Elim *e) {
  for (int i = 0; i < e->nexpr; i++) form_free(&e->expr[i]);
  free(e->var_of);
  free(e->col_of);
  free(e->pivot);
  free(e->expr);
  free(e->pcol);
  free(e->acc);
  free(e->touched);
  free(e->queued);
  free(e->tlist);
  free(e->work);
}

/* b of the comparison r is known to be truth. */
static void set_comparison(Elim *e, const Row *r, int truth, Out *o) {
  if (!o->post || o->posted >= MAX_POSTS || prop_is_fixed(e->s, r->b)) return;
  o->posted++;
  if (!prop_fix(e->s, r->b, truth)) o->refuted = true;
}

/* b <=> (x crel y) where x - y == d (mod 2^k) and x - y lies in [lo, hi]:
   x != y when d != 0; otherwise, or for < and <=, the one value of x - y
   congruent to d in [lo, hi] (when there is one) decides b. */
static void decide_comparison(Elim *e, const Row *r, prop_wide lo, prop_wide hi, uint64_t d, Out *o) {
  prop_wide v = first_congruent(e, lo, d);
  if (v > hi) {
    o->refuted = true;
    if (o->post) arith_fail(e->s);
    return;
  }
  bool unique = v + WIDE_POW2(e->k) > hi;
  int truth = -1;
  switch (r->crel) {
  case OP_EQ:
  case OP_NE:
    if (d != 0) truth = 0;
    else if (unique) truth = v == 0;
    if (truth >= 0 && r->crel == OP_NE) truth = !truth;
    break;
  case OP_LT: truth = unique ? v < 0 : -1; break;
  case OP_LE: truth = unique ? v <= 0 : -1; break;
  default: break;
  }
  if (truth >= 0) set_comparison(e, r, truth, o);
}

/* An exact row sum(a_i x_i) rel c whose left side minus c is a constant d
   modulo 2^k: when the range of the exact value over the bounds holds one
   value congruent to d, that value decides the row; none: no solution. */
static void check_row(Elim *e, const Row *r, Out *o) {
  bool sat = false;
  prop_wide lo = -r->r.c, hi = -r->r.c;
  for (int t = 0; t < r->r.n; t++) {
    PropVar x = prop_find(e->s, r->r.x[t]);
    prop_wide a = r->r.a[t], u = a * wlo(e->s, x), v = a * whi(e->s, x);
    lo = wide_sat_add(lo, wmin(u, v), &sat);
    hi = wide_sat_add(hi, wmax(u, v), &sat);
    if (prop_is_fixed(e->s, x)) {
      e->acc_c = (e->acc_c + (uint64_t)a * (uint64_t)prop_value(e->s, x)) & e->mask;
    } else {
      int col = column(e, x);
      if (col < 0) sat = true;
      else acc_add(e, col, (uint64_t)a);
    }
  }
  e->acc_c = (e->acc_c - (uint64_t)r->r.c) & e->mask;
  acc_reduce(e);
  Form f = acc_take(e);
  bool constant = f.n == 0 && !e->gave_up && !sat;
  uint64_t d = f.c;
  int low = e->k; /* every term is a multiple of 2^low */
  for (int i = 0; i < f.n; i++)
    if (tz(f.a[i]) < low) low = tz(f.a[i]);
  bool never_zero = !e->gave_up && low < e->k && (d & (((uint64_t)1 << low) - 1)) != 0;
  form_free(&f);
  if (!constant && never_zero && r->b >= 0 && (r->crel == OP_EQ || r->crel == OP_NE)) {
    /* x - y == (a multiple of 2^low) + d, d not one: x != y */
    set_comparison(e, r, r->crel == OP_NE, o);
    return;
  }
  if (!constant) return;
  if (r->b >= 0) {
    decide_comparison(e, r, lo, hi, d, o);
    return;
  }
  prop_wide v = first_congruent(e, lo, d);
  bool holds = v <= hi;
  if (holds && v + WIDE_POW2(e->k) > hi) holds = r->rel == LIN_EQ ? v == 0 : r->rel == LIN_NE ? v != 0 : v <= 0;
  if (holds) return;
  o->refuted = true;
  if (o->post) arith_fail(e->s);
}

/* Inserts row r when it holds modulo 2^k (exact or wrapping at k bits or
   more); false when the pivots so far contradict it. */
static bool insert_if_valid(Elim *e, const Row *r) {
  if ((r->bits != 0 && r->bits < e->k) || r->rel != LIN_EQ) return true;
  return insert_row(e, r);
}

static void run_modulus(PropStore *s, const Row *rows, int nrows, Derived *derived, int k, Out *o) {
  Elim e = {.s = s, .derived = derived, .k = k, .mask = k >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << k) - 1, .budget = MAX_WORK};
  size_t nv = (size_t)prop_var_count(s);
  e.var_of = xcalloc(MAX_COLS, sizeof *e.var_of);
  e.col_of = xcalloc(nv, sizeof *e.col_of);
  e.pivot = xcalloc(MAX_COLS, sizeof *e.pivot);
  e.expr = xcalloc((size_t)nrows, sizeof *e.expr);
  e.pcol = xcalloc((size_t)nrows, sizeof *e.pcol);
  e.acc = xcalloc(MAX_COLS, sizeof *e.acc);
  e.touched = xcalloc(MAX_COLS, 1);
  e.queued = xcalloc(MAX_COLS, 1);
  e.tlist = xcalloc(MAX_COLS, sizeof *e.tlist);
  e.work = xcalloc(MAX_COLS, sizeof *e.work);
  int next = 0; /* the next derived row; those of origin i go right after row i */
  bool ok = true;
  for (int i = 0; i < nrows && !e.gave_up && ok; i++) {
    e.at = i;
    ok = insert_if_valid(&e, &rows[i]);
    for (; ok && next < derived->n && derived->origin[next] == i && !e.gave_up; next++) ok = insert_if_valid(&e, &derived->row[next]);
  }
  if (!ok) {
    o->refuted = true;
    if (o->post) arith_fail(s);
  }
  if (!o->refuted && !e.gave_up) {
    back_substitute(&e);
    for (int i = 0; i < nrows && !e.gave_up && !o->refuted; i++)
      if (rows[i].bits == 0 && rows[i].rel != LIN_EQ) check_row(&e, &rows[i], o);
    if (!e.gave_up && !o->refuted) conclude(&e, o);
  }
  elim_free(&e);
}

OpGaussResult op_gauss(PropStore *s, bool post) {
  if (prop_failed(s)) return OP_GAUSS_REFUTED;
  Row *rows;
  int n = collect_rows(s, &rows);
  bool want[65] = {false};
  want[64] = true;
  for (int i = 0; i < n; i++) want[rows[i].bits ? rows[i].bits : 64] = true;
  Out o = {.post = post};
  Derived *derived = xcalloc(1, sizeof *derived);
  derived->done = xcalloc((size_t)n, sizeof *derived->done);
  for (int k = 64; k >= 1 && !o.refuted; k--) {
    if (!want[k] || n == 0) continue;
    int had = derived->n;
    run_modulus(s, rows, n, derived, k, &o);
    for (int i = had; i < derived->n; i++) want[derived->row[i].bits] = true; /* bits < k: a run to come */
  }
  free(derived->done);
  free(derived);
  free(rows);
  if (post && !o.refuted && o.posted > 0 && !prop_propagate(s)) o.refuted = true;
  if (o.refuted || o.posted > 0) prop_note(s, PROP_NOTE_ELIMINATION);
  return o.refuted ? OP_GAUSS_REFUTED : o.posted > 0 ? OP_GAUSS_DEDUCED : OP_GAUSS_NONE;
}
