/* modular.h - arithmetic modulo an odd number, shared by the store's odd
 * congruences (propagate/domain.c) and the rules that deduce them
 * (operators/arith/congruence.c).  Moduli stay below 2^31, so every product
 * of two residues fits in 64 bits.  Pure static inline helpers.
 */
#ifndef INKA_MODULAR_H
#define INKA_MODULAR_H

#include <assert.h>
#include <stdint.h>

/* The largest odd modulus a variable carries: lcms beyond it are dropped
   (the stronger of the two facts is kept, which is sound). */
#define MOD_ODD_MAX ((uint64_t)0x7fffffff)

static inline uint64_t mod_gcd(uint64_t a, uint64_t b) {
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* x mod m in [0, m), m >= 1: the mathematical residue, also of a negative x. */
static inline uint64_t mod_of(int64_t x, uint64_t m) {
  assert(m >= 1);
  __int128 r = (__int128)x % (__int128)m;
  return (uint64_t)(r < 0 ? r + (__int128)m : r);
}

/* The inverse of a modulo m (gcd(a, m) == 1, 1 <= m <= MOD_ODD_MAX), by the
   extended Euclidean algorithm. */
static inline uint64_t mod_inverse(uint64_t a, uint64_t m) {
  assert(m >= 1 && m <= MOD_ODD_MAX);
  int64_t r0 = (int64_t)m, r1 = (int64_t)(a % m), s0 = 0, s1 = 1;
  while (r1) {
    int64_t q = r0 / r1, t = r0 - q * r1;
    r0 = r1;
    r1 = t;
    t = s0 - q * s1;
    s0 = s1;
    s1 = t;
  }
  assert(r0 == 1 || m == 1);
  return mod_of(s0, m);
}

/* The x in [0, lcm(m1, m2)) with x == r1 (mod m1) and x == r2 (mod m2),
   for residues that agree modulo gcd(m1, m2) (r1 < m1, r2 < m2), when the
   lcm divided by m1 is at most MOD_ODD_MAX and the lcm fits 62 bits: the
   Chinese remainder theorem, x = r1 + m1 * k. */
static inline uint64_t mod_crt(uint64_t r1, uint64_t m1, uint64_t r2, uint64_t m2) {
  uint64_t g = mod_gcd(m1, m2), step = m2 / g; /* k is known modulo step */
  assert(r1 % g == r2 % g && step <= MOD_ODD_MAX);
  uint64_t diff = mod_of((int64_t)r2 - (int64_t)(r1 % m2), m2) / g;
  uint64_t k = diff % step * mod_inverse(m1 / g % step, step) % step;
  return r1 + m1 * k;
}

/* The odd part of a (a >= 1). */
static inline uint64_t mod_odd_part(uint64_t a) {
  assert(a >= 1);
  while ((a & 1) == 0) a >>= 1;
  return a;
}

#endif
