/* relax.c - the linear relaxation of a search node (after Denmat, Gotlieb
 * and Ducassé's dynamic linear relaxations, 2007).
 *
 * The linear rows that the store's propagators stand for (prop_linear,
 * op_linear_row: x - y <= c, x +- y == c, sum(a_i x_i) <= c or == c) and
 * the current domains as bounds form a linear program over the rationals.
 * When no rational point satisfies it, no integer point does either, and
 * the node is refuted, even where bounds propagation would narrow 32-bit
 * domains one value at a time (x + y == 2 * z, x < z, y < z) or never see
 * the contradiction at all.
 *
 * GLPK solves it in floating point, as a phase-1 problem: minimise the sum
 * of the violations s+ + s- of A x + s+ - s- (<= or ==) b within the box of
 * the domains.  A positive optimum suggests infeasibility, and its row
 * duals y suggest a Farkas certificate.  Nothing is concluded from floating
 * point: the multipliers are rounded to small rationals (w, with w_i >= 0
 * on <= rows), and the certificate is checked in exact arithmetic (GMP):
 * with r = w^T A and beta = w^T b, the node is refuted only if the exact
 * minimum of r . x over the box exceeds beta, which no x in the box can
 * then satisfy.  A failed check refutes nothing.
 *
 * Must never refute a node on a floating-point result alone.
 */
#include <glpk.h>
#include <gmp.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "inka/arith.h"
#include "inka/gauss.h"
#include "inka/relax.h"

enum { MAX_ROWS = 4000, MAX_COLS = 4000 };
#define HUGE_BOUND 1e15 /* larger bounds are left free in the LP (a weaker relaxation) */

typedef struct Relax {
  PropStore *s;
  OpRow *rows;
  int nrows;
  int *col_of;        /* var -> column (1-based), 0: none */
  PropVar *var_of;    /* column -> var */
  int ncols;
} Relax;

static bool collect(Relax *r) {
  int n = prop_linear_count(r->s);
  r->rows = malloc(sizeof *r->rows * (size_t)(n ? n : 1));
  r->col_of = calloc((size_t)prop_var_count(r->s) + 1, sizeof *r->col_of);
  r->var_of = malloc(sizeof *r->var_of * (MAX_COLS + 1));
  if (!r->rows || !r->col_of || !r->var_of) return false;
  for (int i = 0; i < n && r->nrows < MAX_ROWS; i++) {
    OpRow *row = &r->rows[r->nrows];
    if (!op_linear_row(prop_linear(r->s, i), row)) continue;
    bool open = false, fits = true;
    for (int k = 0; k < row->n; k++) {
      open |= !prop_is_fixed(r->s, row->x[k]);
      fits &= row->a[k] > -((prop_wide)1 << 52) && row->a[k] < ((prop_wide)1 << 52);
    }
    if (!open || !fits) continue; /* fixed rows hold at a fixpoint */
    for (int k = 0; k < row->n; k++) {
      PropVar x = row->x[k];
      if (r->col_of[x]) continue;
      if (r->ncols == MAX_COLS) return false;
      r->col_of[x] = ++r->ncols;
      r->var_of[r->ncols] = x;
    }
    r->nrows++;
  }
  return r->nrows > 1;
}

static void free_relax(Relax *r) {
  free(r->rows);
  free(r->col_of);
  free(r->var_of);
}

/* The rows and the box of r as a GLPK problem; with phase1, one violation
   column pair per row (s+ - s-) and their sum as the objective. */
static glp_prob *build(const Relax *r, bool phase1) {
  glp_prob *lp = glp_create_prob();
  glp_set_obj_dir(lp, GLP_MIN);
  int extra = phase1 ? 2 * r->nrows : 0;
  glp_add_cols(lp, r->ncols + extra);
  for (int j = 1; j <= r->ncols; j++) {
    double lo = (double)prop_min(r->s, r->var_of[j]), hi = (double)prop_max(r->s, r->var_of[j]);
    bool free_lo = lo < -HUGE_BOUND, free_hi = hi > HUGE_BOUND;
    int type = free_lo && free_hi ? GLP_FR : free_lo ? GLP_UP : free_hi ? GLP_LO : lo == hi ? GLP_FX : GLP_DB;
    glp_set_col_bnds(lp, j, type, lo, hi);
  }
  for (int j = r->ncols + 1; j <= r->ncols + extra; j++) { /* violations */
    glp_set_col_bnds(lp, j, GLP_LO, 0, 0);
    glp_set_obj_coef(lp, j, 1);
  }
  glp_add_rows(lp, r->nrows);
  int *idx = malloc(sizeof *idx * (OP_ROW_MAX + 3));
  double *val = malloc(sizeof *val * (OP_ROW_MAX + 3));
  for (int i = 0; i < r->nrows; i++) {
    const OpRow *row = &r->rows[i];
    int k = 0;
    for (int t = 0; t < row->n; t++) {
      idx[k + 1] = r->col_of[row->x[t]];
      val[k + 1] = (double)row->a[t];
      k++;
    }
    if (phase1) {
      idx[k + 1] = r->ncols + 2 * i + 1, val[k + 1] = 1, k++;
      idx[k + 1] = r->ncols + 2 * i + 2, val[k + 1] = -1, k++;
    }
    glp_set_mat_row(lp, i + 1, k, idx, val);
    glp_set_row_bnds(lp, i + 1, row->eq ? GLP_FX : GLP_UP, (double)row->c, (double)row->c);
  }
  free(idx);
  free(val);
  return lp;
}

static bool simplex(glp_prob *lp) {
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.it_lim = 20000;
  return glp_simplex(lp, &parm) == 0 && glp_get_status(lp) == GLP_OPT;
}

/* ---- The last point found ---------------------------------------------------------
 * Most nodes of a proof search are feasible, and a child differs from its
 * parent by a few rows and bounds: the point the parent's program found
 * often satisfies the child's too, and then no simplex is needed.  The
 * point is floating point and only ever saves a refutation attempt: a node
 * it seems to satisfy is not refuted, which is always sound. */
static struct {
  uint64_t store;      /* prop_store_serial */
  double *at;          /* per store variable */
  uint8_t *known;
  int cap;
} witness;

static void witness_forget(const PropStore *s) {
  if (witness.store == prop_store_serial(s)) return;
  free(witness.at);
  free(witness.known);
  witness.store = prop_store_serial(s);
  witness.at = NULL;
  witness.known = NULL;
  witness.cap = 0;
}

static bool witness_holds(const Relax *r) {
  if (witness.store != prop_store_serial(r->s)) return false;
  for (int j = 1; j <= r->ncols; j++) {
    PropVar x = r->var_of[j];
    if (x >= witness.cap || !witness.known[x]) return false;
    double v = witness.at[x];
    if (v < (double)prop_min(r->s, x) - 1e-9 || v > (double)prop_max(r->s, x) + 1e-9) return false;
  }
  for (int i = 0; i < r->nrows; i++) {
    const OpRow *row = &r->rows[i];
    double sum = 0, scale = fabs((double)row->c) + 1;
    for (int k = 0; k < row->n; k++) {
      double term = (double)row->a[k] * witness.at[row->x[k]];
      sum += term;
      scale += fabs(term);
    }
    double slack = (double)row->c - sum, tol = 1e-9 * scale;
    if (slack < -tol || (row->eq && slack > tol)) return false;
  }
  return true;
}

static void witness_keep(const Relax *r, glp_prob *lp) {
  int n = prop_var_count(r->s) + 1;
  if (n > witness.cap) {
    witness.at = realloc(witness.at, sizeof *witness.at * (size_t)n);
    witness.known = realloc(witness.known, (size_t)n);
    if (!witness.at || !witness.known) abort();
    memset(witness.known + witness.cap, 0, (size_t)(n - witness.cap));
    witness.cap = n;
  }
  for (int j = 1; j <= r->ncols; j++) {
    witness.at[r->var_of[j]] = glp_get_col_prim(lp, j);
    witness.known[r->var_of[j]] = 1;
  }
}

/* The phase-1 program; its row duals, or false when a point satisfies the
   rows (the last one found, or a new one from the plain program). */
static bool solve(const Relax *r, double *dual) {
  witness_forget(r->s);
  if (witness_holds(r)) return false;
  glp_prob *plain = build(r, false);
  bool found = simplex(plain);
  if (found) witness_keep(r, plain);
  glp_delete_prob(plain);
  if (found) return false;
  glp_prob *lp = build(r, true);
  bool infeasible = simplex(lp) && glp_get_obj_val(lp) > 1e-6;
  if (infeasible)
    for (int i = 0; i < r->nrows; i++) dual[i] = glp_get_row_dual(lp, i + 1);
  glp_delete_prob(lp);
  return infeasible;
}

/* The rational nearest to x with a denominator up to 10^6 (continued fractions). */
static void small_rational(mpq_t q, double x) {
  long p0 = 0, q0 = 1, p1 = 1, q1 = 0;
  double f = fabs(x);
  for (int i = 0; i < 40 && f < 1e12; i++) {
    long a = (long)floor(f);
    long p2 = a * p1 + p0, q2 = a * q1 + q0;
    if (q2 > 1000000) break;
    p0 = p1, q0 = q1, p1 = p2, q1 = q2;
    if (f - (double)a < 1e-12) break;
    f = 1.0 / (f - (double)a);
  }
  if (q1 == 0) { /* x too large: keep it as it is (exactly) */
    mpq_set_d(q, x);
    return;
  }
  mpq_set_si(q, x < 0 ? -p1 : p1, (unsigned long)q1);
  mpq_canonicalize(q);
}

static void mpq_set_wide(mpq_t q, prop_wide v) {
  char buf[64];
  int n = 0;
  unsigned __int128 u = v < 0 ? -(unsigned __int128)v : (unsigned __int128)v;
  do buf[n++] = (char)('0' + (int)(u % 10)); while ((u /= 10) > 0);
  char out[66];
  int k = 0;
  if (v < 0) out[k++] = '-';
  while (n > 0) out[k++] = buf[--n];
  out[k] = 0;
  mpq_set_str(q, out, 10);
}

/* Exact combinations of the rows: w (rounded from sign * dual; a <= row
   takes w_i >= 0: a negative one is clamped to 0 when clamp, else the
   combination is refused), coef = w^T A (coef[1..ncols]), beta = w^T b. */
typedef struct Comb {
  int ncols;
  mpq_t *coef, beta;
} Comb;

static void comb_init(Comb *c, int ncols) {
  c->ncols = ncols;
  c->coef = malloc(sizeof *c->coef * (size_t)(ncols + 1));
  if (!c->coef) abort();
  for (int j = 0; j <= ncols; j++) mpq_init(c->coef[j]);
  mpq_init(c->beta);
}

static void comb_clear(Comb *c) {
  for (int j = 0; j <= c->ncols; j++) mpq_clear(c->coef[j]);
  free(c->coef);
  mpq_clear(c->beta);
}

static bool combine(const Relax *r, const double *dual, int sign, bool clamp, Comb *c) {
  mpq_t w, t;
  mpq_inits(w, t, NULL);
  bool ok = true;
  for (int i = 0; i < r->nrows && ok; i++) {
    const OpRow *row = &r->rows[i];
    small_rational(w, sign * dual[i]);
    if (!row->eq && mpq_sgn(w) < 0) { /* a <= row takes a non-negative multiplier */
      if (!clamp) ok = false;
      continue;
    }
    if (mpq_sgn(w) == 0) continue;
    for (int k = 0; k < row->n; k++) {
      mpq_set_wide(t, row->a[k]);
      mpq_mul(t, t, w);
      mpq_add(c->coef[r->col_of[row->x[k]]], c->coef[r->col_of[row->x[k]]], t);
    }
    mpq_set_wide(t, row->c);
    mpq_mul(t, t, w);
    mpq_add(c->beta, c->beta, t);
  }
  mpq_clears(w, t, NULL);
  return ok;
}

/* The exact minimum of coef . x over the box of the domains. */
static void box_min(const Relax *r, const Comb *c, mpq_t lhs) {
  mpq_t t, bound;
  mpq_inits(t, bound, NULL);
  mpq_set_si(lhs, 0, 1);
  for (int j = 1; j <= r->ncols; j++) {
    int sgn = mpq_sgn(c->coef[j]);
    if (sgn == 0) continue;
    mpq_set_wide(bound, sgn > 0 ? prop_min(r->s, r->var_of[j]) : prop_max(r->s, r->var_of[j]));
    mpq_mul(t, c->coef[j], bound);
    mpq_add(lhs, lhs, t);
  }
  mpq_clears(t, bound, NULL);
}

/* Is w (sign +1 or -1 times the duals) an exact Farkas certificate: with
   r = w^T A and beta = w^T b, does the minimum of r . x over the box exceed
   beta, so that no x in the box satisfies the rows? */
static bool certified(const Relax *r, const double *dual, int sign) {
  Comb c;
  comb_init(&c, r->ncols);
  mpq_t lhs;
  mpq_init(lhs);
  bool ok = combine(r, dual, sign, false, &c);
  if (ok) {
    box_min(r, &c, lhs);
    ok = mpq_cmp(lhs, c.beta) > 0;
  }
  mpq_clear(lhs);
  comb_clear(&c);
  return ok;
}

bool lbl_relax_refutes(PropStore *s) {
  if (prop_failed(s) || prop_linear_count(s) < 1) return false;
  if (op_gauss(s, false) == OP_GAUSS_REFUTED) return true;
  if (prop_linear_count(s) < 2) return false;
  Relax r = {.s = s};
  bool refuted = false;
  if (collect(&r)) {
    double *dual = malloc(sizeof *dual * (size_t)r.nrows);
    if (dual && solve(&r, dual)) refuted = certified(&r, dual, 1) || certified(&r, dual, -1);
    free(dual);
  }
  free_relax(&r);
  if (refuted) prop_note(s, PROP_NOTE_LP);
  return refuted;
}

/* ---- Bound tightening --------------------------------------------------------- */

enum { MAX_TIGHTEN = 12, MAX_TIGHTEN_ROWS = 2000 };

/* sign * x_j >= min over the box of (sign e_j + w^T A) . x - w^T b, for the
   multipliers w = -(row duals) of "minimise sign * x_j" (a <= row's clamped
   at 0): valid for any such w, so GLPK only proposes them.  The bound is
   rounded inwards (x_j is an integer) and applied when it is tighter.
   False when the store failed. */
static bool tighten_one(Relax *r, glp_prob *lp, double *dual, int j, int sign, int *changed) {
  for (int k = 1; k <= r->ncols; k++) glp_set_obj_coef(lp, k, k == j ? sign : 0);
  if (!simplex(lp)) return true;
  for (int i = 0; i < r->nrows; i++) dual[i] = glp_get_row_dual(lp, i + 1);
  Comb c;
  comb_init(&c, r->ncols);
  combine(r, dual, -1, true, &c);
  mpq_t lhs, one;
  mpq_inits(lhs, one, NULL);
  mpq_set_si(one, sign, 1);
  mpq_add(c.coef[j], c.coef[j], one);
  box_min(r, &c, lhs);
  mpq_sub(lhs, lhs, c.beta); /* sign * x_j >= lhs */
  mpz_t b;
  mpz_init(b);
  if (sign > 0) mpz_cdiv_q(b, mpq_numref(lhs), mpq_denref(lhs));
  else {
    mpq_neg(lhs, lhs);
    mpz_fdiv_q(b, mpq_numref(lhs), mpq_denref(lhs));
  }
  PropVar x = r->var_of[j];
  bool ok = true;
  if (!mpz_fits_slong_p(b)) {
    if ((sign > 0) == (mpz_sgn(b) > 0)) ok = prop_set_min(r->s, x, INT64_MAX) && prop_set_max(r->s, x, INT64_MIN);
  } else {
    long v = mpz_get_si(b);
    if (sign > 0 && v > prop_min(r->s, x)) ok = prop_set_min(r->s, x, v), ++*changed;
    if (sign < 0 && v < prop_max(r->s, x)) ok = prop_set_max(r->s, x, v), ++*changed;
  }
  mpz_clear(b);
  mpq_clears(lhs, one, NULL);
  comb_clear(&c);
  return ok;
}

/* Is x a decision or a branch of the search (what is worth narrowing)? */
static bool worth(const PropStore *s, PropVar x) {
  for (int i = 0; i < prop_branch_count(s); i++)
    if (prop_branch(s, i) == x) return true;
  for (int i = 0; i < prop_decision_count(s); i++)
    if (prop_decision(s, i) == x) return true;
  return false;
}

/* Tightens the bounds of up to MAX_TIGHTEN unfixed decisions and branches
   that the rows mention; false when the store failed. */
static bool tighten(PropStore *s, int *narrowed) {
  Relax r = {.s = s};
  bool ok = true;
  int changed = 0;
  if (collect(&r) && r.nrows <= MAX_TIGHTEN_ROWS) {
    glp_prob *lp = build(&r, false);
    double *dual = malloc(sizeof *dual * (size_t)r.nrows);
    int tried = 0;
    for (int j = 1; j <= r.ncols && ok && dual && tried < MAX_TIGHTEN; j++) {
      PropVar x = r.var_of[j];
      if (prop_is_fixed(s, x) || !worth(s, x)) continue;
      tried++;
      ok = tighten_one(&r, lp, dual, j, 1, &changed) && tighten_one(&r, lp, dual, j, -1, &changed);
    }
    free(dual);
    glp_delete_prob(lp);
  }
  free_relax(&r);
  if (changed) prop_note(s, PROP_NOTE_LP_BOUND);
  *narrowed = changed;
  return ok && (!changed || prop_propagate(s));
}

/* Tightening costs two simplex runs per variable: after a run that
   narrowed nothing, the next ones are spaced out (1, 2, 4, ... up to
   MAX_TIGHTEN_GAP nodes apart) until one narrows again.  Only the time
   spent changes: a skipped tightening removes nothing. */
enum { MAX_TIGHTEN_GAP = 64 };
static struct {
  uint64_t store;      /* prop_store_serial */
  int gap, wait;
} tighten_pace;

static bool tighten_now(const PropStore *s) {
  if (tighten_pace.store != prop_store_serial(s))
    tighten_pace.store = prop_store_serial(s), tighten_pace.gap = 1, tighten_pace.wait = 0;
  if (tighten_pace.wait > 0) {
    tighten_pace.wait--;
    return false;
  }
  return true;
}

static void tighten_paid(bool narrowed) {
  tighten_pace.gap = narrowed ? 1 : tighten_pace.gap < MAX_TIGHTEN_GAP ? 2 * tighten_pace.gap : MAX_TIGHTEN_GAP;
  tighten_pace.wait = tighten_pace.gap - 1;
}

bool lbl_relax_node(PropStore *s) {
  if (prop_failed(s)) return false;
  if (op_gauss(s, true) == OP_GAUSS_REFUTED) return true;
  if (lbl_relax_refutes(s)) return true;
  if (!tighten_now(s)) return false;
  int changed = 0;
  bool failed = !tighten(s, &changed);
  tighten_paid(failed || changed > 0);
  return failed;
}
