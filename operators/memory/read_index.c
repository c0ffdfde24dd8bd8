/* read_index.c - reads of a long chain of memory states without walking it
 * (docs/design.md §5.2, "Reading a long chain").
 *
 * A read of location l walks the chain of memory states from the newest
 * node (memory.c, tr_mem_read).  A loop unfolded K times leaves a chain of
 * O(K) nodes, and every load that propagation re-runs walks it again: O(K)
 * per read; a trial of a loop operator re-runs the loads of every unfolded
 * iteration, O(K^2) steps per trial.
 *
 * Most of such a walk passes nodes whose answer does not depend on
 * propagation any more (down this search branch):
 *   - a store whose location is fixed answers for that location only;
 *   - an allocation answers for its object's header and cells;
 *   - a resolved join hands the read to where its branch ended.
 * Any other node is a *barrier*: a store whose location is not fixed (the
 * guarded candidate of store_element.c), an undecided join, the initial
 * memory.  A checkpoint node (one in MEM_INDEX_STRIDE by chain depth) keeps
 * an index of the run from it down to the first barrier: a persistent treap
 * of the answering nodes' location intervals, ordered by walk position (seq:
 * larger is nearer the checkpoint) and augmented with the largest hi and seq
 * of each subtree.  A read asks for the interval holding l of largest seq:
 * the first node of the walk that answers for l, which answers; if none
 * does, the walk goes on at the barrier.  The checkpoints of a run share
 * their older parts (each index is built from the next checkpoint's), and
 * a checkpoint keeps its index through a trailed pointer, so a backtrack
 * drops every index built below the choice point: an index is only asked
 * in states where what it records holds (a fixed location stays fixed and
 * a resolved join stays resolved down a branch; allocations are static).
 *
 * When the barrier of an index becomes passable (its store's location got
 * fixed, its join resolved), the index stays exact, only shorter than it
 * could be: the walk goes on at the old barrier.  It is rebuilt once it has
 * been asked as many times as a quarter of its entries (plus a few), so a
 * trial that fixes the locations of a long unfolded loop reads it in
 * O(log K) without rebuilding at every step of its propagation.
 */
#include <assert.h>
#include <stdlib.h>

#include "memory_internal.h"

typedef struct IxEntry {
  int64_t lo, hi;         /* the locations the node answers for */
  uint64_t seq;           /* position in the run: larger is newer */
  TrMem *node;
  int64_t max_hi;         /* of the subtree */
  uint64_t max_seq;       /* of the subtree */
  struct IxEntry *l, *r;
} IxEntry;

struct MemIndex {
  IxEntry *root;
  TrMem *barrier;         /* where the run ends: the first node that was a barrier */
  uint64_t nseq;          /* entries in the run */
  uint64_t asks;          /* finds since it was built (not trailed: a hint) */
  bool is_short;          /* the run is too short to be worth an index: a walk
                             goes on through it (until the barrier is passable) */
};

/* ---- The persistent interval treap ------------------------------------------------ */
static uint32_t priority(uint64_t seq) {
  uint64_t x = seq * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ULL;
  return (uint32_t)(x >> 32);
}

static bool before(const IxEntry *a, const IxEntry *b) { return a->lo < b->lo || (a->lo == b->lo && a->seq < b->seq); }

static void fix(IxEntry *n) {
  n->max_hi = n->hi;
  n->max_seq = n->seq;
  for (int i = 0; i < 2; i++) {
    const IxEntry *c = i ? n->r : n->l;
    if (!c) continue;
    if (c->max_hi > n->max_hi) n->max_hi = c->max_hi;
    if (c->max_seq > n->max_seq) n->max_seq = c->max_seq;
  }
}

static IxEntry *copy(Tr *t, const IxEntry *e) {
  IxEntry *c = prop_alloc(t->s, sizeof *c);
  if (c) *c = *e;
  return c;
}

/* root with e inserted, by path copying (root itself is unchanged); NULL
   when out of memory. */
static IxEntry *insert(Tr *t, const IxEntry *root, const IxEntry *e) {
  if (!root) {
    IxEntry *n = copy(t, e);
    if (!n) return NULL;
    n->l = n->r = NULL;
    fix(n);
    return n;
  }
  IxEntry *n = copy(t, root);
  if (!n) return NULL;
  if (before(e, root)) {
    if (!(n->l = insert(t, root->l, e))) return NULL;
    if (priority(n->l->seq) > priority(n->seq)) { /* rotate right */
      IxEntry *l = n->l;
      n->l = l->r;
      fix(n);
      l->r = n;
      fix(l);
      return l;
    }
  } else {
    if (!(n->r = insert(t, root->r, e))) return NULL;
    if (priority(n->r->seq) > priority(n->seq)) { /* rotate left */
      IxEntry *r = n->r;
      n->r = r->l;
      fix(n);
      r->l = n;
      fix(r);
      return r;
    }
  }
  fix(n);
  return n;
}

/* The entry of largest seq whose interval holds loc, if larger than *best's. */
static void newest_holding(const IxEntry *n, int64_t loc, const IxEntry **best) {
  while (n && n->max_hi >= loc && (!*best || n->max_seq > (*best)->seq)) {
    if (n->lo <= loc && loc <= n->hi && (!*best || n->seq > (*best)->seq)) *best = n;
    /* Keys on the right start at n->lo or later: none holds loc if n->lo > loc. */
    const IxEntry *right = n->lo <= loc ? n->r : NULL, *left = n->l;
    if (right && left && right->max_seq < left->max_seq) {
      newest_holding(right, loc, best);
      n = left;
    } else {
      if (left) newest_holding(left, loc, best);
      n = right;
    }
  }
}

/* ---- Runs and checkpoints ------------------------------------------------------------ */
static bool barrier(const Tr *t, const TrMem *m) {
  switch (m->kind) {
  case TR_MEM_STORE: return !prop_is_fixed(t->s, m->x);
  case TR_MEM_ALLOC: return m->copy_from != NULL; /* a realloc's cells: read with their need (memory.c) */
  case TR_MEM_JOIN: return !m->resolved;
  default: return true;
  }
}

/* The node a walk goes on to from m (not a barrier). */
static TrMem *next_node(const TrMem *m) { return m->kind == TR_MEM_JOIN ? m->resolved : m->parent; }

static bool is_checkpoint(const TrMem *m) { return m->depth % MEM_INDEX_STRIDE == 0; }

bool mem_index_here(const Tr *t, const TrMem *m) {
  return is_checkpoint(m) && !barrier(t, m) && (!m->index || !m->index->is_short || !barrier(t, m->index->barrier));
}

static bool usable(const Tr *t, const MemIndex *ix) {
  return barrier(t, ix->barrier) || ix->asks < ix->nseq / 4 + 8;
}

/* ix with the entry of node m (not a barrier) added as the newest; false
   when out of memory. */
static bool add_node(Tr *t, MemIndex *ix, TrMem *m) {
  IxEntry e = {.node = m, .seq = ix->nseq + 1};
  switch (m->kind) {
  case TR_MEM_STORE:
    e.lo = e.hi = prop_value(t->s, m->x);
    break;
  case TR_MEM_ALLOC:
    e.lo = m->obj->base - 1;
    e.hi = m->obj->base + m->obj->ncells - 1;
    break;
  default: /* a resolved join answers for nothing itself */
    return true;
  }
  IxEntry *root = insert(t, ix->root, &e);
  if (!root) return false;
  ix->root = root;
  ix->nseq++;
  return true;
}

/* The index of checkpoint c from `base` (the index of the next checkpoint
   of the run, or NULL) and the nodes run[0..n) between them, newest first;
   the run ends at `end` when base is NULL.  Kept on c, trailed. */
static MemIndex *build(Tr *t, TrMem *c, const MemIndex *base, TrMem *const *run, size_t n, TrMem *end) {
  MemIndex *ix = prop_alloc(t->s, sizeof *ix);
  if (!ix) return NULL;
  if (base) {
    ix->root = base->root;
    ix->barrier = base->barrier;
    ix->nseq = base->nseq;
  } else {
    ix->barrier = end;
  }
  for (size_t i = n; i-- > 0;) /* oldest first: seq grows toward c */
    if (!add_node(t, ix, run[i])) return NULL;
  prop_save_ptr(t->s, (void **)&c->index, ix);
  return ix;
}

MemIndex *mem_index_of(Tr *t, TrMem *c) {
  assert(mem_index_here(t, c));
  if (c->index && !c->index->is_short && usable(t, c->index)) return c->index;
  /* A stale index is rebuilt with its whole run, the checkpoints below
     included; otherwise the run ends at the first checkpoint whose index
     may serve as the base. */
  bool fresh = c->index && !c->index->is_short;
  size_t cap = 64, n = 0;
  TrMem **run = malloc(cap * sizeof *run);
  if (!run) return NULL;
  TrMem *m = c;
  const MemIndex *base = NULL;
  while (!barrier(t, m)) {
    if (!fresh && m != c && is_checkpoint(m) && m->index && !m->index->is_short && barrier(t, m->index->barrier)) {
      base = m->index;
      break;
    }
    if (n == cap) {
      TrMem **more = realloc(run, 2 * cap * sizeof *run);
      if (!more) {
        free(run);
        return NULL;
      }
      run = more;
      cap *= 2;
    }
    run[n++] = m;
    m = next_node(m);
    assert(m);
  }
  if (!base && n < MEM_INDEX_MIN_RUN) { /* a walk through it costs no more than asking */
    free(run);
    MemIndex *mark = prop_alloc(t->s, sizeof *mark);
    if (mark) {
      mark->is_short = true;
      mark->barrier = m;
      prop_save_ptr(t->s, (void **)&c->index, mark);
    }
    return NULL;
  }
  /* run[0] == c.  Each checkpoint of the run, oldest first, is built from
     the one below it. */
  MemIndex *ix = NULL;
  size_t end = n; /* run[i .. end) lies between checkpoint run[i] and base */
  for (size_t i = n; i-- > 0;) {
    if (!is_checkpoint(run[i])) continue;
    if (!(ix = build(t, run[i], base, run + i, end - i, m))) break;
    base = ix;
    end = i;
  }
  free(run);
  assert(!ix || c->index == ix);
  return ix;
}

bool mem_index_find(Tr *t, MemIndex *ix, int64_t loc, PropVar *v, TrMem **next) {
  const IxEntry *best = NULL;
  ix->asks++;
  newest_holding(ix->root, loc, &best);
  if (!best) {
    *next = ix->barrier;
    return false;
  }
  const TrMem *m = best->node;
  if (m->kind == TR_MEM_ALLOC) {
    bool answered = mem_alloc_read(t, m, loc, v);
    assert(answered);
    return answered;
  }
  assert(m->kind == TR_MEM_STORE && prop_is_fixed(t->s, m->x) && prop_value(t->s, m->x) == loc);
  *v = m->v;
  return true;
}
