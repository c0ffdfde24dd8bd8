/* bv.c - bit vectors and the C operations on them (bb_internal.h): ripple
 * adders, shift-and-add multiplication, restoring division, barrel
 * shifters, comparisons by the borrow of a subtraction.  Results wrap to
 * the width; division truncates towards zero; the trap conditions are those
 * of the model (docs/design.md: division by zero, MIN / -1, a shift count
 * negative or not below the width, and without --wrapv a signed overflow:
 * the bb_*_overflows literals, which encode.c turns into traps).
 */
#include <assert.h>
#include <string.h>

#include "bb_internal.h"

static BbVec vec(BbGates *g, int w) {
  assert(w >= 1 && w <= 64);
  return (BbVec){w, bb_alloc(g, sizeof(int) * (size_t)w)};
}

BbVec bb_vec_new(BbGates *g, int w) {
  BbVec r = vec(g, w);
  for (int i = 0; i < w; i++) r.b[i] = bb_new_var(g);
  return r;
}

BbVec bb_vec_const(BbGates *g, int w, int64_t v) {
  BbVec r = vec(g, w);
  for (int i = 0; i < w; i++) r.b[i] = bb_const(((uint64_t)v >> i) & 1);
  return r;
}

BbVec bb_vec_mux(BbGates *g, int c, BbVec t, BbVec e) {
  assert(t.w == e.w);
  if (c == BB_TRUE) return t;
  if (c == BB_FALSE) return e;
  BbVec r = vec(g, t.w);
  for (int i = 0; i < t.w; i++) r.b[i] = bb_mux(g, c, t.b[i], e.b[i]);
  return r;
}

/* x + y + cin; *cout (may be NULL): the carry out of the top bit. */
static BbVec add_carry(BbGates *g, BbVec x, BbVec y, int cin, int *cout) {
  assert(x.w == y.w);
  BbVec r = vec(g, x.w);
  int c = cin;
  for (int i = 0; i < x.w; i++) {
    int t = bb_xor(g, x.b[i], y.b[i]);
    r.b[i] = bb_xor(g, t, c);
    c = bb_or(g, bb_and(g, x.b[i], y.b[i]), bb_and(g, c, t));
  }
  if (cout) *cout = c;
  return r;
}

BbVec bb_vec_not(BbGates *g, BbVec x) {
  BbVec r = vec(g, x.w);
  for (int i = 0; i < x.w; i++) r.b[i] = -x.b[i];
  return r;
}

BbVec bb_vec_add(BbGates *g, BbVec x, BbVec y) { return add_carry(g, x, y, BB_FALSE, NULL); }
BbVec bb_vec_sub(BbGates *g, BbVec x, BbVec y) { return add_carry(g, x, bb_vec_not(g, y), BB_TRUE, NULL); }
BbVec bb_vec_neg(BbGates *g, BbVec x) { return bb_vec_sub(g, bb_vec_const(g, x.w, 0), x); }

static BbVec bitwise(BbGates *g, BbVec x, BbVec y, int op) {
  assert(x.w == y.w);
  BbVec r = vec(g, x.w);
  for (int i = 0; i < x.w; i++)
    r.b[i] = op == 0 ? bb_and(g, x.b[i], y.b[i]) : op == 1 ? bb_or(g, x.b[i], y.b[i]) : bb_xor(g, x.b[i], y.b[i]);
  return r;
}

BbVec bb_vec_and(BbGates *g, BbVec x, BbVec y) { return bitwise(g, x, y, 0); }
BbVec bb_vec_or(BbGates *g, BbVec x, BbVec y) { return bitwise(g, x, y, 1); }
BbVec bb_vec_xor(BbGates *g, BbVec x, BbVec y) { return bitwise(g, x, y, 2); }

/* Shift and add, keeping the low w bits only. */
BbVec bb_vec_mul(BbGates *g, BbVec x, BbVec y) {
  assert(x.w == y.w);
  int w = x.w;
  BbVec acc = bb_vec_const(g, w, 0);
  for (int i = 0; i < w; i++) {
    if (y.b[i] == BB_FALSE) continue;
    BbVec part = vec(g, w);
    for (int k = 0; k < w; k++) part.b[k] = k < i ? BB_FALSE : bb_and(g, x.b[k - i], y.b[i]);
    acc = bb_vec_add(g, acc, part);
  }
  return acc;
}

/* ---- Signed overflow (ISO C) ------------------------------------------------------ */
int bb_add_overflows(BbGates *g, BbVec x, BbVec y, BbVec r) {
  int w = x.w, sx = x.b[w - 1], sy = y.b[w - 1], sr = r.b[w - 1];
  return bb_and(g, -bb_xor(g, sx, sy), bb_xor(g, sr, sx)); /* same signs in, another out */
}

int bb_sub_overflows(BbGates *g, BbVec x, BbVec y, BbVec r) {
  int w = x.w, sx = x.b[w - 1], sy = y.b[w - 1], sr = r.b[w - 1];
  return bb_and(g, bb_xor(g, sx, sy), bb_xor(g, sr, sx)); /* signs differ, the result's is y's */
}

/* The product of the sign-extended operands in 2w bits is exact; it fits
   in w bits iff its top w + 1 bits are all equal.  Its low w bits are the
   wrapped product (*r): one multiplier for both. */
BbVec bb_vec_mul_checked(BbGates *g, BbVec x, BbVec y, int *overflow) {
  int w = x.w, n = 2 * w;
  int *xs = bb_alloc(g, sizeof(int) * (size_t)n), *acc = bb_alloc(g, sizeof(int) * (size_t)n);
  for (int i = 0; i < n; i++) {
    xs[i] = i < w ? x.b[i] : x.b[w - 1];
    acc[i] = BB_FALSE;
  }
  for (int i = 0; i < n; i++) {
    int yi = i < w ? y.b[i] : y.b[w - 1];
    if (yi == BB_FALSE) continue;
    int c = BB_FALSE;
    for (int k = i; k < n; k++) { /* acc += (xs << i) & yi, low n bits */
      int a = acc[k], b = bb_and(g, xs[k - i], yi), t = bb_xor(g, a, b);
      acc[k] = bb_xor(g, t, c);
      c = bb_or(g, bb_and(g, a, b), bb_and(g, c, t));
    }
  }
  int differ = BB_FALSE;
  for (int k = w; k < n; k++) differ = bb_or(g, differ, bb_xor(g, acc[k], acc[w - 1]));
  *overflow = differ;
  BbVec r = vec(g, w);
  memcpy(r.b, acc, sizeof(int) * (size_t)w);
  return r;
}

/* x << k overflows iff x < 0, or r < 0, or r >> k (logical) is not x. */
int bb_shl_overflows(BbGates *g, BbVec x, BbVec k, bool k_signed, BbVec r) {
  int w = x.w, unused;
  BbVec back = bb_vec_shift(g, r, k, false, false, k_signed, &unused);
  return bb_or(g, bb_or(g, x.b[w - 1], r.b[w - 1]), -bb_vec_eq(g, back, x));
}

/* Unsigned restoring division: *q, *r of x / y (y == 0: unspecified). */
static void udiv(BbGates *g, BbVec x, BbVec y, BbVec *q, BbVec *r) {
  int w = x.w;
  BbVec quo = vec(g, w);
  /* the partial remainder stays below y < 2^w: w + 1 bits hold its double */
  int *rb = bb_alloc(g, sizeof(int) * (size_t)(w + 1));
  for (int i = 0; i < w + 1; i++) rb[i] = BB_FALSE;
  int *yb = bb_alloc(g, sizeof(int) * (size_t)(w + 1));
  for (int i = 0; i < w; i++) yb[i] = y.b[i];
  yb[w] = BB_FALSE;
  int *diff = bb_alloc(g, sizeof(int) * (size_t)(w + 1));
  for (int i = w - 1; i >= 0; i--) {
    for (int k = w; k > 0; k--) rb[k] = rb[k - 1]; /* rb = rb << 1 | x[i] */
    rb[0] = x.b[i];
    int c = BB_TRUE; /* rb - yb = rb + ~yb + 1: the carry out says rb >= yb */
    for (int k = 0; k <= w; k++) {
      int t = bb_xor(g, rb[k], -yb[k]);
      diff[k] = bb_xor(g, t, c);
      c = bb_or(g, bb_and(g, rb[k], -yb[k]), bb_and(g, c, t));
    }
    quo.b[i] = c;
    for (int k = 0; k <= w; k++) rb[k] = bb_mux(g, c, diff[k], rb[k]);
  }
  *q = quo;
  BbVec rr = vec(g, w);
  memcpy(rr.b, rb, sizeof(int) * (size_t)w);
  *r = rr;
}

BbVec bb_vec_div(BbGates *g, BbVec x, BbVec y, bool is_signed, bool rem, int *trap) {
  assert(x.w == y.w);
  int w = x.w;
  *trap = -bb_vec_nonzero(g, y);
  if (!is_signed) {
    BbVec q, r;
    udiv(g, x, y, &q, &r);
    return rem ? r : q;
  }
  int sx = x.b[w - 1], sy = y.b[w - 1];
  BbVec min = bb_vec_const(g, w, (int64_t)((uint64_t)1 << (w - 1)));
  int overflow = bb_and(g, bb_vec_eq(g, x, min), bb_vec_eq(g, y, bb_vec_const(g, w, -1)));
  *trap = bb_or(g, *trap, overflow);
  BbVec ax = bb_vec_mux(g, sx, bb_vec_neg(g, x), x), ay = bb_vec_mux(g, sy, bb_vec_neg(g, y), y);
  BbVec q, r;
  udiv(g, ax, ay, &q, &r);
  if (rem) return bb_vec_mux(g, sx, bb_vec_neg(g, r), r);
  return bb_vec_mux(g, bb_xor(g, sx, sy), bb_vec_neg(g, q), q);
}

BbVec bb_vec_shift(BbGates *g, BbVec x, BbVec y, bool left, bool is_signed, bool y_signed, int *trap) {
  int w = x.w;
  BbVec y64 = bb_vec_resize(g, y, 64, y_signed); /* negative counts are huge unsigned ones */
  *trap = -bb_vec_lt(g, y64, bb_vec_const(g, 64, w), false);
  BbVec r = x;
  int fill = left || !is_signed ? BB_FALSE : x.b[w - 1];
  for (int k = 0; (1 << k) < w && k < y.w; k++) {
    int s = y.b[k], d = 1 << k;
    BbVec n = vec(g, w);
    for (int i = 0; i < w; i++) {
      int from = left ? i - d : i + d;
      int moved = from < 0 ? BB_FALSE : from >= w ? fill : r.b[from];
      n.b[i] = bb_mux(g, s, moved, r.b[i]);
    }
    r = n;
  }
  return r;
}

int bb_vec_eq(BbGates *g, BbVec x, BbVec y) {
  assert(x.w == y.w);
  int r = BB_TRUE;
  for (int i = 0; i < x.w && r != BB_FALSE; i++) r = bb_and(g, r, -bb_xor(g, x.b[i], y.b[i]));
  return r;
}

int bb_vec_lt(BbGates *g, BbVec x, BbVec y, bool is_signed) {
  assert(x.w == y.w);
  int w = x.w, c = BB_TRUE; /* x + ~y + 1 carries out iff x >= y (unsigned) */
  for (int i = 0; i < w; i++) {
    int a = x.b[i], b = -y.b[i];
    if (is_signed && i == w - 1) { /* flipping both sign bits orders signed values as unsigned */
      a = -a;
      b = -b;
    }
    int t = bb_xor(g, a, b);
    c = bb_or(g, bb_and(g, a, b), bb_and(g, c, t));
  }
  return -c;
}

int bb_vec_nonzero(BbGates *g, BbVec x) {
  int r = BB_FALSE;
  for (int i = 0; i < x.w && r != BB_TRUE; i++) r = bb_or(g, r, x.b[i]);
  return r;
}

BbVec bb_vec_resize(BbGates *g, BbVec x, int w, bool is_signed) {
  if (w == x.w) return x;
  BbVec r = vec(g, w);
  for (int i = 0; i < w; i++) r.b[i] = i < x.w ? x.b[i] : is_signed ? x.b[x.w - 1] : BB_FALSE;
  return r;
}

BbVec bb_vec_from_bit(BbGates *g, int bit, int w) {
  BbVec r = bb_vec_const(g, w, 0);
  r.b[0] = bit;
  return r;
}

int64_t bb_vec_model(BbGates *g, BbVec x, bool is_signed) {
  uint64_t v = 0;
  for (int i = 0; i < x.w; i++) {
    int l = x.b[i];
    if (bb_model_true(g, l)) v |= (uint64_t)1 << i;
  }
  if (is_signed && x.w < 64 && ((v >> (x.w - 1)) & 1)) v |= ~(uint64_t)0 << x.w;
  return (int64_t)v;
}
