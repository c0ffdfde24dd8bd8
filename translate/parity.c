/* parity.c - parity relations of a loop: affine equalities over GF(2)
 * between the lowest bits of a loop's integer locals at its exit and at its
 * entry, posted on the loop's outputs.  `s += 2 * i + 1; i++` keeps s + i
 * even whatever the trip count, which no interval, polyhedron or residue of
 * a single variable says (the sum of the first n odd numbers has n's
 * parity).
 *
 * The lowest bit of a C integer is a function of the lowest bits of the
 * operands for +, -, unary -, * and conversions, whatever wraps: every C
 * integer type wraps modulo a power of two (gcc -fwrapv), and 2 divides it.
 * x % m with m even keeps x's parity (x == (x / m) * m + x % m exactly, and
 * (x / m) * m is even); x & k with k a constant is x's bit or 0; x << k is
 * even for k >= 1.  Anything else makes the assigned bit unknown.
 *
 * The abstract domain (Karr's affine spaces, here over GF(2)): the set of
 * possible bit vectors (bit i: tracked local i now, bit n + i: its value at
 * the loop's entry) is an affine subspace p0 + span(directions).  An
 * assignment is an affine map of the vectors; an unknown bit adds its unit
 * direction; an if joins its branches (the affine hull; conditions are not
 * used); a loop is a fixpoint of joins, reached in at most 2n + 1 rounds
 * since each round that changes the space raises its dimension.  A path
 * that ends inside the loop (a trap, abort) is interpreted as if it went
 * on: only more vectors.  The loop must leave through its condition only
 * (no break, continue, return or objective inside), with no side effects in
 * the condition.  At the exit, every linear form f vanishing on all
 * directions gives f . x == f . p0 (mod 2), posted as sum(x) - 2 t == c
 * with a fresh t: the congruence reasoning of linear equalities
 * (operators/arith/congruence.c) takes it from there.
 */
#include <stdint.h>
#include <string.h>

#include "tr_internal.h"

enum { MAX_TRACKED = 32, MAX_RELATIONS = 16 };

/* p0 + span(basis), basis[b] the direction whose highest bit is b (or 0). */
typedef struct Space {
  bool empty;
  uint64_t p0;
  uint64_t basis[64];
} Space;

typedef struct Par {
  Tr *t;
  const IrFunction *fn;
  int n;
  int slot[MAX_TRACKED];
  bool ok;
} Par;

static int tracked(const Par *a, const IrVar *u) {
  if (u->kind == IR_VAR_GLOBAL || u->address_taken) return -1;
  int slot = tr_frame_slot(a->fn, u);
  for (int i = 0; i < a->n; i++)
    if (a->slot[i] == slot) return i;
  return -1;
}

static int parity64(uint64_t v) { return __builtin_parityll(v); }
static int top_bit(uint64_t v) { return 63 - __builtin_clzll(v); }

/* ---- Affine spaces over GF(2) ----------------------------------------------- */
static void add_direction(Space *s, uint64_t v) {
  while (v) {
    int b = top_bit(v);
    if (!s->basis[b]) {
      s->basis[b] = v;
      return;
    }
    v ^= s->basis[b];
  }
}

static bool contains_direction(const Space *s, uint64_t v) {
  while (v) {
    int b = top_bit(v);
    if (!s->basis[b]) return false;
    v ^= s->basis[b];
  }
  return true;
}

/* Does a contain b?  (Equal spaces: each contains the other.) */
static bool contains(const Space *a, const Space *b) {
  if (b->empty) return true;
  if (a->empty || !contains_direction(a, a->p0 ^ b->p0)) return false;
  for (int k = 0; k < 64; k++)
    if (b->basis[k] && !contains_direction(a, b->basis[k])) return false;
  return true;
}

static void join(Space *a, const Space *b) {
  if (b->empty) return;
  if (a->empty) {
    *a = *b;
    return;
  }
  add_direction(a, a->p0 ^ b->p0);
  for (int k = 0; k < 64; k++)
    if (b->basis[k]) add_direction(a, b->basis[k]);
}

/* Bit x becomes parity(mask & v) ^ c on every vector (an affine map). */
static void assign_bit(Space *s, int x, uint64_t mask, int c) {
  if (s->empty) return;
  uint64_t bit = (uint64_t)1 << x;
  s->p0 = (s->p0 & ~bit) | ((uint64_t)(parity64(s->p0 & mask) ^ c) << x);
  uint64_t moved[64];
  int n = 0;
  for (int k = 0; k < 64; k++) {
    uint64_t d = s->basis[k];
    if (!d) continue;
    moved[n++] = (d & ~bit) | ((uint64_t)parity64(d & mask) << x); /* the linear part */
    s->basis[k] = 0;
  }
  for (int k = 0; k < n; k++) add_direction(s, moved[k]);
}

static void forget_bit(Space *s, int x) {
  if (s->empty) return;
  assign_bit(s, x, 0, 0);
  add_direction(s, (uint64_t)1 << x);
}

/* ---- The parity of an expression ------------------------------------------ */
/* e's lowest bit as parity(*mask & x) ^ *c over the tracked locals' bits. */
static bool affine_bit(const Par *a, const IrExpr *e, uint64_t *mask, int *c) {
  uint64_t m2;
  int c2;
  switch (e->kind) {
  case IR_INT_CONST:
    *mask = 0;
    *c = (int)(e->ival & 1);
    return true;
  case IR_VAR: {
    int i = tracked(a, e->var);
    if (i < 0) return false;
    *mask = (uint64_t)1 << i;
    *c = 0;
    return true;
  }
  case IR_CAST: /* between integer types: truncation and extension keep bit 0 */
    if (e->type->kind != IR_TY_INT || e->a[0]->type->kind != IR_TY_INT) return false;
    return affine_bit(a, e->a[0], mask, c);
  case IR_NEG: return affine_bit(a, e->a[0], mask, c);
  case IR_ADD: case IR_SUB:
    if (!affine_bit(a, e->a[0], mask, c) || !affine_bit(a, e->a[1], &m2, &c2)) return false;
    *mask ^= m2;
    *c ^= c2;
    return true;
  case IR_MUL: case IR_BAND: { /* by a constant: bit 0 survives only if the constant's is 1 */
    const IrExpr *k = e->a[1]->kind == IR_INT_CONST ? e->a[1] : e->a[0], *x = k == e->a[1] ? e->a[0] : e->a[1];
    if (k->kind != IR_INT_CONST) return false;
    if ((k->ival & 1) == 0) {
      *mask = 0;
      *c = 0;
      return true;
    }
    return affine_bit(a, x, mask, c);
  }
  case IR_REM: /* x % m, m even: x minus a multiple of m */
    if (e->a[1]->kind != IR_INT_CONST || (e->a[1]->ival & 1) != 0 || e->a[1]->ival == 0) return false;
    return affine_bit(a, e->a[0], mask, c);
  case IR_SHL:
    if (e->a[1]->kind != IR_INT_CONST || e->a[1]->ival < 0 || e->a[1]->ival >= e->type->bits) return false;
    if (e->a[1]->ival == 0) return affine_bit(a, e->a[0], mask, c);
    *mask = 0;
    *c = 0;
    return true;
  default: return false;
  }
}

/* ---- Statements --------------------------------------------------------------- */
static void block(Par *a, const IrBlock *b, Space *s);

static void forget_writes(Par *a, const IrStmt *st, Space *s) {
  const TrFacts *f = tr_facts(a->t, a->fn, st);
  for (int i = 0; i < a->n; i++)
    if (f->slot && f->slot[a->slot[i]]) forget_bit(s, i);
}

/* A nested loop: the fixpoint of its iterations from s (its condition is
   free of side effects, it has no break or continue of its own). */
static void nested_loop(Par *a, const IrStmt *loop, Space *s) {
  const TrFacts *f = tr_facts(a->t, a->fn, loop);
  bool own_exits = false;
  for (int i = 0; i < loop->body.n; i++) {
    const TrFacts *g = tr_facts(a->t, a->fn, loop->body.stmts[i]);
    own_exits = own_exits || g->has_break || g->has_continue;
  }
  if (own_exits || loop->pre.n > 0 || loop->goto_loop || f->has_return) {
    forget_writes(a, loop, s);
    return;
  }
  for (int round = 0; round <= 2 * MAX_TRACKED + 1 && a->ok; round++) {
    Space next = *s;
    block(a, &loop->body, &next);
    block(a, &loop->step, &next);
    if (contains(s, &next)) return;
    join(s, &next);
  }
  a->ok = false; /* (cannot happen: the dimension is bounded) */
}

static void statement(Par *a, const IrStmt *st, Space *s) {
  switch (st->kind) {
  case IR_ST_ASSIGN: {
    int x = st->lhs && st->lhs->kind == IR_VAR ? tracked(a, st->lhs->var) : -1;
    uint64_t mask;
    int c;
    if (x < 0) forget_writes(a, st, s); /* a store: no tracked local lives in memory */
    else if (affine_bit(a, st->rhs, &mask, &c)) assign_bit(s, x, mask, c);
    else forget_bit(s, x);
    break;
  }
  case IR_ST_IF: {
    Space other = *s;
    block(a, &st->then, s);
    block(a, &st->els, &other);
    join(s, &other);
    break;
  }
  case IR_ST_BLOCK: block(a, &st->body, s); break;
  case IR_ST_WHILE: nested_loop(a, st, s); break;
  case IR_ST_DECL: {
    int x = tracked(a, st->var);
    if (x >= 0) forget_bit(s, x);
    break;
  }
  case IR_ST_SKIP: break;
  case IR_ST_BREAK: case IR_ST_CONTINUE: case IR_ST_RETURN: a->ok = false; break;
  default: forget_writes(a, st, s); break; /* calls */
  }
}

static void block(Par *a, const IrBlock *b, Space *s) {
  for (int i = 0; i < b->n && a->ok; i++) statement(a, b->stmts[i], s);
}

/* ---- The loop ------------------------------------------------------------------ */
/* Each local equal to its entry copy, and locals entering with one value
   (`x = z = a`) equal; a bit known where the value's congruence says it. */
static Space entry_space(Par *a, const TrState *in) {
  Space s;
  memset(&s, 0, sizeof s);
  for (int i = 0; i < a->n; i++) {
    PropVar v = in->slot[a->slot[i]];
    bool first = true;
    for (int j = 0; j < i; j++) first = first && in->slot[a->slot[j]] != v;
    if (!first) continue; /* (taken with the first local holding v) */
    uint64_t same = 0;
    for (int j = i; j < a->n; j++)
      if (in->slot[a->slot[j]] == v) same |= (uint64_t)1 << j | (uint64_t)1 << (a->n + j);
    int bits;
    uint64_t res;
    prop_congruence(a->t->s, v, &bits, &res);
    if (bits >= 1) s.p0 |= (res & 1) ? same : 0;
    else add_direction(&s, same);
  }
  return s;
}

/* The tracked locals: integers in slots that the loop reads or writes and
   that hold a value at its entry and exit. */
static void choose(Par *a, const IrStmt *loop, const TrState *in, const TrState *out) {
  const TrFacts *f = tr_facts(a->t, a->fn, loop);
  for (int i = 0; i < tr_nslots(a->fn) && a->n < MAX_TRACKED; i++) {
    const IrVar *u = tr_slot_var(a->fn, i);
    if (u->address_taken || (u->type->kind != IR_TY_INT && u->type->kind != IR_TY_BOOL)) continue;
    if (!(f->slot && f->slot[i]) && !(f->read && f->read[i])) continue;
    if (in->slot[i] == TR_UNINIT || out->slot[i] == TR_UNINIT) continue;
    a->slot[a->n++] = i;
  }
}

/* f . x == f . p0 for the forms f vanishing on every direction (the null
   space of the reduced basis), posted when f reads a local at the exit that
   the loop changes. */
static bool post_relations(Par *a, Space *s, const TrState *in, const TrState *out, int *posted) {
  Tr *t = a->t;
  int dims = 2 * a->n;
  for (int b = 0; b < 64; b++) /* reduced row echelon form: pivot b only in basis[b] */
    if (s->basis[b])
      for (int k = 0; k < 64; k++)
        if (k != b && s->basis[k] && (s->basis[k] >> b & 1)) s->basis[k] ^= s->basis[b];
  for (int j = 0; j < dims && *posted < MAX_RELATIONS; j++) {
    if (s->basis[j]) continue; /* a pivot column: no form of its own */
    uint64_t f = (uint64_t)1 << j;
    for (int b = 0; b < 64; b++)
      if (s->basis[b] && (s->basis[b] >> j & 1)) f |= (uint64_t)1 << b;
    bool moved = false;
    for (int i = 0; i < a->n; i++) moved = moved || ((f >> i & 1) && out->slot[a->slot[i]] != in->slot[a->slot[i]]);
    if (!moved) continue;
    int64_t coef[2 * MAX_TRACKED + 1];
    PropVar x[2 * MAX_TRACKED + 1];
    int m = 0;
    for (int i = 0; i < dims; i++) {
      if (!(f >> i & 1)) continue;
      coef[m] = 1;
      x[m++] = i < a->n ? out->slot[a->slot[i]] : in->slot[a->slot[i - a->n]];
    }
    coef[m] = -2;
    x[m++] = prop_new_var(t->s, -((int64_t)1 << 60), (int64_t)1 << 60);
    ++*posted;
    if (!op_linear(t->s, m, coef, x, OP_EQ, parity64(f & s->p0))) return false;
  }
  return true;
}

bool tr_loop_parity(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out) {
  const IrFunction *fn = in->fn;
  if (loop->pre.n > 0 || !loop->cond || loop->goto_loop || loop->is_do_while) return true;
  const TrFacts *f = tr_facts(t, fn, loop);
  if (f->has_break || f->has_continue || f->has_return || f->contains_obj) return true;
  for (int k = 0; k < TR_NFLAGS; k++)
    if (in->flag[k] != t->zero) return true;
  Par a = {.t = t, .fn = fn, .ok = true};
  choose(&a, loop, in, out);
  if (a.n == 0) return true;
  Space head = entry_space(&a, in);
  for (int round = 0; round <= 2 * MAX_TRACKED + 1 && a.ok; round++) {
    Space next = head;
    block(&a, &loop->body, &next);
    block(&a, &loop->step, &next);
    if (contains(&head, &next)) break;
    join(&head, &next);
  }
  if (!a.ok) return true;
  int posted = 0;
  if (!post_relations(&a, &head, in, out, &posted)) return false;
  if (posted > 0) prop_note(t->s, PROP_NOTE_INVARIANT);
  return true;
}
