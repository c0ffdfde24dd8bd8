/* test_memory_ops.c - the memory operators of operators/memory/ driven
 * directly, one by one, on small memories: the deductions of the INKA memory
 * paper's section 5, checked on the memory states and location sets
 * themselves (which variable a state hands out for a cell, a header's value,
 * the frontier), not only on the domains of inputs.
 *
 *   new_s          rules 1-4: the header reads 1 after, every other location
 *                  reads as before, the frontier moves, waiting loads wake;
 *   store_element  rules 4.1-4.5 with X fixed and unfixed;
 *   delete_s       the header reads 0 after for the freed block, others are
 *                  unchanged; figure 9 (n(1), n(2), n(3), P = n(1));
 *   access_s       NULL, header, gap and freed are invalid; trap = 0 keeps
 *                  the live objects; one valid candidate fixes X; rule 5
 *                  through the field's linear constraint;
 *   load_element   X fixed: V is the cell; several candidates: V's domain
 *                  prunes X; two loads of the same cells through one X
 *                  load one value;
 *   joins          tr_mem_join / tr_mem_resolve, trailed;
 *   figure 7       program foo's states M0 ... M6, replayed operator by
 *                  operator, and the store_element example of 5.5.
 *
 * Regressions: store_over_unwritten_cell, load_unwritten_candidate and
 * figure7_foo_states (b->t read twice) caught paths that read a cell nobody
 * wrote being refuted (a wrong UNREACHABLE) or accepted (a wrong REACHABLE)
 * instead of abandoned.
 *
 * The random small memories against brute force are in
 * test_memory_brute.c; the context both use is memory_fixture.h.
 */
#include "memory_fixture.h"

/* ---- new_s (5.2) ------------------------------------------------------------------ */

TEST(new_s_header_cells_frontier) {
  OPEN(fx);
  Tr *t = fx.t;
  int64_t f0 = tr_frontier(t);
  TrMem *m0 = tr_mem_initial(t);
  TrObject *a = heap(&fx, 1);
  /* rule 4: the new block takes the open part, the frontier moves past it */
  CHECK_EQ_INT(hdr(a), f0);
  CHECK_EQ_INT(tr_frontier(t), gap(a) + 1);
  CHECK(tr_object_at(t, hdr(a)) == a && tr_object_at(t, gap(a)) == a);
  CHECK(!tr_is_cell(t, hdr(a)) && tr_is_cell(t, a->base) && tr_is_cell(t, a->base + 1) && !tr_is_cell(t, gap(a)));
  TrMem *m1 = tr_new_s(t, m0, a, false);
  /* rule 3: id is in S1 (the header reads 1); it was in no state before */
  CHECK(rd(&fx, m1, hdr(a)) == t->one);
  CHECK(rd(&fx, m0, hdr(a)) == TR_UNINIT);
  /* malloc: the cells are nobody's; calloc: 0 */
  CHECK(rd(&fx, m1, a->base) == TR_UNINIT);
  CHECK(rd(&fx, m1, a->base + 1) == TR_UNINIT);

  PropVar seven = cst(&fx, 7);
  TrMem *m2 = tr_store_element(t, m1, cst(&fx, a->base), seven);
  TrObject *b = heap(&fx, 2);
  CHECK_EQ_INT(hdr(b), gap(a) + 1);
  TrMem *m3 = tr_new_s(t, m2, b, true);
  CHECK(rd(&fx, m3, hdr(b)) == t->one);
  CHECK(rd(&fx, m3, b->base) == t->zero && rd(&fx, m3, b->base + 1) == t->zero);
  /* rules 1, 2: every other location reads in S1 exactly as in S0 */
  CHECK(rd(&fx, m3, hdr(a)) == t->one);
  CHECK(rd(&fx, m3, a->base) == seven && rd(&fx, m2, a->base) == seven);
  CHECK(rd(&fx, m3, a->base + 1) == TR_UNINIT);
  CHECK(rd(&fx, m2, hdr(b)) == TR_UNINIT);
  CHECK_EQ_INT(b->ordinal, 1);
  CHECK_EQ_INT(b->index, 1);

  /* the objects of a path are trailed: backtracking forgets a block */
  prop_push(fx.s);
  TrObject *c = heap(&fx, 2);
  CHECK_EQ_INT(c->ordinal, 2);
  CHECK_EQ_INT(*t->nobjs, 3);
  prop_pop(fx.s);
  CHECK_EQ_INT(*t->nobjs, 2);
  CHECK_EQ_INT(tr_frontier(t), gap(b) + 1);
  fx_close(&fx);
}

/* Rule 4, the other half: a load whose pointer may designate a block not
   allocated yet deduces nothing and waits; the allocation wakes it. */
TEST(new_s_wakes_waiting_load) {
  OPEN(fx);
  Tr *t = fx.t;
  TrObject *a = heap(&fx, 1);
  tr_new_s(t, tr_mem_initial(t), a, true);
  TrMem *j = tr_mem_join(t, NULL, NULL, 0); /* after an undecided branch that may allocate */
  int64_t f = tr_frontier(t);
  PropVar x = SET_VAR(fx, a->base, f, f + 1, f + 2, f + 3);
  PropVar v = prop_new_var(fx.s, -10, 10);
  CHECK(tr_load(t, j, x, v));
  CHECK_EQ_INT(*t->undecided, 1);
  CHECK_EQ_INT(prop_size(fx.s, x), 5); /* nothing deduced past the frontier */
  PropVar y = SET_VAR(fx, f + 1, f + 3);
  PropVar trap = tr_access_trap(t, j, y, false);
  CHECK(trap != TR_FAIL && !prop_is_fixed(fx.s, trap));
  CHECK_EQ_INT(*t->undecided, 2);

  TrObject *b = heap(&fx, 2); /* header f, cells f+1, f+2, gap f+3 */
  CHECK_EQ_INT(hdr(b), f);
  CHECK(prop_propagate(fx.s));
  CHECK_EQ_INT(*t->undecided, 0);
  /* header and gap are no cells: the load dropped them */
  char want[128];
  snprintf(want, sizeof want, "[%lld,%lld] [%lld,%lld]", (long long)a->base, (long long)a->base, (long long)b->base,
           (long long)b->base + 1);
  CHECK_DOM(fx, x, want);
  /* the gap is invalid, the first cell of b valid: trap <=> y is the gap */
  CHECK(!prop_is_fixed(fx.s, trap));
  prop_push(fx.s);
  CHECK(fixv(&fx, trap, 0));
  CHECK(prop_is_fixed(fx.s, y) && prop_value(fx.s, y) == b->base);
  prop_pop(fx.s);
  fx_close(&fx);
}

/* ---- store_element (5.5) ------------------------------------------------------------- */

typedef struct Cells {
  TrObject *o;
  PropVar in[3];
  int64_t l[3];
} Cells;

/* A local of three cells: [0,3], [0,3], [20,30]. */
static Cells three_cells(Fx *fx) {
  Cells c;
  c.in[0] = prop_new_var(fx->s, 0, 3);
  c.in[1] = prop_new_var(fx->s, 0, 3);
  c.in[2] = prop_new_var(fx->s, 20, 30);
  c.o = local_with(fx, 3, c.in);
  for (int i = 0; i < 3; i++) c.l[i] = c.o->base + i;
  return c;
}

TEST(store_x_fixed) {
  OPEN(fx);
  Tr *t = fx.t;
  Cells c = three_cells(&fx);
  TrMem *m0 = tr_mem_initial(t);
  CHECK(rd(&fx, m0, c.l[0]) == c.in[0]);
  PropVar v = prop_new_var(fx.s, 10, 12);
  TrMem *m1 = tr_store_element(t, m0, cst(&fx, c.l[1]), v);
  CHECK(rd(&fx, m1, c.l[1]) == v);       /* 4.1: X = loc, Tout[loc] = V */
  CHECK(rd(&fx, m1, c.l[0]) == c.in[0]); /* 4.2: X != loc, Tout[loc] = Tin[loc] */
  CHECK(rd(&fx, m1, c.l[2]) == c.in[2]);
  CHECK(rd(&fx, m0, c.l[1]) == c.in[1]); /* the state before is untouched */
  fx_close(&fx);
}

TEST(store_x_unfixed_rules) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Cells c = three_cells(&fx);
  TrMem *m0 = tr_mem_initial(t);
  PropVar x = SET_VAR(fx, c.l[0], c.l[1]);
  PropVar v = prop_new_var(s, 10, 12);
  TrMem *m1 = tr_store_element(t, m0, x, v);
  PropVar w0 = rd(&fx, m1, c.l[0]), w1 = rd(&fx, m1, c.l[1]);
  /* a guarded candidate per location read, remembered on the node */
  CHECK(w0 != c.in[0] && w0 != v && w1 != w0);
  CHECK(rd(&fx, m1, c.l[0]) == w0);
  CHECK(mem_cached(m1, c.l[0]) && mem_cached(m1, c.l[0])->v == w0);
  CHECK(rd(&fx, m1, c.l[2]) == c.in[2]); /* not in dom(X): straight to Tin */
  CHECK(!mem_cached(m1, c.l[2]));
  /* 4.5: dom(Tout[l]) within dom(Tin[l]) | dom(V) */
  CHECK_DOM(fx, w0, "[0,3] [10,12]");
  CHECK_DOM(fx, w1, "[0,3] [10,12]");
  CHECK_EQ_INT(prop_size(s, x), 2); /* nothing decided yet */

  /* 4.1 and 4.2 once X is fixed */
  prop_push(s);
  CHECK(fixv(&fx, x, c.l[0]));
  CHECK_DOM(fx, w0, "[10,12]");
  CHECK_DOM(fx, w1, "[0,3]");
  CHECK(fixv(&fx, v, 11));
  CHECK_DOM(fx, w0, "[11,11]");
  CHECK(rd(&fx, m1, c.l[0]) == v); /* a read now answers at once */
  CHECK(fixv(&fx, c.in[1], 2));
  CHECK_DOM(fx, w1, "[2,2]");
  prop_pop(s);

  /* 4.3: Tout[l0] cannot be what Tin[l0] held: the store went there */
  prop_push(s);
  CHECK(prop_set_min(s, w0, 5) && prop_propagate(s));
  CHECK(prop_is_fixed(s, x) && prop_value(s, x) == c.l[0]);
  CHECK_DOM(fx, w1, "[0,3]");
  prop_pop(s);
  /* ... and pins V too (4.1 after 4.3) */
  prop_push(s);
  CHECK(fixv(&fx, w0, 12));
  CHECK(prop_is_fixed(s, x) && prop_value(s, x) == c.l[0]);
  CHECK_DOM(fx, v, "[12,12]");
  prop_pop(s);

  /* 4.4: V cannot be Tout[l0]: X != l0, so X = l1 and Tout[l1] = V */
  prop_push(s);
  CHECK(prop_set_max(s, w0, 3) && prop_propagate(s));
  CHECK(prop_is_fixed(s, x) && prop_value(s, x) == c.l[1]);
  CHECK_DOM(fx, w1, "[10,12]");
  prop_pop(s);

  /* a value that neither V nor Tin[l0] explains: failure */
  prop_push(s);
  CHECK(!fixv(&fx, w0, 7));
  prop_pop(s);
  CHECK(!prop_failed(s));

  /* Tin narrowing flows into Tout while X is undecided (4.5) */
  prop_push(s);
  CHECK(fixv(&fx, c.in[0], 1));
  CHECK_DOM(fx, w0, "[1,1] [10,12]");
  CHECK(prop_size(s, x) == 2);
  prop_pop(s);
  fx_close(&fx);
}

/* Two stores through unknown pointers: reads walk the chain, each node
   guarding its own candidate. */
TEST(store_chain) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Cells c = three_cells(&fx);
  TrMem *m0 = tr_mem_initial(t);
  PropVar x1 = SET_VAR(fx, c.l[0], c.l[1]), x2 = SET_VAR(fx, c.l[1], c.l[2]);
  TrMem *m1 = tr_store_element(t, m0, x1, cst(&fx, 10));
  TrMem *m2 = tr_store_element(t, m1, x2, cst(&fx, 40));
  PropVar w0 = rd(&fx, m2, c.l[0]), w1 = rd(&fx, m2, c.l[1]), w2 = rd(&fx, m2, c.l[2]);
  CHECK(w0 == mem_cached(m1, c.l[0])->v); /* l0 is not in dom(x2): m1 answers */
  CHECK(!mem_cached(m2, c.l[0]));
  CHECK_DOM(fx, w0, "[0,3] [10,10]");
  CHECK_DOM(fx, w1, "[0,3] [10,10] [40,40]");
  CHECK_DOM(fx, w2, "[20,30] [40,40]");
  /* w1 = 10: the first store hit l1 and the second missed it */
  prop_push(s);
  CHECK(fixv(&fx, w1, 10));
  CHECK(prop_is_fixed(s, x1) && prop_value(s, x1) == c.l[1]);
  CHECK(prop_is_fixed(s, x2) && prop_value(s, x2) == c.l[2]);
  CHECK_DOM(fx, w0, "[0,3]");
  CHECK_DOM(fx, w2, "[40,40]");
  prop_pop(s);
  fx_close(&fx);
}

/* Regression: a store through an unknown pointer into a block nobody wrote.
   Where the store misses, the cell is garbage; the path that needs it must be
   abandoned (incomplete: no proof), never refuted as if the cell held V. */
TEST(store_over_unwritten_cell) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  TrObject *b = heap(&fx, 1);
  TrMem *m1 = tr_new_s(t, tr_mem_initial(t), b, false);
  PropVar x = SET_VAR(fx, b->base, b->base + 1);
  TrMem *m2 = tr_store_element(t, m1, x, cst(&fx, 5));
  PropVar w0 = rd(&fx, m2, b->base);
  CHECK(w0 != TR_UNINIT && w0 != TR_FAIL);
  /* X misses b.f, and b.f is read: no test controls what it holds */
  prop_push(s);
  t->incomplete_reason = NULL;
  CHECK(!fixv(&fx, x, b->base + 1));
  CHECK(t->incomplete_reason != NULL);
  prop_pop(s);
  /* b.f == 7 is possible only on that path: abandoned, not refuted */
  prop_push(s);
  t->incomplete_reason = NULL;
  bool ok = fixv(&fx, w0, 7);
  CHECK(ok || t->incomplete_reason != NULL);
  prop_pop(s);
  /* X hits b.f: the value read is 5 */
  prop_push(s);
  t->incomplete_reason = NULL;
  CHECK(fixv(&fx, x, b->base));
  CHECK_DOM(fx, w0, "[5,5]");
  CHECK(t->incomplete_reason == NULL);
  prop_pop(s);
  t->incomplete_reason = NULL;
  fx_close(&fx);
}

/* ---- delete_s (5.3) ---------------------------------------------------------------- */

typedef struct Three {
  TrObject *n[3];
  TrMem *m;        /* after the three allocations and n(i).f = i */
} Three;

static Three three_blocks(Fx *fx) {
  Three r;
  TrMem *m = tr_mem_initial(fx->t);
  for (int i = 0; i < 3; i++) {
    r.n[i] = heap(fx, 10 + i);
    m = tr_new_s(fx->t, m, r.n[i], false);
  }
  for (int i = 0; i < 3; i++) m = tr_store_element(fx->t, m, cst(fx, r.n[i]->base), cst(fx, i + 1));
  r.m = m;
  return r;
}

/* Figure 9: s_@ = {n(1), n(2), n(3)}, closed, dom(P) = {n(1)}. */
TEST(delete_s_figure9) {
  OPEN(fx);
  Tr *t = fx.t;
  Three b = three_blocks(&fx);
  int64_t front = tr_frontier(t);
  PropVar p = cst(&fx, b.n[0]->base);
  /* rule 1 and 4: P is the start of a live block, surely */
  CHECK(tr_access_trap(t, b.m, p, true) == t->zero);
  TrMem *m3 = tr_delete_s(t, b.m, p);
  CHECK(m3 != NULL);
  /* 2.1: n(1) leaves S1;  2.2: n(2), n(3) stay */
  CHECK(rd(&fx, m3, hdr(b.n[0])) == t->zero);
  CHECK(rd(&fx, m3, hdr(b.n[1])) == t->one);
  CHECK(rd(&fx, m3, hdr(b.n[2])) == t->one);
  CHECK(rd(&fx, b.m, hdr(b.n[0])) == t->one); /* S0 keeps it */
  /* the cells are not touched (reads of them trap from now on) */
  CHECK(rd(&fx, m3, b.n[1]->base) == rd(&fx, b.m, b.n[1]->base));
  CHECK(prop_value(fx.s, rd(&fx, m3, b.n[0]->base)) == 1);
  /* 5: closed stays closed: freeing never moves the frontier */
  CHECK_EQ_INT(tr_frontier(t), front);
  /* n(1) is gone: any access through it, or a second free, traps */
  CHECK(tr_access_trap(t, m3, p, true) == t->one);
  CHECK(tr_access_trap(t, m3, cst(&fx, b.n[0]->base + 1), false) == t->one);
  CHECK(tr_access_trap(t, m3, cst(&fx, b.n[1]->base + 1), false) == t->zero);
  fx_close(&fx);
}

TEST(delete_s_unknown_pointer) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Three b = three_blocks(&fx);
  PropVar p = SET_VAR(fx, b.n[0]->base, b.n[1]->base);
  CHECK(tr_access_trap(t, b.m, p, true) == t->zero);
  TrMem *m3 = tr_delete_s(t, b.m, p);
  CHECK(m3 != NULL);
  PropVar h0 = rd(&fx, m3, hdr(b.n[0])), h1 = rd(&fx, m3, hdr(b.n[1]));
  CHECK_DOM(fx, h0, "[0,1]");
  CHECK_DOM(fx, h1, "[0,1]");
  CHECK(rd(&fx, m3, hdr(b.n[2])) == t->one); /* not a candidate: untouched */
  PropVar trap = tr_access_trap(t, m3, cst(&fx, b.n[0]->base + 1), false);
  CHECK(trap != TR_FAIL && !prop_is_fixed(s, trap));
  /* P = n(2): n(1) stays, n(2) goes */
  prop_push(s);
  CHECK(fixv(&fx, p, b.n[1]->base));
  CHECK_DOM(fx, h0, "[1,1]");
  CHECK_DOM(fx, h1, "[0,0]");
  CHECK_DOM(fx, trap, "[0,0]");
  prop_pop(s);
  /* n(1) known freed in S1: P = n(1) */
  prop_push(s);
  CHECK(fixv(&fx, h0, 0));
  CHECK(prop_is_fixed(s, p) && prop_value(s, p) == b.n[0]->base);
  CHECK_DOM(fx, h1, "[1,1]");
  prop_pop(s);
  /* n(1).t still valid after the free: P was n(2) */
  prop_push(s);
  CHECK(fixv(&fx, trap, 0));
  CHECK(prop_is_fixed(s, p) && prop_value(s, p) == b.n[1]->base);
  prop_pop(s);
  fx_close(&fx);
}

/* Rule 4: in a closed memory, what is freed is the start of a live block. */
TEST(delete_s_points_into_s0) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  PropVar init[1] = {cst(&fx, 0)};
  TrObject *l = local_with(&fx, 1, init);
  Three b = three_blocks(&fx);
  (void)l;
  TrMem *m = tr_delete_s(t, b.m, cst(&fx, b.n[1]->base)); /* n(2) freed */
  PropVar p = prop_new_var(s, 0, tr_frontier(t) - 1);
  PropVar trap = tr_access_trap(t, m, p, true);
  CHECK(trap != TR_FAIL && !prop_is_fixed(s, trap));
  prop_push(s);
  CHECK(fixv(&fx, trap, 0));
  char want[128];
  snprintf(want, sizeof want, "[%lld,%lld] [%lld,%lld]", (long long)b.n[0]->base, (long long)b.n[0]->base,
           (long long)b.n[2]->base, (long long)b.n[2]->base);
  CHECK_DOM(fx, p, want);
  prop_pop(s);
  fx_close(&fx);
}

/* ---- access_s (5.4) ------------------------------------------------------------------ */

TEST(access_invalid_locations) {
  OPEN(fx);
  Tr *t = fx.t;
  PropVar init[1] = {cst(&fx, 0)};
  TrObject *l = local_with(&fx, 1, init);
  Three b = three_blocks(&fx);
  TrMem *m = tr_delete_s(t, b.m, cst(&fx, b.n[1]->base));
  const TrObject *n1 = b.n[0], *n2 = b.n[1];
  CHECK(tr_access_trap(t, m, cst(&fx, 0), false) == t->one);        /* NULL (rule 1) */
  CHECK(tr_access_trap(t, m, cst(&fx, hdr(n1)), false) == t->one);  /* a header */
  CHECK(tr_access_trap(t, m, cst(&fx, gap(n1)), false) == t->one);  /* a gap */
  CHECK(tr_access_trap(t, m, cst(&fx, n2->base), false) == t->one); /* freed */
  CHECK(tr_access_trap(t, m, cst(&fx, n1->base + 1), false) == t->zero);
  CHECK(tr_access_trap(t, m, cst(&fx, l->base), false) == t->zero);
  /* free: only the start of a live heap block */
  CHECK(tr_access_trap(t, m, cst(&fx, l->base), true) == t->one);
  CHECK(tr_access_trap(t, m, cst(&fx, n1->base + 1), true) == t->one);
  CHECK(tr_access_trap(t, m, cst(&fx, n1->base), true) == t->zero);
  /* surely valid for every candidate: decided at once */
  CHECK(tr_access_trap(t, m, SET_VAR(fx, l->base, n1->base, n1->base + 1), false) == t->zero);
  CHECK_EQ_INT(*t->undecided, 0);
  fx_close(&fx);
}

TEST(access_trap_prunes_pointer) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  PropVar init[1] = {cst(&fx, 0)};
  TrObject *l = local_with(&fx, 1, init);
  Three b = three_blocks(&fx);
  TrMem *m = tr_delete_s(t, b.m, cst(&fx, b.n[1]->base));
  const TrObject *n1 = b.n[0], *n3 = b.n[2];
  /* trap = 0 keeps the cells of the live objects (rule 6) */
  PropVar x = prop_new_var(s, 0, tr_frontier(t) - 1);
  PropVar trap = tr_access_trap(t, m, x, false);
  CHECK(trap != TR_FAIL && !prop_is_fixed(s, trap));
  prop_push(s);
  CHECK(fixv(&fx, trap, 0));
  char want[160];
  snprintf(want, sizeof want, "[%lld,%lld] [%lld,%lld] [%lld,%lld]", (long long)l->base, (long long)l->base,
           (long long)n1->base, (long long)n1->base + 1, (long long)n3->base, (long long)n3->base + 1);
  CHECK_DOM(fx, x, want);
  prop_pop(s);
  /* a single valid candidate fixes X; trap = 1 keeps the invalid ones */
  PropVar y = SET_VAR(fx, 0, n1->base + 1);
  PropVar trap2 = tr_access_trap(t, m, y, false);
  CHECK(trap2 != TR_FAIL && !prop_is_fixed(s, trap2));
  prop_push(s);
  CHECK(fixv(&fx, trap2, 0));
  CHECK(prop_is_fixed(s, y) && prop_value(s, y) == n1->base + 1);
  prop_pop(s);
  prop_push(s);
  CHECK(fixv(&fx, trap2, 1));
  CHECK(prop_is_fixed(s, y) && prop_value(s, y) == 0);
  prop_pop(s);
  /* and the other way: X decides the trap */
  prop_push(s);
  CHECK(fixv(&fx, y, 0));
  CHECK_DOM(fx, trap2, "[1,1]");
  prop_pop(s);
  fx_close(&fx);
}

/* Rule 5 through the field's linear constraint: Vp = P + offset(t) within
   {n(2).t, n(3).t} leaves P within {n(2), n(3)}; rule 2 the other way. */
TEST(access_field_location) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Three b = three_blocks(&fx);
  PropVar p = SET_VAR(fx, b.n[0]->base, b.n[1]->base, b.n[2]->base);
  PropVar vp = tr_shift_by(t, p, tr_field_cells(rec_ty, 1));
  CHECK(vp != TR_FAIL);
  char want[160];
  snprintf(want, sizeof want, "[%lld,%lld] [%lld,%lld] [%lld,%lld]", (long long)b.n[0]->base + 1,
           (long long)b.n[0]->base + 1, (long long)b.n[1]->base + 1, (long long)b.n[1]->base + 1,
           (long long)b.n[2]->base + 1, (long long)b.n[2]->base + 1);
  CHECK_DOM(fx, vp, want);
  CHECK(tr_access_trap(t, b.m, vp, false) == t->zero);
  prop_push(s);
  CHECK(prop_remove(s, vp, b.n[0]->base + 1) && prop_propagate(s));
  snprintf(want, sizeof want, "[%lld,%lld] [%lld,%lld]", (long long)b.n[1]->base, (long long)b.n[1]->base,
           (long long)b.n[2]->base, (long long)b.n[2]->base);
  CHECK_DOM(fx, p, want);
  prop_pop(s);
  fx_close(&fx);
}

TEST(access_arith_trap) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Three b = three_blocks(&fx);
  const TrObject *n1 = b.n[0];
  PropVar p = cst(&fx, n1->base);
  /* one past the end is inside */
  CHECK(tr_arith_trap(t, p, prop_new_var(s, n1->base, n1->base + 2)) == t->zero);
  /* q = p + k, k in -1..5: the trap excludes leaving the object */
  PropVar q2 = prop_new_var(s, n1->base - 1, n1->base + 5);
  PropVar trap = tr_arith_trap(t, p, q2);
  CHECK(trap != TR_FAIL && !prop_is_fixed(s, trap));
  prop_push(s);
  CHECK(fixv(&fx, trap, 0));
  char want[64];
  snprintf(want, sizeof want, "[%lld,%lld]", (long long)n1->base, (long long)n1->base + 2);
  CHECK_DOM(fx, q2, want);
  prop_pop(s);
  fx_close(&fx);
}

/* ---- load_element (5.6) ---------------------------------------------------------------- */

TEST(load_x_fixed) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Cells c = three_cells(&fx);
  TrMem *m = tr_mem_initial(t);
  PropVar v = prop_new_var(s, -5, 5);
  CHECK(tr_load(t, m, cst(&fx, c.l[0]), v));
  CHECK_DOM(fx, v, "[0,3]"); /* dom(V) & dom(Var) */
  CHECK(fixv(&fx, c.in[0], 2));
  CHECK_DOM(fx, v, "[2,2]");
  CHECK_EQ_INT(*t->undecided, 0);
  /* a value the cell cannot hold: failure */
  PropVar v2 = prop_new_var(s, 40, 50);
  CHECK(!tr_load(t, m, cst(&fx, c.l[2]), v2));
  fx_close(&fx);
}

TEST(load_value_prunes_pointer) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Three b = three_blocks(&fx); /* n(i).f = i */
  const TrObject *n1 = b.n[0], *n2 = b.n[1], *n3 = b.n[2];
  /* candidates that are no cells (a header, a gap) are dropped */
  PropVar x = SET_VAR(fx, hdr(n1), n1->base, n2->base, gap(n2), n3->base);
  PropVar v = prop_new_var(s, -100, 100);
  CHECK(tr_load(t, b.m, x, v));
  char want[160];
  snprintf(want, sizeof want, "[%lld,%lld] [%lld,%lld] [%lld,%lld]", (long long)n1->base, (long long)n1->base,
           (long long)n2->base, (long long)n2->base, (long long)n3->base, (long long)n3->base);
  CHECK_DOM(fx, x, want);
  CHECK_DOM(fx, v, "[1,3]");
  /* 2b: dom(V) misses dom(Var) at loc: X != loc */
  prop_push(s);
  CHECK(prop_set_min(s, v, 2) && prop_propagate(s));
  snprintf(want, sizeof want, "[%lld,%lld] [%lld,%lld]", (long long)n2->base, (long long)n2->base,
           (long long)n3->base, (long long)n3->base);
  CHECK_DOM(fx, x, want);
  CHECK(fixv(&fx, v, 2));
  CHECK(prop_is_fixed(s, x) && prop_value(s, x) == n2->base);
  prop_pop(s);
  /* 2a: X fixed, V = Var */
  prop_push(s);
  CHECK(fixv(&fx, x, n3->base));
  CHECK_DOM(fx, v, "[3,3]");
  prop_pop(s);
  CHECK(!fixv(&fx, v, 4)); /* no candidate holds 4 */
  fx_close(&fx);
}

/* Two loads through the same undecided pointer reading the same cell
   variables at every candidate load one value (one variable: what
   relations on either see).  After a store that changes one candidate's
   cell, the loads differ there and stay two values. */
TEST(load_same_cells_same_value) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Three b = three_blocks(&fx); /* n(i).f = i */
  PropVar x = SET_VAR(fx, b.n[0]->base, b.n[1]->base, b.n[2]->base);
  PropVar v1 = prop_new_var(s, -100, 100), v2 = prop_new_var(s, -100, 100);
  CHECK(tr_load(t, b.m, x, v1));
  CHECK(tr_load(t, b.m, x, v2));
  CHECK(prop_same(s, v1, v2));
  prop_push(s);
  CHECK(!(op_rel(s, v1, OP_LT, v2) && prop_propagate(s)));
  prop_pop(s);
  /* a store on n(2) in between: the candidate n(2) reads 7 after it */
  TrMem *m2 = tr_store_element(t, b.m, cst(&fx, b.n[1]->base), cst(&fx, 7));
  PropVar v3 = prop_new_var(s, -100, 100);
  CHECK(tr_load(t, m2, x, v3));
  CHECK(!prop_same(s, v1, v3));
  prop_push(s);
  CHECK(op_rel(s, v1, OP_LT, v3) && prop_propagate(s));
  CHECK(fixv(&fx, x, b.n[1]->base));
  CHECK_DOM(fx, v1, "[2,2]");
  CHECK_DOM(fx, v3, "[7,7]");
  prop_pop(s);
  fx_close(&fx);
}

/* Regression: a load whose candidates include a cell nobody wrote.  That
   candidate stays (an execution may take it); the path that takes it is
   abandoned (incomplete), never silently dropped. */
TEST(load_unwritten_candidate) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  TrObject *u = heap(&fx, 1);
  TrMem *m = tr_new_s(t, tr_mem_initial(t), u, false);
  m = tr_store_element(t, m, cst(&fx, u->base + 1), cst(&fx, 5));
  PropVar x = SET_VAR(fx, u->base, u->base + 1);
  PropVar v = tr_fresh(t, int_ty);
  CHECK(tr_load(t, m, x, v));
  CHECK(prop_has(s, x, u->base));
  prop_push(s);
  t->incomplete_reason = NULL;
  bool ok = fixv(&fx, v, 7); /* only u.f (garbage) could hold 7 */
  CHECK(ok || t->incomplete_reason != NULL);
  prop_pop(s);
  prop_push(s);
  t->incomplete_reason = NULL;
  CHECK(!fixv(&fx, x, u->base));
  CHECK(t->incomplete_reason != NULL);
  prop_pop(s);
  prop_push(s);
  t->incomplete_reason = NULL;
  CHECK(fixv(&fx, x, u->base + 1));
  CHECK_DOM(fx, v, "[5,5]");
  CHECK(t->incomplete_reason == NULL);
  prop_pop(s);
  t->incomplete_reason = NULL;
  fx_close(&fx);
}

/* ---- joins -------------------------------------------------------------------------- */

TEST(join_resolve) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Cells c = three_cells(&fx);
  TrMem *m0 = tr_mem_initial(t);
  TrMem *end = tr_store_element(t, m0, cst(&fx, c.l[0]), prop_new_var(s, 3, 4));
  TrMem *j = tr_mem_join(t, NULL, NULL, 0);
  PropVar j0 = rd(&fx, j, c.l[0]), j2 = rd(&fx, j, c.l[2]);
  CHECK(j0 != c.in[0] && rd(&fx, j, c.l[0]) == j0); /* one variable per location */
  CHECK_DOM(fx, j0, dom(s, tr_fresh(t, int_ty)));   /* the cell type's range */
  PropVar vars[8];
  CHECK_EQ_INT(tr_mem_join_vars(j, vars, 8), 2);
  /* a store below the join is read through it */
  TrMem *after = tr_store_element(t, j, cst(&fx, c.l[1]), cst(&fx, 9));
  CHECK(rd(&fx, after, c.l[0]) == j0);

  prop_push(s);
  CHECK(tr_mem_resolve(t, j, end) && prop_propagate(s));
  CHECK_DOM(fx, j0, "[3,4]");
  CHECK_DOM(fx, j2, "[20,30]");
  CHECK(rd(&fx, j, c.l[1]) == c.in[1]); /* resolved: reads go to `end` */
  CHECK_EQ_INT(tr_mem_join_vars(j, vars, 8), 0);
  prop_pop(s);
  /* resolution is trailed */
  CHECK(j->resolved == NULL);
  CHECK_EQ_INT(tr_mem_join_vars(j, vars, 8), 2);

  /* a chain of resolved joins is walked (and compressed) */
  TrMem *j2m = tr_mem_join(t, NULL, NULL, 0);
  prop_push(s);
  CHECK(tr_mem_resolve(t, j2m, end));
  CHECK(tr_mem_resolve(t, j, j2m) && prop_propagate(s));
  CHECK_DOM(fx, j0, "[3,4]");
  CHECK(rd(&fx, j, c.l[2]) == c.in[2]);
  CHECK(j->resolved == end);
  prop_pop(s);
  CHECK(tr_mem_resolve(t, j, j)); /* a join continues as itself: nothing */
  fx_close(&fx);
}

/* A join read whose taken path never wrote the cell: its readers must be
   unused, or the path is abandoned. */
TEST(join_resolve_unwritten) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  TrObject *u = heap(&fx, 1);
  TrMem *m = tr_new_s(t, tr_mem_initial(t), u, false);
  TrMem *j = tr_mem_join(t, NULL, NULL, 0);
  PropVar need = prop_new_var(s, 0, 1);
  PropVar h = rd(&fx, j, hdr(u));
  CHECK_DOM(fx, h, "[0,1]"); /* a header read through a join */
  PropVar ju = tr_mem_read(t, j, u->base, need);
  CHECK(ju != TR_UNINIT && ju != TR_FAIL);
  prop_push(s);
  CHECK(tr_mem_resolve(t, j, m) && prop_propagate(s));
  CHECK_DOM(fx, h, "[1,1]");
  t->incomplete_reason = NULL;
  CHECK(!fixv(&fx, need, 1));
  CHECK(t->incomplete_reason != NULL);
  prop_pop(s);
  prop_push(s);
  CHECK(tr_mem_resolve(t, j, m) && fixv(&fx, need, 0));
  prop_pop(s);
  /* a direct read (need = 1) of it: the resolution itself fails */
  PropVar direct = rd(&fx, j, u->base + 1);
  CHECK(direct != TR_UNINIT);
  prop_push(s);
  t->incomplete_reason = NULL;
  CHECK(!(tr_mem_resolve(t, j, m) && prop_propagate(s)));
  CHECK(t->incomplete_reason != NULL);
  prop_pop(s);
  t->incomplete_reason = NULL;
  fx_close(&fx);
}

/* ---- Figure 7: program foo, states M0 ... M6 ------------------------------------------- */

TEST(figure7_foo_states) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  int64_t f_off = tr_field_cells(rec_ty, 0), t_off = tr_field_cells(rec_ty, 1);
  CHECK_EQ_INT(f_off, 0);
  CHECK_EQ_INT(t_off, 1);
  /* a = new(t, new(1)); M0 */
  TrObject *a = heap(&fx, 1);
  TrMem *m0 = tr_new_s(t, tr_mem_initial(t), a, false);
  CHECK(rd(&fx, m0, hdr(a)) == t->one);
  /* b = new(t, new(2)); M1 */
  TrObject *b = heap(&fx, 2);
  TrMem *m1 = tr_new_s(t, m0, b, false);
  CHECK(rd(&fx, m1, hdr(a)) == t->one && rd(&fx, m1, hdr(b)) == t->one);
  CHECK(rd(&fx, m0, hdr(b)) == TR_UNINIT); /* b is not in M0 */
  /* c = new(t, new(3)); a->f = 1; b->f = 2; c->f = 3;  M2 */
  TrObject *c = heap(&fx, 3);
  TrMem *m2 = tr_new_s(t, m1, c, false);
  const TrObject *obj[3] = {a, b, c};
  for (int i = 0; i < 3; i++) {
    PropVar vp = tr_shift_by(t, cst(&fx, obj[i]->base), f_off);
    CHECK(tr_access_trap(t, m2, vp, false) == t->zero);
    m2 = tr_store_element(t, m2, vp, cst(&fx, i + 1));
  }
  for (int i = 0; i < 3; i++) {
    CHECK(rd(&fx, m2, hdr(obj[i])) == t->one);
    CHECK(prop_value(s, rd(&fx, m2, obj[i]->base + f_off)) == i + 1);
    CHECK(rd(&fx, m2, obj[i]->base + t_off) == TR_UNINIT);
  }
  /* if (cond1) p = a; else if (cond2) p = b; else p = c;  M3 = M2, p in {a, b, c} */
  TrMem *m3 = m2;
  PropVar p = SET_VAR(fx, a->base, b->base, c->base);
  int64_t front = tr_frontier(t);

  /* if (cond3) { free(p); M4 } */
  CHECK(tr_access_trap(t, m3, p, true) == t->zero);
  TrMem *m4 = tr_delete_s(t, m3, p);
  CHECK(m4 != NULL);
  PropVar h[3];
  for (int i = 0; i < 3; i++) {
    h[i] = rd(&fx, m4, hdr(obj[i]));
    CHECK_DOM(fx, h[i], "[0,1]"); /* one of them is gone, which one p says */
    CHECK(rd(&fx, m3, hdr(obj[i])) == t->one);
    CHECK(prop_value(s, rd(&fx, m4, obj[i]->base + f_off)) == i + 1);
  }
  CHECK_EQ_INT(tr_frontier(t), front);
  prop_push(s);
  CHECK(fixv(&fx, p, b->base));
  CHECK_DOM(fx, h[0], "[1,1]");
  CHECK_DOM(fx, h[1], "[0,0]");
  CHECK_DOM(fx, h[2], "[1,1]");
  prop_pop(s);
  /* a->f + b->f after the free needs a and b alive: p = c */
  prop_push(s);
  CHECK(fixv(&fx, tr_access_trap(t, m4, cst(&fx, a->base), false), 0));
  CHECK(fixv(&fx, tr_access_trap(t, m4, cst(&fx, b->base), false), 0));
  CHECK(prop_is_fixed(s, p) && prop_value(s, p) == c->base);
  prop_pop(s);

  /* else { M5 = M3; p->t = i; M6 } */
  TrMem *m5 = m3;
  PropVar i = prop_new_var(s, -10, 10);
  PropVar vp = tr_shift_by(t, p, t_off);
  CHECK(tr_access_trap(t, m5, vp, false) == t->zero);
  TrMem *m6 = tr_store_element(t, m5, vp, i);
  /* the f cells are no candidates of the store: M6 answers as M5 */
  for (int k = 0; k < 3; k++) CHECK(rd(&fx, m6, obj[k]->base + f_off) == rd(&fx, m5, obj[k]->base + f_off));
  /* j = p->t: whatever p is, j = i */
  PropVar j = tr_fresh(t, int_ty);
  PropVar vp2 = tr_shift_by(t, p, t_off);
  CHECK(tr_access_trap(t, m6, vp2, false) == t->zero);
  CHECK(tr_load(t, m6, vp2, j));
  CHECK_EQ_INT(prop_size(s, p), 3);
  prop_push(s);
  CHECK(fixv(&fx, p, c->base));
  CHECK(fixv(&fx, i, 4));
  CHECK_DOM(fx, j, "[4,4]");
  prop_pop(s);
  /* p->f == 3 decides p = c: the loaded value fixes the pointer */
  PropVar pf = tr_fresh(t, int_ty);
  CHECK(tr_load(t, m6, tr_shift_by(t, p, f_off), pf));
  CHECK_DOM(fx, pf, "[1,3]");
  prop_push(s);
  CHECK(fixv(&fx, pf, 3));
  CHECK(prop_is_fixed(s, p) && prop_value(s, p) == c->base);
  prop_pop(s);
  /* p != a && b->t == 6: b->t was written only if p = b */
  prop_push(s);
  CHECK(prop_remove(s, p, a->base) && prop_propagate(s));
  PropVar bt = rd(&fx, m6, b->base + t_off);
  CHECK(bt != TR_UNINIT && bt != TR_FAIL);
  t->incomplete_reason = NULL;
  bool ok = fixv(&fx, bt, 6);
  if (ok) {
    /* p = c reads a garbage b->t: abandoned, never a solution */
    prop_push(s);
    CHECK(!fixv(&fx, p, c->base));
    CHECK(t->incomplete_reason != NULL);
    prop_pop(s);
    CHECK(fixv(&fx, p, b->base));
    CHECK_DOM(fx, i, "[6,6]");
    CHECK_DOM(fx, j, "[6,6]");
  }
  CHECK(ok || t->incomplete_reason != NULL);
  prop_pop(s);
  t->incomplete_reason = NULL;
  fx_close(&fx);
}

/* The store_element example of 5.5: n(2)->t and n(3)->t hold known values
   in M5 (here [0,5]); in M6 n(2)->t cannot be what it was, so Vp points to
   n(2)->t (4.3), i meets it (4.1), n(3)->t is unchanged (4.2). */
TEST(figure7_store_element_example) {
  OPEN(fx);
  Tr *t = fx.t;
  PropStore *s = fx.s;
  Three b = three_blocks(&fx);
  TrMem *m = b.m;
  PropVar t2 = prop_new_var(s, 0, 5), t3 = prop_new_var(s, 0, 5);
  m = tr_store_element(t, m, cst(&fx, b.n[1]->base + 1), t2);
  m = tr_store_element(t, m, cst(&fx, b.n[2]->base + 1), t3);
  TrMem *m5 = m;
  /* access_s already left p in {n(2), n(3)} */
  PropVar p = SET_VAR(fx, b.n[1]->base, b.n[2]->base);
  PropVar vp = tr_shift_by(t, p, 1);
  PropVar i = prop_new_var(s, 0, 20);
  TrMem *m6 = tr_store_element(t, m5, vp, i);
  PropVar o2 = rd(&fx, m6, b.n[1]->base + 1), o3 = rd(&fx, m6, b.n[2]->base + 1);
  CHECK_DOM(fx, o2, "[0,20]");
  CHECK(prop_restrict_range(s, o2, 10, 20) && prop_propagate(s));
  CHECK(prop_is_fixed(s, vp) && prop_value(s, vp) == b.n[1]->base + 1);
  CHECK(prop_is_fixed(s, p) && prop_value(s, p) == b.n[1]->base);
  CHECK_DOM(fx, i, "[10,20]");
  CHECK_DOM(fx, o3, "[0,5]");
  CHECK(rd(&fx, m6, b.n[2]->base + 1) == t3);
  fx_close(&fx);
}

/* ---- main ------------------------------------------------------------------------------- */

/* A join whose branches store only ints leaves a long cell (and a header)
   as its parent has it, but not an int or unsigned cell, nor a cell of an
   object allocated after the branches started. */
TEST(join_passes_types_it_never_stores) {
  OPEN(fx);
  Tr *t = fx.t;
  TrObject *a = tr_new_object(t, TR_OBJ_GLOBAL, int_ty, 1, "a", 1);
  TrObject *b = tr_new_object(t, TR_OBJ_GLOBAL, long_ty, 1, "b", 1);
  TrObject *u = tr_new_object(t, TR_OBJ_GLOBAL, uint_ty, 1, "u", 1);
  PropVar init[3] = {prop_new_const(fx.s, 5), prop_new_const(fx.s, 7), prop_new_const(fx.s, 9)};
  a->initial = &init[0];
  b->initial = &init[1];
  u->initial = &init[2];
  TrMem *in = tr_mem_initial(t);
  const IrType *ints[1] = {int_ty};
  TrMem *j = tr_mem_join(t, in, ints, 1);
  CHECK(tr_mem_read(t, j, b->base, t->one) == init[1]);
  PropVar va = tr_mem_read(t, j, a->base, t->one), vu = tr_mem_read(t, j, u->base, t->one);
  CHECK(va != init[0] && va != TR_UNINIT && va != TR_FAIL);
  CHECK(vu != init[2] && vu != TR_UNINIT && vu != TR_FAIL); /* the same width, either signedness */
  CHECK(tr_mem_read(t, j, a->base, t->one) == va);          /* one variable per location */
  TrObject *c = tr_new_object(t, TR_OBJ_GLOBAL, long_ty, 1, "c", 1);
  PropVar init_c = prop_new_const(fx.s, 11);
  c->initial = &init_c;
  PropVar vc = tr_mem_read(t, j, c->base, t->one);
  CHECK(vc != TR_UNINIT && vc != TR_FAIL); /* past the join's frontier: handed out, not read below */
  TrMem *any = tr_mem_join(t, in, NULL, 0);
  CHECK(tr_mem_read(t, any, b->base, t->one) != init[1]);
  /* resolving the join ties what it handed out to where execution went */
  CHECK(tr_mem_resolve(t, j, in));
  CHECK(prop_propagate(fx.s));
  CHECK(prop_is_fixed(fx.s, va) && prop_value(fx.s, va) == 5);
  CHECK(prop_is_fixed(fx.s, vc) && prop_value(fx.s, vc) == 11);
  fx_close(&fx);
}

/* Input objects: a pointer input is NULL, a known object of its type, or a
   fresh one; cells are made once at their first read; the length is a
   variable the accesses bound. */
TEST(input_pointer_domains) {
  OPEN(fx);
  Tr *t = fx.t;
  PropVar p = tr_input_pointer(t, recp_ty);
  CHECK(p != TR_FAIL && p != TR_UNINIT);
  CHECK_EQ_INT(prop_size(fx.s, p), 2); /* NULL or fresh */
  TrObject *a = tr_object_at(t, prop_max(fx.s, p));
  CHECK(a && a->kind == TR_OBJ_INPUT && a->type == rec_ty && prop_min(fx.s, a->len) == 1);
  PropVar q = tr_input_pointer(t, recp_ty);
  CHECK_EQ_INT(prop_size(fx.s, q), 3); /* NULL, a, or fresh */
  CHECK(prop_has(fx.s, q, a->base));
  TrMem *m = tr_mem_initial(t);
  PropVar f1 = tr_mem_read(t, m, a->base + 1, t->one), f2 = tr_mem_read(t, m, a->base + 1, t->one);
  CHECK(f1 == f2 && f1 != TR_UNINIT && !prop_is_fixed(fx.s, f1));
  CHECK(tr_mem_read(t, m, a->base - 1, t->one) == t->one); /* allocated before the call */
  /* element 3 of a is valid only if the test gives a at least 4 elements */
  PropVar x = prop_new_const(fx.s, a->base + 3 * tr_cells(rec_ty));
  PropVar trap = tr_access_trap(t, m, x, false);
  CHECK(trap != TR_FAIL);
  CHECK(prop_fix(fx.s, trap, 0) && prop_propagate(fx.s));
  CHECK_EQ_INT(prop_min(fx.s, a->len), 4);
  fx_close(&fx);
}

int main(void) {
  if (!parse_types()) {
    fprintf(stderr, "cannot parse the test program\n");
    printf("0 passed, 1 failed\n");
    return 1;
  }
  RUN(new_s_header_cells_frontier);
  RUN(new_s_wakes_waiting_load);
  RUN(store_x_fixed);
  RUN(store_x_unfixed_rules);
  RUN(store_chain);
  RUN(store_over_unwritten_cell);
  RUN(delete_s_figure9);
  RUN(delete_s_unknown_pointer);
  RUN(delete_s_points_into_s0);
  RUN(access_invalid_locations);
  RUN(access_trap_prunes_pointer);
  RUN(access_field_location);
  RUN(access_arith_trap);
  RUN(load_x_fixed);
  RUN(load_value_prunes_pointer);
  RUN(load_unwritten_candidate);
  RUN(join_resolve);
  RUN(join_passes_types_it_never_stores);
  RUN(input_pointer_domains);
  RUN(join_resolve_unwritten);
  RUN(load_same_cells_same_value);
  RUN(figure7_foo_states);
  RUN(figure7_store_element_example);
  fe_program_free(prog);
  return check_summary();
}
