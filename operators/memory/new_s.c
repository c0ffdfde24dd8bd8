/* new_s.c - allocation: new_s(S0, S1, id) of the INKA memory paper (5.2).
 *
 * The paper's rules, and where each lives here:
 *   (1) S1 contains every location of S0, and (2) every location of S1 but
 *       id is in S0: an ALLOC node answers only for its own object's cells
 *       and header; a read of any other location goes on to the parent
 *       state unchanged (mem_alloc_read returns false; memory.c walks on).
 *   (3) id is in S1: the header cell of the new block reads 1 ("allocated")
 *       in the state after new_s (mem_alloc_read).
 *   (4) closed(Min) <=> closed(Mout), exit when Min is closed: the frontier
 *       (memory.c) moves past the new object exactly when it is created
 *       (tr_new_object), so the state before is closed up to the old
 *       frontier and the state after up to the new one; loads and checks
 *       waiting for memory past the old frontier are woken then.
 * The location of the new block is the next free range on the path: id is
 * known at translation time, so new_s itself never suspends.
 *
 * An allocation that may fail (malloc of a size the inputs decide) still
 * makes its object, whose header reads the boolean "it succeeded": where it
 * failed, the program holds NULL instead of its address and the block is
 * as good as freed (nothing reaches it, a free of it would be invalid).
 *
 * Cells of a malloc'd block read TR_UNINIT (nobody wrote them: no test
 * controls them); calloc's read 0.
 */
#include <assert.h>

#include "memory_internal.h"

TrMem *tr_new_s(Tr *t, TrMem *in, TrObject *o, bool zeroed) { return tr_new_s_if(t, in, o, zeroed, t->one); }

TrMem *tr_new_s_if(Tr *t, TrMem *in, TrObject *o, bool zeroed, PropVar allocated) {
  assert(in && o && allocated != TR_UNINIT && allocated != TR_FAIL);
  assert(o->base + o->ncells < tr_frontier(t)); /* rule 4: o is below the frontier */
  TrMem *m = mem_node(t, TR_MEM_ALLOC, in);
  m->obj = o;
  m->zeroed = zeroed;
  m->allocated = allocated;
  return m;
}

bool mem_alloc_read(Tr *t, const TrMem *m, int64_t loc, PropVar *v) {
  assert(m->kind == TR_MEM_ALLOC);
  const TrObject *o = m->obj;
  if (loc == o->base - 1) { /* rule 3: the header says "allocated" (if it was) */
    *v = m->allocated;
    return true;
  }
  if (loc >= o->base && loc < o->base + o->ncells) {
    *v = m->zeroed ? t->zero : TR_UNINIT;
    return true;
  }
  return false; /* rules 1 and 2: any other location is the parent's */
}

/* ---- realloc ------------------------------------------------------------------
 * The new block o holds the old block's first min(old len, new len)
 * elements, as they were in the state before the call (copy_mem); its other
 * cells nobody wrote.  With lengths the inputs decide, "element k is
 * copied" is a boolean: the cell is the old value where it holds, and a
 * value no test controls (the path abandoned where it is used) elsewhere. */
TrMem *tr_new_s_copy(Tr *t, TrMem *in, TrObject *o, PropVar allocated, TrObject *old, TrMem *before) {
  assert(old && before && old->type == o->type);
  TrMem *m = tr_new_s_if(t, in, o, false, allocated);
  m->copy_from = old;
  m->copy_mem = before;
  return m;
}

/* The boolean "object o holds element k" (t->one, t->zero, or a new
   boolean on its length); TR_FAIL on failure. */
static PropVar holds(Tr *t, const TrObject *o, int64_t k) {
  if (o->len == TR_UNINIT) return k < o->count ? t->one : t->zero;
  if (prop_min(t->s, o->len) > k) return t->one;
  if (prop_max(t->s, o->len) <= k) return t->zero;
  PropVar b = prop_new_var(t->s, 0, 1);
  return op_reify(t->s, b, o->len, OP_GT, prop_new_const(t->s, k)) ? b : TR_FAIL;
}

PropVar mem_copy_read(Tr *t, const TrMem *m, int64_t loc, PropVar need) {
  const TrObject *o = m->obj, *old = m->copy_from;
  int64_t cell = loc - o->base, k = cell / tr_cells(o->type);
  assert(cell >= 0 && cell < o->ncells);
  if (cell >= old->ncells) return TR_UNINIT;
  PropVar in_old = holds(t, old, k), in_new = holds(t, o, k), copied;
  if (in_old == TR_FAIL || in_new == TR_FAIL) return TR_FAIL;
  if (in_old == t->zero || in_new == t->zero) return TR_UNINIT;
  if (in_old == t->one) copied = in_new;
  else if (in_new == t->one) copied = in_old;
  else if ((copied = prop_new_var(t->s, 0, 1)) == TR_FAIL || !op_bool_and(t->s, copied, in_old, in_new)) return TR_FAIL;
  if (copied == t->one) return tr_mem_read(t, m->copy_mem, old->base + cell, need);
  /* copied or not: the old value where it is, no value anyone wrote elsewhere */
  PropVar used_old = prop_new_var(t->s, 0, 1), not_copied = prop_new_var(t->s, 0, 1);
  PropVar used_unwritten = prop_new_var(t->s, 0, 1);
  if (!op_bool_and(t->s, used_old, need, copied) || !op_bool_not(t->s, not_copied, copied) ||
      !op_bool_and(t->s, used_unwritten, need, not_copied))
    return TR_FAIL;
  PropVar was = tr_mem_read(t, m->copy_mem, old->base + cell, used_old);
  if (was == TR_FAIL || was == TR_UNINIT) return was; /* unwritten either way */
  PropVar v = mem_cell_var(t, loc), other = mem_cell_var(t, loc);
  if (!op_merge(t->s, v, copied, was, other) || !tr_mem_uncontrolled(t, used_unwritten)) return TR_FAIL;
  return v;
}
