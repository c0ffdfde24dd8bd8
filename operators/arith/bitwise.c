/* bitwise.c - bit operations on the 64-bit two's-complement representation:
 * z = x & y, x | y, x ^ y (op_band, op_bor, op_bxor), z = ~x (op_bnot), and
 * the exact shifts z = x * 2^k, z = floor(x / 2^k), 0 <= k < 64 (op_shl,
 * op_shr).
 *
 * and / or / xor reason on known bits: the bits that every value between a
 * variable's bounds shares (the common prefix of its bounds in offset
 * binary).  Rules, per propagation, until the bounds stop moving:
 *   1. forward: z's known bits from x's and y's (and: 1 if both 1, 0 if
 *      either 0; or dually; xor where both are known);
 *   2. backward: x's known bits from z's and y's (and: z=1 => x=1;
 *      z=0 and y=1 => x=0; or dually; xor: x = z ^ y);
 *   3. order: as unsigned words x & y <= x, y <= x | y; in signed terms
 *      (and) x >= 0 => 0 <= z <= max x, both < 0 => z <= min(max x, max y);
 *      (or) x < 0 => min x <= z < 0, both >= 0 => max(min x, min y) <= z
 *      <= max x + max y; and the converse bounds on x and y;
 *   4. every variable's bounds move to the nearest values matching its
 *      known bits (a conflict fails).
 * Bounds-sound, and exact once x and y are fixed (all bits known).
 * Shifts, per value of k in dom(k) ∩ [0, 63]: the x and z that k supports;
 * k values without support go, x and z shrink to the hull of the supports.
 *
 * Never: shift by 64 or more, or by a negative count, in C (UB).
 */
#include "inka/arith.h"
#include "arith_wide.h"

#define SIGN_BIT ((uint64_t)1 << 63)

/* ---- Known bits ---------------------------------------------------------------- */

typedef struct KBits {
  uint64_t mask;   /* known positions */
  uint64_t val;    /* their values (val & ~mask == 0) */
} KBits;

static KBits bound_bits(const PropStore *s, PropVar x) {
  uint64_t lo = (uint64_t)prop_min(s, x), hi = (uint64_t)prop_max(s, x);
  uint64_t d = (lo ^ SIGN_BIT) ^ (hi ^ SIGN_BIT);
  uint64_t mask;
  if (d == 0) mask = ~(uint64_t)0;
  else {
    int top = 63 - __builtin_clzll(d);    /* the highest differing bit */
    mask = top == 63 ? 0 : ~(((uint64_t)1 << (top + 1)) - 1);
  }
  return (KBits){mask, lo & mask};
}

/* The bits the bounds share, and the low bits a congruence fixes (the two
   must agree, or restrict_bits and the domain's snapping to the class would
   nudge each other's bounds one value at a time). */
static KBits known_bits(const PropStore *s, PropVar x) {
  KBits k = bound_bits(s, x);
  int cb;
  uint64_t r;
  prop_congruence(s, x, &cb, &r);
  uint64_t low = cb >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << cb) - 1;
  if ((k.mask & low & (k.val ^ r)) != 0) return k; /* disagree: the store fails elsewhere */
  k.mask |= low;
  k.val = (k.val & ~low) | (r & low);
  return k;
}

/* The low bits known without a gap from bit 0 are a congruence. */
static bool learn_congruence(PropStore *s, PropVar x, KBits k) {
  int low = k.mask == ~(uint64_t)0 ? 64 : __builtin_ctzll(~k.mask);
  if (low == 0) return true;
  return prop_restrict_congruence(s, x, low, k.val & (low >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << low) - 1));
}

/* Smallest u >= lo with (u & mask) == val (unsigned order); false if none. */
static bool next_match(uint64_t lo, uint64_t mask, uint64_t val, uint64_t *out) {
  uint64_t diff = (lo ^ val) & mask;
  if (diff == 0) { *out = lo; return true; }
  int h = 63 - __builtin_clzll(diff);
  uint64_t low = h == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (h + 1)) - 1;   /* bits 0..h */
  if (val & ((uint64_t)1 << h)) {          /* lo has 0 where 1 is wanted: raise */
    *out = (lo & ~low) | (val & low);
    return true;
  }
  /* lo has 1 where 0 is wanted: carry into the lowest free 0 bit above h */
  uint64_t free0 = ~mask & ~lo & ~low;
  if (free0 == 0) return false;
  int p = __builtin_ctzll(free0);
  uint64_t below = ((uint64_t)1 << p) - 1;
  *out = (lo & ~below) | ((uint64_t)1 << p) | (val & below);
  return true;
}

/* Largest u <= hi with (u & mask) == val. */
static bool prev_match(uint64_t hi, uint64_t mask, uint64_t val, uint64_t *out) {
  uint64_t r;
  if (!next_match(~hi, mask, ~val & mask, &r)) return false;
  *out = ~r;
  return true;
}

/* Rule 4: dom(x) to the values between its bounds that match k (signed order
   is unsigned order after flipping the sign bit). */
static bool restrict_bits(PropStore *s, PropVar x, KBits k) {
  uint64_t m = k.mask, v = k.val ^ (SIGN_BIT & k.mask);
  uint64_t lo = (uint64_t)prop_min(s, x) ^ SIGN_BIT, hi = (uint64_t)prop_max(s, x) ^ SIGN_BIT;
  uint64_t a, b;
  if (!next_match(lo, m, v, &a) || !prev_match(hi, m, v, &b) || a > b) return arith_fail(s);
  return prop_restrict_range(s, x, (int64_t)(a ^ SIGN_BIT), (int64_t)(b ^ SIGN_BIT));
}

/* Adds the known ones `one` and zeros `zero` to k; false on a conflict. */
static bool learn(KBits *k, uint64_t one, uint64_t zero) {
  if (one & zero) return false;
  if ((one & k->mask & ~k->val) || (zero & k->mask & k->val)) return false;
  k->mask |= one | zero;
  k->val |= one;
  return true;
}

static inline uint64_t ones(KBits k) { return k.mask & k.val; }
static inline uint64_t zeros(KBits k) { return k.mask & ~k.val; }

/* ---- and / or / xor ------------------------------------------------------------ */

typedef enum { BW_AND, BW_OR, BW_XOR } BwOp;

typedef struct Bitwise {
  Propagator base;
  PropVar x, y, z;
  BwOp op;
} Bitwise;

/* Rules 1 and 2 on the known bits; false on a conflict. */
static bool bits_rules(BwOp op, KBits *x, KBits *y, KBits *z) {
  switch (op) {
  case BW_AND:
    return learn(z, ones(*x) & ones(*y), zeros(*x) | zeros(*y)) &&
           learn(x, ones(*z), zeros(*z) & ones(*y)) &&
           learn(y, ones(*z), zeros(*z) & ones(*x));
  case BW_OR:
    return learn(z, ones(*x) | ones(*y), zeros(*x) & zeros(*y)) &&
           learn(x, ones(*z) & zeros(*y), zeros(*z)) &&
           learn(y, ones(*z) & zeros(*x), zeros(*z));
  case BW_XOR: {
    uint64_t kz = x->mask & y->mask, vz = (x->val ^ y->val) & kz;
    if (!learn(z, vz, kz & ~vz)) return false;
    uint64_t kx = z->mask & y->mask, vx = (z->val ^ y->val) & kx;
    if (!learn(x, vx, kx & ~vx)) return false;
    uint64_t ky = z->mask & x->mask, vy = (z->val ^ x->val) & ky;
    return learn(y, vy, ky & ~vy);
  }
  }
  return false;
}

/* Rule 3 for and: z <= x, z <= y as unsigned words. */
static bool and_order(PropStore *s, PropVar x, PropVar y, PropVar z) {
  if (prop_min(s, x) >= 0 && !prop_restrict_range(s, z, 0, prop_max(s, x))) return false;
  if (prop_min(s, y) >= 0 && !prop_restrict_range(s, z, 0, prop_max(s, y))) return false;
  if (prop_max(s, x) < 0 && prop_max(s, y) < 0) {
    int64_t m = prop_max(s, x) < prop_max(s, y) ? prop_max(s, x) : prop_max(s, y);
    if (!prop_set_max(s, z, m)) return false;
  }
  /* converse: x >= z when both have the same sign */
  for (int i = 0; i < 2; i++) {
    PropVar v = i ? y : x;
    if ((prop_min(s, v) >= 0 || prop_max(s, z) < 0) && !prop_set_min(s, v, prop_min(s, z))) return false;
  }
  return true;
}

/* Rule 3 for or: z >= x, z >= y as unsigned words. */
static bool or_order(PropStore *s, PropVar x, PropVar y, PropVar z) {
  if (prop_max(s, x) < 0 && !prop_restrict_range(s, z, prop_min(s, x), -1)) return false;
  if (prop_max(s, y) < 0 && !prop_restrict_range(s, z, prop_min(s, y), -1)) return false;
  if (prop_min(s, x) >= 0 && prop_min(s, y) >= 0) {
    int64_t m = prop_min(s, x) > prop_min(s, y) ? prop_min(s, x) : prop_min(s, y);
    prop_wide top = whi(s, x) + whi(s, y);
    if (!wide_restrict(s, z, m, top)) return false;
  }
  /* converse: x <= z when both have the same sign */
  for (int i = 0; i < 2; i++) {
    PropVar v = i ? y : x;
    if ((prop_max(s, v) < 0 || prop_min(s, z) >= 0) && !prop_set_max(s, v, prop_max(s, z))) return false;
  }
  return true;
}

static const PropClass bitwise_class;

/* One operand, for two operations: one variable, or one value. */
static bool same_operand(PropStore *s, PropVar a, PropVar b) {
  return prop_same(s, a, b) || (prop_is_fixed(s, a) && prop_is_fixed(s, b) && prop_value(s, a) == prop_value(s, b));
}

/* Two operations of one kind on the same operands have one result: z = x & y
   and z' = x' & y' with x, x' one variable (prop_same) and y, y' one variable
   or one value give z == z'.  Known bits cannot say it when the operands
   are free (t[k].f & 6 != 0 and t[0].f & 6 == 0, once k is 0 and both
   loads read one cell).  The other operation is found among the
   subscribers of x and of x's representative (at most SAME_SCAN each). */
enum { SAME_SCAN = 16 };

static bool same_operation(PropStore *s, Bitwise *p) {
  Propagator *subs[SAME_SCAN];
  for (int side = 0; side < 2; side++) {
    PropVar x = side ? prop_find(s, p->x) : p->x;
    if (side && x == p->x) break;
    int n = prop_subscribers(s, x, subs, SAME_SCAN);
    for (int i = 0; i < n && i < SAME_SCAN; i++) {
      if (subs[i]->cls != &bitwise_class || subs[i] == &p->base) continue;
      const Bitwise *q = (const Bitwise *)subs[i];
      if (q->op != p->op || prop_same(s, q->z, p->z)) continue;
      bool same = (same_operand(s, q->x, p->x) && same_operand(s, q->y, p->y)) ||
                  (same_operand(s, q->x, p->y) && same_operand(s, q->y, p->x));
      if (!same) continue;
      prop_note(s, PROP_NOTE_EQUALITY);
      if (!op_rel(s, p->z, OP_EQ, q->z)) return false;
    }
  }
  return true;
}

static PropStatus bitwise_propagate(PropStore *s, Propagator *base) {
  Bitwise *p = (Bitwise *)base;
  for (;;) {
    int64_t before[6] = {prop_min(s, p->x), prop_max(s, p->x), prop_min(s, p->y),
                         prop_max(s, p->y), prop_min(s, p->z), prop_max(s, p->z)};
    KBits kx = known_bits(s, p->x), ky = known_bits(s, p->y), kz = known_bits(s, p->z);
    if (!bits_rules(p->op, &kx, &ky, &kz)) return PROP_FAILED;
    if (p->op == BW_AND && !and_order(s, p->x, p->y, p->z)) return PROP_FAILED;
    if (p->op == BW_OR && !or_order(s, p->x, p->y, p->z)) return PROP_FAILED;
    if (!learn_congruence(s, p->x, kx) || !learn_congruence(s, p->y, ky) || !learn_congruence(s, p->z, kz))
      return PROP_FAILED;
    if (!restrict_bits(s, p->x, kx) || !restrict_bits(s, p->y, ky) || !restrict_bits(s, p->z, kz))
      return PROP_FAILED;
    int64_t after[6] = {prop_min(s, p->x), prop_max(s, p->x), prop_min(s, p->y),
                        prop_max(s, p->y), prop_min(s, p->z), prop_max(s, p->z)};
    if (memcmp(before, after, sizeof before) == 0) break;
  }
  if (prop_is_fixed(s, p->x) && prop_is_fixed(s, p->y) && prop_is_fixed(s, p->z)) return PROP_ENTAILED;
  if (!same_operation(s, p)) return PROP_FAILED;
  return PROP_SUSPEND;
}

static const PropClass bitwise_class = {"bitwise", bitwise_propagate, PROP_PRIO_NONLINEAR, true};

static bool post_bitwise(PropStore *s, BwOp op, PropVar x, PropVar y, PropVar z) {
  if (prop_failed(s)) return false;
  if (x == y || prop_same(s, x, y)) {
    if (op == BW_XOR) return prop_fix(s, z, 0) && prop_propagate(s);
    return op_rel(s, z, OP_EQ, x);   /* x & x == x | x == x */
  }
  Bitwise *p = prop_propagator_new(s, &bitwise_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->z = z;
  p->op = op;
  /* domain events on the operands: a union (prop_unify) that makes two
     operations alike is one */
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_BOUNDS);
  return prop_post(s, &p->base);
}

bool op_band(PropStore *s, PropVar x, PropVar y, PropVar z) { return post_bitwise(s, BW_AND, x, y, z); }
bool op_bor(PropStore *s, PropVar x, PropVar y, PropVar z) { return post_bitwise(s, BW_OR, x, y, z); }
bool op_bxor(PropStore *s, PropVar x, PropVar y, PropVar z) { return post_bitwise(s, BW_XOR, x, y, z); }

/* ~x == -x - 1:  x + z == -1 */
bool op_bnot(PropStore *s, PropVar x, PropVar z) {
  if (prop_failed(s)) return false;
  static const int64_t coef[2] = {1, 1};
  PropVar v[2] = {x, z};
  return op_linear(s, 2, coef, v, OP_EQ, -1);
}

/* ---- Shifts ----------------------------------------------------------------------- */

typedef struct Shift {
  Propagator base;
  PropVar x, k, z;
  bool left;
} Shift;

/* For one count k: the x in [xl, xh] and z in [zl, zh] related by the shift;
   false when there are none. */
static bool shift_support(bool left, int k, prop_wide xl, prop_wide xh, prop_wide zl, prop_wide zh,
                          prop_wide *ax, prop_wide *bx, prop_wide *az, prop_wide *bz) {
  prop_wide m = WIDE_POW2(k);
  if (left) {   /* z = x * m */
    *ax = wmax(xl, wide_ceil_div(zl, m));
    *bx = wmin(xh, wide_floor_div(zh, m));
    *az = *ax * m;
    *bz = *bx * m;
  } else {      /* z = floor(x / m) */
    *ax = wmax(xl, zl * m);
    *bx = wmin(xh, zh * m + m - 1);
    *az = wide_floor_div(*ax, m);
    *bz = wide_floor_div(*bx, m);
  }
  return *ax <= *bx;
}

static PropStatus shift_propagate(PropStore *s, Propagator *base) {
  Shift *p = (Shift *)base;
  prop_wide xl = wlo(s, p->x), xh = whi(s, p->x), zl = wlo(s, p->z), zh = whi(s, p->z);
  prop_wide hx_lo = WIDE_MAX, hx_hi = WIDE_MIN, hz_lo = WIDE_MAX, hz_hi = WIDE_MIN;
  int kmin = -1;
  /* Rule: each count keeps the x and z it supports; counts without support go. */
  int64_t k = prop_min(s, p->k);
  for (;;) {
    prop_wide ax, bx, az, bz;
    if (shift_support(p->left, (int)k, xl, xh, zl, zh, &ax, &bx, &az, &bz)) {
      if (kmin < 0) kmin = (int)k;
      hx_lo = wmin(hx_lo, ax);
      hx_hi = wmax(hx_hi, bx);
      hz_lo = wmin(hz_lo, az);
      hz_hi = wmax(hz_hi, bz);
    } else if (!prop_remove(s, p->k, k)) {
      return PROP_FAILED;
    }
    int64_t next;
    if (!prop_next(s, p->k, k, &next)) break;
    k = next;
  }
  if (kmin < 0) return PROP_FAILED;
  if (!wide_restrict(s, p->x, hx_lo, hx_hi) || !wide_restrict(s, p->z, hz_lo, hz_hi)) return PROP_FAILED;
  /* A left shift by at least kmin leaves kmin zero bits at the bottom. */
  if (p->left && kmin > 0) {
    KBits kb = {((uint64_t)1 << kmin) - 1, 0};
    if (!restrict_bits(s, p->z, kb)) return PROP_FAILED;
  }
  /* Both operands fixed: z is their shift exactly. */
  if (prop_is_fixed(s, p->k) && prop_is_fixed(s, p->x)) {
    prop_wide x = prop_value(s, p->x), m = WIDE_POW2(prop_value(s, p->k));
    prop_wide v = p->left ? x * m : wide_floor_div(x, m);
    return wide_restrict(s, p->z, v, v) ? PROP_ENTAILED : PROP_FAILED;
  }
  return PROP_SUSPEND;
}

static const PropClass shift_class = {"shift", shift_propagate, PROP_PRIO_NONLINEAR, false};

static bool post_shift(PropStore *s, bool left, PropVar x, PropVar k, PropVar z) {
  if (prop_failed(s)) return false;
  if (!prop_restrict_range(s, k, 0, 63)) return false;
  Shift *p = prop_propagator_new(s, &shift_class, sizeof *p);
  p->x = x;
  p->k = k;
  p->z = z;
  p->left = left;
  prop_subscribe(s, &p->base, x, PROP_EV_BOUNDS);
  prop_subscribe(s, &p->base, k, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_BOUNDS);
  return prop_post(s, &p->base);
}

bool op_shl(PropStore *s, PropVar x, PropVar k, PropVar z) { return post_shift(s, true, x, k, z); }
bool op_shr(PropStore *s, PropVar x, PropVar k, PropVar z) { return post_shift(s, false, x, k, z); }
