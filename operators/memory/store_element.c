/* store_element.c - a store: store_element(Tin, Tout, X, V) of the INKA
 * memory paper (5.5).
 *
 * The state after the store is a STORE node over Tin (tr_store_element): it
 * holds X and V and copies nothing.  A read of location l in Tout asks the
 * node (memory.c, tr_mem_read):
 *   - X fixed to l: the value is V;  X fixed elsewhere, or l not in dom(X):
 *     the read goes on to Tin;
 *   - otherwise (mem_store_read) the value is a guarded candidate, kept as a
 *     disjunction inside the solver: Tout[l] = (X == l ? V : Tin[l]), that
 *     is hit <=> X == l (op_reify) and Tout[l] = merge(hit, V, Tin[l])
 *     (operators/arith/merge.c).  One such variable per location read is
 *     remembered on the node (trailed), with its readers: a later reader
 *     sends its own "used" down the chain (another_reader).
 *
 * The paper's rules, and where each lives here:
 *   (1) X is not NULL: the statement checks the access first (access_s.c).
 *   (2), (3) a pair <loc, Var> in one tableau is in the other: lazily, a
 *       read of loc in Tout reads Tin[loc] for the candidate.
 *   (4.1) X = loc => Tout[loc] = V:           merge rule 1 with hit = 1.
 *   (4.2) X != loc => Tout[loc] = Tin[loc]:   merge rule 1 with hit = 0.
 *   (4.3) dom(Tout[loc]) and dom(Tin[loc]) disjoint => X = loc:
 *                                             merge rule 3 (hit = 1), then
 *                                             the reified equality fixes X.
 *   (4.4) dom(V) and dom(Tout[loc]) disjoint => X != loc (the paper prints
 *       "non-empty intersection"; disjoint is meant): merge rule 3 (hit = 0).
 *   (4.5) dom(Tout[loc]) within dom(Tin[loc]) | dom(V): merge rule 4.
 * Entailment: the node is final once X is fixed (every later read answers
 * at once).
 *
 * A cell nobody wrote below the store (Tin[loc] is TR_UNINIT): where X
 * misses loc the value read is garbage, a fresh variable of the cell's type,
 * and the path where X misses and the value is needed is abandoned (no test
 * controls it; no proof).  The value read is not V: that would refute the
 * garbage paths instead of abandoning them.
 */
#include <assert.h>

#include "memory_internal.h"

TrMem *tr_store_element(Tr *t, TrMem *in, PropVar x, PropVar v) {
  assert(in && x != TR_UNINIT && x != TR_FAIL && v != TR_FAIL);
  TrMem *m = mem_node(t, TR_MEM_STORE, in);
  m->x = x;
  m->v = v;
  return m;
}

/* need && !hit: the read below a store matters only if the store missed. */
static PropVar missed(Tr *t, PropVar need, PropVar hit) {
  PropStore *s = t->s;
  PropVar miss = prop_new_var(s, 0, 1), both = prop_new_var(s, 0, 1);
  if (!op_bool_not(s, miss, hit)) return TR_FAIL;
  if (need == t->one) return miss;
  return op_bool_and(s, both, need, miss) ? both : TR_FAIL;
}

/* Another reader of a remembered candidate: its own "used" goes down the
   chain, so that a cell nobody wrote below abandons its path too (the first
   reader's need alone would let this one read garbage unnoticed). */
static PropVar another_reader(Tr *t, TrMem *m, MemCached *c, PropVar need) {
  PropVar below = missed(t, need, c->hit);
  if (below == TR_FAIL) return TR_FAIL;
  PropVar old = tr_mem_read(t, m->parent, c->loc, below);
  if (old == TR_FAIL) return TR_FAIL;
  if (old == TR_UNINIT && !tr_mem_uncontrolled(t, below)) return TR_FAIL;
  return c->v;
}

PropVar mem_store_read(Tr *t, TrMem *m, int64_t loc, PropVar need) {
  PropStore *s = t->s;
  assert(m->kind == TR_MEM_STORE && !prop_is_fixed(s, m->x) && prop_has(s, m->x, loc));
  MemCached *c = mem_cached(m, loc);
  if (c) return mem_add_reader(t, c, need) ? another_reader(t, m, c, need) : c->v;
  PropVar l = prop_new_const(s, loc), hit = prop_new_var(s, 0, 1);
  if (!op_reify(s, hit, m->x, OP_EQ, l)) return TR_FAIL;
  PropVar below = missed(t, need, hit);
  if (below == TR_FAIL) return TR_FAIL;
  PropVar old = tr_mem_read(t, m->parent, loc, below);
  if (old == TR_FAIL) return TR_FAIL;
  if (old == TR_UNINIT) { /* where the store misses, loc holds garbage */
    if (!tr_mem_uncontrolled(t, below)) return TR_FAIL;
    old = mem_cell_var(t, loc);
  }
  PropVar v = mem_cell_var(t, loc);
  if (!op_merge(s, v, hit, m->v, old)) return TR_FAIL;
  c = mem_remember(t, m, loc, v);
  c->hit = hit; /* c is new at this level: no trail needed */
  mem_add_reader(t, c, need);
  return v;
}

PropVar mem_stored_through(Tr *t, const TrMem *m, PropVar x) {
  if (m->kind == TR_MEM_STORE && (m->x == x || prop_same(t->s, m->x, x))) return m->v;
  return TR_UNINIT;
}
