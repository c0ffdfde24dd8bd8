/* test_read_index.c - reads of long chains of memory states
 * (operators/memory/read_index.c) and the cache table of memory.c, against
 * a plain walk of the chain.
 *
 * Random chains of several hundred nodes: stores to fixed locations, stores
 * through pointers of 2-3 candidate cells, allocations (whose cells are
 * then written), and joins resolved at once, later, or never.  Reads of
 * random cells from random nodes, at the root and below choice points that
 * fix some of the pointers (then popped), are checked against the node where
 * a walk that knows nothing of indexes stops (plain_stop):
 *   - a store whose location is loc: its value;
 *   - an allocation: its header reads 1;
 *   - a store that may hit loc, an undecided join: the variable the node
 *     remembers for loc (the guarded candidate, the join's cell);
 *   - the initial memory: the local's initial value.
 * Reading the same location twice from an undecided join gives the same
 * variable (the cache table), before and after backtracking.
 * IX_SEED=n runs case n alone.
 */
#include "memory_fixture.h"

static uint64_t rng_state;
static int rnd(int n) {
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (int)(rng_state % (uint64_t)n);
}

enum { IX_MAXCELLS = 4096, IX_MAXNODES = 4096 };

typedef struct IxCase {
  int64_t cell[IX_MAXCELLS]; /* data cells of every object, in creation order */
  int ncells;
  TrMem *node[IX_MAXNODES];  /* every state made, in order */
  int cells_at[IX_MAXNODES]; /* cells allocated when it was made: what it may be asked */
  int nnodes;
  PropVar ptr[IX_MAXNODES];  /* pointers of stores not fixed when made */
  int nptrs;
  TrMem *pending[8];         /* joins not resolved yet */
  TrMem *pending_in[8];
  int npending;
} IxCase;

/* Where a walk without index stops for loc. */
static const TrMem *plain_stop(PropStore *s, const TrMem *m, int64_t loc) {
  for (;;) {
    switch (m->kind) {
    case TR_MEM_INIT: return m;
    case TR_MEM_ALLOC:
      if (loc >= m->obj->base - 1 && loc < m->obj->base + m->obj->ncells) return m;
      m = m->parent;
      break;
    case TR_MEM_STORE:
      if (prop_is_fixed(s, m->x) ? prop_value(s, m->x) == loc : prop_has(s, m->x, loc)) return m;
      m = m->parent;
      break;
    case TR_MEM_JOIN:
      if (!m->resolved) return m; /* joins here have no parent: none passes */
      m = m->resolved;
      break;
    }
  }
}

static void note(IxCase *c, TrMem *m) {
  if (c->nnodes < IX_MAXNODES) {
    c->cells_at[c->nnodes] = c->ncells;
    c->node[c->nnodes++] = m;
  }
}

/* A random location written before (a local's cell or a written heap cell). */
static int64_t some_cell(IxCase *c) {
  return rnd(3) ? c->cell[c->ncells - 1 - rnd(c->ncells < 24 ? c->ncells : 24)] : c->cell[rnd(c->ncells)];
}

static TrMem *store_fixed(Fx *fx, IxCase *c, TrMem *m, int64_t loc) {
  PropVar x = rnd(2) ? cst(fx, loc) : prop_new_var(fx->s, loc, loc);
  m = tr_store_element(fx->t, m, x, prop_new_var(fx->s, 0, 1000));
  note(c, m);
  return m;
}

static TrMem *store_some(Fx *fx, IxCase *c, TrMem *m) {
  int64_t v[3] = {some_cell(c), some_cell(c), some_cell(c)};
  PropVar x = set_var(fx, v, 2 + rnd(2));
  if (!prop_is_fixed(fx->s, x) && c->nptrs < IX_MAXNODES) c->ptr[c->nptrs++] = x;
  m = tr_store_element(fx->t, m, x, prop_new_var(fx->s, 0, 1000));
  note(c, m);
  return m;
}

static TrMem *alloc_written(Fx *fx, IxCase *c, TrMem *m) {
  TrObject *o = heap(fx, 2);
  m = tr_new_s(fx->t, m, o, false);
  note(c, m);
  for (int64_t k = 0; k < o->ncells && c->ncells < IX_MAXCELLS; k++) {
    m = store_fixed(fx, c, m, o->base + k);
    c->cell[c->ncells++] = o->base + k;
  }
  return m;
}

static TrMem *grow(Fx *fx, IxCase *c, TrMem *m, int steps);

/* A join after a branch from m: resolved now, later (pending), or never. */
static TrMem *join(Fx *fx, IxCase *c, TrMem *m) {
  TrMem *j = tr_mem_join(fx->t, m, NULL, 0);
  note(c, j);
  int how = rnd(3);
  if (how == 0 || c->npending == 8) {
    TrMem *end = grow(fx, c, m, rnd(6));
    CHECK(tr_mem_resolve(fx->t, j, end));
  } else if (how == 1) {
    c->pending[c->npending] = j;
    c->pending_in[c->npending++] = m;
  }
  return j;
}

static TrMem *grow(Fx *fx, IxCase *c, TrMem *m, int steps) {
  for (int i = 0; i < steps; i++) {
    int r = rnd(20);
    if (r < 10) m = store_fixed(fx, c, m, some_cell(c));
    else if (r < 14) m = store_some(fx, c, m);
    else if (r < 16 && c->ncells + 2 < IX_MAXCELLS) m = alloc_written(fx, c, m);
    else if (r < 17) m = join(fx, c, m);
    else if (r < 18 && c->npending > 0) { /* a pending join decides: its branch was empty */
      int k = rnd(c->npending);
      CHECK(tr_mem_resolve(fx->t, c->pending[k], c->pending_in[k]));
      c->pending[k] = c->pending[--c->npending];
      c->pending_in[k] = c->pending_in[c->npending];
    } else {
      m = store_fixed(fx, c, m, some_cell(c));
    }
  }
  return m;
}

static TrObject *first_local;
static PropVar local_init[64];

static int reads_checked, indexed_nodes;

/* Reads of random cells from random nodes (mostly recent ones), each checked. */
static void check_reads(Fx *fx, IxCase *c, int n) {
  PropStore *s = fx->s;
  for (int i = 0; i < n && !prop_failed(s); i++) {
    int k = c->nnodes - 1 - rnd(rnd(4) ? (c->nnodes < 8 ? c->nnodes : 8) : c->nnodes);
    TrMem *m = c->node[k];
    int64_t loc = rnd(8) ? c->cell[rnd(c->cells_at[k])] : c->cell[0];
    const TrMem *stop = plain_stop(s, m, loc);
    PropVar got = tr_mem_read(fx->t, m, loc, fx->t->one);
    CHECK(got != TR_FAIL);
    if (got == TR_FAIL) return;
    PropVar want = TR_FAIL;
    switch (stop->kind) {
    case TR_MEM_INIT:
      want = loc >= first_local->base && loc < first_local->base + first_local->ncells ? local_init[loc - first_local->base]
                                                                                        : TR_UNINIT;
      break;
    case TR_MEM_ALLOC: want = loc == stop->obj->base - 1 ? fx->t->one : TR_UNINIT; break;
    case TR_MEM_STORE:
      if (prop_is_fixed(s, stop->x)) want = stop->v;
      else want = mem_cached(stop, loc) ? mem_cached(stop, loc)->v : TR_FAIL;
      break;
    case TR_MEM_JOIN: want = mem_cached(stop, loc) ? mem_cached(stop, loc)->v : TR_FAIL; break;
    }
    if (got != want) {
      fprintf(stderr, "read of %lld from node %d: got %d, the walk stops at a node of kind %d giving %d\n",
              (long long)loc, m->depth, got, stop->kind, want);
      CHECK(got == want);
      return;
    }
    reads_checked++;
  }
}

static void run_case(uint64_t seed) {
  rng_state = seed * 2654435761u + 1;
  OPEN(fx);
  IxCase *c = calloc(1, sizeof *c);
  PropStore *s = fx.s;
  for (int i = 0; i < 8; i++) local_init[i] = prop_new_var(s, 0, 1000);
  first_local = local_with(&fx, 8, local_init);
  for (int i = 0; i < 8; i++) c->cell[c->ncells++] = first_local->base + i;
  TrMem *m = tr_mem_initial(fx.t);
  note(c, m);
  int rounds = 3 + rnd(4);
  for (int r = 0; r < rounds && !check_failures_in_test; r++) {
    m = grow(&fx, c, m, 60 + rnd(200));
    check_reads(&fx, c, 50);
    /* Below a choice point: fix some pointers, read, pop, read again. */
    prop_push(s);
    int nfix = c->nptrs ? rnd(c->nptrs + 1) : 0;
    for (int i = 0; i < nfix && !prop_failed(s); i++) {
      PropVar x = c->ptr[rnd(c->nptrs)];
      if (!prop_is_fixed(s, x)) (void)fixv(&fx, x, prop_min(s, x));
    }
    int saved = c->nnodes, saved_cells = c->ncells;
    if (!prop_failed(s)) {
      m = grow(&fx, c, m, rnd(80));
      check_reads(&fx, c, 80);
    }
    for (int i = 0; i < c->nnodes; i++) indexed_nodes += c->node[i]->index != NULL;
    prop_pop(s);
    c->nnodes = saved;
    c->ncells = saved_cells;
    m = c->node[c->nnodes - 1];
    c->npending = 0; /* joins made below were popped; older pending ones stay undecided */
    check_reads(&fx, c, 30);
  }
  /* The cache table: many cells read through one undecided join. */
  TrMem *j = tr_mem_join(fx.t, m, NULL, 0);
  PropVar first[64];
  int n = c->ncells < 64 ? c->ncells : 64;
  for (int i = 0; i < n; i++) first[i] = rd(&fx, j, c->cell[i]);
  prop_push(s);
  for (int i = 0; i < n; i++) CHECK(rd(&fx, j, c->cell[i]) == first[i]);
  TrObject *late = heap(&fx, 3);
  PropVar lv = rd(&fx, j, late->base);
  CHECK(rd(&fx, j, late->base) == lv);
  prop_pop(s);
  for (int i = 0; i < n; i++) CHECK(rd(&fx, j, c->cell[i]) == first[i]);
  CHECK(!mem_cached(j, late->base));
  free(c);
  fx_close(&fx);
}

TEST(random_chains) {
  const char *one = getenv("IX_SEED");
  if (one) {
    run_case(strtoull(one, NULL, 10));
    return;
  }
  for (uint64_t seed = 1; seed <= 60 && !check_failures_in_test; seed++) {
    run_case(seed);
    if (check_failures_in_test) fprintf(stderr, "failed: IX_SEED=%llu\n", (unsigned long long)seed);
  }
  printf("read index: %d reads checked against the plain walk, %d checkpoints asked\n", reads_checked, indexed_nodes);
  CHECK(reads_checked > 5000 && indexed_nodes > 100);
}

int main(void) {
  CHECK(parse_types());
  RUN(random_chains);
  return check_summary();
}
