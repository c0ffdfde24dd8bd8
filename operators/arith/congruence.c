/* congruence.c - what a linear relation says modulo a power of two:
 * op_congruence_sum posts nothing, it narrows the congruences of the
 * variables of sum(a_i * x_i) + c == 0 (mod 2^bits) once, and is called by
 * the propagators of such relations (the wrapping add, sub, casts and
 * constant products of C in wrap.c and times.c, exact linear equalities in
 * linear.c, which hold modulo 2^64 too).
 *
 * Each term a_i * x_i is known modulo 2^(k_i + tz(a_i)) when x_i is known
 * modulo 2^k_i (tz: trailing zeros; a fixed x_i is known modulo 2^64).  For
 * each j, the other terms and c are then known modulo 2^M (M the least of
 * their moduli and bits), so a_j * x_j == -(rest) (mod 2^M).  With a_j =
 * 2^t * u, u odd: rest must be 0 modulo 2^min(t, M), and x_j == u^-1 *
 * (-rest / 2^t) modulo 2^(M - t).  This is how `2 * x + 1 == 2 * y` fails at
 * the root: the left side is odd, the right side even.
 *
 * op_congruence_product does the same for z == x * y (mod 2^bits): a fixed
 * factor makes it a sum; otherwise z has at least the trailing zeros of x
 * and y together.
 *
 * Never: divide by an even number modulo 2^M (only the odd part is
 * inverted), or claim more bits than every term is known to.
 */
#include <assert.h>
#include "inka/arith.h"
#include "arith_wide.h"
#include "inka/modular.h"

static int trailing_zeros(uint64_t a) { return a ? __builtin_ctzll(a) : 64; }
static uint64_t low_mask(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }

/* The inverse of an odd u modulo 2^64 (Newton: each step doubles the bits). */
static uint64_t odd_inverse(uint64_t u) {
  uint64_t inv = u; /* correct to 3 bits */
  for (int i = 0; i < 5; i++) inv *= 2 - u * inv;
  return inv;
}

bool op_congruence_sum(PropStore *s, int n, const uint64_t *a, const PropVar *x, uint64_t c, int bits) {
  enum { MAX_TERMS = 8 };
  if (n > MAX_TERMS) return true; /* long sums: nothing deduced */
  int known[MAX_TERMS];
  uint64_t term[MAX_TERMS];
  for (int i = 0; i < n; i++) {
    int kb;
    uint64_t r;
    prop_congruence(s, x[i], &kb, &r);
    int k = kb + trailing_zeros(a[i]);
    known[i] = k > 64 ? 64 : k;
    term[i] = a[i] * r;
  }
  for (int j = 0; j < n; j++) {
    int m = bits;
    uint64_t rest = c;
    for (int i = 0; i < n; i++)
      if (i != j) {
        if (known[i] < m) m = known[i];
        rest += term[i];
      }
    if (m <= 0) continue;
    uint64_t rhs = (0 - rest) & low_mask(m); /* a_j * x_j mod 2^m */
    int t = trailing_zeros(a[j]);
    if (t >= m) {
      if (rhs != 0) return arith_fail(s); /* a_j x_j is 0 mod 2^m */
      continue;
    }
    if ((rhs & low_mask(t)) != 0) return arith_fail(s);
    uint64_t res = odd_inverse(a[j] >> t) * (rhs >> t);
    if (!prop_restrict_congruence(s, x[j], m - t, res & low_mask(m - t))) return false;
  }
  return !prop_failed(s);
}

/* ---- Odd moduli --------------------------------------------------------------------
 * An exact equality sum(a_i * x_i) == c also holds modulo every odd m.
 * Each term is known modulo |a_i| * m_i when x_i == r_i (mod m_i) (a fixed
 * x_i exactly: it adds nothing to the modulus).  For each unfixed x_j, G is
 * the odd part of the gcd of the other terms' moduli, so
 * a_j * x_j == c - sum(a_i * r_i) (mod G); with d = gcd(a_j, G) the right
 * side must be a multiple of d, and x_j == (rhs / d) * (a_j / d)^-1
 * (mod G / d).  This is how 5x == 3y makes x a multiple of 3 and y one of
 * 5. */
static uint64_t term_modulus(uint64_t a, uint64_t m) { return m == 0 ? 0 : mod_odd_part(a) * m; }

bool op_odd_congruence_sum(PropStore *s, int n, const prop_wide *a, const PropVar *x, prop_wide c) {
  enum { MAX_TERMS = 8 };
  if (n > MAX_TERMS) return true;
  uint64_t mod[MAX_TERMS], res[MAX_TERMS], abs_a[MAX_TERMS];
  bool odd = false; /* some term is known modulo an odd number > 1: else nothing to deduce */
  for (int i = 0; i < n; i++) {
    if (a[i] == 0 || wabs(a[i]) > (prop_wide)MOD_ODD_MAX) return true;
    abs_a[i] = (uint64_t)wabs(a[i]);
    prop_odd_congruence(s, x[i], &mod[i], &res[i]);
    odd |= term_modulus(abs_a[i], mod[i]) > 1 && mod_odd_part(term_modulus(abs_a[i], mod[i])) > 1;
  }
  if (!odd) return true;
  for (int j = 0; j < n; j++) {
    if (mod[j] == 0) continue; /* fixed */
    uint64_t g = 0;
    for (int i = 0; i < n && g != 1; i++)
      if (i != j) g = mod_gcd(g, term_modulus(abs_a[i], mod[i]));
    if (g == 0) continue; /* the others are fixed: bounds fix x_j */
    g = mod_odd_part(g);
    if (g == 1) continue;
    prop_wide rhs = wmod(c, (prop_wide)g);
    for (int i = 0; i < n; i++)
      if (i != j) {
        prop_wide r = mod[i] == 0 ? wmod((prop_wide)(int64_t)res[i], (prop_wide)g) : (prop_wide)res[i];
        rhs = wmod(rhs - wmod(a[i], (prop_wide)g) * r, (prop_wide)g);
      }
    uint64_t aj = (uint64_t)wmod(a[j], (prop_wide)g), d = mod_gcd(aj, g);
    if (rhs % (prop_wide)d != 0) return arith_fail(s);
    uint64_t m = g / d;
    if (m == 1 || m > MOD_ODD_MAX) continue;
    uint64_t r = (uint64_t)(rhs / (prop_wide)d) % m * mod_inverse((aj / d) % m, m) % m;
    if (!prop_restrict_odd_congruence(s, x[j], m, r)) return false;
  }
  return !prop_failed(s);
}

/* x - y == m * q for an unknown q: each side's class modulo gcd(m, its
   modulus) crosses over. */
bool op_odd_congruent(PropStore *s, PropVar x, PropVar y, uint64_t m) {
  if (m <= 1 || m > MOD_ODD_MAX) return true;
  PropVar v[2] = {x, y};
  uint64_t mod[2], res[2];
  for (int i = 0; i < 2; i++) prop_odd_congruence(s, v[i], &mod[i], &res[i]);
  for (int j = 0; j < 2; j++) {
    int i = 1 - j;
    if (mod[j] == 0) continue;
    uint64_t g = mod[i] == 0 ? m : mod_gcd(m, mod[i]);
    if (g == 1) continue;
    uint64_t r = mod[i] == 0 ? mod_of((int64_t)res[i], g) : res[i] % g;
    if (!prop_restrict_odd_congruence(s, v[j], g, r)) return false;
  }
  return !prop_failed(s);
}

/* Trailing zeros that every value of x surely has (its congruence). */
static int known_trailing_zeros(const PropStore *s, PropVar x) {
  int kb;
  uint64_t r;
  prop_congruence(s, x, &kb, &r);
  int t = trailing_zeros(r & low_mask(kb));
  return t < kb ? t : kb;
}

bool op_congruence_product(PropStore *s, PropVar x, PropVar y, PropVar z, int bits) {
  if (prop_is_fixed(s, x) || prop_is_fixed(s, y)) { /* a constant factor: a linear term */
    bool xf = prop_is_fixed(s, x);
    uint64_t a[2] = {(uint64_t)prop_value(s, xf ? x : y), (uint64_t)-1};
    PropVar v[2] = {xf ? y : x, z};
    return op_congruence_sum(s, 2, a, v, 0, bits);
  }
  int t = known_trailing_zeros(s, x) + known_trailing_zeros(s, y);
  if (t > bits) t = bits;
  return t == 0 || prop_restrict_congruence(s, z, t, 0);
}

/* ---- x == y (mod 2^bits), kept ------------------------------------------------------
 * A propagator, not a one-shot narrowing: whatever either side learns of
 * its residue later (a remainder, a parity test after the loop) crosses
 * over.  Posts no linear row, so elimination and the relaxation are not
 * burdened with the multiple of 2^bits that an equality would need. */
typedef struct Congruent {
  Propagator base;
  PropVar x, y;
  int bits;
} Congruent;

static PropStatus congruent_propagate(PropStore *s, Propagator *base) {
  Congruent *p = (Congruent *)base;
  static const uint64_t a[2] = {1, (uint64_t)-1};
  PropVar v[2] = {p->x, p->y};
  if (!op_congruence_sum(s, 2, a, v, 0, p->bits)) return PROP_FAILED;
  return prop_is_fixed(s, p->x) && prop_is_fixed(s, p->y) ? PROP_ENTAILED : PROP_SUSPEND;
}

static const PropClass congruent_class = {"x==y mod 2^k", congruent_propagate, PROP_PRIO_LINEAR, false};

bool op_congruent(PropStore *s, PropVar x, PropVar y, int bits) {
  assert(bits > 0 && bits <= 64);
  Congruent *p = prop_propagator_new(s, &congruent_class, sizeof *p);
  p->x = x;
  p->y = y;
  p->bits = bits;
  prop_subscribe(s, &p->base, x, PROP_EV_DOMAIN);
  prop_subscribe(s, &p->base, y, PROP_EV_DOMAIN);
  return prop_post(s, &p->base);
}
