/* polyhedra.c - loop invariants over convex polyhedra (the Parma Polyhedra
 * Library): linear inequalities between a loop's integer locals at its
 * exit and their values at its entry, posted on the loop's outputs so that
 * the code after a loop of huge or unbounded trip count can be refuted
 * without unfolding it (`i = 0; s = 0; while (i < n) { i++; s += i > 0 ? 1
 * : 2; }` leaves s >= i; `x <= 2 * y` after a loop that keeps it).
 *
 * Dimensions: for each tracked local u (a scalar integer local or parameter
 * the loop reads or writes, address never taken, type narrower than 64 bits
 * or signed), u's value and u0, its value at the loop's entry.  The entry
 * state is u == u0 with u0 within its domain at the entry.  The body is
 * interpreted over the head state joined with what one more iteration
 * gives: assignments of linear expressions are affine images, conditions
 * of if and of the loop are linear guards (a guard that is not linear is
 * no guard), `?:` and comparisons used as values split into their cases,
 * an assignment of a linear part plus a non-linear rest bounds the local
 * between the linear part plus the rest's interval (`pos += i % 5 - 2`),
 * anything else written is forgotten (unconstrained), a
 * nested loop is analysed to its own fixpoint (or what it writes forgotten).
 * After WIDEN_AFTER joins the head is widened (BHRZ03), and met with what
 * the loop cannot change (entry's constraints on the locals it never
 * writes), until the body's image of it lies in it (an inductive
 * invariant); then NARROW steps intersect it with entry joined to the
 * body's image.  The exit state is the head meet the negated condition.
 * When the polyhedra over every local grow past PPL's weight limit, each
 * written local is analysed again in a pack with the locals that decide
 * the loops and those it is assigned from.
 *
 * Soundness under C's wrapping arithmetic: the polyhedron is over the
 * mathematical integers and each dimension is the C value of its local.
 * An expression is modelled exactly only when the polyhedron at that point
 * proves every integer operation in it (each +, -, unary -, * by a
 * constant, conversion, and the final conversion to the assigned type)
 * within its C type's range: then no operation wraps and the C value is
 * the mathematical one.  Otherwise the assigned local is forgotten: it
 * loses every constraint, which its C value meets whatever it is (its
 * type's range is left out: a box over n forgotten locals costs 2^n
 * generators), and a condition that is not exact refines nothing.  The same check makes every
 * guard exact.  The narrowing steps intersect with an image that contains
 * every reachable head state too, so they keep soundness whatever the
 * exactness checks made of the transfer function's monotonicity.
 *
 * The loop must leave only through its condition or a break of its own
 * (not in a do-while, not in a nested loop): no continue, return or
 * objective in it, no side effects in the condition, entered with no flag
 * set.  A path may end inside it (a trap, abort, a failed assume): the body
 * is interpreted as if it went on, so the head contains every state a path
 * that goes on can have.  The exit constraints then also hold on the
 * outputs of a path that ended in the loop, which refutes some of those
 * paths: harmless, since a path that ends never reaches the objective
 * (which is not in the loop), and a path that reaches it ends there.  A
 * break ends its path: the states at the breaks from the final head,
 * joined with the head meet the negated condition, are the exit, and the
 * head's constraints are then not posted on the outputs.  Analyses are
 * capped per run (MAX_ANALYSES): a loop translated again in each unfolding
 * of an outer one is not analysed for ever.  Trials have a cap of their
 * own, so that their look-ahead never spends the root's; a loop translated
 * again with an equal entry reuses the first analysis ("Reuse of
 * analyses").  Every posted constraint has int64
 * coefficients; anything wider is dropped (dropping is always sound).
 */
#include <gmp.h>
#include <ppl_c.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"

enum { MAX_TRACKED = 8, MAX_MONOMIALS = 4, MAX_ENTRIES = MAX_TRACKED + MAX_MONOMIALS };
enum { MAX_CHOICES = 4, WIDEN_AFTER = 2, MAX_ROUNDS = 24, NARROW = 2, MAX_ANALYSES = 256 };

typedef ppl_Polyhedron_t Poly;

/* The entries of an analysis are its dimensions: entries 0..nlocal-1 are
   tracked locals, the others monomials (see "Monomials" below); entry i
   is dimension i, its value at the loop's entry dimension n + i. */
typedef struct Ana {
  Tr *t;
  const IrFunction *fn;
  int n;                          /* entries: dimensions 0..n-1, entry copies n..2n-1 */
  int nlocal;                     /* entries 0..nlocal-1 are locals */
  const IrVar *var[MAX_ENTRIES];  /* a local; NULL for a monomial */
  int slot[MAX_ENTRIES];
  int factor[MAX_ENTRIES][2];     /* a monomial's two locals (entries; equal for a square) */
  PropVar mono_in[MAX_ENTRIES];   /* while posting: a monomial's value at the entry and exit */
  PropVar mono_out[MAX_ENTRIES];  /*   (TR_UNINIT: none; its constraints are not posted) */
  bool ok;                        /* false: give up (PPL error, unsupported control) */
  bool breaks;                    /* a break of the analysed loop ends the path here (not of a nested loop) */
  Poly broken;                    /* non-NULL: the states at those breaks are joined into it */
  /* Residues (see "Residues" below): a counter whose residue is known in
     each copy of the body of the loop unrolled by its period. */
  bool has_residue;
  int counter;                    /* its entry */
  int modulus;
  int64_t step;
  int period;                     /* copies of the body per analysed iteration */
  int entry_residue;              /* the counter's residue at every head state */
  int residue;                    /* where the interpretation is; -1: unknown */
  const IrStmt *unrolled;         /* the loop analysed by copies */
} Ana;

/* A linear form over the dimensions, exactly in 128 bits. */
typedef struct Lin {
  __int128 c[2 * MAX_ENTRIES];
  __int128 k;
} Lin;

/* The chosen case of each split node (a ?: or a comparison used as a value). */
typedef struct Choices {
  int n;
  const IrExpr *node[MAX_CHOICES];
  int pick[MAX_CHOICES];
} Choices;

static bool ppl_ready;
static bool ppl_error;

/* Every PPL call's status: a failure (an error, the weight limit) marks the
   analysis failed, whether or not PPL called the handler. */
#define CHECKED(call)            \
  do {                           \
    if ((call) < 0) ppl_error = true; \
  } while (0)

static void on_error(enum ppl_enum_error_code code, const char *what) {
  (void)code;
  (void)what;
  ppl_error = true;
}

/* PPL sets the rounding mode for its floating-point domains; the solver's
   floats need the default one back.  Polyhedra with GMP coefficients do not
   depend on it. */
static bool init_ppl(void) {
  if (ppl_ready) return true;
  if (ppl_initialize() < 0) return false;
  ppl_restore_pre_PPL_rounding();
  ppl_set_error_handler(on_error);
  ppl_ready = true;
  return true;
}

static const __int128 LIN_LIMIT = (__int128)1 << 62;

static bool small(__int128 x) { return x > -LIN_LIMIT && x < LIN_LIMIT; }

static bool trackable_type(const IrType *ty) {
  return ty->kind == IR_TY_INT && ty->bits <= 64 && (ty->bits < 64 || ty->is_signed);
}

static int tracked(const Ana *a, const IrVar *u) {
  for (int i = 0; i < a->nlocal; i++)
    if (a->var[i] == u) return i;
  return -1;
}

static int dims(const Ana *a) { return 2 * a->n; }

/* ---- PPL helpers ------------------------------------------------------- */

static void set_coef(ppl_Coefficient_t c, __int128 v) {
  mpz_t z;
  mpz_init(z);
  int64_t hi = (int64_t)(v >> 62), lo = (int64_t)(v & (((__int128)1 << 62) - 1));
  mpz_set_si(z, hi);
  mpz_mul_2exp(z, z, 62);
  mpz_add_ui(z, z, (unsigned long)lo);
  CHECKED(ppl_assign_Coefficient_from_mpz_t(c, z));
  mpz_clear(z);
}

static ppl_Linear_Expression_t make_le(const Ana *a, const Lin *l) {
  ppl_Linear_Expression_t le;
  ppl_Coefficient_t c;
  CHECKED(ppl_new_Linear_Expression_with_dimension(&le, (ppl_dimension_type)dims(a)));
  CHECKED(ppl_new_Coefficient(&c));
  for (int d = 0; d < dims(a); d++)
    if (l->c[d]) {
      set_coef(c, l->c[d]);
      CHECKED(ppl_Linear_Expression_add_to_coefficient(le, (ppl_dimension_type)d, c));
    }
  if (l->k) {
    set_coef(c, l->k);
    CHECKED(ppl_Linear_Expression_add_to_inhomogeneous(le, c));
  }
  CHECKED(ppl_delete_Coefficient(c));
  return le;
}

/* l >= 0 (ge) or l == 0 added to p. */
static void add_lin(Ana *a, Poly p, const Lin *l, bool eq) {
  ppl_Linear_Expression_t le = make_le(a, l);
  ppl_Constraint_t c;
  CHECKED(ppl_new_Constraint(&c, le, eq ? PPL_CONSTRAINT_TYPE_EQUAL : PPL_CONSTRAINT_TYPE_GREATER_OR_EQUAL));
  CHECKED(ppl_Polyhedron_add_constraint(p, c));
  CHECKED(ppl_delete_Constraint(c));
  CHECKED(ppl_delete_Linear_Expression(le));
}

static void add_bounds(Ana *a, Poly p, int d, int64_t lo, int64_t hi) {
  Lin l = {0};
  l.c[d] = 1;
  l.k = -(__int128)lo;
  add_lin(a, p, &l, false);
  l.c[d] = -1;
  l.k = hi;
  add_lin(a, p, &l, false);
}

static Poly copy(Poly p) {
  Poly q;
  CHECKED(ppl_new_C_Polyhedron_from_C_Polyhedron(&q, p));
  return q;
}

static Poly empty_poly(const Ana *a) {
  Poly q;
  CHECKED(ppl_new_C_Polyhedron_from_space_dimension(&q, (ppl_dimension_type)dims(a), 1));
  return q;
}

static void make_empty(Ana *a, Poly p) {
  Poly none = empty_poly(a);
  CHECKED(ppl_assign_C_Polyhedron_from_C_Polyhedron(p, none));
  CHECKED(ppl_delete_Polyhedron(none));
}

static bool is_empty(Poly p) {
  int r = ppl_Polyhedron_is_empty(p);
  if (r < 0) ppl_error = true;
  return r > 0;
}

/* l <= *hi on every integer point of p (the floor of the rational
   maximum); false when unbounded (or p empty). */
static bool upper(Ana *a, Poly p, const Lin *l, __int128 *hi) {
  bool res = false;
  ppl_Linear_Expression_t le = make_le(a, l);
  ppl_Coefficient_t num, den;
  CHECKED(ppl_new_Coefficient(&num));
  CHECKED(ppl_new_Coefficient(&den));
  int opt;
  mpz_t n, d, q;
  mpz_inits(n, d, q, NULL);
  int rmax = ppl_Polyhedron_maximize(p, le, num, den, &opt);
  if (rmax < 0) ppl_error = true;
  if (rmax > 0) {
    CHECKED(ppl_Coefficient_to_mpz_t(num, n));
    CHECKED(ppl_Coefficient_to_mpz_t(den, d));
    mpz_fdiv_q(q, n, d);
    if (mpz_fits_slong_p(q)) {
      *hi = mpz_get_si(q);
      res = true;
    }
  }
  mpz_clears(n, d, q, NULL);
  CHECKED(ppl_delete_Coefficient(num));
  CHECKED(ppl_delete_Coefficient(den));
  CHECKED(ppl_delete_Linear_Expression(le));
  return res;
}

static Lin negated(const Lin *l) {
  Lin m = *l;
  for (int d = 0; d < 2 * MAX_ENTRIES; d++) m.c[d] = -m.c[d];
  m.k = -m.k;
  return m;
}

/* *lo <= l <= *hi on p's integer points; false when unbounded on a side (or p empty). */
static bool range(Ana *a, Poly p, const Lin *l, __int128 *lo, __int128 *hi) {
  Lin m = negated(l);
  __int128 neg;
  if (!upper(a, p, l, hi) || !upper(a, p, &m, &neg)) return false;
  *lo = -neg;
  return true;
}

/* The polyhedron is over the rationals but every dimension is an integer:
   the bounds of u and of u - d, u + d for each other dimension d, rounded
   to integers, are added (2 mid <= lo + hi and lo <= hi - 1 give
   mid <= hi - 1/2, so mid <= hi - 1). */
static void tighten(Ana *a, Poly p, int u) {
  for (int d = -1; d < dims(a); d++) {
    for (int sign = -1; sign <= 1; sign += 2) {
      if (d == u || (d < 0 && sign > 0)) continue;
      Lin l = {0};
      l.c[u] = 1;
      if (d >= 0) l.c[d] = sign;
      Lin m = negated(&l);
      __int128 hi;
      if (upper(a, p, &l, &hi) && small(hi)) { /* hi - l >= 0 */
        m.k = hi;
        add_lin(a, p, &m, false);
      }
      m = negated(&l);
      if (upper(a, p, &m, &hi) && small(hi)) { /* l + hi >= 0 */
        l.k = hi;
        add_lin(a, p, &l, false);
      }
    }
  }
}

static bool fits(Ana *a, Poly p, const Lin *l, const IrType *ty) {
  if (!trackable_type(ty)) return false;
  OpCType ct = tr_ctype(ty);
  __int128 lo, hi;
  OpCValues tv = op_c_values(ct);
  return range(a, p, l, &lo, &hi) && lo >= tv.lo && hi <= tv.hi;
}

/* ---- Expressions ------------------------------------------------------- */

static int choice_of(const Choices *ch, const IrExpr *e) {
  for (int i = 0; i < ch->n; i++)
    if (ch->node[i] == e) return ch->pick[i];
  return -1;
}

static bool is_test(const IrExpr *e) {
  return e->kind == IR_LT || e->kind == IR_LE || e->kind == IR_GT || e->kind == IR_GE || e->kind == IR_EQ ||
         e->kind == IR_NE || e->kind == IR_LNOT || e->kind == IR_LAND || e->kind == IR_LOR;
}

static bool product(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Lin *out);

/* The exact linear form of e on p under the choices: every integer
   operation proved in its type's range on p; false otherwise. */
static bool residue_value(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Lin *out);
static const Choices no_choices;

static bool linear(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Lin *out) {
  Lin x, y;
  switch (e->kind) {
  case IR_INT_CONST:
    if (!trackable_type(e->type)) return false;
    *out = (Lin){0};
    out->k = e->ival;
    return true;
  case IR_VAR: {
    int i = tracked(a, e->var);
    if (i < 0) return false;
    *out = (Lin){0};
    out->c[i] = 1;
    return true;
  }
  case IR_CAST:
    if (!trackable_type(e->type) || !linear(a, p, e->a[0], ch, out)) return false;
    return fits(a, p, out, e->type);
  case IR_NEG:
    if (!linear(a, p, e->a[0], ch, &x)) return false;
    for (int d = 0; d < dims(a); d++) x.c[d] = -x.c[d];
    x.k = -x.k;
    *out = x;
    return fits(a, p, out, e->type);
  case IR_ADD:
  case IR_SUB:
    if (!linear(a, p, e->a[0], ch, &x) || !linear(a, p, e->a[1], ch, &y)) return false;
    for (int d = 0; d < dims(a); d++) x.c[d] += e->kind == IR_ADD ? y.c[d] : -y.c[d];
    x.k += e->kind == IR_ADD ? y.k : -y.k;
    for (int d = 0; d < dims(a); d++)
      if (!small(x.c[d])) return false;
    if (!small(x.k)) return false;
    *out = x;
    return fits(a, p, out, e->type);
  case IR_MUL: {
    const IrExpr *k = e->a[0], *v = e->a[1];
    if (k->kind != IR_INT_CONST) {
      k = e->a[1];
      v = e->a[0];
    }
    if (k->kind != IR_INT_CONST) return product(a, p, e, ch, out);
    if (!trackable_type(k->type) || !linear(a, p, v, ch, &x)) return false;
    for (int d = 0; d < dims(a); d++)
      if (!small(x.c[d] *= k->ival)) return false;
    if (!small(x.k *= k->ival)) return false;
    *out = x;
    return fits(a, p, out, e->type);
  }
  case IR_REM:
  case IR_BAND:
    return residue_value(a, p, e, ch, out);
  default: {
    int pick = choice_of(ch, e);
    if (pick < 0) return false;
    if (e->kind == IR_COND) return linear(a, p, e->a[pick ? 1 : 2], ch, out);
    *out = (Lin){0}; /* a test used as a value: 0 or 1 */
    out->k = pick;
    return true;
  }
  }
}

static void guard(Ana *a, Poly p, const IrExpr *e, bool truth, const Choices *ch);
/* ---- Intervals of what is not linear ------------------------------------ */

typedef struct Itv {
  __int128 lo, hi;
} Itv;

/* The range of ty's values; false for types not tracked. */
static bool type_itv(const IrType *ty, Itv *out) {
  if (ty->kind == IR_TY_BOOL) {
    *out = (Itv){0, 1};
    return true;
  }
  if (!trackable_type(ty)) return false;
  OpCType ct = tr_ctype(ty);
  OpCValues tv = op_c_values(ct);
  *out = (Itv){tv.lo, tv.hi};
  return true;
}

/* x when it lies in ty's range (no operation wrapped), else ty's range. */
static Itv within(Itv x, const IrType *ty) {
  Itv t;
  if (!type_itv(ty, &t)) return x;
  return x.lo >= t.lo && x.hi <= t.hi ? x : t;
}

static __int128 min2(__int128 x, __int128 y) { return x < y ? x : y; }
static __int128 max2(__int128 x, __int128 y) { return x > y ? x : y; }

static bool interval(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Itv *out);

/* x % y in C: the sign of x, smaller than |y| and no larger than |x|. */
static Itv rem_itv(Itv x, Itv y) {
  __int128 m = max2(y.lo < 0 ? -y.lo : y.lo, y.hi < 0 ? -y.hi : y.hi) - 1;
  if (m < 0) m = 0;
  Itv r = {x.lo >= 0 ? 0 : max2(-m, x.lo), x.hi <= 0 ? 0 : min2(m, x.hi)};
  return r;
}

/* x / k for a constant k != 0: C's division truncates, which is monotone. */
static Itv div_itv(Itv x, __int128 k) {
  __int128 u = x.lo / k, v = x.hi / k;
  return (Itv){min2(u, v), max2(u, v)};
}

static Itv mul_itv(Itv x, Itv y) {
  __int128 c[4] = {x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi};
  Itv r = {c[0], c[0]};
  for (int i = 1; i < 4; i++) r.lo = min2(r.lo, c[i]), r.hi = max2(r.hi, c[i]);
  return r;
}

/* An interval of e's operation from its operands' (both known). */
static bool operation_itv(const IrExpr *e, Itv x, Itv y, Itv *out) {
  switch (e->kind) {
  case IR_ADD: *out = (Itv){x.lo + y.lo, x.hi + y.hi}; return true;
  case IR_SUB: *out = (Itv){x.lo - y.hi, x.hi - y.lo}; return true;
  case IR_MUL: *out = mul_itv(x, y); return true;
  case IR_REM: *out = rem_itv(x, y); return true;
  case IR_DIV:
    if (y.lo != y.hi || y.lo == 0) return false;
    *out = div_itv(x, y.lo);
    return true;
  case IR_BAND: /* the bits of a non-negative operand bound it */
    if (y.lo >= 0) *out = (Itv){0, x.lo >= 0 ? min2(x.hi, y.hi) : y.hi};
    else if (x.lo >= 0) *out = (Itv){0, x.hi};
    else return false;
    return true;
  case IR_SHR:
    if (x.lo < 0 || y.lo < 0 || y.hi >= 64) return false;
    *out = (Itv){x.lo >> (int)y.hi, x.hi >> (int)y.lo};
    return true;
  default: return false;
  }
}

/* An interval containing e's C value on every state of p that evaluates it
   without trapping; false when e is not an integer of a tracked type.
   What is linear gets the polyhedron's own range; an operation whose
   mathematical result may leave its type gets the whole type. */
static bool interval(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Itv *out) {
  Itv ty, x, y;
  if (!type_itv(e->type, &ty)) return false;
  Lin l;
  if (linear(a, p, e, ch, &l) && range(a, p, &l, &x.lo, &x.hi)) {
    *out = x;
    return true;
  }
  *out = ty;
  switch (e->kind) {
  case IR_CAST:
    if (interval(a, p, e->a[0], ch, &x)) *out = within(x, e->type);
    return true;
  case IR_NEG:
    if (interval(a, p, e->a[0], ch, &x)) *out = within((Itv){-x.hi, -x.lo}, e->type);
    return true;
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM: case IR_BAND: case IR_SHR:
    if (interval(a, p, e->a[0], ch, &x) && interval(a, p, e->a[1], ch, &y) && operation_itv(e, x, y, &x))
      *out = within(x, e->type);
    return true;
  case IR_COND:
    if (interval(a, p, e->a[1], ch, &x) && interval(a, p, e->a[2], ch, &y))
      *out = (Itv){min2(x.lo, y.lo), max2(x.hi, y.hi)};
    return true;
  default:
    if (is_test(e)) *out = (Itv){0, 1};
    return true;
  }
}

/* e's C value is l + v with v in *v on every state of p: the linear parts
   of a sum exactly, the rest as an interval.  False when a sum may wrap. */
static bool affine_itv(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Lin *l, Itv *v) {
  if (linear(a, p, e, ch, l)) {
    *v = (Itv){0, 0};
    return true;
  }
  if (e->kind == IR_ADD || e->kind == IR_SUB) {
    Lin l2;
    Itv v2, r, ty;
    if (!affine_itv(a, p, e->a[0], ch, l, v) || !affine_itv(a, p, e->a[1], ch, &l2, &v2)) return false;
    int sign = e->kind == IR_ADD ? 1 : -1;
    for (int d = 0; d < dims(a); d++)
      if (!small(l->c[d] += sign * l2.c[d])) return false;
    if (!small(l->k += sign * l2.k)) return false;
    *v = sign > 0 ? (Itv){v->lo + v2.lo, v->hi + v2.hi} : (Itv){v->lo - v2.hi, v->hi - v2.lo};
    /* the sum's whole value within its type: no wrap */
    return type_itv(e->type, &ty) && range(a, p, l, &r.lo, &r.hi) && r.lo + v->lo >= ty.lo && r.hi + v->hi <= ty.hi;
  }
  if (e->kind == IR_CAST && trackable_type(e->type)) {
    Itv r, ty;
    return affine_itv(a, p, e->a[0], ch, l, v) && type_itv(e->type, &ty) && range(a, p, l, &r.lo, &r.hi) &&
           r.lo + v->lo >= ty.lo && r.hi + v->hi <= ty.hi;
  }
  *l = (Lin){0};
  return interval(a, p, e, ch, v);
}


/* p meets "l rel r" (l - r rel 0 over the integers). */
static void compare(Ana *a, Poly p, IrExprKind rel, const Lin *l, const Lin *r) {
  Lin d;
  for (int i = 0; i < dims(a); i++) d.c[i] = l->c[i] - r->c[i];
  d.k = l->k - r->k;
  Lin neg;
  for (int i = 0; i < dims(a); i++) neg.c[i] = -d.c[i];
  neg.k = -d.k;
  bool constant = true;
  for (int i = 0; i < dims(a); i++) constant &= d.c[i] == 0;
  if (constant && rel == IR_NE) { /* a residue against a constant: decided */
    if (d.k == 0) make_empty(a, p);
    return;
  }
  switch (rel) {
  case IR_EQ: add_lin(a, p, &d, true); break;
  case IR_GE: add_lin(a, p, &d, false); break;
  case IR_LE: add_lin(a, p, &neg, false); break;
  case IR_GT: d.k -= 1; add_lin(a, p, &d, false); break;   /* d >= 1 */
  case IR_LT: neg.k -= 1; add_lin(a, p, &neg, false); break;
  default: break; /* != is not convex: no guard */
  }
}

static IrExprKind negate(IrExprKind k) {
  switch (k) {
  case IR_LT: return IR_GE;
  case IR_LE: return IR_GT;
  case IR_GT: return IR_LE;
  case IR_GE: return IR_LT;
  case IR_EQ: return IR_NE;
  default: return IR_EQ; /* IR_NE */
  }
}

/* p meets "e is truth" where that is linear and exact; p is left as it is
   (an over-approximation) where it is not. */
static void guard(Ana *a, Poly p, const IrExpr *e, bool truth, const Choices *ch) {
  Lin l, r;
  switch (e->kind) {
  case IR_LNOT: guard(a, p, e->a[0], !truth, ch); return;
  case IR_LAND:
  case IR_LOR: {
    bool both = (e->kind == IR_LAND) == truth; /* a && b true, a || b false: both sides */
    if (both) {
      guard(a, p, e->a[0], truth, ch);
      guard(a, p, e->a[1], truth, ch);
      return;
    }
    Poly q = copy(p); /* !(a && b): !a, or a and !b; a || b: a, or !a and b */
    guard(a, p, e->a[0], truth, ch);
    guard(a, q, e->a[0], !truth, ch);
    guard(a, q, e->a[1], truth, ch);
    CHECKED(ppl_Polyhedron_poly_hull_assign(p, q));
    CHECKED(ppl_delete_Polyhedron(q));
    return;
  }
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE:
    if (!linear(a, p, e->a[0], ch, &l) || !linear(a, p, e->a[1], ch, &r)) return;
    compare(a, p, truth ? e->kind : negate(e->kind), &l, &r);
    return;
  default:
    if (!linear(a, p, e, ch, &l)) return;
    r = (Lin){0};
    compare(a, p, truth ? IR_NE : IR_EQ, &l, &r); /* e != 0 is not convex: a guard only when e is constant */
    return;
  }
}

/* ---- Residues ------------------------------------------------------------
 *
 * A loop whose guards read the residue of a counter (residue.c: `k % 2`,
 * `i & 3`, the counter moving by a constant d per iteration) is analysed
 * unrolled by the residue's period P (the least P with P d == 0 modulo m):
 * the head is the set of states at the checks whose counter has the entry's
 * residue, one analysed iteration runs P copies of the body, and in copy c
 * the counter's residue is entry + c d (modulo m) until its update, then
 * the next one.  In each copy `k % 2` is then a constant and `k % 2 == 1`
 * decides its branch.  The exit is the join of the states leaving at each
 * of the P checks; the head's own constraints do not hold at every exit,
 * and are not posted.
 *
 * The residue needs the counter's entry value fixed (its residue known).
 * C's % of a negative value is negative (-7 % 2 == -1): u % m is the
 * residue r when u >= 0 on the polyhedron, r - m (r != 0) when u < 0, and
 * not a constant when the sign is open.  u & (2^b - 1) is the residue
 * modulo 2^b whatever the sign (two's complement).  An update that may
 * wrap moves the residue by d - 2^w instead of d: harmless when m divides
 * 2^w, otherwise the analysis stops (the caller analyses the loop again
 * without residues).
 */

static int residue_mod(int64_t v, int m) { return (int)((v % m + m) % m); }

static int gcd_int(int a, int b) { return b ? gcd_int(b, a % b) : a; }

/* Do the head's constraints hold at every exit (no break, no unrolling)? */
static bool heads_at_exit(const Ana *a) { return !a->breaks && !(a->has_residue && a->period > 1); }

/* e = u % k or u & (k - 1) of the counter u where its residue is known
   and k divides the modulus: the constant it is on p. */
static bool residue_value(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Lin *out) {
  if (!a->has_residue || a->residue < 0 || e->a[1]->kind != IR_INT_CONST) return false;
  Lin u;
  if (!linear(a, p, e->a[0], ch, &u) || u.k != 0) return false; /* the counter, its value kept by any conversion */
  for (int d = 0; d < dims(a); d++)
    if (u.c[d] != (d == a->counter)) return false;
  int64_t k = e->a[1]->ival;
  bool mask = e->kind == IR_BAND;
  if (mask) k = k >= 1 && (k & (k + 1)) == 0 ? k + 1 : 0;
  if (k < 2 || a->modulus % k != 0) return false;
  int r = a->residue % (int)k;
  __int128 lo, hi;
  if (!mask && r != 0) { /* C's remainder takes the sign of u */
    if (!range(a, p, &u, &lo, &hi)) return false;
    if (hi < 0) r -= (int)k;
    else if (lo < 0) return false;
  }
  *out = (Lin){0};
  out->k = r;
  return true;
}

/* The counter's update u = u + d on p: the residue moves by d. */
static void step_residue(Ana *a, Poly p, const IrExpr *rhs) {
  if (a->residue < 0) return;
  const IrType *ty = a->var[a->counter]->type;
  Lin l;
  bool exact = linear(a, p, rhs, &no_choices, &l) && fits(a, p, &l, ty);
  bool wrap_keeps = ty->bits >= 3 && (8 % a->modulus) == 0; /* m divides 8, which divides 2^w */
  if (!exact && !wrap_keeps) {
    a->ok = false;
    return;
  }
  a->residue = residue_mod(a->residue + a->step, a->modulus);
}

/* Sets up the residues of a's loop from its entry state, when it has a
   counter (tr_residue_counter) that a tracks, entering with a fixed value. */
static void use_residue(Ana *a, const IrStmt *loop, const TrResidue *r, const TrState *in) {
  if (loop->is_do_while) return; /* its heads follow a first run of the body: a residue ahead of the entry's (not built) */
  int u = tracked(a, r->var);
  if (u < 0 || in->slot[a->slot[u]] == TR_UNINIT || !prop_is_fixed(a->t->s, in->slot[a->slot[u]])) return;
  int m = r->modulus, d = residue_mod(r->step, m);
  a->has_residue = true;
  a->counter = u;
  a->modulus = m;
  a->step = r->step;
  a->period = d == 0 ? 1 : m / gcd_int(d, m);
  a->entry_residue = residue_mod(prop_value(a->t->s, in->slot[a->slot[u]]), m);
  a->residue = a->entry_residue;
  a->unrolled = loop;
}

/* The split nodes of e (?: and tests used as values), outermost first. */
static void collect_splits(const IrExpr *e, Choices *ch, bool *too_many) {
  if (!e) return;
  if (e->kind == IR_COND || is_test(e)) {
    if (ch->n == MAX_CHOICES) {
      *too_many = true;
      return;
    }
    ch->node[ch->n++] = e;
    if (e->kind == IR_COND) {
      collect_splits(e->a[1], ch, too_many);
      collect_splits(e->a[2], ch, too_many);
    }
    return; /* a test's operands are guarded, not split */
  }
  for (int i = 0; i < 3; i++) collect_splits(e->a[i], ch, too_many);
}

/* u loses every constraint.  (Its C value lies in its type's range, but a
   box of such bounds over many forgotten locals costs 2^n generators: the
   range is left out, and an expression over a forgotten local is not
   exact until a guard bounds it.) */
/* The monomials of local i (products of its old value) lose every constraint. */
static void forget_monomials(Ana *a, Poly p, int i) {
  if (i >= a->nlocal) return;
  for (int m = a->nlocal; m < a->n; m++)
    if (a->factor[m][0] == i || a->factor[m][1] == i)
      CHECKED(ppl_Polyhedron_unconstrain_space_dimension(p, (ppl_dimension_type)m));
}

static void forget(Ana *a, Poly p, int i) {
  CHECKED(ppl_Polyhedron_unconstrain_space_dimension(p, (ppl_dimension_type)i));
  forget_monomials(a, p, i);
}

/* ---- Monomials ----------------------------------------------------------
 * A loop that moves a counter by constants keeps relations of degree two
 * that no polyhedron over the locals holds: `s += 2 * i + 1; i++` keeps
 * s == i * i, `s += a; i++` keeps s == a * i.  A monomial u * v of two
 * tracked locals is a dimension of its own (linearisation) that holds the
 * mathematical product of u's and v's C values; each assignment keeps it so
 * where it can (u = u + k adds k * v to it, or 2 k u + k^2 to u * u; u = k
 * makes it k * v) and forgets it otherwise.  A product u * v in the code is
 * that dimension (exact when the dimension's range fits the product's
 * type), and wherever u and v are bounded the McCormick envelope of the
 * product bounds it: what proves that s + 2 * i + 1 does not wrap.  At the
 * exit a monomial is the product of the outputs (monomial_var).
 * Only monomials a loop can use are made (choose_monomials): a factor is a
 * counter (every assignment in the loop is u = u +- k or u = k) and the
 * other a counter or a local the loop never writes, and the product either
 * appears in the loop or some other local accumulates a value read from
 * one factor while the other counts. */

/* A form c u + k with at most one dimension: *d (-1 for a constant). */
static bool one_dimension(const Ana *a, const Lin *l, int *d, __int128 *c) {
  *d = -1;
  *c = 0;
  for (int i = 0; i < dims(a); i++)
    if (l->c[i]) {
      if (*d >= 0) return false;
      *d = i;
      *c = l->c[i];
    }
  return true;
}

static int monomial_of(const Ana *a, int u, int v) {
  for (int m = a->nlocal; m < a->n; m++)
    if ((a->factor[m][0] == u && a->factor[m][1] == v) || (a->factor[m][0] == v && a->factor[m][1] == u)) return m;
  return -1;
}

/* e = x * y with neither a constant: (cu u + ku) (cv v + kv) is
   cu cv (u v) + cu kv u + ku cv v + ku kv when u * v is a monomial (or one
   side is constant), exact when every step fits e's type. */
static bool product(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Lin *out) {
  Lin x, y;
  int u, v;
  __int128 cu, cv;
  if (!trackable_type(e->type) || !linear(a, p, e->a[0], ch, &x) || !linear(a, p, e->a[1], ch, &y) ||
      !one_dimension(a, &x, &u, &cu) || !one_dimension(a, &y, &v, &cv))
    return false;
  *out = (Lin){0};
  if (u < 0 || v < 0) { /* a constant factor after all: scale the other side */
    const Lin *l = u < 0 ? &y : &x;
    __int128 k = u < 0 ? x.k : y.k;
    for (int d = 0; d < dims(a); d++)
      if (!small(out->c[d] = l->c[d] * k)) return false;
    if (!small(out->k = l->k * k)) return false;
    return fits(a, p, out, e->type);
  }
  int m = u < a->nlocal && v < a->nlocal ? monomial_of(a, u, v) : -1;
  if (m < 0) return false;
  out->c[m] = cu * cv;
  out->c[u] += cu * y.k;
  out->c[v] += cv * x.k;
  out->k = x.k * y.k;
  if (!small(out->c[m]) || !small(out->c[u]) || !small(out->c[v]) || !small(out->k)) return false;
  return fits(a, p, out, e->type);
}

/* Before local u becomes l (exact, over p's dimensions before the
   assignment): the images of u's monomials, or their forgetting. */
static void monomial_images(Ana *a, Poly p, int u, const Lin *l) {
  int d;
  __int128 c;
  bool one = one_dimension(a, l, &d, &c);
  bool shift = one && d == u && c == 1, constant = one && d < 0; /* u + k, or k */
  if (!shift && !constant) {
    forget_monomials(a, p, u);
    return;
  }
  for (int m = a->nlocal; m < a->n; m++) {
    if (a->factor[m][0] != u && a->factor[m][1] != u) continue;
    int v = a->factor[m][0] == u ? a->factor[m][1] : a->factor[m][0];
    Lin img = {0};  /* (u + k) v = uv + k v, (u + k)^2 = uu + 2k u + k^2; k v and k^2 for u = k */
    if (shift) img.c[m] = 1;
    if (v != u) {
      img.c[v] = l->k;
    } else {
      if (shift) img.c[u] = 2 * l->k;
      img.k = l->k * l->k;
    }
    if (small(img.c[u]) && small(img.k)) {
      ppl_Linear_Expression_t le = make_le(a, &img);
      ppl_Coefficient_t one_c;
      CHECKED(ppl_new_Coefficient(&one_c));
      set_coef(one_c, 1);
      CHECKED(ppl_Polyhedron_affine_image(p, (ppl_dimension_type)m, le, one_c));
      CHECKED(ppl_delete_Coefficient(one_c));
      CHECKED(ppl_delete_Linear_Expression(le));
    } else {
      CHECKED(ppl_Polyhedron_unconstrain_space_dimension(p, (ppl_dimension_type)m));
    }
  }
}

/* sign (m - bv u - bu v + bu bv) >= 0 on p: (u - bu)(v - bv) has that sign. */
static void corner(Ana *a, Poly p, int m, __int128 bu, __int128 bv, __int128 sign) {
  int u = a->factor[m][0], v = a->factor[m][1];
  if (!small(bu * bv)) return;
  Lin l = {0};
  l.c[m] = sign;
  l.c[u] -= sign * bv;
  l.c[v] -= sign * bu;
  l.k = sign * bu * bv;
  add_lin(a, p, &l, false);
}

/* The McCormick envelope of each monomial u v over the bounds of u and v
   on p, each bound alone where the other side is unbounded: (u - ul)(v -
   vl) >= 0 and (uh - u)(vh - v) >= 0 below it, (u - ul)(vh - v) >= 0 and
   (uh - u)(v - vl) >= 0 above it.  A square also lies above its tangents
   at 0 and 1, whatever u's bounds (what bounds u by the square's bound).
   Implied by the product, so adding them keeps every state of p. */
static void envelope(Ana *a, Poly p) {
  for (int m = a->nlocal; m < a->n; m++) {
    int f[2] = {a->factor[m][0], a->factor[m][1]};
    __int128 b[2][2];   /* b[k][0]: factor k's lower bound, b[k][1] its upper */
    bool has[2][2];
    for (int k = 0; k < 2; k++) {
      Lin l = {0};
      l.c[f[k]] = 1;
      Lin neg = negated(&l);
      __int128 lo;
      has[k][1] = upper(a, p, &l, &b[k][1]);
      has[k][0] = upper(a, p, &neg, &lo);
      b[k][0] = -lo;
    }
    for (int su = 0; su < 2; su++)
      for (int sv = 0; sv < 2; sv++)
        if (has[0][su] && has[1][sv]) corner(a, p, m, b[0][su], b[1][sv], su == sv ? 1 : -1);
    if (f[0] == f[1]) {
      corner(a, p, m, 0, 0, 1);
      corner(a, p, m, 1, 1, 1);
    }
  }
}

/* rhs is u + k, u - k or k (casts aside). */
static bool counts(const IrExpr *rhs, const IrVar *u) {
  rhs = tr_uncast(rhs);
  if (rhs->kind == IR_INT_CONST) return true;
  if (rhs->kind != IR_ADD && rhs->kind != IR_SUB) return false;
  const IrExpr *x = tr_uncast(rhs->a[0]), *y = tr_uncast(rhs->a[1]);
  return (x->kind == IR_VAR && x->var == u && y->kind == IR_INT_CONST) ||
         (rhs->kind == IR_ADD && y->kind == IR_VAR && y->var == u && x->kind == IR_INT_CONST);
}

/* The tracked local of e when e is u, u + k or u - k (casts aside), or -1. */
static int shifted_local(const Ana *a, const IrExpr *e) {
  e = tr_uncast(e);
  if ((e->kind == IR_ADD || e->kind == IR_SUB) && tr_uncast(e->a[1])->kind == IR_INT_CONST) e = tr_uncast(e->a[0]);
  return e->kind == IR_VAR ? tracked(a, e->var) : -1;
}

typedef struct Uses {
  bool counter[MAX_TRACKED];               /* every assignment of it counts */
  bool written[MAX_TRACKED];
  bool feeds[MAX_TRACKED][MAX_TRACKED];    /* feeds[x][v]: some x = f(x, v, ...) */
  bool product[MAX_TRACKED][MAX_TRACKED];  /* u * v appears */
  bool bounds_inner[MAX_TRACKED];          /* read by the condition of a nested loop */
  bool top[MAX_TRACKED];                   /* moved by a statement of the body or step itself */
} Uses;

static void expr_uses(const Ana *a, const IrExpr *e, Uses *us, bool *reads) {
  if (!e) return;
  if (e->kind == IR_VAR && reads) {
    int i = tracked(a, e->var);
    if (i >= 0) reads[i] = true;
  }
  if (e->kind == IR_MUL) {
    int i = shifted_local(a, e->a[0]), j = shifted_local(a, e->a[1]);
    if (i >= 0 && j >= 0) us->product[i][j] = us->product[j][i] = true;
  }
  for (int k = 0; k < 3; k++) expr_uses(a, e->a[k], us, reads);
}

static void block_uses(const Ana *a, const IrBlock *b, Uses *us);

static void stmt_uses(const Ana *a, const IrStmt *s, Uses *us) {
  bool reads[MAX_TRACKED] = {false};
  expr_uses(a, s->cond, us, reads);
  expr_uses(a, s->rhs, us, reads);
  for (int v = 0; v < a->nlocal && s->kind == IR_ST_WHILE; v++) us->bounds_inner[v] = us->bounds_inner[v] || reads[v];
  if (s->kind == IR_ST_ASSIGN && s->lhs && s->lhs->kind == IR_VAR) {
    int x = tracked(a, s->lhs->var);
    if (x >= 0) {
      us->written[x] = true;
      us->counter[x] = us->counter[x] && counts(s->rhs, s->lhs->var);
      for (int v = 0; v < a->nlocal && reads[x]; v++) us->feeds[x][v] = us->feeds[x][v] || (reads[v] && v != x);
    }
  }
  block_uses(a, &s->pre, us);
  block_uses(a, &s->then, us);
  block_uses(a, &s->els, us);
  block_uses(a, &s->body, us);
  block_uses(a, &s->step, us);
}

static void block_uses(const Ana *a, const IrBlock *b, Uses *us) {
  for (int i = 0; i < b->n; i++) stmt_uses(a, b->stmts[i], us);
}

/* Does some local other than u and v accumulate from v while u counts? */
static bool accumulates(const Ana *a, const Uses *us, int u, int v) {
  for (int x = 0; x < a->nlocal; x++)
    if (x != u && x != v && us->written[x] && !us->counter[x] && us->feeds[x][v]) return true;
  return false;
}

static void add_monomial(Ana *a, int u, int v) {
  if (a->n == MAX_ENTRIES || a->n - a->nlocal == MAX_MONOMIALS || monomial_of(a, u, v) >= 0) return;
  a->var[a->n] = NULL;
  a->slot[a->n] = -1;
  a->factor[a->n][0] = u;
  a->factor[a->n][1] = v;
  a->n++;
}

/* The monomials loop can use, after a's locals: squares of counters first
   (the square appears, or a local accumulates from the counter: s += i),
   then a counter times a local the loop never writes that a local
   accumulates from or that bounds a nested loop (s += a; an inner loop up
   to w), then two counters.  Every useless one makes PPL's work larger. */
static void choose_monomials(Ana *a, const IrStmt *loop) {
  Uses us;
  memset(&us, 0, sizeof us);
  for (int i = 0; i < a->nlocal; i++) us.counter[i] = a->var[i]->type->bits <= 32;
  expr_uses(a, loop->cond, &us, NULL); /* its products only */
  block_uses(a, &loop->pre, &us);
  block_uses(a, &loop->body, &us);
  block_uses(a, &loop->step, &us);
  for (int k = 0; k < 2; k++) {
    const IrBlock *b = k ? &loop->step : &loop->body;
    for (int i = 0; i < b->n; i++) {
      const IrStmt *st = b->stmts[i];
      int x = st->kind == IR_ST_ASSIGN && st->lhs && st->lhs->kind == IR_VAR ? tracked(a, st->lhs->var) : -1;
      if (x >= 0 && tr_uncast(st->rhs)->kind != IR_INT_CONST) us.top[x] = true;
    }
  }
  /* a counter of this loop: its own statements move it, not only a nested loop's */
  for (int i = 0; i < a->nlocal; i++) us.counter[i] = us.counter[i] && us.written[i] && us.top[i];
  for (int pass = 0; pass < 3; pass++)
    for (int u = 0; u < a->nlocal; u++)
      for (int v = 0; v < a->nlocal; v++) {
        if (!us.counter[u] || a->var[v]->type->bits > 32) continue;
        bool square = u == v, fixed = !us.written[v], both = us.counter[v] && u < v, use = us.product[u][v];
        if (pass == 0 && square) use = use || accumulates(a, &us, u, u);
        else if (pass == 1 && fixed) use = use || accumulates(a, &us, u, v) || us.bounds_inner[v];
        else if (pass == 2 && both) use = use || accumulates(a, &us, u, v) || accumulates(a, &us, v, u);
        else use = false;
        if (use) add_monomial(a, u, v);
      }
}

/* Factor u's bounds: its variable's domain, met at the exit with its
   range on the exit polyhedron (which every exit state lies in, whether or
   not propagation has narrowed the domain yet). */
static Itv factor_range(Ana *a, int u, PropVar x, Poly at_exit) {
  Itv r = {prop_min(a->t->s, x), prop_max(a->t->s, x)};
  Lin l = {0};
  l.c[u] = 1;
  __int128 lo, hi;
  if (at_exit && range(a, at_exit, &l, &lo, &hi)) r = (Itv){max2(r.lo, lo), min2(r.hi, hi)};
  return r;
}

/* The monomial m's value in state st (the loop's entry, or its exit with
   the exit polyhedron): the C product of its factors when no value they
   can have wraps it (numbered, so that `n * n` after the loop is that
   variable), else a product of its own; TR_UNINIT when a factor has no
   value or the product may pass 2^62; TR_FAIL when the store failed. */
static PropVar monomial_var(Ana *a, int m, const TrState *st, Poly at_exit) {
  PropStore *s = a->t->s;
  int u = a->factor[m][0], v = a->factor[m][1];
  PropVar x = st->slot[a->slot[u]], y = st->slot[a->slot[v]];
  if (x == TR_UNINIT || y == TR_UNINIT) return TR_UNINIT;
  Itv r = mul_itv(factor_range(a, u, x, at_exit), factor_range(a, v, y, at_exit));
  if (r.lo > r.hi || !small(r.lo) || !small(r.hi)) return TR_UNINIT;
  OpCType cu = tr_ctype(a->var[u]->type), cv = tr_ctype(a->var[v]->type);
  if (cu.bits == cv.bits && cu.is_signed == cv.is_signed && r.lo >= op_c_values(cu).lo && r.hi <= op_c_values(cu).hi)
    return tr_c_binary(a->t, IR_MUL, cu, cu, x, y);
  PropVar z = prop_new_var(s, (int64_t)r.lo, (int64_t)r.hi);
  return op_times(s, x, y, z) ? z : TR_FAIL;
}

/* e = x / k for a linear x (no operation of it wraps) and a constant k > 0:
   C's division truncates toward zero, so k * e lies in [x - (k - 1), x]
   where x >= 0 and in [x, x + (k - 1)] where x <= 0 (the hull where x may
   have either sign): *lo / k <= e <= *hi / k.  `mid = (lo + hi) / 2` keeps
   lo <= mid < hi when lo < hi, which an interval of mid cannot say. */
static bool quotient(Ana *a, Poly p, const IrExpr *e, const Choices *ch, Lin *lo, Lin *hi, __int128 *k) {
  if (e->kind != IR_DIV || e->a[1]->kind != IR_INT_CONST || e->a[1]->ival <= 0) return false;
  __int128 x_lo, x_hi;
  if (!linear(a, p, e->a[0], ch, lo) || !range(a, p, lo, &x_lo, &x_hi)) return false;
  *k = e->a[1]->ival;
  *hi = *lo;
  if (x_hi > 0 && !small(lo->k -= *k - 1)) return false;
  if (x_lo < 0 && !small(hi->k += *k - 1)) return false;
  return true;
}

/* u = e on p under the choices: the affine image when e is exact; for a
   quotient by a constant, the bounds of quotient() with u's integer bounds
   tightened; u between l + lo and l + hi when e is a linear part l plus a
   rest in [lo, hi] (`pos += (i * 7 + 3) % 5 - 2`); else u forgotten. */
static void image(Ana *a, Poly p, int u, const IrExpr *e, const Choices *ch) {
  const IrType *ty = a->var[u]->type;
  Lin l, l2;
  Itv v, r;
  __int128 k;
  ppl_Coefficient_t one;
  CHECKED(ppl_new_Coefficient(&one));
  set_coef(one, 1);
  bool exact = linear(a, p, e, ch, &l) && fits(a, p, &l, ty);
  if (exact) monomial_images(a, p, u, &l); /* from u's old value */
  else forget_monomials(a, p, u);          /* u itself gets its bounds below */
  if (exact) {
    ppl_Linear_Expression_t le = make_le(a, &l);
    CHECKED(ppl_Polyhedron_affine_image(p, (ppl_dimension_type)u, le, one));
    CHECKED(ppl_delete_Linear_Expression(le));
  } else if (quotient(a, p, e, ch, &l, &l2, &k)) {
    ppl_Coefficient_t den;
    CHECKED(ppl_new_Coefficient(&den));
    set_coef(den, (int64_t)k);
    ppl_Linear_Expression_t lb = make_le(a, &l), ub = make_le(a, &l2);
    CHECKED(ppl_Polyhedron_bounded_affine_image(p, (ppl_dimension_type)u, lb, ub, den));
    CHECKED(ppl_delete_Linear_Expression(lb));
    CHECKED(ppl_delete_Linear_Expression(ub));
    CHECKED(ppl_delete_Coefficient(den));
    tighten(a, p, u);
  } else if (affine_itv(a, p, e, ch, &l, &v) && range(a, p, &l, &r.lo, &r.hi) &&
             within((Itv){r.lo + v.lo, r.hi + v.hi}, ty).lo == r.lo + v.lo &&
             within((Itv){r.lo + v.lo, r.hi + v.hi}, ty).hi == r.hi + v.hi && small(l.k + v.lo) && small(l.k + v.hi)) {
    Lin lo = l, hi = l;
    lo.k += v.lo;
    hi.k += v.hi;
    ppl_Linear_Expression_t lb = make_le(a, &lo), ub = make_le(a, &hi);
    CHECKED(ppl_Polyhedron_bounded_affine_image(p, (ppl_dimension_type)u, lb, ub, one));
    CHECKED(ppl_delete_Linear_Expression(lb));
    CHECKED(ppl_delete_Linear_Expression(ub));
  } else {
    forget(a, p, u);
  }
  CHECKED(ppl_delete_Coefficient(one));
}

/* u = e on p: the join over the cases of e's split nodes of the affine
   image (exact) or of forgetting u. */
static void assign(Ana *a, Poly p, int u, const IrExpr *e) {
  Choices all = {0};
  bool too_many = false;
  collect_splits(e, &all, &too_many);
  if (too_many) all.n = 0;
  Poly joined = empty_poly(a);
  for (int m = 0; m < (1 << all.n); m++) {
    Choices ch = all;
    for (int i = 0; i < ch.n; i++) ch.pick[i] = (m >> i) & 1;
    Poly q = copy(p);
    for (int i = 0; i < ch.n; i++) /* the condition of each split node, as chosen */
      guard(a, q, ch.node[i]->kind == IR_COND ? ch.node[i]->a[0] : ch.node[i], ch.pick[i], &ch);
    if (!is_empty(q)) {
      image(a, q, u, e, &ch);
      CHECKED(ppl_Polyhedron_poly_hull_assign(joined, q));
    }
    CHECKED(ppl_delete_Polyhedron(q));
  }
  CHECKED(ppl_assign_C_Polyhedron_from_C_Polyhedron(p, joined));
  CHECKED(ppl_delete_Polyhedron(joined));
}

/* ---- Statements -------------------------------------------------------- */


static void block(Ana *a, const IrBlock *b, Poly p);
static Poly loop_head(Ana *a, const IrStmt *loop, Poly entry);

/* What statement s writes among the tracked locals is forgotten. */
static void forget_writes(Ana *a, const IrStmt *s, Poly p) {
  const TrFacts *f = tr_facts(a->t, a->fn, s);
  for (int i = 0; i < a->nlocal; i++)
    if (f->slot && f->slot[a->slot[i]]) forget(a, p, i);
}

/* A nested loop: its own fixpoint from p, then its exit; what it writes is
   forgotten when it cannot be analysed. */
static void nested_loop(Ana *a, const IrStmt *s, Poly p) {
  Ana sub = *a;
  sub.breaks = false; /* its breaks are its own: not supported there */
  sub.broken = NULL;
  Poly h = s->pre.n == 0 && s->cond && !s->goto_loop ? loop_head(&sub, s, p) : NULL;
  if (!h) {
    forget_writes(a, s, p);
    return;
  }
  guard(a, h, s->cond, false, &no_choices);
  CHECKED(ppl_assign_C_Polyhedron_from_C_Polyhedron(p, h));
  CHECKED(ppl_delete_Polyhedron(h));
}

static void statement(Ana *a, const IrStmt *s, Poly p) {
  const TrFacts *f = tr_facts(a->t, a->fn, s);
  if (ppl_error) { /* the analysis has failed already: stop early */
    a->ok = false;
    return;
  }
  /* (a statement that may end the path -- a trap, abort, a failed assume --
     is interpreted as if it went on: the states it drops are kept, which
     only widens the invariant) */
  if ((f->has_break && !a->breaks) || f->has_return || f->has_continue || f->contains_obj) {
    a->ok = false;
    return;
  }
  if (is_empty(p)) return; /* no state reaches it */
  switch (s->kind) {
  case IR_ST_ASSIGN: {
    int i = s->lhs && s->lhs->kind == IR_VAR ? tracked(a, s->lhs->var) : -1;
    if (i >= 0 && a->has_residue && i == a->counter) step_residue(a, p, s->rhs);
    if (i >= 0) assign(a, p, i, s->rhs);
    else forget_writes(a, s, p); /* a store: tracked locals are not in memory, nothing */
    break;
  }
  case IR_ST_IF: {
    Poly q = copy(p);
    guard(a, p, s->cond, true, &no_choices);
    block(a, &s->then, p);
    guard(a, q, s->cond, false, &no_choices);
    block(a, &s->els, q);
    CHECKED(ppl_Polyhedron_poly_hull_assign(p, q));
    CHECKED(ppl_delete_Polyhedron(q));
    break;
  }
  case IR_ST_BLOCK: block(a, &s->body, p); break;
  case IR_ST_DECL: { /* a fresh lifetime: indeterminate until assigned */
    int i = tracked(a, s->var);
    if (i >= 0) forget(a, p, i);
    break;
  }
  case IR_ST_WHILE: nested_loop(a, s, p); break;
  case IR_ST_SKIP: break;
  case IR_ST_BREAK:
    if (!a->breaks) {
      a->ok = false;
      break;
    }
    if (a->broken) CHECKED(ppl_Polyhedron_poly_hull_assign(a->broken, p));
    make_empty(a, p); /* the path leaves the loop: no state goes on */
    break;
  case IR_ST_CONTINUE: case IR_ST_RETURN: a->ok = false; break;
  default: forget_writes(a, s, p); break; /* calls */
  }
}

static void block(Ana *a, const IrBlock *b, Poly p) {
  for (int i = 0; i < b->n && a->ok; i++) statement(a, b->stmts[i], p);
}

/* The states of f where the loop's condition fails. */
static Poly leaving(Ana *a, const IrStmt *loop, Poly f) {
  Poly e = copy(f);
  envelope(a, e);
  guard(a, e, loop->cond, false, &no_choices);
  envelope(a, e);
  return e;
}

/* One more iteration from head state h: the state at the next check; for
   a loop unrolled by its counter's period, `period` iterations, each copy
   knowing the counter's residue.  exits (non-NULL) is joined with the
   states that leave at each check on the way. */
static Poly iterate(Ana *a, const IrStmt *loop, Poly h, Poly exits) {
  Poly f = copy(h);
  int copies = loop == a->unrolled ? a->period : 1;
  for (int c = 0; c < copies && a->ok; c++) {
    if (loop == a->unrolled) a->residue = (int)(((a->entry_residue + c * a->step) % a->modulus + a->modulus) % a->modulus);
    if (exits) {
      Poly e = leaving(a, loop, f);
      CHECKED(ppl_Polyhedron_poly_hull_assign(exits, e));
      CHECKED(ppl_delete_Polyhedron(e));
    }
    envelope(a, f); /* bounds a product in the condition, `(r + 1) * (r + 1) <= n` */
    guard(a, f, loop->cond, true, &no_choices);
    envelope(a, f);
    block(a, &loop->body, f);
    block(a, &loop->step, f);
  }
  return f;
}

/* The head polyhedron of loop entered with `entry`: an inductive invariant
   containing every state at a check of the condition; NULL when it cannot
   be computed (unsupported statements, no convergence, PPL error). */
/* What holds at every check of loop's condition whatever the loop does:
   entry's constraints on the locals the loop never writes (and on the
   entry copies, which nothing writes).  Widening drops constraints that
   change between rounds, and with them bounds they implied on such
   locals (`c <= cells <= 1000 * r` gone takes `cols >= 0` along);
   meeting the widened head with this polyhedron gives them back. */
static Poly unchanged(Ana *a, const IrStmt *loop, Poly entry) {
  Poly keep = copy(entry);
  forget_writes(a, loop, keep);
  return keep;
}

static void insert(Ana *a, ppl_Constraint_System_t cs, const Lin *l) {
  ppl_Linear_Expression_t le = make_le(a, l);
  ppl_Constraint_t c;
  CHECKED(ppl_new_Constraint(&c, le, PPL_CONSTRAINT_TYPE_GREATER_OR_EQUAL));
  CHECKED(ppl_Constraint_System_insert_Constraint(cs, c));
  CHECKED(ppl_delete_Constraint(c));
  CHECKED(ppl_delete_Linear_Expression(le));
}

/* The bounds of each dimension on p, as constraints. */
static ppl_Constraint_System_t bounds_of(Ana *a, Poly p) {
  ppl_Constraint_System_t cs;
  CHECKED(ppl_new_Constraint_System(&cs));
  for (int d = 0; d < dims(a); d++)
    for (int side = -1; side <= 1; side += 2) {
      Lin l = {0};
      l.c[d] = side;
      __int128 lo, hi;
      if (!range(a, p, &l, &lo, &hi)) continue; /* unbounded: -x has no minimum or x no maximum */
      l.k = -lo;                                 /* side * x - min >= 0 */
      insert(a, cs, &l);
    }
  return cs;
}

/* Rates as candidate constraints: when one iteration from any state of h
   moves a counter i by a constant k and a local x by dx in [lo, hi],
   |k| (x - x0) stays within [lo, hi] * sign(k) (i - i0) of where they
   entered (`s += u` with u a remainder by 7 and i++: s - s0 <= 6 i).  A
   widening drops such a constraint while its bound creeps towards the
   rate (4 i, 5 i, ...); offered as a candidate it is kept once it holds
   (it is a candidate only: the fixpoint still checks the result). */
static void add_rates(Ana *a, const IrStmt *loop, Poly h, ppl_Constraint_System_t cs) {
  Poly d = copy(h); /* entry copies re-read as the values before this iteration */
  for (int i = 0; i < a->n; i++) {
    CHECKED(ppl_Polyhedron_unconstrain_space_dimension(d, (ppl_dimension_type)(a->n + i)));
    Lin same = {0};
    same.c[i] = 1;
    same.c[a->n + i] = -1;
    add_lin(a, d, &same, true);
  }
  Poly f = iterate(a, loop, d, NULL);
  __int128 lo[MAX_ENTRIES], hi[MAX_ENTRIES];
  bool known[MAX_ENTRIES];
  for (int i = 0; i < a->n; i++) {
    Lin delta = {0};
    delta.c[i] = 1;
    delta.c[a->n + i] = -1;
    known[i] = a->ok && !is_empty(f) && range(a, f, &delta, &lo[i], &hi[i]);
  }
  for (int c = 0; c < a->n; c++) {
    if (!known[c] || lo[c] != hi[c] || lo[c] == 0) continue; /* c: a counter moving by lo[c] */
    __int128 k = lo[c] < 0 ? -lo[c] : lo[c], sign = lo[c] < 0 ? -1 : 1;
    for (int x = 0; x < a->n; x++) {
      if (x == c || !known[x] || !small(k * (lo[x] < 0 ? -lo[x] : lo[x])) || !small(k * (hi[x] < 0 ? -hi[x] : hi[x]))) continue;
      Lin up = {0}, down = {0}; /* hi s (c - c0) - k (x - x0) >= 0 and k (x - x0) - lo s (c - c0) >= 0 */
      up.c[c] = hi[x] * sign, up.c[a->n + c] = -hi[x] * sign;
      up.c[x] = -k, up.c[a->n + x] = k;
      down.c[c] = -lo[x] * sign, down.c[a->n + c] = lo[x] * sign;
      down.c[x] = k, down.c[a->n + x] = -k;
      insert(a, cs, &up);
      insert(a, cs, &down);
    }
  }
  CHECKED(ppl_delete_Polyhedron(f));
  CHECKED(ppl_delete_Polyhedron(d));
}

/* The bounds of each difference of two locals on h, as constraints: `lo
   <= hi` holds at every head of a search loop but is only implied by the
   first heads' minimized forms (lo == 0, hi == n), so a widening drops it
   unless it is offered. */
static void add_differences(Ana *a, Poly h, ppl_Constraint_System_t cs) {
  for (int x = 0; x < a->n; x++)
    for (int y = 0; y < a->n; y++) {
      if (x == y) continue;
      Lin l = {0};
      l.c[x] = -1;
      l.c[y] = 1;
      Lin m = negated(&l);
      __int128 hi;
      if (!upper(a, h, &m, &hi) || !small(hi)) continue; /* x - y <= hi: y - x + hi >= 0 */
      l.k = hi;
      insert(a, cs, &l);
    }
}

/* next (which contains h) widened from h: BHRZ03, keeping the candidates
   next still meets: the bounds of h (a bound the minimized form of h only
   implied, `r >= 0` under `0 <= cells <= 6 * r`, would be dropped and with
   it every exact image of r), the rates and the bounds of differences;
   then met with what the loop cannot change. */
static void widen(Ana *a, const IrStmt *loop, Poly next, Poly h, Poly keep) {
  ppl_Constraint_System_t cs = bounds_of(a, h);
  add_rates(a, loop, h, cs);
  add_differences(a, h, cs);
  CHECKED(ppl_Polyhedron_limited_BHRZ03_extrapolation_assign(next, h, cs));
  CHECKED(ppl_delete_Constraint_System(cs));
  CHECKED(ppl_Polyhedron_intersection_assign(next, keep));
}

static Poly loop_head(Ana *a, const IrStmt *loop, Poly entry) {
  Poly keep = unchanged(a, loop, entry);
  Poly init = copy(entry);
  if (loop->is_do_while) { /* the first check follows one run of the body */
    block(a, &loop->body, init);
    block(a, &loop->step, init);
  }
  Poly h = copy(init);
  bool stable = false;
  for (int round = 0; round < MAX_ROUNDS && a->ok && !ppl_error && !stable; round++) {
    Poly next = iterate(a, loop, h, NULL);
    CHECKED(ppl_Polyhedron_poly_hull_assign(next, h));
    int contained = ppl_Polyhedron_contains_Polyhedron(h, next);
    if (contained < 0) ppl_error = true;
    stable = contained > 0;
    if (!stable && round >= WIDEN_AFTER) widen(a, loop, next, h, keep);
    if (!stable) CHECKED(ppl_assign_C_Polyhedron_from_C_Polyhedron(h, next));
    CHECKED(ppl_delete_Polyhedron(next));
  }
  /* Narrowing: every reachable head state lies in init and in the image of
     h (h contains them all), so in their join; meet it with h. */
  for (int k = 0; k < NARROW && stable && a->ok && !ppl_error; k++) {
    Poly next = iterate(a, loop, h, NULL);
    CHECKED(ppl_Polyhedron_poly_hull_assign(next, init));
    CHECKED(ppl_Polyhedron_intersection_assign(h, next));
    CHECKED(ppl_delete_Polyhedron(next));
  }
  CHECKED(ppl_delete_Polyhedron(init));
  CHECKED(ppl_delete_Polyhedron(keep));
  if (stable && a->ok && !ppl_error) return h;
  CHECKED(ppl_delete_Polyhedron(h));
  return NULL;
}

/* ---- Posting ----------------------------------------------------------- */

enum { MAX_POST_COEF = 1 << 20 };

/* PPL's deterministic weight limit of one analysis (its own unit; 2e8 is
   about 0.2 s).  The first analyses of a run (outside trials, and inside
   them), the loops at the root, get the large one; a loop translated again
   in every unfolding of an outer one gets the small one from then on. */
static const unsigned long PPL_WEIGHT = 200000000, PPL_WEIGHT_LATER = 20000000;
enum { LARGE_ANALYSES = 16 };

/* Dimension d's variable: an entry's value at the exit (d < n) or at the
   entry; TR_UNINIT when it has none. */
static PropVar dim_var(const Ana *a, int d, const TrState *in, const TrState *out) {
  bool at_exit = d < a->n;
  int i = at_exit ? d : d - a->n;
  if (i >= a->nlocal) return at_exit ? a->mono_out[i] : a->mono_in[i];
  return (at_exit ? out : in)->slot[a->slot[i]];
}

static bool has_monomial(const Ana *a, ppl_const_Constraint_t c) {
  ppl_Coefficient_t k;
  mpz_t z;
  mpz_init(z);
  CHECKED(ppl_new_Coefficient(&k));
  bool has = false;
  for (int d = 0; d < dims(a) && !has; d++) {
    int i = d < a->n ? d : d - a->n;
    if (i < a->nlocal) continue;
    CHECKED(ppl_Constraint_coefficient(c, (ppl_dimension_type)d, k));
    CHECKED(ppl_Coefficient_to_mpz_t(k, z));
    has = mpz_sgn(z) != 0;
  }
  CHECKED(ppl_delete_Coefficient(k));
  mpz_clear(z);
  return has;
}

/* The constraint c over (outputs, entry values) as an op_linear row; false
   when it says nothing about the outputs, its numbers are too wide or a
   dimension has no variable. */
static bool post_constraint(Ana *a, ppl_const_Constraint_t c, const TrState *in, const TrState *out, bool *failed) {
  Tr *t = a->t;
  int64_t coef[2 * MAX_ENTRIES];
  PropVar x[2 * MAX_ENTRIES];
  int n = 0, outputs = 0;
  mpz_t z;
  mpz_init(z);
  ppl_Coefficient_t k;
  CHECKED(ppl_new_Coefficient(&k));
  bool ok = true;
  for (int d = 0; d < dims(a) && ok; d++) {
    CHECKED(ppl_Constraint_coefficient(c, (ppl_dimension_type)d, k));
    CHECKED(ppl_Coefficient_to_mpz_t(k, z));
    if (mpz_sgn(z) == 0) continue;
    if (mpz_cmpabs_ui(z, MAX_POST_COEF) > 0) {
      ok = false;
      break;
    }
    PropVar v = dim_var(a, d, in, out);
    if (v == TR_UNINIT) {
      ok = false;
      break;
    }
    if (d < a->n && v != dim_var(a, d + a->n, in, out)) outputs++; /* an entry the loop writes */
    int at = 0;
    while (at < n && x[at] != v) at++;
    if (at == n) {
      x[n] = v;
      coef[n++] = 0;
    }
    coef[at] += mpz_get_si(z);
  }
  CHECKED(ppl_Constraint_inhomogeneous_term(c, k));
  CHECKED(ppl_Coefficient_to_mpz_t(k, z));
  ok = ok && outputs > 0 && mpz_cmpabs_ui(z, (unsigned long)1 << 62) <= 0;
  ok = ok && !ppl_error; /* a coefficient read that failed */
  int64_t rhs = ok ? -mpz_get_si(z) : 0;
  mpz_clear(z);
  CHECKED(ppl_delete_Coefficient(k));
  if (!ok) return false;
  int kept = 0; /* u - u0 of a local the loop leaves alone cancels */
  for (int q = 0; q < n; q++)
    if (coef[q]) {
      coef[kept] = coef[q];
      x[kept++] = x[q];
    }
  n = kept;
  if (n == 0) return false;
  /* A lone bound of one output at its type's end says nothing new. */
  if (n == 1 && (coef[0] == 1 || coef[0] == -1) && outputs == 1) {
    int d = 0;
    while (d < a->nlocal && (out->slot[a->slot[d]] != x[0])) d++;
    if (d < a->nlocal) {
      OpCType ct = tr_ctype(a->var[d]->type);
      if ((coef[0] == 1 && rhs <= op_c_values(ct).lo) || (coef[0] == -1 && -(prop_wide)rhs >= op_c_values(ct).hi)) return false;
    }
  }
  OpRel rel = ppl_Constraint_type(c) == PPL_CONSTRAINT_TYPE_EQUAL ? OP_EQ : OP_GE;
  if (!op_linear(t->s, n, coef, x, rel, rhs)) *failed = true;
  return true;
}

/* Posts the exit polyhedron's constraints, those over locals only
   (monomials false) or those with a monomial; false when the store
   failed. */
static bool post_exit(Ana *a, Poly e, const TrState *in, const TrState *out, bool monomials, int *posted) {
  ppl_const_Constraint_System_t cs;
  ppl_Constraint_System_const_iterator_t it, end;
  if (ppl_Polyhedron_get_minimized_constraints(e, &cs) < 0) return true;
  CHECKED(ppl_new_Constraint_System_const_iterator(&it));
  CHECKED(ppl_new_Constraint_System_const_iterator(&end));
  CHECKED(ppl_Constraint_System_begin(cs, it));
  CHECKED(ppl_Constraint_System_end(cs, end));
  bool failed = false;
  while (!failed && ppl_Constraint_System_const_iterator_equal_test(it, end) <= 0) {
    ppl_const_Constraint_t c;
    CHECKED(ppl_Constraint_System_const_iterator_dereference(it, &c));
    if (has_monomial(a, c) == monomials && post_constraint(a, c, in, out, &failed)) ++*posted;
    CHECKED(ppl_Constraint_System_const_iterator_increment(it));
  }
  CHECKED(ppl_delete_Constraint_System_const_iterator(it));
  CHECKED(ppl_delete_Constraint_System_const_iterator(end));
  return !failed;
}

/* ---- Entry ------------------------------------------------------------- */

/* The locals to track: those the loop writes first, then those it reads. */
static void choose(Ana *a, const IrStmt *loop) {
  const TrFacts *f = tr_facts(a->t, a->fn, loop);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < tr_nslots(a->fn) && a->n < MAX_TRACKED; i++) {
      const IrVar *u = i < a->fn->nparams ? a->fn->params[i] : a->fn->locals[i - a->fn->nparams];
      if (u->address_taken || !trackable_type(u->type)) continue;
      bool writes = f->slot && f->slot[i], reads = f->read && f->read[i];
      if (pass == 0 ? !writes : writes || !reads) continue;
      a->var[a->n] = u;
      a->slot[a->n++] = i;
    }
  a->nlocal = a->n;
  choose_monomials(a, loop);
}

/* Monomial m's value at the entry: c v0 when a factor enters with a known
   value c, else within the product of the factors' domains. */
static void monomial_entry(Ana *a, Poly p, int m, const TrState *in) {
  PropStore *s = a->t->s;
  int u = a->factor[m][0], v = a->factor[m][1];
  PropVar x = in->slot[a->slot[u]], y = in->slot[a->slot[v]];
  if (x == TR_UNINIT || y == TR_UNINIT) return; /* no entry value: projected out before posting */
  if (!prop_is_fixed(s, x)) { /* the fixed factor, if any, as x */
    int w = u;
    PropVar z = x;
    u = v, x = y;
    v = w, y = z;
  }
  Lin l = {0};
  if (prop_is_fixed(s, x)) { /* m0 == c v0 */
    l.c[a->n + m] = 1;
    l.c[a->n + v] = -(__int128)prop_value(s, x);
    add_lin(a, p, &l, true);
    return;
  }
  Itv r = mul_itv((Itv){prop_min(s, x), prop_max(s, x)}, (Itv){prop_min(s, y), prop_max(s, y)});
  if (small(r.lo) && small(r.hi)) add_bounds(a, p, a->n + m, (int64_t)r.lo, (int64_t)r.hi);
}

static Poly entry_state(Ana *a, const TrState *in) {
  Poly p;
  CHECKED(ppl_new_C_Polyhedron_from_space_dimension(&p, (ppl_dimension_type)dims(a), 0));
  for (int i = 0; i < a->n; i++) {
    Lin l = {0};
    l.c[i] = 1;
    l.c[a->n + i] = -1;
    add_lin(a, p, &l, true);
    if (i >= a->nlocal) {
      monomial_entry(a, p, i, in);
      continue;
    }
    PropVar v = in->slot[a->slot[i]];
    if (v == TR_UNINIT) continue; /* declared in the loop: no entry value (projected out before posting) */
    add_bounds(a, p, a->n + i, prop_min(a->t->s, v), prop_max(a->t->s, v));
    for (int j = 0; j < i; j++) /* locals entering with one value (`pos = max = start`) */
      if (in->slot[a->slot[j]] == v) {
        Lin same = {0};
        same.c[a->n + i] = 1;
        same.c[a->n + j] = -1;
        add_lin(a, p, &same, true);
      }
  }
  return p;
}

static void project(Poly h, Poly e, int d) {
  CHECKED(ppl_Polyhedron_unconstrain_space_dimension(h, (ppl_dimension_type)d));
  CHECKED(ppl_Polyhedron_unconstrain_space_dimension(e, (ppl_dimension_type)d));
}

/* The rows with monomials, once each monomial has its variables (the ones
   without are projected out); false when the store failed. */
static bool post_monomials(Ana *a, Poly h, Poly e, const TrState *in, const TrState *out, int *posted) {
  if (a->n == a->nlocal) return true;
  for (int m = a->nlocal; m < a->n; m++) {
    a->mono_in[m] = monomial_var(a, m, in, NULL);
    a->mono_out[m] = monomial_var(a, m, out, e);
    if (a->mono_in[m] == TR_FAIL || a->mono_out[m] == TR_FAIL) return false;
    if (a->mono_in[m] == TR_UNINIT) project(h, e, a->n + m);
    if (a->mono_out[m] == TR_UNINIT) project(h, e, m);
  }
  return (!heads_at_exit(a) || post_exit(a, h, in, out, true, posted)) && post_exit(a, e, in, out, true, posted);
}

/* The analyses of this run so far, outside trials or inside them.  Each
   kind has its own cap: what trials spend (their look-ahead translates the
   loops of later iterations of an outer loop, and throws them away) never
   leaves the loops translated for good without an analysis. */
static int *analyses_spent(Tr *t) { return &t->poly_analyses[prop_trial_depth(t->s) > 0]; }

static bool analyses_left(Tr *t) { return *analyses_spent(t) < MAX_ANALYSES; }

/* ---- Reuse of analyses ------------------------------------------------------
 * An analysis is a function of the loop, the choices of its Ana (entries,
 * monomials, residue, unrolling) and its entry polyhedron; the states only
 * name the variables its rows are posted on.  A loop translated again with
 * the same entry (a trial's look-ahead translates again the iterations of
 * an outer loop that the root and earlier trials translated) takes copies
 * of the head and exit of the analysis that had that entry.  Only analyses
 * that PPL finished are kept (one stopped at its weight limit is made
 * again, maybe with a larger limit).  A reuse is no analysis: it does not
 * count against the caps.  Kept for the run, MAX_REUSED at most. */
enum { MAX_REUSED = 1024 };

struct PolyReuse {
  const IrStmt *loop;
  Ana key;                        /* the choices, as the analysis began */
  Poly entry;
  Poly head, exit;                /* before projection; head NULL: none found */
  bool ok;                        /* a->ok after it */
  PolyReuse *next;
};

static bool same_choices(const Ana *x, const Ana *y) {
  if (x->fn != y->fn || x->n != y->n || x->nlocal != y->nlocal || x->breaks != y->breaks ||
      x->has_residue != y->has_residue || x->unrolled != y->unrolled || x->period != y->period)
    return false;
  if (x->has_residue && (x->counter != y->counter || x->modulus != y->modulus || x->step != y->step ||
                         x->entry_residue != y->entry_residue || x->residue != y->residue))
    return false;
  for (int i = 0; i < x->n; i++) {
    if (i < x->nlocal ? x->slot[i] != y->slot[i]
                      : x->factor[i][0] != y->factor[i][0] || x->factor[i][1] != y->factor[i][1])
      return false;
  }
  return true;
}

static PolyReuse *reusable(Tr *t, const IrStmt *loop, const Ana *a, Poly entry) {
  for (PolyReuse *r = t->poly_reuse; r; r = r->next) {
    if (r->loop != loop || !same_choices(&r->key, a)) continue;
    int same = ppl_Polyhedron_equals_Polyhedron(r->entry, entry);
    if (same < 0) ppl_error = true;
    if (same > 0) return r;
  }
  return NULL;
}

/* Keeps a finished analysis: its entry (taken over) and copies of its head
   and exit. */
static void keep(Tr *t, const IrStmt *loop, const Ana *key, Poly entry, Poly head, Poly exit, bool ok) {
  PolyReuse *r = !ppl_error && t->npoly_reuse < MAX_REUSED ? malloc(sizeof *r) : NULL;
  if (r) *r = (PolyReuse){.loop = loop, .key = *key, .entry = entry, .ok = ok, .next = t->poly_reuse};
  if (r && head && (ppl_new_C_Polyhedron_from_C_Polyhedron(&r->head, head) < 0 ||
                    ppl_new_C_Polyhedron_from_C_Polyhedron(&r->exit, exit) < 0)) {
    if (r->head) ppl_delete_Polyhedron(r->head);
    free(r);
    r = NULL;
  }
  if (!r) {
    CHECKED(ppl_delete_Polyhedron(entry));
    return;
  }
  t->poly_reuse = r;
  t->npoly_reuse++;
}

void tr_polyhedra_free(Tr *t) {
  for (PolyReuse *r = t->poly_reuse, *next; r; r = next) {
    next = r->next;
    ppl_delete_Polyhedron(r->entry);
    if (r->head) ppl_delete_Polyhedron(r->head);
    if (r->exit) ppl_delete_Polyhedron(r->exit);
    free(r);
  }
  t->poly_reuse = NULL;
  t->npoly_reuse = 0;
}

/* The head and the exit of the loop from a's entry, computed or reused;
   false: no head. */
static bool heads(Ana *a, const IrStmt *loop, const TrState *in, Poly *h, Poly *e) {
  Tr *t = a->t;
  Ana key = *a;
  Poly entry = entry_state(a, in);
  PolyReuse *r = reusable(t, loop, a, entry);
  if (r) {
    CHECKED(ppl_delete_Polyhedron(entry));
    a->ok = r->ok;
    if (!r->head) return false;
    *h = copy(r->head);
    *e = copy(r->exit);
    return true;
  }
  ++*analyses_spent(t);
  *h = loop_head(a, loop, entry);
  if (*h) {
    /* The head's constraints hold at the exit too; posted with the exit's
       own (the head meet the negated condition), they give propagation
       relations that the exit's minimized form leaves implied (y <= x from
       y <= n <= x). */
    bool unrolled = a->unrolled == loop && a->period > 1; /* h: the heads of one residue only */
    *e = unrolled ? empty_poly(a) : leaving(a, loop, *h);
    if (a->breaks || unrolled) { /* the exit: the condition failing at any check, or a break */
      a->broken = a->breaks ? empty_poly(a) : NULL;
      Poly next = iterate(a, loop, *h, unrolled ? *e : NULL);
      if (a->broken) CHECKED(ppl_Polyhedron_poly_hull_assign(*e, a->broken));
      CHECKED(ppl_delete_Polyhedron(next));
      if (a->broken) CHECKED(ppl_delete_Polyhedron(a->broken));
      a->broken = NULL;
    }
  }
  keep(t, loop, &key, entry, *h, *h ? *e : NULL, a->ok);
  return *h != NULL;
}

/* Analyses loop over a's tracked locals and posts what it finds; false
   when the store failed.  *found: a head was computed. */
static bool analyse(Ana *a, const IrStmt *loop, const TrState *in, const TrState *out, bool *found) {
  Tr *t = a->t;
  Poly h, e;
  ppl_error = false;
  /* an analysis that grows too large stops (an error: nothing posted) */
  CHECKED(ppl_set_deterministic_timeout(*analyses_spent(t) < LARGE_ANALYSES ? PPL_WEIGHT : PPL_WEIGHT_LATER, 0));
  *found = heads(a, loop, in, &h, &e);
  if (!*found) {
    CHECKED(ppl_reset_deterministic_timeout());
    return true;
  }
  for (int i = 0; i < a->nlocal; i++) { /* a local without a value at the entry or the exit has no variable there */
    if (in->slot[a->slot[i]] == TR_UNINIT) project(h, e, a->n + i);
    if (out->slot[a->slot[i]] == TR_UNINIT) project(h, e, i);
  }
  int posted = 0;
  bool stored = true; /* false: a posted row failed the store */
  /* the head's constraints hold at the exit only when it leaves from a head
     state; the rows over locals first: the bounds they give the outputs
     decide which monomials are C products that cannot wrap */
  if (a->ok && !ppl_error && !is_empty(e))
    stored = (!heads_at_exit(a) || post_exit(a, h, in, out, false, &posted)) && post_exit(a, e, in, out, false, &posted) &&
             post_monomials(a, h, e, in, out, &posted);
  CHECKED(ppl_delete_Polyhedron(e));
  CHECKED(ppl_reset_deterministic_timeout());
  CHECKED(ppl_delete_Polyhedron(h));
  if (posted > 0) prop_note(t->s, PROP_NOTE_POLYHEDRA);
  return stored;
}

/* Does a break in loop's body leave it?  (A do-while's first run, before
   any check, is analysed apart from the head: its breaks are not
   supported.) */
static bool breaks_out(Tr *t, const IrFunction *fn, const IrStmt *loop) {
  for (int i = 0; i < loop->body.n; i++)
    if (tr_facts(t, fn, loop->body.stmts[i])->has_break) return true;
  return false;
}

/* ---- Packs ------------------------------------------------------------- */

/* Marks in `in` the tracked locals e reads. */
static void mark_reads(const Ana *a, const IrExpr *e, bool *in) {
  if (!e) return;
  if (e->kind == IR_VAR) {
    int i = tracked(a, e->var);
    if (i >= 0) in[i] = true;
  }
  for (int k = 0; k < 3; k++) mark_reads(a, e->a[k], in);
}

static void mark_block(const Ana *a, const IrBlock *b, int w, bool *in);

/* Marks what decides loops and what is assigned to local w, in s. */
static void mark_stmt(const Ana *a, const IrStmt *s, int w, bool *in) {
  switch (s->kind) {
  case IR_ST_ASSIGN:
    if (s->lhs && s->lhs->kind == IR_VAR && tracked(a, s->lhs->var) == w) mark_reads(a, s->rhs, in);
    break;
  case IR_ST_IF: mark_block(a, &s->then, w, in); mark_block(a, &s->els, w, in); break;
  case IR_ST_BLOCK: mark_block(a, &s->body, w, in); break;
  case IR_ST_WHILE:
    mark_reads(a, s->cond, in);
    mark_block(a, &s->pre, w, in);
    mark_block(a, &s->body, w, in);
    mark_block(a, &s->step, w, in);
    break;
  default: break;
  }
}

static void mark_block(const Ana *a, const IrBlock *b, int w, bool *in) {
  for (int i = 0; i < b->n; i++) mark_stmt(a, b->stmts[i], w, in);
}

/* The pack of written local w: w, the locals that decide the loop and the
   loops in it, and those w is assigned from.  An analysis over fewer
   locals is as sound as over all (statements on the others are not
   tracked, guards on them refine nothing) and far cheaper: relations
   between unrelated counters (`diag` next to `cells`) are what makes a
   polyhedron's generators explode. */
static Ana pack(const Ana *a, const IrStmt *loop, int w, unsigned *members) {
  bool in[MAX_TRACKED] = {false};
  in[w] = true;
  mark_stmt(a, loop, w, in);
  Ana p = {.t = a->t, .fn = a->fn, .ok = true, .breaks = a->breaks};
  *members = 0;
  for (int i = 0; i < a->nlocal; i++)
    if (in[i]) {
      p.var[p.n] = a->var[i];
      p.slot[p.n++] = a->slot[i];
      *members |= 1u << i;
    }
  p.nlocal = p.n;
  choose_monomials(&p, loop);
  int u = a->has_residue ? tracked(&p, a->var[a->counter]) : -1;
  if (u >= 0) { /* the pack keeps the residues when it tracks the counter */
    p.has_residue = true;
    p.counter = u;
    p.modulus = a->modulus;
    p.step = a->step;
    p.period = a->period;
    p.entry_residue = p.residue = a->entry_residue;
    p.unrolled = a->unrolled;
  }
  return p;
}

bool tr_loop_polyhedra(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out) {
  const IrFunction *fn = in->fn;
  if (loop->pre.n > 0 || !loop->cond || loop->goto_loop) return true;
  if (tr_facts(t, fn, loop)->contains_obj) return true;
  for (int f = 0; f < TR_NFLAGS; f++)
    if (in->flag[f] != t->zero) return true;
  if (!analyses_left(t) || !init_ppl()) return true;
  Ana a = {.t = t, .fn = fn, .ok = true, .breaks = !loop->is_do_while && breaks_out(t, fn, loop)};
  choose(&a, loop);
  TrResidue counter;
  if (tr_residue_counter(t, fn, loop, &counter)) use_residue(&a, loop, &counter, in);
  const uint8_t *writes = tr_facts(t, fn, loop)->slot;
  if (a.n == 0 || !writes || !writes[a.slot[0]]) return true;
  bool found, ok = true;
  double began = prop_now();
  ok = analyse(&a, loop, in, out, &found);
  if (ok && !found && a.has_residue && analyses_left(t)) { /* an update that may wrap, or too costly unrolled */
    a.has_residue = false;
    a.unrolled = NULL;
    a.ok = true;
    ok = analyse(&a, loop, in, out, &found);
  }
  if (ok && !found && a.n > a.nlocal && analyses_left(t)) { /* the monomials may be what cost too much */
    a.n = a.nlocal;
    a.ok = true;
    ok = analyse(&a, loop, in, out, &found);
  }
  /* Too costly (or not inductive) over every local: one pack per written local. */
  unsigned done[MAX_TRACKED];
  int ndone = 0;
  for (int w = 0; ok && !found && w < a.nlocal && writes[a.slot[w]]; w++) {
    unsigned members;
    Ana p = pack(&a, loop, w, &members);
    bool again = false, pack_found;
    for (int k = 0; k < ndone; k++) again = again || done[k] == members;
    if (p.nlocal == a.nlocal || !analyses_left(t)) break;
    if (again) continue;
    done[ndone++] = members;
    ok = analyse(&p, loop, in, out, &pack_found);
  }
  /* (tr_set_deadline clears the store's timed-out flag: never once it is set) */
  if (t->analyses_free && t->lim.deadline > 0 && !prop_timed_out(t->s))
    tr_set_deadline(t, t->lim.deadline + (prop_now() - began));
  return ok;
}
