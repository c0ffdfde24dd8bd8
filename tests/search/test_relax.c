/* test_relax.c - label/relax.c against brute force: random small systems
 * of linear rows (<=, ==, !=; some not linear: a product), on which
 * lbl_relax_node (elimination, the relaxation's refutation, its bound
 * tightening) may refute only systems without solutions and may never
 * remove a solution, also when a first run on part of the rows left a
 * point behind; and by hand: x + y <= 10, x <= y gives x <= 5, which
 * bounds propagation alone does not see.
 */
#include <stdlib.h>

#include "check.h"
#include "inka/arith.h"
#include "inka/prop.h"
#include "inka/relax.h"

enum { NV = 4, NR = 4 };

typedef struct Sys {
  int nv, nr;
  int64_t lo[NV], hi[NV];
  int64_t a[NR][NV], c[NR];
  OpRel rel[NR];
  bool product;       /* v[nv-1] == v[0] * v[1] as well */
} Sys;

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static int64_t rnd(int64_t lo, int64_t hi) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return lo + (int64_t)(rng % (uint64_t)(hi - lo + 1));
}

static bool rel_holds(OpRel r, int64_t e, int64_t c) {
  switch (r) {
  case OP_EQ: return e == c;
  case OP_NE: return e != c;
  case OP_LE: return e <= c;
  case OP_LT: return e < c;
  case OP_GE: return e >= c;
  default: return e > c;
  }
}

static bool solution(const Sys *y, const int64_t *v) {
  for (int r = 0; r < y->nr; r++) {
    int64_t e = 0;
    for (int i = 0; i < y->nv; i++) e += y->a[r][i] * v[i];
    if (!rel_holds(y->rel[r], e, y->c[r])) return false;
  }
  return !y->product || v[y->nv - 1] == v[0] * v[1];
}

/* Counts the solutions; with s, sets *lost when one is out of the domains. */
static long enumerate(const Sys *y, const PropStore *s, const PropVar *pv, bool *lost) {
  int64_t v[NV];
  long n = 0;
  for (int i = 0; i < y->nv; i++) v[i] = y->lo[i];
  for (;;) {
    if (solution(y, v)) {
      n++;
      for (int i = 0; s && i < y->nv; i++)
        if (!prop_has(s, pv[i], v[i])) *lost = true;
    }
    int i = 0;
    while (i < y->nv && v[i] == y->hi[i]) v[i] = y->lo[i], i++;
    if (i == y->nv) return n;
    v[i]++;
  }
}

static long refuted, tightened;

static bool one(uint64_t seed) {
  Sys y = {0};
  rng = seed * 0x9E3779B97F4A7C15ULL + 7;
  y.nv = (int)rnd(2, NV);
  y.nr = (int)rnd(2, NR);
  y.product = y.nv >= 3 && rnd(0, 3) == 0;
  for (int i = 0; i < y.nv; i++) {
    y.lo[i] = rnd(-12, 6);
    y.hi[i] = y.lo[i] + rnd(0, y.nv == 4 ? 14 : 24);
  }
  for (int r = 0; r < y.nr; r++) {
    for (int i = 0; i < y.nv; i++) y.a[r][i] = rnd(-4, 4);
    y.c[r] = rnd(-10, 10);
    y.rel[r] = (OpRel)rnd(OP_EQ, OP_GE);
  }
  bool lost = false;
  long sols = enumerate(&y, NULL, NULL, &lost);
  PropStore *s = prop_store_new();
  PropVar v[NV];
  for (int i = 0; i < y.nv; i++) {
    v[i] = prop_new_var(s, y.lo[i], y.hi[i]);
    prop_add_decision(s, v[i]);
  }
  bool ok = true, good = true;
  /* Half the systems are relaxed twice: on their first row alone, then
     on all of them, so that the second run starts from the point the
     first one found (relax.c keeps it) and its pacing of tightenings. */
  int first = seed % 2 ? 1 : 0;
  for (int r = 0; r < first && ok; r++) ok = op_linear(s, y.nv, y.a[r], v, y.rel[r], y.c[r]);
  if (first && ok && prop_propagate(s)) {
    Sys head = y;
    head.nr = first;
    head.product = false;
    if (lbl_relax_node(s) && enumerate(&head, NULL, NULL, &lost) > 0) {
      fprintf(stderr, "seed %llu: first row refuted with solutions\n", (unsigned long long)seed);
      good = false;
    }
  }
  ok = ok && !prop_failed(s);
  for (int r = first; r < y.nr && ok; r++) ok = op_linear(s, y.nv, y.a[r], v, y.rel[r], y.c[r]);
  if (ok && y.product) ok = op_times(s, v[0], v[1], v[y.nv - 1]);
  if (ok && prop_propagate(s)) {
    uint64_t before = prop_stats(s)->notes[PROP_NOTE_LP_BOUND];
    if (lbl_relax_node(s)) {
      refuted++;
      if (sols > 0) {
        fprintf(stderr, "seed %llu: refuted with %ld solutions\n", (unsigned long long)seed, sols);
        good = false;
      }
    } else {
      tightened += prop_stats(s)->notes[PROP_NOTE_LP_BOUND] > before;
      enumerate(&y, s, v, &lost);
      if (lost || prop_failed(s)) {
        fprintf(stderr, "seed %llu: a solution lost\n", (unsigned long long)seed);
        good = false;
      }
    }
  }
  prop_store_free(s);
  return good;
}

TEST(relax_random_small) {
  int bad = 0;
  for (uint64_t seed = 1; seed <= 3000 && bad < 5; seed++) bad += !one(seed);
  printf("relax: %ld refutations, %ld systems tightened\n", refuted, tightened);
  CHECK(bad == 0);
  CHECK(tightened > 0);
}

TEST(relax_tightens_half) {
  PropStore *s = prop_store_new();
  PropVar x = prop_new_var(s, 0, 1000), y = prop_new_var(s, 0, 1000);
  prop_add_decision(s, x);
  prop_add_decision(s, y);
  CHECK(op_linear(s, 2, (int64_t[]){1, 1}, (PropVar[]){x, y}, OP_LE, 10));
  CHECK(op_rel(s, x, OP_LE, y));
  CHECK(prop_max(s, x) == 10); /* bounds alone */
  CHECK(!lbl_relax_node(s));
  CHECK(prop_max(s, x) == 5);
  CHECK(prop_max(s, y) == 10);
  prop_store_free(s);
}

int main(void) {
  RUN(relax_random_small);
  RUN(relax_tightens_half);
  return check_summary();
}
