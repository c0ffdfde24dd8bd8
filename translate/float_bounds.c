/* float_bounds.c - interval invariants of a loop's floating-point locals:
 * the range of keys (fp.h: the ordered encoding of IEEE values) each float
 * or double local the loop writes can have at the loop's exit, posted on
 * the loop's outputs, so that `s < 0` after `s = 0; while (i < n) { s +=
 * 0.1f; i++; }` is refuted without unfolding the loop 100,000 times.
 *
 * An abstract interpretation of the body and step over intervals of keys
 * with a "may be NaN" flag: constants, the locals the loop does not write
 * (their domain at the entry), conversions from integers (the integer's
 * entry domain when the loop does not write it, else its type's range),
 * conversions between float formats, unary minus and the four operations,
 * each bounded by evaluating it exactly (fp_eval_*, MPFR) at the corners
 * of its operands' intervals: rounding to nearest is monotone, so the
 * extremes of the rounded results are the rounded extremes.  A corner
 * that is NaN, a product of an interval holding 0 with one holding an
 * infinity, or a quotient by an interval holding 0 gives every value.  A
 * zero bound stands for both zeros (-0 below, +0 above): the sign of a zero
 * result is not monotone.  Anything else assigned to a tracked local gives
 * every value; an if joins its branches (conditions refine nothing); a
 * nested loop gives every value to what it writes.
 *
 * The head (the states at the checks) is the entry joined with the image
 * of the head, widened after two rounds (a bound that moves goes to the
 * infinity on its side), to a fixpoint; the exit is the head joined with
 * the states at the loop's breaks.  The loop must leave only through its
 * condition or a break of its own: no return or continue, no objective in
 * it, no side effects in the condition (a path that ends inside, a trap,
 * goes on in the interpretation: only more states).
 *
 * Never: assume a value is not NaN without an exact reason, or narrow a
 * local through a condition.
 */
#include <string.h>

#include "inka/fp.h"
#include "tr_internal.h"

enum { MAX_TRACKED = 16, MAX_ROUNDS = 12, WIDEN_AFTER = 2 };

/* Keys lo..hi (not NaN; empty when lo > hi), and NaN when nan. */
typedef struct Range {
  int64_t lo, hi;
  bool nan;
} Range;

typedef struct Fb {
  Tr *t;
  const IrFunction *fn;
  const TrState *in;
  const uint8_t *writes;      /* frame slots the loop writes */
  int n;
  int slot[MAX_TRACKED];
  const IrVar *var[MAX_TRACKED];
  bool ok;
} Fb;

typedef struct FbState {
  bool reached;               /* false: no state (bottom) */
  Range v[MAX_TRACKED];
} FbState;

static const FpFormat *format_of(const IrType *ty) { return tr_fp_format(ty); }

static Range everything(const FpFormat *f) { return (Range){-1 - f->inf_key, f->inf_key, true}; }

static bool is_empty(Range r) { return r.lo > r.hi && !r.nan; }

static Range join(Range a, Range b) {
  if (a.lo > a.hi) return (Range){b.lo, b.hi, a.nan || b.nan};
  if (b.lo > b.hi) return (Range){a.lo, a.hi, a.nan || b.nan};
  return (Range){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi, a.nan || b.nan};
}

/* v's frame slot when the loop's entry state holds its value (a local or
   parameter whose address is never taken), else -1. */
static int frame_slot(const Fb *b, const IrVar *v) {
  return v->kind == IR_VAR_GLOBAL || v->address_taken ? -1 : tr_frame_slot(b->fn, v);
}

static int tracked(const Fb *b, const IrVar *v) {
  for (int i = 0; i < b->n; i++)
    if (b->var[i] == v) return i;
  return -1;
}

/* The keys of variable x's domain (a float variable of format f). */
static Range of_var(const PropStore *s, PropVar x, const FpFormat *f) {
  int64_t lo = prop_min(s, x), hi = prop_max(s, x), nan = fp_key_nan(f);
  return (Range){lo, hi >= nan ? f->inf_key : hi, hi >= nan};
}

/* Zero bounds stand for both zeros (the key of -0 is -1, of +0 is 0). */
static Range both_zeros(Range r) {
  if (r.lo == 0) r.lo = -1;
  if (r.hi == -1) r.hi = 0;
  return r;
}

static bool holds_zero(Range r) { return r.lo <= 0 && r.hi >= -1; }
static bool holds_inf(Range r, const FpFormat *f) { return r.lo == -1 - f->inf_key || r.hi == f->inf_key; }

/* x op y over the corners of their ranges (both non-empty or NaN only). */
static Range binary(const FpFormat *f, FpBinary op, Range x, Range y) {
  Range r = {1, 0, x.nan || y.nan};
  if (x.lo > x.hi || y.lo > y.hi) return r;
  if ((op == FP_MUL && ((holds_zero(x) && holds_inf(y, f)) || (holds_zero(y) && holds_inf(x, f)))) ||
      (op == FP_DIV && holds_zero(y)))
    return everything(f);
  int64_t xs[2] = {x.lo, x.hi}, ys[2] = {y.lo, y.hi};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      int64_t v = fp_eval_binary(f, op, xs[i], ys[j]);
      if (fp_key_is_nan(f, v)) return everything(f);
      r = join(r, (Range){v, v, false});
    }
  return both_zeros(r);
}

/* The integer e as a range of values (of C type ct). */
static bool int_range(Fb *b, const IrExpr *e, int64_t *lo, int64_t *hi) {
  OpCType ct = tr_ctype(e->type);
  if (e->type->kind != IR_TY_INT || e->type->bits > 32) return false; /* (64-bit values need not convert exactly) */
  OpCValues tv = op_c_values(ct); /* within int64: 32 bits at most */
  *lo = (int64_t)tv.lo;
  *hi = (int64_t)tv.hi;
  if (e->kind == IR_INT_CONST) {
    *lo = *hi = e->ival;
  } else if (e->kind == IR_VAR) {
    int slot = frame_slot(b, e->var);
    PropVar x = slot >= 0 ? b->in->slot[slot] : TR_UNINIT;
    if (slot >= 0 && !b->writes[slot] && x != TR_UNINIT && x != TR_FAIL) {
      *lo = prop_min(b->t->s, x);
      *hi = prop_max(b->t->s, x);
    }
  }
  return true;
}

static Range eval(Fb *b, const FbState *st, const IrExpr *e);

static Range convert(Fb *b, const FbState *st, const IrExpr *e, const FpFormat *f) {
  const IrExpr *x = e->a[0];
  if (x->type->kind == IR_TY_FLOAT) {
    const FpFormat *g = format_of(x->type);
    Range r = eval(b, st, x);
    if (r.lo > r.hi) return r;
    return (Range){fp_eval_convert(g, r.lo, f), fp_eval_convert(g, r.hi, f), r.nan};
  }
  int64_t lo, hi;
  if (!int_range(b, x, &lo, &hi)) return everything(f);
  OpCType ct = tr_ctype(x->type);
  return both_zeros((Range){fp_eval_from_int(f, ct, lo), fp_eval_from_int(f, ct, hi), false});
}

static Range eval(Fb *b, const FbState *st, const IrExpr *e) {
  const FpFormat *f = format_of(e->type);
  switch (e->kind) {
  case IR_FLOAT_CONST: {
    int64_t k = tr_fp_key(e->type, e->fval);
    return fp_key_is_nan(f, k) ? (Range){1, 0, true} : (Range){k, k, false};
  }
  case IR_VAR: {
    int i = tracked(b, e->var);
    if (i >= 0) return st->v[i];
    int slot = frame_slot(b, e->var);
    PropVar x = slot >= 0 ? b->in->slot[slot] : TR_UNINIT;
    if (slot < 0 || b->writes[slot] || x == TR_UNINIT || x == TR_FAIL) return everything(f);
    return of_var(b->t->s, x, f);
  }
  case IR_CAST: return convert(b, st, e, f);
  case IR_NEG: {
    Range r = eval(b, st, e->a[0]);
    return r.lo > r.hi ? r : (Range){fp_key_neg(r.hi), fp_key_neg(r.lo), r.nan};
  }
  case IR_ADD: return binary(f, FP_ADD, eval(b, st, e->a[0]), eval(b, st, e->a[1]));
  case IR_SUB: return binary(f, FP_SUB, eval(b, st, e->a[0]), eval(b, st, e->a[1]));
  case IR_MUL: return binary(f, FP_MUL, eval(b, st, e->a[0]), eval(b, st, e->a[1]));
  case IR_DIV: return binary(f, FP_DIV, eval(b, st, e->a[0]), eval(b, st, e->a[1]));
  default: return everything(f);
  }
}

static void join_state(FbState *into, const FbState *st, int n) {
  if (!st->reached) return;
  if (!into->reached) {
    *into = *st;
    return;
  }
  for (int i = 0; i < n; i++) into->v[i] = join(into->v[i], st->v[i]);
}

/* What statement s writes among the tracked locals gets every value. */
static void forget_writes(Fb *b, const IrStmt *s, FbState *st) {
  const TrFacts *f = tr_facts(b->t, b->fn, s);
  for (int i = 0; i < b->n; i++)
    if (f->slot && f->slot[b->slot[i]]) st->v[i] = everything(format_of(b->var[i]->type));
}

static void block(Fb *b, const IrBlock *blk, FbState *st, FbState *breaks);

static void statement(Fb *b, const IrStmt *s, FbState *st, FbState *breaks) {
  if (!st->reached) return;
  switch (s->kind) {
  case IR_ST_ASSIGN: {
    int i = s->lhs->kind == IR_VAR ? tracked(b, s->lhs->var) : -1;
    if (i >= 0) st->v[i] = eval(b, st, s->rhs);
    break;
  }
  case IR_ST_IF: {
    FbState other = *st;
    block(b, &s->then, st, breaks);
    block(b, &s->els, &other, breaks);
    join_state(st, &other, b->n);
    break;
  }
  case IR_ST_BLOCK: block(b, &s->body, st, breaks); break;
  case IR_ST_BREAK:
    join_state(breaks, st, b->n);
    st->reached = false;
    break;
  case IR_ST_RETURN: case IR_ST_CONTINUE: b->ok = false; break; /* refused before: never here */
  default: forget_writes(b, s, st); break; /* calls, declarations, nested loops */
  }
}

static void block(Fb *b, const IrBlock *blk, FbState *st, FbState *breaks) {
  for (int i = 0; i < blk->n; i++) statement(b, blk->stmts[i], st, breaks);
}

/* One iteration from the head states h (body, then step). */
static FbState iterate(Fb *b, const IrStmt *loop, const FbState *h, FbState *breaks) {
  FbState st = *h;
  block(b, &loop->body, &st, breaks);
  block(b, &loop->step, &st, breaks);
  return st;
}

static bool same(const FbState *x, const FbState *y, int n) {
  if (x->reached != y->reached) return false;
  for (int i = 0; x->reached && i < n; i++)
    if (x->v[i].lo != y->v[i].lo || x->v[i].hi != y->v[i].hi || x->v[i].nan != y->v[i].nan) return false;
  return true;
}

/* A bound that moved since old goes to the infinity on its side. */
static void widen(const Fb *b, const FbState *old, FbState *next) {
  if (!old->reached) return;
  for (int i = 0; i < b->n; i++) {
    const FpFormat *f = format_of(b->var[i]->type);
    Range o = old->v[i], *r = &next->v[i];
    if (r->lo > r->hi || o.lo > o.hi) continue;
    if (r->lo < o.lo) r->lo = -1 - f->inf_key;
    if (r->hi > o.hi) r->hi = f->inf_key;
  }
}

/* The float locals the loop writes, tracked; false when there are none or
   the loop is not supported. */
static bool choose(Fb *b, const IrStmt *loop) {
  const TrFacts *lf = tr_facts(b->t, b->fn, loop);
  if (!lf->slot || loop->pre.n > 0 || !loop->cond || loop->goto_loop || lf->contains_obj) return false;
  const IrBlock *parts[2] = {&loop->body, &loop->step};
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < parts[k]->n; i++) {
      const TrFacts *f = tr_facts(b->t, b->fn, parts[k]->stmts[i]);
      if (f->has_return || f->has_continue || (k == 1 && f->has_break)) return false;
    }
  b->writes = lf->slot;
  for (int i = 0; i < tr_nslots(b->fn) && b->n < MAX_TRACKED; i++) {
    const IrVar *u = tr_slot_var(b->fn, i);
    if (!lf->slot[i] || u->address_taken || u->type->kind != IR_TY_FLOAT) continue;
    b->var[b->n] = u;
    b->slot[b->n++] = i;
  }
  return b->n > 0;
}

/* The exit states of the loop from its entry; reached false when the
   analysis gave up. */
static FbState exit_states(Fb *b, const IrStmt *loop) {
  FbState entry = {.reached = true}, none = {.reached = false};
  for (int i = 0; i < b->n; i++) {
    const FpFormat *f = format_of(b->var[i]->type);
    PropVar x = b->in->slot[b->slot[i]];
    entry.v[i] = x == TR_UNINIT || x == TR_FAIL ? everything(f) : of_var(b->t->s, x, f);
  }
  FbState breaks = none;
  if (loop->is_do_while) entry = iterate(b, loop, &entry, &breaks); /* the first check follows one run */
  FbState h = entry;
  bool stable = false;
  for (int round = 0; round < MAX_ROUNDS && b->ok && !stable; round++) {
    FbState scratch = none;
    FbState next = iterate(b, loop, &h, &scratch);
    join_state(&next, &entry, b->n);
    if (round >= WIDEN_AFTER) widen(b, &h, &next);
    stable = same(&h, &next, b->n);
    h = next;
  }
  if (!stable || !b->ok) return none;
  iterate(b, loop, &h, &breaks); /* the breaks from the final head */
  join_state(&h, &breaks, b->n);
  return h;
}

bool tr_loop_float_bounds(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out) {
  Fb b = {.t = t, .fn = in->fn, .in = in, .ok = true};
  if (!choose(&b, loop)) return true;
  FbState e = exit_states(&b, loop);
  if (!e.reached) return true;
  int posted = 0;
  for (int i = 0; i < b.n; i++) {
    const FpFormat *f = format_of(b.var[i]->type);
    PropVar x = out->slot[b.slot[i]];
    Range r = e.v[i];
    if (x == TR_UNINIT || x == TR_FAIL || x == in->slot[b.slot[i]]) continue;
    if (is_empty(r)) continue; /* no exit state: the loop does not end (left to the unfolding) */
    int64_t lo = r.lo > r.hi ? fp_key_nan(f) : r.lo, hi = r.nan ? fp_key_nan(f) : r.hi;
    if (lo <= prop_min(t->s, x) && hi >= prop_max(t->s, x)) continue;
    posted++;
    if (!prop_restrict_range(t->s, x, lo, hi)) return false;
  }
  if (posted > 0) prop_note(t->s, PROP_NOTE_INVARIANT);
  return true;
}
