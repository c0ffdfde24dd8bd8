/* fp_arith.c - z = x op y for op in + - * / (fp_binary): the projections of
 * Botella, Gotlieb and Michel (symbolic execution of floating-point
 * computations), over pieces of the domains (fp_domain.c).
 *
 * Rules, in order, for each pair of pieces (px of x, py of y):
 *   1. forward: z within the hull of the correctly rounded results at the
 *      four corners of px x py (each piece pair is monotone, see fp_domain.c);
 *   2. inverse, for x (and alike for y): px is kept only when the forward
 *      hull of px x py meets dom(z); a piece that is one value, or a pair
 *      whose other piece is infinite, NaN or (for * and /) a zero, is kept
 *      whole; otherwise the exact result r = x op y lies in R, the reals
 *      that round into dom(z) within that hull (half-way points to the
 *      neighbours, fp_format.c), and x is bounded by inverting op over R
 *      and py:  +: R - y;  -: R + y (x), x - R (y);  *: R / y;
 *      /: R * y (x), x / R (y, unless R reaches 0);
 *      each bound rounded outwards into x's format (RU for the lower, RD for
 *      the upper), so no x whose result rounds into z is lost.
 * x's new domain is the union over its pieces; then the same for y.
 * When x and y are one variable (x * x), only the pairs of a piece with
 * itself exist, at its two diagonal corners: x * x is never negative,
 * x - x is 0 or NaN.
 *   3. relations (fp_relate.c): orders between z and an operand, signs of z
 *      from an order of the operands, z == an earlier value by an exact
 *      inverse; posting z = x op y relates it to the same operation on
 *      values ordered with x or y.
 * Once x and y are fixed, rule 1 fixes z to the one correct result.
 *
 * Never: use a bound not rounded outwards, or prune a piece on a hull
 * corner that is NaN.
 */
#include <assert.h>

#include "fp_internal.h"

typedef struct FpArith {
  Propagator base;
  const FpFormat *f;
  FpBinary op;
  PropVar x, y, z;
} FpArith;

/* The hull of the results over pa x pb: keys [lo, hi] (or NaN only). */
typedef struct Hull {
  int64_t lo, hi;
  bool has_value, has_nan;
} Hull;

/* diagonal: x op x over one piece pa == pb, where x - x, x / x are
   constant and x + x, x * x monotone, so the two corners (lo, lo) and
   (hi, hi) bound it. */
static Hull forward_hull(const FpFormat *f, FpBinary op, const FpiPiece *pa, const FpiPiece *pb, bool diagonal) {
  Hull h = {0, 0, false, false};
  const int64_t xs[2] = {pa->lo, pa->hi}, ys[2] = {pb->lo, pb->hi};
  for (int i = 0; i < 2; i++) {
    for (int j = 0; j < 2; j++) {
      if (diagonal && i != j) continue;
      int64_t k = fp_eval_binary(f, op, xs[i], ys[j]);
      if (fp_key_is_nan(f, k)) {
        h.has_nan = true;
      } else if (!h.has_value) {
        h.lo = h.hi = k;
        h.has_value = true;
      } else {
        if (k < h.lo) h.lo = k;
        if (k > h.hi) h.hi = k;
      }
    }
  }
  return h;
}

/* Does z allow some result of the hull? */
static bool hull_meets(const PropStore *s, const FpFormat *f, const Hull *h, PropVar z) {
  if (h->has_nan && prop_has(s, z, fp_key_nan(f))) return true;
  return h->has_value && fpi_meets(s, z, h->lo, h->hi);
}

/* r = a op b rounded at x's precision toward rnd (a, b may be infinite). */
static void bound_op(FpBinary op, mpfr_t r, const mpfr_t a, const mpfr_t b, mpfr_rnd_t rnd) {
  switch (op) {
  case FP_ADD: mpfr_add(r, a, b, rnd); break;
  case FP_SUB: mpfr_sub(r, a, b, rnd); break;
  case FP_MUL: mpfr_mul(r, a, b, rnd); break;
  case FP_DIV: mpfr_div(r, a, b, rnd); break;
  }
}

/* The keys of the target between the hull of inv(a_i, b_j) over the corners
   a in {a0, a1}, b in {b0, b1}: lower bounds rounded up, upper rounded down. */
static void corner_bounds(const FpFormat *f, FpBinary inv, mpfr_t a0, mpfr_t a1, mpfr_t b0, mpfr_t b1,
                          int64_t *lo, int64_t *hi) {
  mpfr_t r;
  mpfr_init2(r, f->prec);
  mpfr_ptr as[2] = {a0, a1}, bs[2] = {b0, b1};
  *lo = INT64_MAX;
  *hi = INT64_MIN;
  for (int i = 0; i < 2; i++) {
    for (int j = 0; j < 2; j++) {
      bound_op(inv, r, as[i], bs[j], MPFR_RNDU);
      assert(!mpfr_nan_p(r));
      int64_t k = fpi_lower_key(f, r, false);
      if (k < *lo) *lo = k;
      bound_op(inv, r, as[i], bs[j], MPFR_RNDD);
      k = fpi_upper_key(f, r, false);
      if (k > *hi) *hi = k;
    }
  }
  mpfr_clear(r);
}

/* Rule 2 for the piece pt of the target (x when !target_is_y, else y), the
   other operand's piece po: adds what stays of pt to set. */
static void inverse_piece(const PropStore *s, const FpArith *p, bool target_is_y, const FpiPiece *pt,
                          const FpiPiece *po, FpiSet *set) {
  const FpFormat *f = p->f;
  const FpiPiece *px = target_is_y ? po : pt, *py = target_is_y ? pt : po;
  Hull h = forward_hull(f, p->op, px, py, p->x == p->y);
  if (!hull_meets(s, f, &h, p->z)) return;
  bool mul_like = p->op == FP_MUL || p->op == FP_DIV;
  if (pt->lo == pt->hi || fpi_is_special(po->kind) || (mul_like && fpi_is_zero(po->kind)) || !h.has_value) {
    fpi_set_add(set, pt->lo, pt->hi);
    return;
  }
  /* R: the exact results that round into dom(z) within the hull. */
  int64_t zl, zh;
  bool ok = fpi_first_in(s, p->z, h.lo, h.hi, &zl) && fpi_last_in(s, p->z, h.lo, h.hi, &zh);
  assert(ok && !fp_key_is_nan(f, zh));
  (void)ok;
  mpfr_t rl, rh, o0, o1;
  mpfr_inits2(FPI_WIDE_PREC(f), rl, rh, o0, o1, (mpfr_ptr)0);
  fpi_preimage(f, zl, zh, rl, rh);
  fpi_value(f, po->lo, o0);
  fpi_value(f, po->hi, o1);
  int64_t lo = pt->lo, hi = pt->hi;
  switch (p->op) {
  case FP_ADD:   /* t = r - o */
    corner_bounds(f, FP_SUB, rl, rh, o0, o1, &lo, &hi);
    break;
  case FP_SUB:
    if (!target_is_y) corner_bounds(f, FP_ADD, rl, rh, o0, o1, &lo, &hi);   /* x = r + y */
    else corner_bounds(f, FP_SUB, o0, o1, rl, rh, &lo, &hi);               /* y = x - r */
    break;
  case FP_MUL:   /* t = r / o, o of one sign, not zero */
    corner_bounds(f, FP_DIV, rl, rh, o0, o1, &lo, &hi);
    break;
  case FP_DIV:
    if (!target_is_y) {
      corner_bounds(f, FP_MUL, rl, rh, o0, o1, &lo, &hi);                  /* x = r * y */
    } else if (mpfr_sgn(rl) > 0 || mpfr_sgn(rh) < 0) {
      corner_bounds(f, FP_DIV, o0, o1, rl, rh, &lo, &hi);                  /* y = x / r */
    }
    break;
  }
  mpfr_clears(rl, rh, o0, o1, (mpfr_ptr)0);
  fpi_set_add(set, lo > pt->lo ? lo : pt->lo, hi < pt->hi ? hi : pt->hi);
}

static bool inverse(PropStore *s, const FpArith *p, bool target_is_y) {
  FpiPiece pt[FPI_KINDS], po[FPI_KINDS];
  int nt = fpi_pieces(s, p->f, target_is_y ? p->y : p->x, pt);
  int no = fpi_pieces(s, p->f, target_is_y ? p->x : p->y, po);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < nt; i++)
    for (int j = 0; j < no; j++)
      if (p->x != p->y || i == j) inverse_piece(s, p, target_is_y, &pt[i], &po[j], &set);
  return fpi_narrow(s, p->f, target_is_y ? p->y : p->x, &set);
}

/* Rule 1: z within the union of the forward hulls of the piece pairs. */
static bool forward(PropStore *s, const FpArith *p) {
  const FpFormat *f = p->f;
  FpiPiece px[FPI_KINDS], py[FPI_KINDS];
  int nx = fpi_pieces(s, f, p->x, px), ny = fpi_pieces(s, f, p->y, py);
  FpiSet set;
  fpi_set_init(&set);
  for (int i = 0; i < nx; i++) {
    for (int j = 0; j < ny; j++) {
      if (p->x == p->y && i != j) continue; /* x op x: one value in one piece */
      Hull h = forward_hull(f, p->op, &px[i], &py[j], p->x == p->y);
      if (h.has_value) fpi_set_add(&set, h.lo, h.hi);
      if (h.has_nan) fpi_set_add(&set, fp_key_nan(f), fp_key_nan(f));
    }
  }
  return fpi_narrow(s, f, p->z, &set);
}

static PropStatus arith_propagate(PropStore *s, Propagator *base) {
  FpArith *p = (FpArith *)base;
  if (!forward(s, p)) return PROP_FAILED;
  /* Rule 2: inverse, x then y. */
  if (!inverse(s, p, false) || !inverse(s, p, true)) return PROP_FAILED;
  /* Rule 3: relations with other values (fp_relate.c). */
  FpiView v;
  fpi_view_arith(&p->base, &v);
  if (!fpi_relate_arith(s, &v)) return PROP_FAILED;
  if (prop_is_fixed(s, p->x) && prop_is_fixed(s, p->y)) {
    if (!forward(s, p)) return PROP_FAILED;   /* the inverse may have fixed them */
    assert(prop_is_fixed(s, p->z));
    return PROP_ENTAILED;
  }
  return PROP_SUSPEND;
}

static const PropClass arith_class = {"fp_arith", arith_propagate, PROP_PRIO_NONLINEAR, false};

bool fpi_view_arith(const Propagator *base, FpiView *v) {
  if (base->cls != &arith_class) return false;
  const FpArith *p = (const FpArith *)base;
  *v = (FpiView){.kind = FPI_V_ARITH, .f = p->f, .op = p->op, .x = p->x, .y = p->y, .z = p->z};
  return true;
}

bool fp_binary(PropStore *s, const FpFormat *f, FpBinary op, PropVar x, PropVar y, PropVar z) {
  if (prop_failed(s)) return false;
  FpArith *p = prop_propagator_new(s, &arith_class, sizeof *p);
  p->f = f;
  p->op = op;
  p->x = x;
  p->y = y;
  p->z = z;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  if (y != x) prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, z, PROP_EV_DOMAIN);
  return prop_post(s, &p->base) && fpi_relate_posted(s, f, x) && (y == x || fpi_relate_posted(s, f, y));
}
