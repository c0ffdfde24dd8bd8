/* invariant.c - loop invariants by abstract interpretation of the body: the
 * linear relations between a loop's integer locals that every iteration
 * keeps, posted on the loop's outputs with the negated condition, so that
 * the code after a loop of unbounded or huge trip count can be refuted
 * without unfolding it (`while (i < n) { i++; if (c) j += 2; else j += 2; }`
 * leaves j - 2 * i as it found it).
 *
 * The abstract domain is a set of paths through the body and step (at most
 * MAX_PATHS), each a vector of offsets: for every tracked local u (a scalar
 * integer local or parameter that the loop writes and whose address is
 * never taken), the change of u along that path, a constant, or unknown.
 * Statements act on every path: `u = u + k` (or - k, k + u, in u's own type)
 * adds k, any other write of u makes it unknown, an if splits each path in
 * two (both branches), a nested loop makes what it writes unknown.  Paths
 * that leave the iteration early (break, return, continue, the objective)
 * make the loop unsupported here, as do side effects in the condition.  A
 * path that may end inside (a trap, abort: `c >> (i % 31)`) is analysed as
 * if it went on: the relations then also refute the outputs of a path that
 * ended in the loop, which is harmless, since such a path never reaches
 * the objective (not in the loop), and a path that reaches it ends there.
 *
 * For two tracked locals u, v of one C type whose offsets are known on
 * every path, a relation a * u + b * v is invariant when a * du + b * dv == 0
 * on every path: (a, b) = (dv, -du) / gcd on the first path that moves them,
 * checked on the others; a local that no path moves is invariant alone.
 * Every iteration adds du and dv to u and v in their C type, so the relation
 * holds modulo 2^bits, whatever overflows: it is posted as the C value of
 * a * u + b * v at the exit equal to its C value at the entry, computed with
 * the wrapping operations of the type (the elimination of gauss.c combines
 * it with the rest).  A single iteration path is the degenerate case of a
 * translation-only (Karr-style) affine-equality analysis; the fixpoint needs
 * no widening because increments along a path do not depend on the
 * iteration.  The negated loop condition holds at the exit too: the loop
 * leaves only through it.
 *
 * Never: track a local through memory or a call, pair locals of different
 * types, or assume that a sum does not wrap.
 */
#include <stdlib.h>

#include "tr_internal.h"

enum { MAX_TRACKED = 12, MAX_PATHS = 32 };

typedef struct Path {
  int64_t d[MAX_TRACKED];    /* offsets, modulo 2^64 */
  bool known[MAX_TRACKED];
} Path;

typedef struct Paths {
  int n;
  Path p[MAX_PATHS];
} Paths;

typedef struct Inv {
  Tr *t;
  const IrFunction *fn;
  int n;                     /* tracked locals */
  const IrVar *var[MAX_TRACKED];
  int slot[MAX_TRACKED];
  bool ok;                   /* false: the loop is not analysed */
} Inv;

static int tracked(const Inv *v, const IrVar *u) {
  for (int i = 0; i < v->n; i++)
    if (v->var[i] == u) return i;
  return -1;
}

static void forget(Paths *ps, int i) {
  for (int k = 0; k < ps->n; k++) ps->p[k].known[i] = false;
}

/* The constant k of "u = u + k", "u = u - k" or "u = k + u" in u's type. */
static bool constant_step(const IrStmt *s, const IrVar *u, int64_t *k) {
  const IrExpr *r = s->rhs;
  if (!r || r->type != u->type || (r->kind != IR_ADD && r->kind != IR_SUB)) return false;
  const IrExpr *x = r->a[0], *c = r->a[1];
  if (r->kind == IR_ADD && x->kind == IR_INT_CONST) {
    x = r->a[1];
    c = r->a[0];
  }
  if (x->kind != IR_VAR || x->var != u || c->kind != IR_INT_CONST) return false;
  *k = r->kind == IR_ADD ? c->ival : (int64_t)(0 - (uint64_t)c->ival);
  return true;
}

static void block(Inv *v, const IrBlock *b, Paths *ps);

static void statement(Inv *v, const IrStmt *s, Paths *ps) {
  const TrFacts *f = tr_facts(v->t, v->fn, s);
  if (f->has_break || f->has_return || f->has_continue || f->contains_obj) {
    v->ok = false;
    return;
  }
  switch (s->kind) {
  case IR_ST_ASSIGN: {
    int i = s->lhs && s->lhs->kind == IR_VAR ? tracked(v, s->lhs->var) : -1;
    int64_t k;
    if (i < 0) break;
    if (!constant_step(s, v->var[i], &k)) {
      forget(ps, i);
      break;
    }
    for (int p = 0; p < ps->n; p++) ps->p[p].d[i] = (int64_t)((uint64_t)ps->p[p].d[i] + (uint64_t)k);
    break;
  }
  case IR_ST_IF: {
    Paths *els = malloc(sizeof *els);
    if (!els) abort();
    *els = *ps;
    block(v, &s->then, ps);
    block(v, &s->els, els);
    if (ps->n + els->n > MAX_PATHS) v->ok = false;
    for (int p = 0; p < els->n && v->ok; p++) ps->p[ps->n++] = els->p[p];
    free(els);
    break;
  }
  case IR_ST_BLOCK:
    block(v, &s->body, ps);
    break;
  case IR_ST_DECL: { /* a fresh lifetime: its value is not the head's */
    int i = tracked(v, s->var);
    if (i >= 0) forget(ps, i);
    break;
  }
  default: /* calls, nested loops: what they may write is unknown */
    for (int i = 0; i < v->n; i++)
      if (f->slot && f->slot[v->slot[i]]) forget(ps, i);
    break;
  }
}

static void block(Inv *v, const IrBlock *b, Paths *ps) {
  for (int i = 0; i < b->n && v->ok; i++) statement(v, b->stmts[i], ps);
}

static int64_t gcd64(int64_t a, int64_t b) {
  uint64_t x = a < 0 ? 0 - (uint64_t)a : (uint64_t)a, y = b < 0 ? 0 - (uint64_t)b : (uint64_t)b;
  while (y) {
    uint64_t r = x % y;
    x = y;
    y = r;
  }
  return (int64_t)x;
}

/* (a, b) with a * du + b * dv == 0 on every path (exactly, in 128 bits);
   false when there is none or an offset is unknown.  The offsets are taken
   as they are (modulo 2^64: the C type's width divides it). */
static bool relation(const Paths *ps, int u, int w, int64_t *a, int64_t *b) {
  *a = 0;
  *b = 0;
  for (int p = 0; p < ps->n; p++) {
    const Path *q = &ps->p[p];
    if (!q->known[u] || !q->known[w]) return false;
    if (*a == 0 && *b == 0 && (q->d[u] || q->d[w])) {
      int64_t g = gcd64(q->d[u], q->d[w]);
      if (q->d[u] == INT64_MIN || q->d[w] == INT64_MIN) return false;
      *a = q->d[w] / g;
      *b = -(q->d[u] / g);
    }
  }
  if (*a == 0 && *b == 0) return false;
  for (int p = 0; p < ps->n; p++)
    if ((__int128)*a * ps->p[p].d[u] + (__int128)*b * ps->p[p].d[w] != 0) return false;
  return true;
}

/* a as a stored value of type ty (modulo 2^bits into its range). */
static int64_t in_type(OpCType ty, int64_t a) {
  if (ty.bits >= 64) return a;
  __int128 m = (__int128)1 << ty.bits, tmin = ty.is_signed ? -(m / 2) : 0;
  __int128 r = ((__int128)a - tmin) % m;
  if (r < 0) r += m;
  return (int64_t)(r + tmin);
}

/* The C value of a * u + b * v in type ty, numbered (TR_FAIL on failure). */
static PropVar combination(Tr *t, OpCType ty, int64_t a, PropVar u, int64_t b, PropVar w) {
  PropVar ta = tr_c_binary(t, IR_MUL, ty, ty, prop_new_const(t->s, in_type(ty, a)), u);
  PropVar tb = ta == TR_FAIL ? TR_FAIL : tr_c_binary(t, IR_MUL, ty, ty, prop_new_const(t->s, in_type(ty, b)), w);
  return tb == TR_FAIL ? TR_FAIL : tr_c_binary(t, IR_ADD, ty, ty, ta, tb);
}

static bool post_relations(Inv *v, const Paths *ps, const TrState *in, const TrState *out, int *posted) {
  Tr *t = v->t;
  for (int i = 0; i < v->n; i++) {
    bool still = true; /* no path moves it */
    for (int p = 0; p < ps->n; p++) still = still && ps->p[p].known[i] && ps->p[p].d[i] == 0;
    if (still) {
      ++*posted;
      if (!op_rel(t->s, out->slot[v->slot[i]], OP_EQ, in->slot[v->slot[i]])) return false;
      continue;
    }
    OpCType ti = tr_ctype(v->var[i]->type);
    for (int j = i + 1; j < v->n; j++) {
      OpCType tj = tr_ctype(v->var[j]->type);
      int64_t a, b;
      if (ti.bits != tj.bits || ti.is_signed != tj.is_signed || !relation(ps, i, j, &a, &b)) continue;
      PropVar at_exit = combination(t, ti, a, out->slot[v->slot[i]], b, out->slot[v->slot[j]]);
      PropVar at_entry = combination(t, ti, a, in->slot[v->slot[i]], b, in->slot[v->slot[j]]);
      if (at_exit == TR_FAIL || at_entry == TR_FAIL) return false;
      ++*posted;
      if (!op_rel(t->s, at_exit, OP_EQ, at_entry)) return false;
    }
  }
  return true;
}

/* The loop leaves only when its condition is false: so does the output. */
static bool post_exit_condition(Tr *t, const IrStmt *loop, const TrState *out) {
  bool ok = true;
  PropVar c = tr_eval_pure(t, out, loop->cond, &ok);
  if (!ok || c == TR_FAIL) return !prop_failed(t->s);
  PropVar b = tr_truth(t, loop->cond->type, c);
  if (b == TR_FAIL) return false;
  return prop_fix(t->s, b, 0) && prop_propagate(t->s);
}

/* The pairs of tracked locals that no path changes, posted on the outputs. */
static bool pairs(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out) {
  const IrFunction *fn = in->fn;
  if (loop->pre.n > 0 || !loop->cond || loop->goto_loop) return true;
  if (tr_facts(t, fn, loop)->contains_obj) return true; /* the path may end in it */
  for (int f = 0; f < TR_NFLAGS; f++)
    if (in->flag[f] != t->zero) return true;
  Inv v = {.t = t, .fn = fn, .ok = true};
  for (int i = 0; i < tr_nslots(fn) && v.n < MAX_TRACKED; i++) {
    const IrVar *u = tr_slot_var(fn, i);
    if (u->address_taken || u->type->kind != IR_TY_INT) continue;
    if (in->slot[i] == TR_UNINIT || out->slot[i] == TR_UNINIT || out->slot[i] == in->slot[i]) continue;
    v.var[v.n] = u;
    v.slot[v.n++] = i;
  }
  if (v.n == 0) return true;
  Paths *ps = calloc(1, sizeof *ps);
  if (!ps) abort();
  ps->n = 1;
  for (int i = 0; i < v.n; i++) ps->p[0].known[i] = true;
  block(&v, &loop->body, ps);
  block(&v, &loop->step, ps);
  int posted = 0;
  bool ok = !v.ok || (post_relations(&v, ps, in, out, &posted) && (posted == 0 || post_exit_condition(t, loop, out)));
  free(ps);
  if (ok && v.ok && posted > 0) prop_note(t->s, PROP_NOTE_INVARIANT);
  return ok;
}

/* The equalities of pairs, the parity relations of parity.c, the
   inequalities of polyhedra.c, then the float ranges of float_bounds.c. */
bool tr_loop_invariant(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out) {
  return pairs(t, loop, in, out) && tr_loop_parity(t, loop, in, out) && tr_loop_polyhedra(t, loop, in, out) &&
         tr_loop_float_bounds(t, loop, in, out);
}
