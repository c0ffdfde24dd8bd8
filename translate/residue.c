/* residue.c - the counter whose residue decides a loop's guards: in
 * `for (k = 2; k <= n; k++) if (k % 2 == 1) c++;` the parity of k says which
 * branch runs, and it alternates from one iteration to the next.  A convex
 * polyhedron cannot say "k is odd", so the relational analysis
 * (polyhedra.c) unrolls such a loop by the period of the residue and knows
 * it in each copy: 2c <= k + 1 holds at every exit, where the plain
 * analysis only finds c <= k - 1.
 *
 * A counter is a local u that the loop's condition, body or step reads as
 * u % m or u & (m - 1) (2 <= m <= 8; directly or through conversions that
 * keep its value),
 * and whose one update is `u = u + d` with d a constant, a top-level
 * statement of the body or step (tr_induction_step): every iteration that
 * runs to its end adds d, so the residue of u modulo m moves by d mod m per
 * iteration, whatever path the iteration took.  When several moduli are
 * read, m is their least common multiple (at most 8: the analysis costs one
 * polyhedron per copy).  Of the locals read so (at most four), the first
 * that is such a counter.
 *
 * This file only reads the IR; what the residue means for C's % and & of
 * negative values, and when an increment may wrap, is the analysis's
 * concern (polyhedra.c, "Residues").
 */
#include "tr_internal.h"

enum { MAX_MODULUS = 8, MAX_CANDIDATES = 4 };

/* The local read by e, directly or through conversions that keep its value
   (to a type of its signedness, as wide or wider); NULL otherwise.  A
   conversion that may change the value (`k % 7u` of a negative int k)
   gives no constant residue: unrolling for it only costs. */
static const IrVar *read_local(const IrExpr *e) {
  if (!e) return NULL;
  if (e->kind == IR_VAR) return e->var;
  if (e->kind != IR_CAST) return NULL;
  const IrVar *v = read_local(e->a[0]);
  const IrType *from = e->a[0]->type, *to = e->type;
  bool keeps = from->kind == IR_TY_INT && to->kind == IR_TY_INT && from->is_signed == to->is_signed && to->bits >= from->bits;
  return keeps ? v : NULL;
}

static int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }

/* The modulus e reads a local by (u % m, u & (m - 1)), or 0. */
static int modulus_of(const IrExpr *e) {
  if ((e->kind != IR_REM && e->kind != IR_BAND) || e->a[1]->kind != IR_INT_CONST || !read_local(e->a[0])) return 0;
  int64_t k = e->a[1]->ival;
  if (e->kind == IR_REM) return k >= 2 && k <= MAX_MODULUS ? (int)k : 0;
  return k >= 1 && k < MAX_MODULUS && (k & (k + 1)) == 0 ? (int)k + 1 : 0; /* a mask 2^b - 1 */
}

/* The locals read by a residue, each with the least common multiple of its
   moduli (-1 once it exceeds MAX_MODULUS). */
typedef struct Candidates {
  int n;
  const IrVar *var[MAX_CANDIDATES];
  int modulus[MAX_CANDIDATES];
} Candidates;

static void scan_expr(const IrExpr *e, Candidates *c) {
  if (!e) return;
  int k = modulus_of(e);
  if (k) {
    const IrVar *v = read_local(e->a[0]);
    int i = 0;
    while (i < c->n && c->var[i] != v) i++;
    if (i == c->n && c->n < MAX_CANDIDATES) c->var[c->n] = v, c->modulus[c->n++] = 1;
    if (i < c->n && c->modulus[i] > 0) {
      int l = c->modulus[i] / gcd(c->modulus[i], k) * k;
      c->modulus[i] = l <= MAX_MODULUS ? l : -1;
    }
  }
  for (int i = 0; i < 3; i++) scan_expr(e->a[i], c);
}

static void scan_block(const IrBlock *b, Candidates *c);

static void scan_stmt(const IrStmt *s, Candidates *c) {
  scan_expr(s->cond, c);
  scan_expr(s->rhs, c);
  scan_block(&s->pre, c);
  scan_block(&s->then, c);
  scan_block(&s->els, c);
  scan_block(&s->body, c);
  scan_block(&s->step, c);
}

static void scan_block(const IrBlock *b, Candidates *c) {
  for (int i = 0; i < b->n; i++) scan_stmt(b->stmts[i], c);
}

bool tr_residue_counter(Tr *t, const IrFunction *fn, const IrStmt *loop, TrResidue *out) {
  Candidates c = {0};
  scan_expr(loop->cond, &c);
  scan_block(&loop->body, &c);
  scan_block(&loop->step, &c);
  for (int i = 0; i < c.n; i++) {
    const IrVar *v = c.var[i];
    if (c.modulus[i] <= 1 || v->address_taken || v->type->kind != IR_TY_INT) continue;
    int64_t d;
    if (loop->pre.n > 0 || !tr_induction_step(t, fn, loop, v, &d)) continue;
    *out = (TrResidue){.var = v, .modulus = c.modulus[i], .step = d};
    return true;
  }
  return false;
}
