/* expr.c - IR expressions into constraints.
 *
 * An expression's value is a solver variable; each C operator posts its
 * C-typed constraint (operators/arith/c_ops.c) with the wraparound of its
 * type.  An operation that may trap (division by zero, INT_MIN / -1, an
 * over-wide shift, an invalid access or pointer arithmetic leaving its
 * object; without --wrapv a signed overflow of + - * << or unary -) does
 * not decide anything itself: evaluation stops with TR_EV_TRAP and the
 * boolean "it traps", and the statement (stmt.c) splits on it.  The
 * operation itself is then posted wrapping as before: on the safe branch it
 * cannot wrap, so the wrapping form is its exact value.
 *
 * Floating-point values are keys of their IEEE format (include/inka/fp.h):
 * their operations post the correctly rounded constraints of
 * operators/float/; a float -> integer conversion that is undefined (NaN,
 * out of range) traps like a division by zero.
 *
 * Values already computed for a statement are kept in a TrCache, so that a
 * statement resumed after a trap split does not evaluate them twice.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"

static PropVar fresh_bool(Tr *t) { return prop_new_var(t->s, 0, 1); }

/* ---- Expressions ------------------------------------------------------------ */

TrCache *tr_cache_find(TrCache *c, const IrExpr *e, TrCacheKind kind) {
  for (; c; c = c->next)
    if (c->e == e && c->kind == kind) return c;
  return NULL;
}

TrCache *tr_cache_add(Tr *t, TrCache *c, const IrExpr *e, TrCacheKind kind, PropVar v) {
  TrCache *n = prop_alloc(t->s, sizeof *n);
  n->e = e;
  n->kind = kind;
  n->v = v;
  n->next = c;
  return n;
}


static bool is_float(const IrType *ty) { return ty->kind == IR_TY_FLOAT; }

/* A boolean b = (x != 0), reusing x when it is already 0/1 (an integer). */
PropVar tr_truth(Tr *t, const IrType *ty, PropVar x) {
  if (is_float(ty)) {   /* x != 0.0: true for NaN, false for both zeros */
    PropVar b = fresh_bool(t), zero = fp_const(t->s, tr_fp_format(ty), 0);
    return fp_compare(t->s, tr_fp_format(ty), OP_NE, x, zero, b) ? b : TR_FAIL;
  }
  if (prop_min(t->s, x) >= 0 && prop_max(t->s, x) <= 1) return x;
  PropVar b = fresh_bool(t);
  if (!op_c_cast(t->s, tr_ctype(ty), x, (OpCType){1, false}, b)) return TR_FAIL;
  return b;
}

static PropVar reify_const(Tr *t, PropVar x, OpRel rel, int64_t c) {
  PropVar k = prop_new_const(t->s, c), b = fresh_bool(t);
  if (!op_reify(t->s, b, x, rel, k)) return TR_FAIL;
  return b;
}

/* ISO C (no --wrapv): may the signed x op y overflow (op add, sub, mul,
   shl; a unary minus is 0 - y)?  Then *ovf is the boolean "it does" (else
   t->zero); TR_FAIL when posting failed. */
static PropVar overflow_condition(Tr *t, OpCBinary op, OpCType ty, PropVar x, PropVar y) {
  if (t->prog->wrapv || !op_c_may_overflow(t->s, op, ty, x, y)) return t->zero;
  PropVar b = fresh_bool(t);
  return op_c_overflow(t->s, op, ty, x, y, b) ? b : TR_FAIL;
}

static OpCBinary c_binary(IrExprKind k);

/* The condition under which `x op y` traps on x86-64 (*trap), or *none when
   it cannot trap given the current domains. */
static TrEvResult trap_condition(TrEval *ev, const IrExpr *e, PropVar x, PropVar y, PropVar *trap, bool *none) {
  Tr *t = ev->t;
  PropStore *s = t->s;
  OpCType ty = tr_ctype(e->type);
  *none = true;
  if (e->kind == IR_ADD || e->kind == IR_SUB || e->kind == IR_MUL) {
    PropVar ovf = overflow_condition(t, c_binary(e->kind), ty, x, y);
    if (ovf == TR_FAIL) return TR_EV_FAIL;
    if (ovf == t->zero) return TR_EV_OK;
    *trap = ovf;
  } else if (e->kind == IR_DIV || e->kind == IR_REM) {
    bool zero = prop_has(s, y, 0);
    int64_t most_negative = (int64_t)op_c_values(ty).lo; /* (for signed ty only) */
    bool ovf = ty.is_signed && prop_has(s, x, most_negative) && prop_has(s, y, -1);
    if (!zero && !ovf) return TR_EV_OK;
    PropVar tz = zero ? reify_const(t, y, OP_EQ, 0) : t->zero;
    PropVar to = t->zero;
    if (ovf) {
      PropVar a = reify_const(t, x, OP_EQ, most_negative), b = reify_const(t, y, OP_EQ, -1);
      to = fresh_bool(t);
      if (a == TR_FAIL || b == TR_FAIL || !op_bool_and(s, to, a, b)) return TR_EV_FAIL;
    }
    if (tz == TR_FAIL) return TR_EV_FAIL;
    *trap = fresh_bool(t);
    if (!op_bool_or(s, *trap, tz, to)) return TR_EV_FAIL;
  } else { /* shifts: count outside [0, bits) of the promoted left type, or
              (ISO C) a signed left shift that overflows: one split for both */
    PropVar ovf = e->kind == IR_SHL ? overflow_condition(t, OP_C_SHL, ty, x, y) : t->zero;
    if (ovf == TR_FAIL) return TR_EV_FAIL;
    bool count_ok = prop_min(s, y) >= 0 && prop_max(s, y) < ty.bits;
    if (count_ok && ovf == t->zero) return TR_EV_OK;
    if (count_ok) {
      *trap = ovf;
    } else {
      PropVar lo = reify_const(t, y, OP_LT, 0), hi = reify_const(t, y, OP_GE, ty.bits), bad = fresh_bool(t);
      if (lo == TR_FAIL || hi == TR_FAIL || !op_bool_or(s, bad, lo, hi)) return TR_EV_FAIL;
      *trap = bad;
      if (ovf != t->zero) {
        *trap = fresh_bool(t);
        if (!op_bool_or(s, *trap, bad, ovf)) return TR_EV_FAIL;
      }
    }
  }
  *none = false;
  return TR_EV_OK;
}

/* ---- Value numbering ----------------------------------------------------------
 * An operation that cannot trap and reads no memory is a function of its
 * operands: the second evaluation reuses the first one's variable
 * (value_number.c). */
enum { VN_DISPLACE = 1000 };

static int64_t type_code(OpCType a, OpCType b) {
  return ((int64_t)a.bits << 1 | a.is_signed) | ((int64_t)b.bits << 1 | b.is_signed) << 16;
}

/* Posts `post` on a fresh variable of type ty unless the same key has one. */
typedef bool (*VnPost)(PropStore *s, const IrExpr *e, const PropVar *operand, PropVar out);

static TrEvResult numbered(TrEval *ev, const IrExpr *e, int64_t code, int n, const PropVar *operand,
                           PropVar fresh, VnPost post, PropVar *out) {
  Tr *t = ev->t;
  TrVnKey k = tr_vn_key(t, (int)e->kind, code, n, operand);
  PropVar v = tr_vn_find(t, &k);
  if (v != TR_UNINIT) {
    *out = v;
    return TR_EV_OK;
  }
  *out = fresh;
  if (!post(t->s, e, operand, fresh)) return TR_EV_FAIL;
  tr_vn_add(t, &k, fresh);
  return TR_EV_OK;
}

static bool post_cast(PropStore *s, const IrExpr *e, const PropVar *x, PropVar out) {
  return op_c_cast(s, tr_ctype(e->a[0]->type), x[0], tr_ctype(e->type), out);
}

static bool post_unary(PropStore *s, const IrExpr *e, const PropVar *x, PropVar out) {
  return op_c_unary(s, e->kind == IR_NEG ? OP_C_NEG : OP_C_NOT, tr_ctype(e->type), x[0], out);
}

static OpCBinary c_binary(IrExprKind k) {
  switch (k) {
  case IR_ADD: return OP_C_ADD;
  case IR_SUB: return OP_C_SUB;
  case IR_MUL: return OP_C_MUL;
  case IR_DIV: return OP_C_DIV;
  case IR_REM: return OP_C_REM;
  case IR_SHL: return OP_C_SHL;
  case IR_SHR: return OP_C_SHR;
  case IR_BAND: return OP_C_AND;
  case IR_BOR: return OP_C_OR;
  default: assert(k == IR_BXOR); return OP_C_XOR;
  }
}

static OpRel c_rel(IrExprKind k) {
  switch (k) {
  case IR_LT: return OP_LT;
  case IR_LE: return OP_LE;
  case IR_GT: return OP_GT;
  case IR_GE: return OP_GE;
  case IR_EQ: return OP_EQ;
  default: assert(k == IR_NE); return OP_NE;
  }
}

static FpBinary fp_op(IrExprKind k) {
  switch (k) {
  case IR_ADD: return FP_ADD;
  case IR_SUB: return FP_SUB;
  case IR_MUL: return FP_MUL;
  default: assert(k == IR_DIV); return FP_DIV;
  }
}

static bool is_const(Tr *t, PropVar x, int64_t c) { return prop_is_fixed(t->s, x) && prop_value(t->s, x) == c; }

static bool commutes(IrExprKind k) {
  return k == IR_ADD || k == IR_MUL || k == IR_BAND || k == IR_BOR || k == IR_BXOR;
}

/* ---- Cancellation: (p + q) - q, (p - q) + q, (p ^ q) ^ q are p ----------------
 * Every sum, difference and xor made here is recorded with its operands
 * (two value-number entries: its left and its right operand), so an
 * operation that undoes one returns the operand it restores, in the same C
 * type: exact under wraparound.  The xor swap (a ^= b; b ^= a; a ^= b)
 * then leaves the very variables it started from. */
enum { VN_LEFT = 1001, VN_RIGHT = 1002 };

static bool same_value(Tr *t, PropVar a, PropVar b) {
  if (prop_is_fixed(t->s, a) && prop_is_fixed(t->s, b)) return prop_value(t->s, a) == prop_value(t->s, b);
  return prop_find(t->s, a) == prop_find(t->s, b);
}

/* The operands of z when it was made as p op q in type code; false if not. */
static bool made_by(Tr *t, IrExprKind op, int64_t code, PropVar z, PropVar *p, PropVar *q) {
  if (prop_is_fixed(t->s, z)) return false;
  PropVar zz[1] = {z};
  TrVnKey kl = tr_vn_key(t, VN_LEFT + 16 * (int)op, code, 1, zz), kr = tr_vn_key(t, VN_RIGHT + 16 * (int)op, code, 1, zz);
  *p = tr_vn_find(t, &kl);
  *q = tr_vn_find(t, &kr);
  return *p != TR_UNINIT && *q != TR_UNINIT;
}

static void record_operands(Tr *t, IrExprKind op, int64_t code, PropVar z, PropVar p, PropVar q) {
  PropVar zz[1] = {z};
  TrVnKey kl = tr_vn_key(t, VN_LEFT + 16 * (int)op, code, 1, zz), kr = tr_vn_key(t, VN_RIGHT + 16 * (int)op, code, 1, zz);
  tr_vn_add(t, &kl, p);
  tr_vn_add(t, &kr, q);
}

/* x op y when it undoes the operation that made x or y, else TR_UNINIT. */
static PropVar cancelled(Tr *t, IrExprKind kind, int64_t code, PropVar x, PropVar y) {
  PropVar p, q;
  switch (kind) {
  case IR_BXOR: /* (p ^ q) ^ q = p, in either operand */
    for (int side = 0; side < 2; side++) {
      PropVar a = side ? y : x, b = side ? x : y;
      if (!made_by(t, IR_BXOR, code, a, &p, &q)) continue;
      if (same_value(t, b, q)) return p;
      if (same_value(t, b, p)) return q;
    }
    return TR_UNINIT;
  case IR_SUB:
    if (made_by(t, IR_ADD, code, x, &p, &q)) { /* (p + q) - q = p */
      if (same_value(t, y, q)) return p;
      if (same_value(t, y, p)) return q;
    }
    if (made_by(t, IR_SUB, code, y, &p, &q) && same_value(t, x, p)) return q; /* p - (p - q) = q */
    return TR_UNINIT;
  case IR_ADD: /* (p - q) + q = p, in either operand */
    if (made_by(t, IR_SUB, code, x, &p, &q) && same_value(t, y, q)) return p;
    if (made_by(t, IR_SUB, code, y, &p, &q) && same_value(t, x, q)) return p;
    return TR_UNINIT;
  default: return TR_UNINIT;
  }
}

PropVar tr_c_binary(Tr *t, IrExprKind kind, OpCType ty, OpCType count_ty, PropVar x, PropVar y) {
  /* identities first: x + 0, x - 0, 0 + y, x * 1, 1 * y are their operand */
  if ((kind == IR_ADD || kind == IR_SUB) && is_const(t, y, 0)) return x;
  if (kind == IR_ADD && is_const(t, x, 0)) return y;
  if (kind == IR_MUL && is_const(t, y, 1)) return x;
  if (kind == IR_MUL && is_const(t, x, 1)) return y;
  PropVar undone = cancelled(t, kind, type_code(ty, count_ty), x, y);
  if (undone != TR_UNINIT) return undone;
  PropVar xy[2] = {x, y};
  if (commutes(kind) && prop_find(t->s, y) < prop_find(t->s, x)) { /* one key for x op y and y op x */
    xy[0] = y;
    xy[1] = x;
  }
  TrVnKey k = tr_vn_key(t, (int)kind, type_code(ty, count_ty), 2, xy);
  PropVar z = tr_vn_find(t, &k);
  if (z != TR_UNINIT) return z;
  z = op_c_var(t->s, ty);
  if (!op_c_binary(t->s, c_binary(kind), ty, xy[0], count_ty, xy[1], z)) return TR_FAIL;
  tr_vn_add(t, &k, z);
  if (kind == IR_ADD || kind == IR_SUB || kind == IR_BXOR) record_operands(t, kind, k.type, z, x, y);
  return z;
}

/* ---- Float results, numbered -----------------------------------------------------
 * An IEEE operation or conversion is a function of its operands (the model
 * has one NaN), so the same one on the same operands is the same variable,
 * as for integers: `(float)i != i` converts i twice and compares a float
 * with itself. */
enum { VN_FLOAT = 2000 };

static int64_t float_code(const IrType *from, const IrType *to) {
  return ((int64_t)from->bits << 2 | (int64_t)(from->kind == IR_TY_FLOAT) << 1 | from->is_signed) |
         ((int64_t)to->bits << 2 | (int64_t)(to->kind == IR_TY_FLOAT) << 1 | to->is_signed) << 16;
}

/* The variable numbered for (op, code, operands), or TR_UNINIT; *key for fp_remember. */
static PropVar fp_numbered(Tr *t, int op, int64_t code, int n, const PropVar *operand, TrVnKey *key) {
  *key = tr_vn_key(t, VN_FLOAT + op, code, n, operand);
  return tr_vn_find(t, key);
}

static TrEvResult fp_remember(Tr *t, const TrVnKey *key, bool posted, PropVar out) {
  if (!posted) return TR_EV_FAIL;
  tr_vn_add(t, key, out);
  return TR_EV_OK;
}

/* A signed z = x op y (add, sub, mul) past the split that excluded its
   overflow: z is the exact result, which the wrapping form alone would
   only learn once the operands' bounds show it cannot wrap. */
static bool exact_result(Tr *t, IrExprKind kind, PropVar x, PropVar y, PropVar z) {
  if (prop_is_fixed(t->s, z) && prop_is_fixed(t->s, x) && prop_is_fixed(t->s, y)) return true;
  if (kind == IR_MUL) return op_times(t->s, x, y, z);
  int64_t coef[3] = {1, -1, kind == IR_ADD ? -1 : 1};
  PropVar v[3] = {z, x, y};
  return op_linear(t->s, 3, coef, v, OP_EQ, 0);
}

static TrEvResult eval_binary(TrEval *ev, const IrExpr *e, PropVar *out) {
  Tr *t = ev->t;
  PropVar x, y;
  TrEvResult r = tr_eval(ev, e->a[0], &x);
  if (r != TR_EV_OK) return r;
  if ((r = tr_eval(ev, e->a[1], &y)) != TR_EV_OK) return r;
  if (is_float(e->type)) {   /* IEEE: never traps (x / 0 is an infinity or NaN) */
    TrVnKey key;
    PropVar xy[2] = {x, y};
    if ((*out = fp_numbered(t, (int)e->kind, float_code(e->type, e->type), 2, xy, &key)) != TR_UNINIT) return TR_EV_OK;
    *out = tr_fresh(t, e->type);
    return fp_remember(t, &key, fp_binary(t->s, tr_fp_format(e->type), fp_op(e->kind), x, y, *out), *out);
  }
  bool overflows = !t->prog->wrapv && e->type->is_signed &&
                   (e->kind == IR_ADD || e->kind == IR_SUB || e->kind == IR_MUL);
  bool traps = overflows || e->kind == IR_DIV || e->kind == IR_REM || e->kind == IR_SHL || e->kind == IR_SHR;
  if (traps && !tr_cache_find(ev->cache, e, TR_CACHE_SAFE)) {
    bool none;
    if ((r = trap_condition(ev, e, x, y, &ev->trap, &none)) != TR_EV_OK) return r;
    if (!none) {
      ev->trap_at = e;
      return TR_EV_TRAP;
    }
  }
  *out = tr_c_binary(t, e->kind, tr_ctype(e->type), tr_ctype(e->a[1]->type), x, y);
  if (*out == TR_FAIL) return TR_EV_FAIL;
  if (overflows && tr_cache_find(ev->cache, e, TR_CACHE_SAFE) && !exact_result(t, e->kind, x, y, *out))
    return TR_EV_FAIL;
  return TR_EV_OK;
}

static bool post_compare(PropStore *s, const IrExpr *e, const PropVar *xy, PropVar out) {
  return op_c_compare(s, c_rel(e->kind), tr_ctype(e->a[0]->type), xy[0], xy[1], out);
}

static TrEvResult eval_compare(TrEval *ev, const IrExpr *e, PropVar *out) {
  PropVar x, y;
  TrEvResult r = tr_eval(ev, e->a[0], &x);
  if (r != TR_EV_OK) return r;
  if ((r = tr_eval(ev, e->a[1], &y)) != TR_EV_OK) return r;
  if (is_float(e->a[0]->type)) {   /* (not numbered: the codes are integer types') */
    *out = fresh_bool(ev->t);
    return fp_compare(ev->t->s, tr_fp_format(e->a[0]->type), c_rel(e->kind), x, y, *out) ? TR_EV_OK : TR_EV_FAIL;
  }
  PropVar xy[2] = {x, y};
  int64_t code = type_code(tr_ctype(e->a[0]->type), tr_ctype(e->a[1]->type));
  return numbered(ev, e, code, 2, xy, fresh_bool(ev->t), post_compare, out);
}

/* (to)x where one side is a floating type (to is not _Bool): between
   formats, integer to float, or float to integer, which traps where it is
   undefined (NaN, or trunc(x) outside to's range). */
static TrEvResult eval_float_cast(TrEval *ev, const IrExpr *e, PropVar x, PropVar *out) {
  Tr *t = ev->t;
  const IrType *from = e->a[0]->type, *to = e->type;
  if (is_float(from) && is_float(to)) {
    if (from->bits == to->bits) {
      *out = x;
      return TR_EV_OK;
    }
    TrVnKey key;
    if ((*out = fp_numbered(t, IR_CAST, float_code(from, to), 1, &x, &key)) != TR_UNINIT) return TR_EV_OK;
    *out = tr_fresh(t, to);
    return fp_remember(t, &key, fp_convert(t->s, tr_fp_format(from), x, tr_fp_format(to), *out), *out);
  }
  if (is_float(to)) {   /* integer (or _Bool, 0/1) to float */
    OpCType ct = from->kind == IR_TY_BOOL ? (OpCType){8, false} : tr_ctype(from);
    TrVnKey key;
    if ((*out = fp_numbered(t, IR_CAST, float_code(from, to), 1, &x, &key)) != TR_UNINIT) return TR_EV_OK;
    *out = tr_fresh(t, to);
    return fp_remember(t, &key, fp_from_int(t->s, ct, x, tr_fp_format(to), *out), *out);
  }
  const FpFormat *f = tr_fp_format(from);
  if (!tr_cache_find(ev->cache, e, TR_CACHE_SAFE)) {
    PropVar defined = fresh_bool(t);
    if (!fp_to_int_defined(t->s, f, x, tr_ctype(to), defined)) return TR_EV_FAIL;
    if (!prop_is_fixed(t->s, defined) || prop_value(t->s, defined) == 0) {
      ev->trap = fresh_bool(t);
      if (!op_bool_not(t->s, ev->trap, defined)) return TR_EV_FAIL;
      ev->trap_at = e;
      return TR_EV_TRAP;
    }
  }
  *out = tr_fresh(t, to);
  return fp_to_int(t->s, f, x, tr_ctype(to), *out) ? TR_EV_OK : TR_EV_FAIL;
}

static TrEvResult eval_truth(TrEval *ev, const IrExpr *e, PropVar *out) {
  PropVar x;
  TrEvResult r = tr_eval(ev, e, &x);
  if (r != TR_EV_OK) return r;
  *out = tr_truth(ev->t, e->type, x);
  return *out == TR_FAIL ? TR_EV_FAIL : TR_EV_OK;
}

/* e, which runs only when b == value (the right operand of && and ||, a
   branch of ?:): as a truth value or as a value. */
static TrEvResult eval_guarded(TrEval *ev, const IrExpr *e, PropVar b, int value, bool truth, PropVar *out) {
  const TrGuard *outer = ev->guard;
  TrGuard g = {b, value, outer};
  bool always = prop_is_fixed(ev->t->s, b) && prop_value(ev->t->s, b) == value; /* runs whenever the whole does */
  ev->guard = always ? outer : &g;
  TrEvResult r = truth ? eval_truth(ev, e, out) : tr_eval(ev, e, out);
  ev->guard = outer;
  return r;
}

/* Whether the operand being evaluated runs: a boolean (t->one when it
   always does). */
static PropVar guard_holds(Tr *t, const TrGuard *g) {
  PropVar all = t->one;
  for (; g; g = g->outer) {
    PropVar is = fresh_bool(t), both = fresh_bool(t);
    if (!op_reify(t->s, is, g->b, OP_EQ, g->value ? t->one : t->zero) || !op_bool_and(t->s, both, all, is)) return TR_FAIL;
    all = both;
  }
  return all;
}

/* b <=> x in [lo, hi] or [lo2, hi2] (integers). */
static PropVar in_ranges(Tr *t, PropVar x, int64_t lo, int64_t hi, int64_t lo2, int64_t hi2) {
  PropVar a = fresh_bool(t), b = fresh_bool(t), any = fresh_bool(t);
  if (!fp_key_in(t->s, x, lo, hi, a) || !fp_key_in(t->s, x, lo2, hi2, b) || !op_bool_or(t->s, any, a, b)) return TR_FAIL;
  return any;
}

/* The model has one NaN, the machine many: a path whose answer could
   depend on which one is abandoned where it runs (as a read of memory no
   test controls), never refuted.  Those are the bits of a NaN (the
   driver's NAN, 0.0/0.0 and an operand's payload differ) and a signaling
   NaN made from bits (fmin and fmax tell it from a quiet one). */
static TrEvResult eval_bitcast(TrEval *ev, const FpFormat *f, bool to_float, PropVar x, PropVar out) {
  Tr *t = ev->t;
  PropVar open;
  if (to_float) { /* the signaling NaN patterns: quiet bit clear, not infinite */
    uint64_t sign = fp_key_to_bits(f, -1), quiet = UINT64_C(1) << (f->prec - 2);
    int64_t lo = f->inf_key + 1, hi = (int64_t)((uint64_t)f->inf_key + quiet - 1);
    open = in_ranges(t, x, lo, hi, (int64_t)(sign + (uint64_t)lo), (int64_t)(sign + (uint64_t)hi));
  } else {
    open = fresh_bool(t);
    if (!fp_key_in(t->s, x, fp_key_nan(f), fp_key_nan(f), open)) return TR_EV_FAIL;
  }
  PropVar runs = ev->guard ? guard_holds(t, ev->guard) : t->one, abandon = open;
  if (open == TR_FAIL || runs == TR_FAIL) return TR_EV_FAIL;
  if (runs != t->one && (abandon = fresh_bool(t), !op_bool_and(t->s, abandon, runs, open))) return TR_EV_FAIL;
  const char *why = to_float ? "a signaling NaN made from bits (the model has one NaN)"
                             : "the bits of a NaN (C does not fix them)";
  if (!tr_abandon_if(t, abandon, why)) return TR_EV_FAIL;
  return (to_float ? fp_bits(t->s, f, out, x) : fp_bits(t->s, f, x, out)) ? TR_EV_OK : TR_EV_FAIL;
}


static TrEvResult eval_logic(TrEval *ev, const IrExpr *e, PropVar *out) {
  Tr *t = ev->t;
  PropVar x, y;
  TrEvResult r;
  switch (e->kind) {
  case IR_LNOT:
    if ((r = eval_truth(ev, e->a[0], &x)) != TR_EV_OK) return r;
    *out = fresh_bool(t);
    return op_bool_not(t->s, *out, x) ? TR_EV_OK : TR_EV_FAIL;
  case IR_LAND: case IR_LOR:
    if ((r = eval_truth(ev, e->a[0], &x)) != TR_EV_OK) return r;
    if ((r = eval_guarded(ev, e->a[1], x, e->kind == IR_LAND, true, &y)) != TR_EV_OK) return r;
    /* each side of && and || is a condition of the path: the path-first
       stage splits on it (a || b = 1 alone says neither which) */
    if (!prop_is_fixed(t->s, x)) prop_add_branch(t->s, x);
    if (!prop_is_fixed(t->s, y)) prop_add_branch(t->s, y);
    *out = fresh_bool(t);
    return (e->kind == IR_LAND ? op_bool_and : op_bool_or)(t->s, *out, x, y) ? TR_EV_OK : TR_EV_FAIL;
  default: { /* IR_COND */
    PropVar c;
    if ((r = eval_truth(ev, e->a[0], &c)) != TR_EV_OK) return r;
    if ((r = eval_guarded(ev, e->a[1], c, 1, false, &x)) != TR_EV_OK) return r;
    if ((r = eval_guarded(ev, e->a[2], c, 0, false, &y)) != TR_EV_OK) return r;
    *out = tr_fresh(t, e->type);
    /* c ? x : y is a branch of the path like an if: the path-first stage
       splits on it, and each side is then an equality */
    if (!prop_is_fixed(t->s, c)) prop_add_branch(t->s, c);
    return op_merge(t->s, *out, c, x, y) ? TR_EV_OK : TR_EV_FAIL;
  }
  }
}

/* A value no test controls: never rely on it.  The path is abandoned, and
   the search can no longer claim a proof -- only where the read runs with
   the variable unassigned: in `found && x == v`, x may be unassigned when
   found is 0; after `if (k < 10) y = k;`, y is assigned where k < 10.  The
   value read is free there, so a path that propagation refutes anyway is
   refuted (tr_abandon_read_if). */
static TrEvResult eval_var(TrEval *ev, const IrExpr *e, PropVar *out) {
  static const char *const uninit = "a path reads a variable before it is assigned";
  Tr *t = ev->t;
  const IrVar *v = e->var;
  const TrState *st = ev->st;
  PropVar defined;
  if (v->kind == IR_VAR_GLOBAL) {
    *out = st->global[v->index];
    defined = *out == TR_UNINIT ? t->zero : t->one;
  } else {
    int i = tr_frame_slot(st->fn, v);
    *out = st->slot[i];
    defined = tr_slot_defined(t, st, i);
  }
  if (defined == t->one) return TR_EV_OK;
  PropVar runs = ev->guard ? guard_holds(t, ev->guard) : t->one;
  if (runs == TR_FAIL) return TR_EV_FAIL;
  PropVar garbage = runs; /* the read runs with the variable unassigned */
  if (defined != t->zero) {
    PropVar unassigned = fresh_bool(t);
    garbage = fresh_bool(t);
    if (!op_bool_not(t->s, unassigned, defined) || !op_bool_and(t->s, garbage, runs, unassigned)) return TR_EV_FAIL;
  }
  if (!tr_abandon_read_if(t, garbage, uninit)) return TR_EV_FAIL;
  if (*out == TR_UNINIT) *out = tr_fresh(t, v->type);
  return TR_EV_OK;
}

/* ---- Memory: addresses, access checks, loads ---------------------------------
 * access_s and load_element of the INKA paper: the address of p->f is the
 * location in p plus the field's offset (linear, so it prunes both ways);
 * an access through a pointer that may be NULL, dangling (a freed block) or
 * outside every object splits the statement like any trap; a load through a
 * pointer with several possible targets is one guarded candidate per target
 * (an element constraint), so the loaded value can fix the pointer back. */
TrEvResult tr_abandon(Tr *t, const char *why) {
  t->incomplete_reason = why;
  return TR_EV_FAIL;
}

/* Traps unless x is a location the access may use (checked once per
   expression `at`: a resumed statement knows it is safe). */
TrEvResult tr_check_access(TrEval *ev, const IrExpr *at, PropVar x, bool for_free) {
  if (tr_cache_find(ev->cache, at, TR_CACHE_SAFE)) return TR_EV_OK;
  PropVar trap = tr_access_trap(ev->t, ev->st->mem, x, for_free);
  if (trap == TR_FAIL) return TR_EV_FAIL;
  if (trap == ev->t->zero) return TR_EV_OK;
  ev->trap = trap;
  ev->trap_at = at;
  return TR_EV_TRAP;
}

/* The value at location x in the current memory (load_element), read as
   type ty: a cell written through a pointer of the other signedness holds
   the other representation of the same bits, wrapped here to ty. */
static TrEvResult load(TrEval *ev, const IrType *ty, PropVar x, PropVar *out) {
  Tr *t = ev->t;
  *out = tr_fresh(t, ty);
  bool punned = t->sign_puns && ty->kind == IR_TY_INT && ty->bits < 64; /* as tr_fresh_cell */
  PropVar raw = punned ? tr_fresh_cell(t, ty) : *out; /* else the loaded value is the stored one */
  if (raw != *out && !op_wrap(t->s, raw, *out, ty->bits, ty->is_signed)) return TR_EV_FAIL;
  PropVar runs = ev->guard ? guard_holds(t, ev->guard) : t->one;
  if (runs == TR_FAIL) return TR_EV_FAIL;
  return tr_load_guarded(t, ev->st->mem, x, raw, runs) ? TR_EV_OK : TR_EV_FAIL;
}

/* z = b + k * i: a location moved by i elements of k cells. */
static PropVar displace(Tr *t, PropVar b, int64_t k, PropVar i) {
  PropStore *s = t->s;
  if (prop_is_fixed(s, b) && prop_is_fixed(s, i))
    return prop_new_const(s, prop_value(s, b) + k * prop_value(s, i));
  PropVar operand[2] = {b, i};
  TrVnKey key = tr_vn_key(t, VN_DISPLACE, k, 2, operand);
  PropVar z = tr_vn_find(t, &key);
  if (z != TR_UNINIT) return z;
  z = prop_new_var(s, 0, TR_LOC_MAX);
  int64_t coef[3] = {1, -1, -k};
  PropVar x[3] = {z, b, i};
  if (!op_linear(s, 3, coef, x, OP_EQ, 0)) return TR_FAIL;
  tr_vn_add(t, &key, z);
  return z;
}

PropVar tr_shift_by(Tr *t, PropVar b, int64_t k) { return k == 0 ? b : displace(t, b, k, t->one); }


/* a[i] of an array at location b: traps when i is outside the array (a
   variable length array's length is its object's len); with one_past (the
   address &a[i] alone) i may be the length too. */
static TrEvResult index_trap(TrEval *ev, const IrExpr *e, PropVar b, PropVar i, bool one_past) {
  Tr *t = ev->t;
  const IrType *at = e->a[0]->type;
  int64_t count = at->count;
  PropVar len = TR_UNINIT;
  if (at->variable) {
    TrObject *o = prop_is_fixed(t->s, b) ? tr_object_at(t, prop_value(t->s, b)) : NULL;
    if (!o || o->len == TR_UNINIT) return tr_abandon(t, "an element of a variable length array not known here");
    len = o->len;
    count = prop_min(t->s, len);
  }
  if (tr_cache_find(ev->cache, e, TR_CACHE_SAFE) || (prop_min(t->s, i) >= 0 && prop_max(t->s, i) < count + one_past))
    return TR_EV_OK;
  PropVar lo = reify_const(t, i, OP_LT, 0), hi;
  if (len == TR_UNINIT) hi = reify_const(t, i, one_past ? OP_GT : OP_GE, count);
  else if ((hi = fresh_bool(t)) != TR_FAIL && !op_reify(t->s, hi, i, one_past ? OP_GT : OP_GE, len)) hi = TR_FAIL;
  ev->trap = fresh_bool(t);
  if (lo == TR_FAIL || hi == TR_FAIL || !op_bool_or(t->s, ev->trap, lo, hi)) return TR_EV_FAIL;
  ev->trap_at = e;
  return TR_EV_TRAP;
}


/* q = p + k (k in elements of the pointed-to type): traps when q leaves
   p's object (checked once per expression `add`). */
static TrEvResult ptr_add(TrEval *ev, const IrExpr *add, PropVar p, PropVar k, PropVar *q) {
  Tr *t = ev->t;
  int64_t stride = add->type->base->kind == IR_TY_VOID ? 1 : tr_cells(add->type->base);
  if ((*q = displace(t, p, stride, k)) == TR_FAIL) return TR_EV_FAIL;
  if (tr_cache_find(ev->cache, add, TR_CACHE_SAFE)) return TR_EV_OK;
  PropVar trap = tr_arith_trap(t, p, *q);
  if (trap == TR_FAIL) return TR_EV_FAIL;
  if (trap == t->zero) return TR_EV_OK;
  ev->trap = trap;
  ev->trap_at = add;
  return TR_EV_TRAP;
}

/* *(p + k), that is p[k]: the arithmetic must stay in p's object and the
   access must be valid (not one past the end, not a freed block): two
   checks, each ending the path like a[k] out of bounds. */
static TrEvResult eval_indexed(TrEval *ev, const IrExpr *e, PropVar *loc) {
  const IrExpr *add = e->a[0];
  PropVar p, k;
  TrEvResult r;
  if ((r = tr_eval(ev, add->a[0], &p)) != TR_EV_OK || (r = tr_eval(ev, add->a[1], &k)) != TR_EV_OK ||
      (r = ptr_add(ev, add, p, k, loc)) != TR_EV_OK)
    return r;
  return tr_check_access(ev, e, *loc, false);
}

TrEvResult tr_eval_addr(TrEval *ev, const IrExpr *e, PropVar *loc) {
  TrCache *c = tr_cache_find(ev->cache, e, TR_CACHE_ADDR);
  if (c) {
    *loc = c->v;
    return TR_EV_OK;
  }
  Tr *t = ev->t;
  TrEvResult r;
  PropVar b, i;
  switch (e->kind) {
  case IR_VAR:
    if (e->var->kind == IR_VAR_GLOBAL) *loc = prop_new_const(t->s, t->global_obj[e->var->index]->base);
    else *loc = ev->st->slot[tr_frame_slot(ev->st->fn, e->var)];
    if (*loc == TR_UNINIT) return tr_abandon(t, "the address of a variable outside its lifetime");
    break;
  case IR_DEREF:
    if (e->a[0]->kind == IR_PTR_ADD) {
      if ((r = eval_indexed(ev, e, loc)) != TR_EV_OK) return r;
      break;
    }
    if ((r = tr_eval(ev, e->a[0], &b)) != TR_EV_OK || (r = tr_check_access(ev, e, b, false)) != TR_EV_OK) return r;
    *loc = b;
    break;
  case IR_FIELD:
    if ((r = tr_eval_addr(ev, e->a[0], &b)) != TR_EV_OK) return r;
    *loc = tr_shift_by(t, b, tr_field_cells(e->a[0]->type, e->field));
    break;
  case IR_INDEX:
    if ((r = tr_eval_addr(ev, e->a[0], &b)) != TR_EV_OK || (r = tr_eval(ev, e->a[1], &i)) != TR_EV_OK) return r;
    if ((r = index_trap(ev, e, b, i, false)) != TR_EV_OK) return r;
    *loc = displace(t, b, tr_cells(e->type), i);
    break;
  default:
    assert(!"not an lvalue");
    return TR_EV_FAIL;
  }
  if (*loc == TR_FAIL) return TR_EV_FAIL;
  if (*loc == TR_UNINIT) return tr_abandon(t, "an address no test controls");
  ev->cache = tr_cache_add(t, ev->cache, e, TR_CACHE_ADDR, *loc);
  return TR_EV_OK;
}

/* &a[i]: one past the end is an address C allows (C11 6.5.6p8), though no
   access through it is. */
static TrEvResult address_of_element(TrEval *ev, const IrExpr *e, PropVar *out) {
  PropVar b, i;
  TrEvResult r;
  if ((r = tr_eval_addr(ev, e->a[0], &b)) != TR_EV_OK || (r = tr_eval(ev, e->a[1], &i)) != TR_EV_OK ||
      (r = index_trap(ev, e, b, i, true)) != TR_EV_OK)
    return r;
  *out = displace(ev->t, b, tr_cells(e->type), i);
  return *out == TR_FAIL ? TR_EV_FAIL : TR_EV_OK;
}

/* The value of a memory lvalue, of &lvalue, and of pointer arithmetic. */
static TrEvResult eval_memory(TrEval *ev, const IrExpr *e, PropVar *out) {
  Tr *t = ev->t;
  TrEvResult r;
  PropVar p, q;
  switch (e->kind) {
  case IR_ADDR_OF:
    if (e->a[0]->kind == IR_DEREF) return tr_eval(ev, e->a[0]->a[0], out); /* &*p is p, unchecked */
    if (e->a[0]->kind == IR_INDEX) return address_of_element(ev, e->a[0], out);
    return tr_eval_addr(ev, e->a[0], out);
  case IR_PTR_ADD:
    if ((r = tr_eval(ev, e->a[0], &p)) != TR_EV_OK || (r = tr_eval(ev, e->a[1], &q)) != TR_EV_OK) return r;
    return ptr_add(ev, e, p, q, out);
  case IR_LENGTH:
    if ((r = tr_eval(ev, e->a[0], &p)) != TR_EV_OK) return r;
    *out = tr_length(t, p, e->a[0]->type);
    return *out == TR_FAIL ? TR_EV_FAIL : TR_EV_OK;
  case IR_PTR_DIFF: {
    if ((r = tr_eval(ev, e->a[0], &p)) != TR_EV_OK || (r = tr_eval(ev, e->a[1], &q)) != TR_EV_OK) return r;
    const IrType *pt = e->a[0]->type->base;
    int64_t k = pt->kind == IR_TY_VOID ? 1 : tr_cells(pt);
    *out = tr_fresh(t, e->type);
    int64_t coef[3] = {k, -1, 1};
    PropVar x[3] = {*out, p, q};
    return op_linear(t->s, 3, coef, x, OP_EQ, 0) ? TR_EV_OK : TR_EV_FAIL;
  }
  default: /* VAR in memory, DEREF, FIELD, INDEX: read the cell */
    if ((r = tr_eval_addr(ev, e, &p)) != TR_EV_OK) return r;
    return load(ev, e->type, p, out);
  }
}

TrEvResult tr_eval(TrEval *ev, const IrExpr *e, PropVar *out) {
  TrCache *c = tr_cache_find(ev->cache, e, TR_CACHE_VALUE);
  if (c) {
    *out = c->v;
    return TR_EV_OK;
  }
  Tr *t = ev->t;
  TrEvResult r = TR_EV_OK;
  switch (e->kind) {
  case IR_INT_CONST: *out = prop_new_const(t->s, e->ival); break;
  case IR_NULL: *out = t->zero; break;
  case IR_VAR: r = tr_is_ssa(e->var) ? eval_var(ev, e, out) : eval_memory(ev, e, out); break;
  case IR_DEREF: case IR_FIELD: case IR_INDEX: case IR_ADDR_OF: case IR_PTR_ADD: case IR_PTR_DIFF: case IR_LENGTH:
    r = eval_memory(ev, e, out);
    break;
  case IR_CAST: {
    PropVar x;
    if ((r = tr_eval(ev, e->a[0], &x)) != TR_EV_OK) return r;
    if (e->type->kind == IR_TY_BOOL) {
      *out = tr_truth(t, e->a[0]->type, x);
      r = *out == TR_FAIL ? TR_EV_FAIL : TR_EV_OK;
    } else if (e->type->kind == IR_TY_PTR || e->a[0]->type->kind == IR_TY_PTR) {
      *out = x; /* between pointer types: the same location */
    } else if (is_float(e->type) || is_float(e->a[0]->type)) {
      r = eval_float_cast(ev, e, x, out);
    } else {
      int64_t code = type_code(tr_ctype(e->a[0]->type), tr_ctype(e->type));
      r = numbered(ev, e, code, 1, &x, tr_fresh(t, e->type), post_cast, out);
    }
    break;
  }
  case IR_BITCAST: { /* one float side: its key and the pattern of its bits */
    PropVar x;
    if ((r = tr_eval(ev, e->a[0], &x)) != TR_EV_OK) return r;
    bool to_float = is_float(e->type);
    assert(to_float != is_float(e->a[0]->type) && e->type->bits == e->a[0]->type->bits);
    const FpFormat *f = tr_fp_format(to_float ? e->type : e->a[0]->type);
    *out = tr_fresh(t, e->type);
    r = eval_bitcast(ev, f, to_float, x, *out);
    break;
  }
  case IR_FLOAT_CONST: *out = fp_const(t->s, tr_fp_format(e->type), tr_fp_key(e->type, e->fval)); break;
  case IR_NEG: case IR_BITNOT: {
    PropVar x;
    if ((r = tr_eval(ev, e->a[0], &x)) != TR_EV_OK) return r;
    if (is_float(e->type)) {
      *out = tr_fresh(t, e->type);
      r = fp_neg(t->s, tr_fp_format(e->type), x, *out) ? TR_EV_OK : TR_EV_FAIL;
      break;
    }
    if (e->kind == IR_NEG && !tr_cache_find(ev->cache, e, TR_CACHE_SAFE)) { /* ISO C: -INT_MIN overflows */
      PropVar ovf = overflow_condition(t, OP_C_SUB, tr_ctype(e->type), t->zero, x);
      if (ovf == TR_FAIL) return TR_EV_FAIL;
      if (ovf != t->zero) {
        ev->trap = ovf;
        ev->trap_at = e;
        return TR_EV_TRAP;
      }
    }
    int64_t code = type_code(tr_ctype(e->type), tr_ctype(e->type));
    r = numbered(ev, e, code, 1, &x, tr_fresh(t, e->type), post_unary, out);
    break;
  }
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM:
  case IR_SHL: case IR_SHR: case IR_BAND: case IR_BOR: case IR_BXOR:
    r = eval_binary(ev, e, out);
    break;
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE:
    r = eval_compare(ev, e, out);
    break;
  case IR_LNOT: case IR_LAND: case IR_LOR: case IR_COND:
    r = eval_logic(ev, e, out);
    break;
  default:
    /* tr_check_subset rejected every other form before translation */
    assert(!"expression outside the translated subset");
    return TR_EV_FAIL;
  }
  if (r == TR_EV_OK) ev->cache = tr_cache_add(t, ev->cache, e, TR_CACHE_VALUE, *out);
  return r;
}

/* ---- Expressions outside statements (--assume, loop conditions) ----------------- */
int tr_eval_split(Tr *t, const TrState *st, const IrExpr *e, TrCache **cache, PropVar *out, PropVar *trap,
                  const IrExpr **trap_at) {
  TrEval ev = {.t = t, .st = st, .cache = *cache};
  TrEvResult r = tr_eval(&ev, e, out);
  *cache = ev.cache;
  if (r == TR_EV_TRAP) {
    *trap = ev.trap;
    *trap_at = ev.trap_at;
    return 1;
  }
  return r == TR_EV_OK ? 0 : -1;
}

TrCache *tr_cache_safe(Tr *t, TrCache *c, const IrExpr *e) { return tr_cache_add(t, c, e, TR_CACHE_SAFE, TR_UNINIT); }

PropVar tr_eval_pure(Tr *t, const TrState *st, const IrExpr *e, bool *ok) {
  TrEval ev = {.t = t, .st = st};
  PropVar v = TR_UNINIT;
  TrEvResult r = tr_eval(&ev, e, &v);
  *ok = r == TR_EV_OK;
  return v;
}
