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
 *     remembered on the node (trailed).
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
 * A cell nobody wrote below the store (Tin[loc] is TR_UNINIT) can only be
 * read through the store: the path where X misses loc and the value is
 * needed is abandoned (no test controls it), so the value read is V.
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

PropVar mem_store_read(Tr *t, TrMem *m, int64_t loc, PropVar need) {
  PropStore *s = t->s;
  assert(m->kind == TR_MEM_STORE && !prop_is_fixed(s, m->x) && prop_has(s, m->x, loc));
  MemCached *c = mem_cached(m, loc);
  if (c) return c->v;
  PropVar l = prop_new_const(s, loc), hit = prop_new_var(s, 0, 1);
  if (!op_reify(s, hit, m->x, OP_EQ, l)) return TR_FAIL;
  PropVar below = missed(t, need, hit);
  if (below == TR_FAIL) return TR_FAIL;
  PropVar old = tr_mem_read(t, m->parent, loc, below);
  if (old == TR_FAIL) return TR_FAIL;
  if (old == TR_UNINIT) /* only the store can have written loc */
    return tr_mem_uncontrolled(t, below) ? m->v : TR_FAIL;
  PropVar v = mem_cell_var(t, loc);
  if (!op_merge(s, v, hit, m->v, old)) return TR_FAIL;
  mem_remember(t, m, loc, v);
  return v;
}

PropVar mem_stored_through(Tr *t, const TrMem *m, PropVar x) {
  if (m->kind == TR_MEM_STORE && (m->x == x || prop_same(t->s, m->x, x))) return m->v;
  return TR_UNINIT;
}
