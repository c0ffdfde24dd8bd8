/* test_congruence.c - congruences modulo powers of two against brute force:
 *  - the kernel (propagate/domain.c): a fresh variable's class and the
 *    ends of int64 (the random kernel steps are test_odd_congruence.c's);
 *  - the operators (wrap, times_wrap, casts, linear ==) with random facts on
 *    their variables: brute.h's soundness, search and exactness checks, and
 *    the deductions the congruence rule guarantees: for a relation
 *    sum(b_i v_i) + c == 0 (mod 2^B), each v_i is known (prop_congruence)
 *    at least to the class that the other variables' known classes imply,
 *    computed here by enumerating residues (sets, not the rule's formula).
 */
#include "check.h"
#include "brute.h"

static uint64_t mask_of(int bits) { return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1; }
static bool in_class(int64_t v, int bits, uint64_t res) { return (((uint64_t)v ^ res) & mask_of(bits)) == 0; }

/* ---- The kernel ------------------------------------------------------------------
 * Random kernel steps (ranges, removals, power-of-two and odd facts under
 * push/pop) against brute force: tests/operators/test_odd_congruence.c,
 * kernel_random, which covers the power-of-two classes as well. */

TEST(kernel_fresh_variable) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, -10, 10);
  prop_push(s);
  CHECK(prop_restrict_congruence(s, x, 2, 3));   /* x == 3 mod 4: -9 .. 7 */
  CHECK_EQ_INT(prop_min(s, x), -9);
  CHECK_EQ_INT(prop_max(s, x), 7);
  PropVar y = prop_new_var(s, 0, 9);
  CHECK(prop_restrict_congruence(s, y, 1, 0));
  CHECK_EQ_INT(prop_max(s, y), 8);
  CHECK(!prop_restrict_congruence(s, x, 1, 0));
  prop_pop(s);
  int kb;
  uint64_t kr;
  prop_congruence(s, x, &kb, &kr);
  CHECK_EQ_INT(kb, 0);
  CHECK_EQ_INT(prop_min(s, x), -10);
  CHECK_EQ_INT(prop_max(s, x), 10);
  /* the ends near the int64 limits: no member above or below */
  PropVar z = prop_new_var(s, INT64_MAX - 2, INT64_MAX);
  CHECK(!prop_restrict_congruence(s, z, 3, 0));   /* INT64_MAX - 7 is the last multiple of 8 */
  CHECK(prop_failed(s));
  prop_store_free(s);
}

/* The members of a domain are the values of its intervals in its class:
   prop_has, prop_next and prop_prev skip the others (x = &t[k].f over
   elements of 2 cells is odd: &t[k].g between two candidates is none). */
TEST(kernel_members_in_class) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 40);
  CHECK(prop_remove_range(s, x, 20, 29));        /* [0, 19] [30, 40] */
  CHECK(prop_restrict_congruence(s, x, 2, 3));   /* x == 3 mod 4 */
  int64_t want[] = {3, 7, 11, 15, 19, 31, 35, 39}, v = 0;
  int n = 0;
  for (int64_t w = -5; w <= 45; w++) CHECK(prop_has(s, x, w) == (w >= 0 && w <= 40 && (w < 20 || w > 29) && (w & 3) == 3));
  for (bool more = prop_has(s, x, v) || prop_next(s, x, v, &v); more; more = prop_next(s, x, v, &v)) {
    CHECK(n < 8 && v == want[n]);
    n++;
  }
  CHECK_EQ_INT(n, 8);
  v = 41;
  for (n = 7; prop_prev(s, x, v, &v); n--) CHECK(n >= 0 && v == want[n]);
  CHECK_EQ_INT(n, -1);
  CHECK(prop_restrict_odd_congruence(s, x, 5, 4));   /* and x == 4 mod 5: 19, 39 */
  CHECK(prop_next(s, x, 3, &v) && v == 19);
  CHECK(prop_next(s, x, 19, &v) && v == 39);
  CHECK(!prop_next(s, x, 39, &v));
  CHECK(prop_prev(s, x, 39, &v) && v == 19);
  CHECK(!prop_has(s, x, 31) && prop_has(s, x, 39));
  prop_store_free(s);
}

/* An idempotent propagator whose own pruning snaps into a class must run
   again: v = table[i] restricts v to {18, 19} (i in {1, 2}), which the
   class "v odd" fixes to 19, and the index of 18 must then go.  (The
   element constraint of a load through &t[k].prefix, two cells per
   element, once kept the candidate t[0].len this way and read it.) */
TEST(kernel_snapped_pruning_wakes_its_propagator) {
  PropStore *s = prop_store_new();
  PropVar v = prop_new_var(s, 17, 19), i = prop_new_var(s, 0, 2), w = prop_new_var(s, 0, 100);
  CHECK(prop_restrict_congruence(s, v, 1, 1));
  int64_t where[] = {17, 18, 19};
  PropVar table[] = {prop_new_const(s, 0), prop_new_const(s, 2), prop_new_const(s, 8)};
  CHECK(op_element_const(s, v, where, 3, i) && op_element_var(s, w, table, 3, i));
  CHECK(prop_propagate(s));
  prop_push(s);
  CHECK(prop_remove(s, i, 0));
  CHECK(prop_propagate(s));
  CHECK(prop_is_fixed(s, v) && prop_value(s, v) == 19);
  CHECK(prop_is_fixed(s, i) && prop_value(s, i) == 2);
  CHECK(prop_is_fixed(s, w) && prop_value(s, w) == 8);
  prop_pop(s);
  prop_store_free(s);
}

/* ---- Operators -------------------------------------------------------------------- */

enum { O_WRAP, O_MUL, O_CAST, O_LIN };
enum { MAXFACT = 6 };

typedef struct Fact { int var, bits; uint64_t res; bool after; } Fact;

static Fact g_fact[MAXFACT];
static int g_nfact;

static int64_t ref_wrap(uint64_t u, int bits, bool sgn) {
  if (bits == 64) return (int64_t)u;
  uint64_t mask = ((uint64_t)1 << bits) - 1;
  u &= mask;
  if (sgn && (u >> (bits - 1)) & 1) u |= ~mask;
  return (int64_t)u;
}

static int64_t tlo(int bits, bool sgn) { return sgn ? -(int64_t)((uint64_t)1 << (bits - 1)) : 0; }
static int64_t thi(int bits, bool sgn) { return tlo(bits, sgn) + (int64_t)(((uint64_t)1 << bits) - 1); }

static bool post_facts(PropStore *s, const PropVar *v, bool after) {
  for (int i = 0; i < g_nfact; i++)
    if (g_fact[i].after == after && !prop_restrict_congruence(s, v[g_fact[i].var], g_fact[i].bits, g_fact[i].res))
      return false;
  return !prop_failed(s);
}

/* Systems: free variables first, the result (if any) last.  op: O_*;
   ntable terms with coef (O_WRAP, O_LIN); bits/sgn the type; bits2/sgn2 the
   source type of a cast. */
static bool op_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  if (!post_facts(s, v, false)) return false;
  bool ok = false;
  PropVar z = v[sys->n - 1];
  switch (sys->op) {
  case O_WRAP: ok = op_wrap_linear(s, sys->ntable, sys->coef, v, sys->c, z, sys->bits, sys->sgn); break;
  case O_MUL:
    ok = sys->bits == 8 ? op_c_binary(s, OP_C_MUL, (OpCType){8, sys->sgn}, v[0], (OpCType){8, sys->sgn}, v[1], z)
                        : op_times_wrap(s, v[0], v[1], z, sys->bits, sys->sgn);
    break;
  case O_CAST: ok = op_c_cast(s, (OpCType){sys->bits2, sys->sgn2}, v[0], (OpCType){sys->bits, sys->sgn}, z); break;
  case O_LIN: ok = op_linear(s, sys->ntable, sys->coef, v, OP_EQ, sys->c); break;
  }
  if (ok) ok = prop_propagate(s);
  return ok && post_facts(s, v, true);
}

static bool op_eval(const BrSys *sys, int64_t *v) {
  uint64_t e = 0;
  switch (sys->op) {
  case O_WRAP:
    e = (uint64_t)sys->c;
    for (int i = 0; i < sys->ntable; i++) e += (uint64_t)sys->coef[i] * (uint64_t)v[i];
    v[sys->n - 1] = ref_wrap(e, sys->bits, sys->sgn);
    break;
  case O_MUL: v[2] = ref_wrap((uint64_t)v[0] * (uint64_t)v[1], sys->bits, sys->sgn); break;
  case O_CAST: v[1] = ref_wrap((uint64_t)v[0], sys->bits, sys->sgn); break;
  case O_LIN: {
    __int128 sum = 0;
    for (int i = 0; i < sys->ntable; i++) sum += (__int128)sys->coef[i] * v[i];
    if (sum != sys->c) return false;
    break;
  }
  }
  for (int i = 0; i < g_nfact; i++)
    if (!in_class(v[g_fact[i].var], g_fact[i].bits, g_fact[i].res)) return false;
  return true;
}

/* ---- The guaranteed deductions (reference by enumeration of residues) -------- */

enum { RK = 8 };                 /* residues modulo 2^RK */
#define RN (1 << RK)

/* The class of variable i: its facts (posted before or after the operator),
   or its value when its domain is a single value; false when the facts
   conflict. */
static bool ref_class(const BrSys *sys, int i, int *bits, uint64_t *res) {
  *bits = 0;
  *res = 0;
  if (sys->dom[i].n == 1 && sys->dom[i].iv[0].lo == sys->dom[i].iv[0].hi) {
    *bits = 64;
    *res = (uint64_t)sys->dom[i].iv[0].lo;
  }
  for (int f = 0; f < g_nfact; f++) {
    if (g_fact[f].var != i) continue;
    int b = g_fact[f].bits < *bits ? g_fact[f].bits : *bits;
    if (((g_fact[f].res ^ *res) & mask_of(b)) != 0) return false;
    if (g_fact[f].bits > *bits) {
      *bits = g_fact[f].bits;
      *res = g_fact[f].res & mask_of(g_fact[f].bits);
    }
  }
  return true;
}

/* For sum(b[i] v[i]) + c == 0 (mod 2^B), B <= RK, with v[i] in class[i]:
   the strongest class (bits <= RK) each v[j] is confined to; false when the
   relation has no solution in the classes at all. */
static bool ref_deduce(int n, const uint64_t *b, uint64_t c, int B, const int *kb, const uint64_t *kr,
                       int *outbits, uint64_t *outres) {
  uint64_t mB = mask_of(B);
  for (int j = 0; j < n; j++) {
    static bool set[RN], next[RN];
    memset(set, 0, sizeof set);
    set[c & mB] = true;
    for (int i = 0; i < n; i++) {
      if (i == j) continue;
      memset(next, 0, sizeof next);
      int k = kb[i] < B ? kb[i] : B;
      for (uint64_t s0 = 0; s0 <= mB; s0++) {
        if (!set[s0]) continue;
        for (uint64_t t = 0; t < ((uint64_t)1 << (B - k)); t++) {
          uint64_t v = (kr[i] & mask_of(k)) + (t << k);
          next[(s0 + b[i] * v) & mB] = true;
        }
      }
      memcpy(set, next, sizeof set);
    }
    int k = kb[j] < RK ? kb[j] : RK;
    bool any = false;
    uint64_t first = 0, diff = 0;
    for (uint64_t t = 0; t < ((uint64_t)1 << (RK - k)); t++) {
      uint64_t v = (kr[j] & mask_of(k)) + (t << k);
      if (!set[(0 - b[j] * v) & mB]) continue;
      if (!any) first = v;
      diff |= v ^ first;
      any = true;
    }
    if (!any) return false;
    int eb = diff ? __builtin_ctzll(diff) : RK;
    outbits[j] = eb;
    outres[j] = first & mask_of(eb);
  }
  return true;
}

static void print_facts(void) {
  for (int f = 0; f < g_nfact; f++)
    fprintf(stderr, "    fact v%d == %" PRIu64 " mod 2^%d%s\n", g_fact[f].var,
            g_fact[f].res & mask_of(g_fact[f].bits), g_fact[f].bits, g_fact[f].after ? " (after)" : "");
}

static long g_deduced;   /* deductions checked with at least one bit */

/* Checks that posting gives at least the reference classes (and fails when
   the classes alone admit no solution).  The relation of the system is
   filled in by the caller: n variables v[idx[i]] with coefficients b. */
static bool check_deductions_once(const BrSys *sys, int n, const int *idx, const uint64_t *b, uint64_t c, int B) {
  int kb[BR_MAXV], eb[BR_MAXV];
  uint64_t kr[BR_MAXV], er[BR_MAXV];
  for (int i = 0; i < n; i++)
    if (!ref_class(sys, idx[i], &kb[i], &kr[i])) return true;   /* the facts conflict: nothing to expect */
  bool feasible = ref_deduce(n, b, c, B > RK ? RK : B, kb, kr, eb, er);
  PropVar v[BR_MAXV];
  bool posted;
  PropStore *s = br_build(sys, v, &posted);
  bool good = true;
  if (!feasible && posted) {
    br_report(sys, "the classes admit no solution, but posting did not fail", NULL);
    good = false;
  }
  for (int i = 0; i < n && good && posted; i++) {
    int gb;
    uint64_t gr;
    prop_congruence(s, v[idx[i]], &gb, &gr);
    if (gb > RK) gb = RK;
    if (eb[i] > 0) g_deduced++;
    if (gb < eb[i] || ((gr ^ er[i]) & mask_of(eb[i])) != 0) {
      char why[160];
      snprintf(why, sizeof why, "v%d known as %" PRIu64 " mod 2^%d, expected at least %" PRIu64 " mod 2^%d",
               idx[i], gr & mask_of(gb), gb, er[i], eb[i]);
      br_report(sys, why, NULL);
      print_facts();
      good = false;
    }
  }
  prop_store_free(s);
  if (!good) br_failed++;
  return good;
}

/* The deductions with the facts as drawn (some posted after the operator:
   the propagators hear of them), then with every fact posted before. */
static bool check_deductions(const BrSys *sys, int n, const int *idx, const uint64_t *b, uint64_t c, int B) {
  if (!check_deductions_once(sys, n, idx, b, c, B)) return false;
  for (int f = 0; f < g_nfact; f++) g_fact[f].after = false;
  return check_deductions_once(sys, n, idx, b, c, B);
}

/* Random facts on the system's variables; `after`: some posted after the
   operator (soundness only). */
static void random_facts(const BrSys *sys, bool after) {
  g_nfact = (int)br_range(0, MAXFACT - 2);
  for (int f = 0; f < g_nfact; f++) {
    Fact *ft = &g_fact[f];
    ft->var = (int)br_range(0, sys->nfree - 1 + (sys->n > sys->nfree && br_rand() % 3 == 0));
    ft->bits = (int)br_range(0, 6);
    ft->res = br_rand();
    ft->after = after && br_rand() % 3 == 0;
  }
}

static const int wbits[] = {3, 4, 5, 8};

static BrSys wrap_system(uint64_t seed) {
  br_seed(seed);
  BrSys sys = {.name = "wrap_linear", .seed = seed, .post = op_post, .eval = op_eval, .op = O_WRAP};
  sys.ntable = (int)br_range(1, 3);
  sys.nfree = sys.ntable;
  sys.n = sys.nfree + 1;
  sys.bits = wbits[br_rand() % 4];
  sys.sgn = br_rand() % 2;
  int maxsize = sys.nfree == 3 ? 7 : sys.nfree == 2 ? 12 : 20;
  for (int i = 0; i < sys.nfree; i++) {
    sys.dom[i] = br_rand_small(-20, 20, maxsize);
    do sys.coef[i] = br_range(-4, 4); while (sys.coef[i] == 0);   /* rule 4 divides by it */
  }
  sys.c = br_range(-10, 10);
  sys.dom[sys.n - 1] = br_interval(tlo(sys.bits, sys.sgn), thi(sys.bits, sys.sgn));
  if (br_rand() % 2) sys.dom[sys.n - 1] = br_func_domain(&sys, sys.n - 1, tlo(sys.bits, sys.sgn), thi(sys.bits, sys.sgn));
  return sys;
}

TEST(wrap_linear_random) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    BrSys sys = wrap_system(seed);
    random_facts(&sys, true);
    if (!br_check(&sys)) break;
    int idx[BR_MAXV];
    uint64_t b[BR_MAXV];
    for (int i = 0; i < sys.ntable; i++) {
      idx[i] = i;
      b[i] = (uint64_t)sys.coef[i];
    }
    idx[sys.ntable] = sys.n - 1;
    b[sys.ntable] = (uint64_t)-1;
    if (!check_deductions(&sys, sys.ntable + 1, idx, b, (uint64_t)sys.c, sys.bits)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* z = wrap(2*x + 1) is odd; z = wrap(4*x + y) with y == 3 mod 4 is 3 mod 4. */
TEST(wrap_linear_known_cases) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, -20, 20), y = prop_new_var(s, -20, 20), z = prop_new_var(s, -128, 127);
  int64_t a1[1] = {2};
  CHECK(op_wrap_linear(s, 1, a1, &x, 1, z, 3, true) && prop_propagate(s));
  int kb;
  uint64_t kr;
  prop_congruence(s, z, &kb, &kr);
  CHECK(kb >= 1 && (kr & 1) == 1);
  CHECK_EQ_INT(prop_min(s, z), -3);
  CHECK_EQ_INT(prop_max(s, z), 3);
  PropVar w = prop_new_var(s, -128, 127), xs[2] = {x, y};
  int64_t a2[2] = {4, 1};
  CHECK(op_wrap_linear(s, 2, a2, xs, 0, w, 8, false) || prop_failed(s));
  CHECK(prop_restrict_congruence(s, y, 2, 3) && prop_propagate(s));
  prop_congruence(s, w, &kb, &kr);
  CHECK(kb >= 2 && (kr & 3) == 3);
  CHECK(prop_max(s, w) % 4 == 3 && prop_min(s, w) % 4 == 3);
  prop_store_free(s);
}

static BrSys mul_system(uint64_t seed) {
  br_seed(seed);
  BrSys sys = {.name = "times_wrap", .seed = seed, .post = op_post, .eval = op_eval, .op = O_MUL};
  sys.nfree = 2;
  sys.n = 3;
  sys.bits = wbits[br_rand() % 4];
  sys.sgn = br_rand() % 2;
  int64_t lo = tlo(sys.bits, sys.sgn), hi = thi(sys.bits, sys.sgn);
  if (lo < -20) lo = -20;
  if (hi > 20) hi = 20;
  for (int i = 0; i < 2; i++) sys.dom[i] = br_rand_small(lo, hi, 12);
  if (br_rand() % 4 == 0) {   /* a constant factor */
    int64_t c = br_range(lo, hi);
    sys.dom[br_rand() % 2] = br_interval(c, c);
  }
  sys.dom[2] = br_interval(tlo(sys.bits, sys.sgn), thi(sys.bits, sys.sgn));
  if (br_rand() % 2) sys.dom[2] = br_func_domain(&sys, 2, tlo(sys.bits, sys.sgn), thi(sys.bits, sys.sgn));
  return sys;
}

static int ref_tz(int bits, uint64_t res) {
  int t = (res & mask_of(bits)) ? __builtin_ctzll(res & mask_of(bits)) : 64;
  return t < bits ? t : bits;
}

/* z = wrap(x * y) with neither factor fixed: z has (at least) the trailing
   zeros that x's and y's classes give them together. */
static bool check_product_zeros(const BrSys *sys) {
  int kx, ky;
  uint64_t rx, ry;
  if (!ref_class(sys, 0, &kx, &rx) || !ref_class(sys, 1, &ky, &ry)) return true;
  int t = ref_tz(kx, rx) + ref_tz(ky, ry);
  if (t > sys->bits) t = sys->bits;
  PropVar v[BR_MAXV];
  bool posted;
  PropStore *s = br_build(sys, v, &posted);
  int kz;
  uint64_t rz;
  prop_congruence(s, v[2], &kz, &rz);
  bool good = !posted || (kz >= t && (rz & mask_of(t)) == 0);
  if (!good) {
    char why[96];
    snprintf(why, sizeof why, "z known as %" PRIu64 " mod 2^%d, expected 0 mod 2^%d", rz & mask_of(kz), kz, t);
    br_report(sys, why, NULL);
    print_facts();
    br_failed++;
  }
  if (t > 0) g_deduced++;
  prop_store_free(s);
  return good;
}

TEST(times_wrap_random) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    BrSys sys = mul_system(seed);
    random_facts(&sys, true);
    if (!br_check(&sys)) break;
    /* a fixed factor: the relation a * y - z == 0 (mod 2^bits) */
    bool fx = sys.dom[0].n == 1 && sys.dom[0].iv[0].lo == sys.dom[0].iv[0].hi;
    bool fy = sys.dom[1].n == 1 && sys.dom[1].iv[0].lo == sys.dom[1].iv[0].hi;
    if (fx || fy) {
      int idx[2] = {fx ? 1 : 0, 2};
      uint64_t b[2] = {(uint64_t)(fx ? sys.dom[0].iv[0].lo : sys.dom[1].iv[0].lo), (uint64_t)-1};
      if (!check_deductions(&sys, 2, idx, b, 0, sys.bits)) break;
      continue;
    }
    /* otherwise: z has the trailing zeros of x and y together */
    if (!check_product_zeros(&sys)) break;
    for (int f = 0; f < g_nfact; f++) g_fact[f].after = false;
    if (!check_product_zeros(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

static BrSys cast_system(uint64_t seed) {
  static const OpCType types[] = {{8, true}, {8, false}, {16, true}, {16, false}};
  static const int64_t anchors[] = {0, 127, -128, 255, 256, -1, 300, -300};
  br_seed(seed);
  BrSys sys = {.name = "cast", .seed = seed, .post = op_post, .eval = op_eval, .op = O_CAST};
  sys.nfree = 1;
  sys.n = 2;
  OpCType from = types[br_rand() % 4], to = types[br_rand() % 4];
  sys.bits2 = from.bits;
  sys.sgn2 = from.is_signed;
  sys.bits = to.bits;
  sys.sgn = to.is_signed;
  sys.dom[0] = br_rand_anchored(anchors, 8, 12, tlo(from.bits, from.is_signed), thi(from.bits, from.is_signed), 24);
  sys.dom[1] = br_interval(tlo(to.bits, to.is_signed), thi(to.bits, to.is_signed));
  if (br_rand() % 2) sys.dom[1] = br_func_domain(&sys, 1, tlo(to.bits, to.is_signed), thi(to.bits, to.is_signed));
  return sys;
}

TEST(cast_random) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    BrSys sys = cast_system(seed);
    random_facts(&sys, true);
    if (!br_check(&sys)) break;
    int idx[2] = {0, 1};
    uint64_t b[2] = {1, (uint64_t)-1};
    if (!check_deductions(&sys, 2, idx, b, 0, sys.bits)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

static BrSys lin_system(uint64_t seed) {
  br_seed(seed);
  BrSys sys = {.name = "linear_eq", .seed = seed, .post = op_post, .eval = op_eval, .op = O_LIN};
  sys.n = sys.nfree = sys.ntable = (int)br_range(2, 4);
  int maxsize = sys.n == 4 ? 6 : sys.n == 3 ? 10 : 16;
  for (int i = 0; i < sys.n; i++) {
    sys.dom[i] = br_rand_small(-20, 20, maxsize);
    sys.coef[i] = br_range(-4, 4);
  }
  sys.c = br_range(-20, 20);
  return sys;
}

TEST(linear_eq_random) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    BrSys sys = lin_system(seed);
    random_facts(&sys, true);
    if (!br_check(&sys)) break;
    int idx[BR_MAXV];
    uint64_t b[BR_MAXV];
    for (int i = 0; i < sys.n; i++) {
      idx[i] = i;
      b[i] = (uint64_t)sys.coef[i];
    }
    if (!check_deductions(&sys, sys.n, idx, b, (uint64_t)-sys.c, 64)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* x + y == 2*k with x odd forces y odd; 2*x + 1 == 2*y fails at once. */
TEST(linear_known_cases) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, -20, 20), y = prop_new_var(s, -20, 20), k = prop_new_var(s, -20, 20);
  PropVar v[3] = {x, y, k};
  int64_t a[3] = {1, 1, -2};
  CHECK(op_linear(s, 3, a, v, OP_EQ, 0));
  CHECK(prop_restrict_congruence(s, x, 1, 1) && prop_propagate(s));
  int kb;
  uint64_t kr;
  prop_congruence(s, y, &kb, &kr);
  CHECK(kb >= 1 && (kr & 1) == 1);
  CHECK_EQ_INT(prop_min(s, y), -19);
  CHECK_EQ_INT(prop_max(s, y), 19);
  int64_t b[2] = {2, -2};
  PropVar w[2] = {x, y};
  CHECK(!op_linear(s, 2, b, w, OP_EQ, -1));
  prop_store_free(s);
  s = prop_store_new();
  x = prop_new_var(s, -20, 20);
  y = prop_new_var(s, -20, 20);
  PropVar u[2] = {x, y};
  CHECK(!(op_linear(s, 2, b, u, OP_EQ, -1) && prop_propagate(s)));
  prop_store_free(s);
}

/* Regression (linear.c): the bounds pass fixes y, after which the
   congruence rule must run again: z == 4*x + y - 21 == 0 (mod 4). */
TEST(linear_fixed_by_own_bounds) {
  PropStore *s = prop_store_new();
  PropInterval d0[] = {{-9, -9}, {0, 0}, {5, 6}, {9, 9}}, d1[] = {{-9, -9}, {12, 12}, {17, 17}};
  PropDomain D0 = {d0, 4, 4}, D1 = {d1, 3, 3};
  PropVar v[4] = {prop_new_var_domain(s, &D0), prop_new_var_domain(s, &D1), prop_new_var(s, 10, 10),
                  prop_new_var(s, 16, 20)};
  int64_t a[4] = {4, 1, -2, -1};
  CHECK(op_linear(s, 4, a, v, OP_EQ, 1) && prop_propagate(s));
  CHECK(prop_is_fixed(s, v[1]) && prop_value(s, v[1]) == 17);
  int kb;
  uint64_t kr;
  prop_congruence(s, v[3], &kb, &kr);
  CHECK(kb >= 2 && (kr & 3) == 0);
  prop_store_free(s);
}

/* Regression (times.c): once the wrapped product has one quotient it hands
   over to the exact core, which must still add up trailing zeros: x even,
   then y == 2 (mod 4) learnt later, gives z == 0 (mod 4). */
TEST(times_core_trailing_zeros) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 10), y = prop_new_var(s, 0, 10), z = prop_new_var(s, 0, 255);
  CHECK(prop_restrict_congruence(s, x, 1, 0));
  CHECK(op_times_wrap(s, x, y, z, 8, false) && prop_propagate(s));
  int kb;
  uint64_t kr;
  prop_congruence(s, z, &kb, &kr);
  CHECK(kb >= 1 && (kr & 1) == 0);
  CHECK(prop_restrict_congruence(s, y, 2, 2) && prop_propagate(s));
  prop_congruence(s, z, &kb, &kr);
  CHECK(kb >= 2 && (kr & 3) == 0);
  prop_store_free(s);
}

/* op_congruent against enumeration: random intervals, a random fact on
   x, x == y (mod 2^m); no pair in relation is lost, and once x is fixed
   every y left is in x's class (the ends of y's domain are). */
TEST(congruent_random) {
  int bad = 0;
  for (uint64_t seed = 1; seed <= 2000 && !bad; seed++) {
    br_seed(seed);
    int m = 1 + (int)(br_rand() % 3), fb = (int)(br_rand() % 4);
    int64_t xl = (int64_t)(br_rand() % 41) - 20, yl = (int64_t)(br_rand() % 41) - 20;
    int64_t xh = xl + (int64_t)(br_rand() % 20), yh = yl + (int64_t)(br_rand() % 20);
    uint64_t fr = br_rand() % 16;
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, xl, xh), y = prop_new_var(s, yl, yh);
    bool ok = (fb == 0 || prop_restrict_congruence(s, x, fb, fr & mask_of(fb))) && op_congruent(s, x, y, m) &&
              prop_propagate(s);
    for (int64_t vx = xl; vx <= xh; vx++)
      for (int64_t vy = yl; vy <= yh; vy++) {
        if ((fb && !in_class(vx, fb, fr & mask_of(fb))) || !in_class(vx - vy, m, 0)) continue;
        if (!ok || !prop_has(s, x, vx) || !prop_has(s, y, vy)) bad = 1;
      }
    if (ok && !bad) {
      int64_t v = prop_min(s, x);
      prop_push(s);
      if (prop_fix(s, x, v) && prop_propagate(s))
        bad |= !in_class(prop_min(s, y) - v, m, 0) || !in_class(prop_max(s, y) - v, m, 0);
      prop_pop(s);
    }
    if (bad) fprintf(stderr, "congruent seed %llu: wrong\n", (unsigned long long)seed);
    prop_store_free(s);
  }
  CHECK(!bad);
}

int main(void) {
  RUN(kernel_fresh_variable);
  RUN(kernel_members_in_class);
  RUN(kernel_snapped_pruning_wakes_its_propagator);
  RUN(wrap_linear_random);
  RUN(wrap_linear_known_cases);
  RUN(times_wrap_random);
  RUN(cast_random);
  RUN(linear_eq_random);
  RUN(linear_known_cases);
  RUN(linear_fixed_by_own_bounds);
  RUN(times_core_trailing_zeros);
  RUN(congruent_random);
  fprintf(stderr, "%ld systems checked, %ld deductions with a known bit checked\n", br_checked, g_deduced);
  return check_summary();
}
