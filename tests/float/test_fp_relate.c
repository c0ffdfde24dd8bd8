/* test_fp_relate.c - the relational float rules (operators/float/fp_relate.c)
 * against brute force.
 *
 * Tiny formats (3/3: 59 keys, 4/3: 115 keys): small systems shaped like
 * the programs the rules are for -- (x op c) op' c against x, x + y against
 * x, fl(x - c) against fl(y - c) under x <= y, (x - c) / (y - c) under
 * c <= x <= y, (int)fl(x + c) against (int)x -- with random operations,
 * relations, outcomes and operand domains (NaN, infinities and zeros
 * included).  Every tuple of the input box is evaluated with fp_eval_*;
 * after posting and propagating, every solution must still be in the
 * domains, and a failed store must have none.  The systems the rules
 * refute are counted (the rules must fire, not only stay sound).
 *
 * binary32: (x * c) / c, (x + c) - c and (x - c) + c against x for random
 * ranges and constants; when propagation refutes "!= x", 20000 random
 * values of the range are checked on the hardware.
 */
#include <string.h>

#include "check.h"
#include "operators/brute.h"
#include "inka/fp.h"

enum { NIN = 3, MAXV = 16 };

/* A step: ARITH z = v[a] op v[b]; TOINT z = (signed char)v[a];
   CMP v[a] rel v[b] is `bit` (FCMP on floats, ICMP on integers). */
typedef enum { S_ARITH, S_TOINT, S_FCMP, S_ICMP } StepKind;
typedef struct Step {
  StepKind kind;
  int a, b, op, rel, bit;
} Step;

typedef struct Sys {
  const FpFormat *f;
  int64_t lo[NIN], hi[NIN];      /* input key boxes */
  int64_t cval;                  /* v[NIN]: a constant */
  Step st[8];
  int n;
} Sys;

static const OpCType int8 = {8, true};

/* Evaluates the steps on one input tuple; false when a constraint fails or
   a conversion is undefined. */
static bool eval(const Sys *sys, const int64_t *in, int64_t *v) {
  const FpFormat *f = sys->f;
  memcpy(v, in, NIN * sizeof *v);
  v[NIN] = sys->cval;
  int k = NIN + 1;
  for (int i = 0; i < sys->n; i++) {
    const Step *s = &sys->st[i];
    switch (s->kind) {
    case S_ARITH: v[k++] = fp_eval_binary(f, (FpBinary)s->op, v[s->a], v[s->b]); break;
    case S_TOINT:
      if (!fp_eval_to_int(f, v[s->a], int8, &v[k])) return false;
      k++;
      break;
    case S_FCMP:
      if (fp_eval_compare(f, (OpRel)s->rel, v[s->a], v[s->b]) != (bool)s->bit) return false;
      break;
    case S_ICMP: {
      int64_t x = v[s->a], y = v[s->b];
      bool r = false;
      switch ((OpRel)s->rel) {
      case OP_EQ: r = x == y; break;
      case OP_NE: r = x != y; break;
      case OP_LT: r = x < y; break;
      case OP_LE: r = x <= y; break;
      case OP_GT: r = x > y; break;
      case OP_GE: r = x >= y; break;
      }
      if (r != (bool)s->bit) return false;
      break;
    }
    }
  }
  return true;
}

static int value_count(const Sys *sys) {
  int k = NIN + 1;
  for (int i = 0; i < sys->n; i++) k += sys->st[i].kind == S_ARITH || sys->st[i].kind == S_TOINT;
  return k;
}

/* Posts the system (in order); false if posting failed. */
static bool post(PropStore *s, const Sys *sys, PropVar *v) {
  const FpFormat *f = sys->f;
  for (int i = 0; i < NIN; i++) v[i] = prop_new_var(s, sys->lo[i], sys->hi[i]);
  v[NIN] = fp_const(s, f, sys->cval);
  int k = NIN + 1;
  for (int i = 0; i < sys->n; i++) {
    const Step *st = &sys->st[i];
    bool ok = true;
    switch (st->kind) {
    case S_ARITH:
      v[k] = fp_var(s, f);
      ok = fp_binary(s, f, (FpBinary)st->op, v[st->a], v[st->b], v[k]);
      k++;
      break;
    case S_TOINT: {
      PropVar d = prop_new_var(s, 0, 1);
      v[k] = prop_new_var(s, -128, 127);
      ok = fp_to_int_defined(s, f, v[st->a], int8, d) && prop_fix(s, d, 1) &&
           fp_to_int(s, f, v[st->a], int8, v[k]);
      k++;
      break;
    }
    case S_FCMP: {
      PropVar b = prop_new_var(s, 0, 1);
      ok = fp_compare(s, f, (OpRel)st->rel, v[st->a], v[st->b], b) && prop_fix(s, b, st->bit);
      break;
    }
    case S_ICMP: {
      PropVar b = prop_new_var(s, 0, 1);
      ok = op_reify(s, b, v[st->a], (OpRel)st->rel, v[st->b]) && prop_fix(s, b, st->bit);
      break;
    }
    }
    if (!ok || !prop_propagate(s)) return false;
  }
  return true;
}

static int64_t rand_in(const FpFormat *f) { return br_range(fp_key_neg(f->inf_key), fp_key_nan(f)); }

static void rand_box(const FpFormat *f, int64_t *lo, int64_t *hi, bool finite_pos) {
  int64_t a, b;
  if (finite_pos) {
    a = br_range(1, f->inf_key - 1);
    b = br_range(1, f->inf_key - 1);
  } else if (br_rand() % 3 == 0) {   /* a finite window */
    a = br_range(fp_key_neg(f->inf_key) + 1, f->inf_key - 1);
    b = br_range(fp_key_neg(f->inf_key) + 1, f->inf_key - 1);
  } else {
    a = rand_in(f);
    b = rand_in(f);
  }
  *lo = a < b ? a : b;
  *hi = a < b ? b : a;
}

static Step arith(int op, int a, int b) { return (Step){S_ARITH, a, b, op, 0, 0}; }
static Step fcmp(int rel, int a, int b, int bit) { return (Step){S_FCMP, a, b, 0, rel, bit}; }

/* The templates; t is the first computed value's index (NIN + 1). */
static Sys make(const FpFormat *f, int tpl) {
  Sys sys = {.f = f};
  for (int i = 0; i < NIN; i++) rand_box(f, &sys.lo[i], &sys.hi[i], false);
  sys.cval = br_rand() % 2 ? rand_in(f) : br_range(1, f->inf_key - 1) * (br_rand() % 2 ? 1 : -1);
  const int X = 0, Y = 1, C = NIN, T = NIN + 1;
  int op = (int)br_range(0, 3), rel = (int)br_range(0, 5), bit = (int)br_range(0, 1);
  static const int inv[4] = {FP_SUB, FP_ADD, FP_DIV, FP_MUL};
  switch (tpl) {
  case 0:   /* (x op c) op' c rel x */
    sys.st[sys.n++] = arith(op, X, C);
    sys.st[sys.n++] = br_rand() % 2 && (inv[op] == FP_ADD || inv[op] == FP_MUL) ? arith(inv[op], C, T)
                                                                                : arith(inv[op], T, C);
    sys.st[sys.n++] = fcmp(rel, T + 1, X, bit);
    break;
  case 1:   /* x +- y rel x */
    sys.st[sys.n++] = arith(br_range(0, 1), X, Y);
    sys.st[sys.n++] = fcmp(rel, T, X, bit);
    break;
  case 2:   /* x rel1 y; (x op c) rel (y op c) */
    sys.st[sys.n++] = fcmp((int)br_range(0, 5), X, Y, 1);
    if (br_rand() % 2) {
      sys.st[sys.n++] = arith(op, X, C);
      sys.st[sys.n++] = arith(op, Y, C);
    } else {
      sys.st[sys.n++] = arith(op, C, X);
      sys.st[sys.n++] = arith(op, C, Y);
    }
    sys.st[sys.n++] = fcmp(rel, T, T + 1, bit);
    break;
  case 3:   /* x rel1 y; x - y rel c */
    sys.st[sys.n++] = fcmp((int)br_range(2, 5), X, Y, 1);
    sys.st[sys.n++] = arith(FP_SUB, X, Y);
    sys.st[sys.n++] = fcmp(rel, T, C, bit);
    break;
  case 4:   /* c <= x <= y: (x - c) / (y - c) rel one of the inputs */
    sys.st[sys.n++] = fcmp(br_rand() % 2 ? OP_LE : OP_LT, C, X, 1);
    sys.st[sys.n++] = fcmp(br_rand() % 2 ? OP_LE : OP_LT, X, Y, 1);
    sys.st[sys.n++] = arith(FP_SUB, X, C);
    sys.st[sys.n++] = arith(FP_SUB, Y, C);
    sys.st[sys.n++] = arith(FP_DIV, T, T + 1);
    sys.st[sys.n++] = fcmp(rel, T + 2, 2, bit);
    break;
  case 5:   /* (int)(x op c) rel (int)x */
    sys.st[sys.n++] = arith(op, X, C);
    sys.st[sys.n++] = (Step){S_TOINT, T, 0, 0, 0, 0};
    sys.st[sys.n++] = (Step){S_TOINT, X, 0, 0, 0, 0};
    sys.st[sys.n++] = (Step){S_ICMP, T + 1, T + 2, 0, rel, bit};
    break;
  case 6:   /* x rel1 y; (int)x rel (int)y */
    sys.st[sys.n++] = fcmp((int)br_range(0, 5), X, Y, 1);
    sys.st[sys.n++] = (Step){S_TOINT, X, 0, 0, 0, 0};
    sys.st[sys.n++] = (Step){S_TOINT, Y, 0, 0, 0, 0};
    sys.st[sys.n++] = (Step){S_ICMP, T, T + 1, 0, rel, bit};
    break;
  }
  return sys;
}

enum { TEMPLATES = 7 };
static int refuted[TEMPLATES], systems[TEMPLATES];

/* One system: soundness of propagation against every tuple of the box. */
static bool check_system(const Sys *sys, int tpl) {
  int nv = value_count(sys);
  PropStore *s = prop_store_new();
  PropVar v[MAXV];
  bool posted = post(s, sys, v);
  bool ok = true;
  int64_t in[NIN], val[MAXV];
  int solutions = 0;
  for (in[0] = sys->lo[0]; in[0] <= sys->hi[0] && ok; in[0]++)
    for (in[1] = sys->lo[1]; in[1] <= sys->hi[1] && ok; in[1]++)
      for (in[2] = sys->lo[2]; in[2] <= sys->hi[2] && ok; in[2]++) {
        if (!eval(sys, in, val)) continue;
        solutions++;
        if (!posted) {
          ok = false;
          break;
        }
        for (int i = 0; i < nv; i++)
          if (!prop_has(s, v[i], val[i])) ok = false;
      }
  systems[tpl]++;
  if (!posted) refuted[tpl]++;
  if (!ok) {
    fprintf(stderr, "template %d (%d solutions) lost a solution:", tpl, solutions);
    fprintf(stderr, " x[%lld,%lld] y[%lld,%lld] z[%lld,%lld] c=%lld steps", (long long)sys->lo[0],
            (long long)sys->hi[0], (long long)sys->lo[1], (long long)sys->hi[1], (long long)sys->lo[2],
            (long long)sys->hi[2], (long long)sys->cval);
    for (int i = 0; i < sys->n; i++)
      fprintf(stderr, " (%d %d %d op%d rel%d bit%d)", sys->st[i].kind, sys->st[i].a, sys->st[i].b,
              sys->st[i].op, sys->st[i].rel, sys->st[i].bit);
    fprintf(stderr, "\n");
  }
  prop_store_free(s);
  return ok;
}

static FpFormat tiny[2];

TEST(tiny_systems_keep_every_solution) {
  br_seed(7);
  for (int tpl = 0; tpl < TEMPLATES; tpl++) {
    for (int i = 0; i < 800; i++) {
      Sys sys = make(&tiny[i % 2], tpl);
      /* keep the boxes small enough to enumerate */
      for (int k = 0; k < 2; k++)
        if (sys.hi[k] - sys.lo[k] > 24) sys.lo[k] = br_range(sys.lo[k], sys.hi[k] - 24), sys.hi[k] = sys.lo[k] + 24;
      if (sys.hi[2] - sys.lo[2] > 6 || tpl != 4) sys.hi[2] = sys.lo[2] + (tpl == 4 ? 6 : 0);
      if (!check_system(&sys, tpl)) {
        CHECK(false);
        return;
      }
    }
  }
  for (int tpl = 0; tpl < TEMPLATES; tpl++)
    fprintf(stderr, "template %d: %d of %d systems refuted\n", tpl, refuted[tpl], systems[tpl]);
}

/* The rules fire: (x * 2) / 2 != x, fl(x + 0.5) < x and the ratio above 1
   are refuted for finite boxes without labeling. */
TEST(tiny_rules_refute) {
  const FpFormat *f = &tiny[1];
  int64_t two = fp_key_of_double(f, 2.0), half = fp_key_of_double(f, 0.5), one = fp_key_of_double(f, 1.0);
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 1, f->inf_key / 4), c = fp_const(s, f, two);
  PropVar w = fp_var(s, f), z = fp_var(s, f), b = prop_new_var(s, 0, 1);
  CHECK(fp_binary(s, f, FP_MUL, x, c, w) && fp_binary(s, f, FP_DIV, w, c, z));
  CHECK(!(fp_compare(s, f, OP_NE, z, x, b) && prop_fix(s, b, 1) && prop_propagate(s)));
  prop_store_free(s);

  s = prop_store_new();
  x = prop_new_var(s, fp_key_neg(f->inf_key) + 1, f->inf_key - 1);
  c = fp_const(s, f, half);
  z = fp_var(s, f);
  b = prop_new_var(s, 0, 1);
  CHECK(fp_binary(s, f, FP_ADD, x, c, z));
  CHECK(!(fp_compare(s, f, OP_LT, z, x, b) && prop_fix(s, b, 1) && prop_propagate(s)));
  prop_store_free(s);

  s = prop_store_new();
  PropVar lo = prop_new_var(s, -f->inf_key / 2, f->inf_key / 2), v = prop_new_var(s, -f->inf_key / 2, f->inf_key / 2);
  PropVar hi = prop_new_var(s, -f->inf_key / 2, f->inf_key / 2), b1 = prop_new_var(s, 0, 1), b2 = prop_new_var(s, 0, 1);
  PropVar d1 = fp_var(s, f), d2 = fp_var(s, f), q = fp_var(s, f), o = fp_const(s, f, one);
  CHECK(fp_compare(s, f, OP_LE, lo, v, b1) && prop_fix(s, b1, 1) && fp_compare(s, f, OP_LT, v, hi, b2) &&
        prop_fix(s, b2, 1));
  CHECK(fp_binary(s, f, FP_SUB, v, lo, d1) && fp_binary(s, f, FP_SUB, hi, lo, d2) && fp_binary(s, f, FP_DIV, d1, d2, q));
  CHECK(prop_max(s, q) <= one);
  b = prop_new_var(s, 0, 1);
  CHECK(!(fp_compare(s, f, OP_GT, q, o, b) && prop_fix(s, b, 1) && prop_propagate(s)));
  prop_store_free(s);
}

static float kf(int64_t k) {
  uint32_t bits = (uint32_t)fp_key_to_bits(&fp_binary32, k);
  float r;
  memcpy(&r, &bits, 4);
  return r;
}

/* binary32: refutations of op' (op (x, c), c) != x are checked by sampling. */
TEST(binary32_exact_inverses_sampled) {
  const FpFormat *f = &fp_binary32;
  br_seed(11);
  int refutations = 0;
  for (int i = 0; i < 400; i++) {
    int op = (int)br_range(0, 3);
    static const int inv[4] = {FP_SUB, FP_ADD, FP_DIV, FP_MUL};
    int64_t lo = br_range(fp_key_neg(f->inf_key - 1), f->inf_key - 1);
    int64_t hi = lo + br_range(0, (int64_t)1 << br_range(0, 31));
    if (hi > f->inf_key - 1) hi = f->inf_key - 1;
    double cs[] = {2.0, 0.5, 1.0, 3.0, 0.1, 1024.0, -4.0, 1e30, 0x1p-120};
    double cd = cs[br_range(0, 8)];
    if (op < 2 && br_rand() % 2) cd = (double)kf(br_range(1, f->inf_key - 1));
    int64_t ck = fp_key_of_double(f, (double)(float)cd);
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, lo, hi), c = fp_const(s, f, ck), w = fp_var(s, f), z = fp_var(s, f);
    PropVar b = prop_new_var(s, 0, 1);
    bool alive = fp_binary(s, f, (FpBinary)op, x, c, w) && fp_binary(s, f, (FpBinary)inv[op], w, c, z) &&
                 fp_compare(s, f, OP_NE, z, x, b) && prop_fix(s, b, 1) && prop_propagate(s);
    prop_store_free(s);
    if (alive) continue;
    refutations++;
    volatile float c32 = kf(ck);
    for (int j = 0; j < 20000; j++) {
      volatile float x32 = kf(br_range(lo, hi)), w32, z32;
      switch (op) {
      case FP_ADD: w32 = x32 + c32; z32 = w32 - c32; break;
      case FP_SUB: w32 = x32 - c32; z32 = w32 + c32; break;
      case FP_MUL: w32 = x32 * c32; z32 = w32 / c32; break;
      default: w32 = x32 / c32; z32 = w32 * c32; break;
      }
      if (z32 != x32) {
        fprintf(stderr, "refuted but x = %a, c = %a, op %d gives %a\n", (double)x32, (double)c32, op, (double)z32);
        CHECK(false);
        return;
      }
    }
  }
  fprintf(stderr, "binary32: %d of 400 refuted (each sampled)\n", refutations);
  CHECK(refutations > 20);
}

/* (narrow)(widen(x) op widen(c)) against x op c in the narrow format:
   equal when the wide operation is exact (fp_relate.c rule 6).  Narrow
   formats 2/3 and 3/3, wide 6/4 and 7/4; every x of the box. */
TEST(tiny_double_rounding) {
  br_seed(5);
  FpFormat nf[2] = {fp_format(2, 3), fp_format(3, 3)}, wf[2] = {fp_format(6, 4), fp_format(7, 4)};
  int refutations = 0;
  for (int i = 0; i < 3000; i++) {
    const FpFormat *n = &nf[i % 2], *w = &wf[(i / 2) % 2];
    int op = (int)br_range(0, 2), rel = (int)br_range(0, 5), bit = (int)br_range(0, 1);
    int64_t lo, hi, ck = rand_in(n);
    rand_box(n, &lo, &hi, false);
    bool swapped = br_rand() % 2;
    PropStore *s = prop_store_new();
    PropVar x = prop_new_var(s, lo, hi), c = fp_const(s, n, ck), cw = fp_const(s, w, fp_eval_convert(n, ck, w));
    PropVar d = fp_var(s, w), t = fp_var(s, w), z1 = fp_var(s, n), z2 = fp_var(s, n), b = prop_new_var(s, 0, 1);
    bool alive = fp_convert(s, n, x, w, d) &&
                 (swapped ? fp_binary(s, w, (FpBinary)op, cw, d, t) : fp_binary(s, w, (FpBinary)op, d, cw, t)) &&
                 fp_convert(s, w, t, n, z1) && fp_binary(s, n, (FpBinary)op, x, c, z2) &&
                 fp_compare(s, n, (OpRel)rel, z1, z2, b) && prop_fix(s, b, bit) && prop_propagate(s);
    if (!alive) refutations++;
    for (int64_t k = lo; k <= hi; k++) {
      int64_t dk = fp_eval_convert(n, k, w), cwk = fp_eval_convert(n, ck, w);
      int64_t tk = swapped ? fp_eval_binary(w, (FpBinary)op, cwk, dk) : fp_eval_binary(w, (FpBinary)op, dk, cwk);
      int64_t a = fp_eval_convert(w, tk, n), bb = fp_eval_binary(n, (FpBinary)op, k, ck);
      if (fp_eval_compare(n, (OpRel)rel, a, bb) != (bool)bit) continue;
      if (!alive || !prop_has(s, x, k) || !prop_has(s, z1, a) || !prop_has(s, z2, bb)) {
        fprintf(stderr, "double rounding: lost x key %lld (op %d, c key %lld, rel %d, bit %d)\n", (long long)k, op,
                (long long)ck, rel, bit);
        CHECK(false);
        prop_store_free(s);
        return;
      }
    }
    prop_store_free(s);
  }
  fprintf(stderr, "double rounding: %d of 3000 refuted\n", refutations);
}

int main(void) {
  tiny[0] = fp_format(3, 3);
  tiny[1] = fp_format(4, 3);
  RUN(tiny_systems_keep_every_solution);
  RUN(tiny_rules_refute);
  RUN(binary32_exact_inverses_sampled);
  RUN(tiny_double_rounding);
  return check_summary();
}
