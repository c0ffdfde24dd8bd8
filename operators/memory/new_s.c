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
