/* delete_s.c - deallocation: delete_s(S0, S1, X) of the INKA memory paper
 * (5.3).
 *
 * The paper's rules, and where each lives here:
 *   (1) X is not NULL, and (4) if Min is closed, X points into S0: the
 *       statement checks the free first with tr_access_trap(m, X, true)
 *       (access_s.c): the access traps (the path ends) unless X is the
 *       first cell of a heap block that is live in Min; once the trap is
 *       known to be 0, X is restricted to the starts of heap blocks below
 *       the frontier (and whatever lies past it, still open).  free(NULL)
 *       does nothing and never reaches delete_s (translate/stmt.c).
 *   (2.1) the deleted location leaves S1, and (2.2) every other location
 *       stays: delete_s is a store of 0 into the header cell of X's block,
 *       so store_element's rules (4.1, 4.2) give both: the header of the
 *       block X points to reads 0 after it, any other header reads as
 *       before.  When X has several candidates, each header read below it
 *       is a guarded candidate (store_element.c).
 *   (5) Min closed and X known => Mout closed: freeing never moves the
 *       frontier, so the state after is closed exactly where the state
 *       before is.
 */
#include <assert.h>

#include "memory_internal.h"

TrMem *tr_delete_s(Tr *t, TrMem *in, PropVar x) {
  assert(in && x != TR_UNINIT && x != TR_FAIL);
  PropVar header = tr_shift_by(t, x, -1);
  if (header == TR_FAIL) return NULL;
  return tr_store_element(t, in, header, t->zero);
}
