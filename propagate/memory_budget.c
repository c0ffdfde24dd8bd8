/* memory_budget.c - the store's memory budget (--max-memory).  The store
 * counts what it holds -- the arena's chunks and its big tables (variables,
 * trail, choice points) -- plus what its users charge for their own tables
 * (prop_memory_charge).  Past the budget the store is out of memory for
 * good: allocation still succeeds (callers never see NULL), but every
 * propagation fails at once and prop_timed_out() is true, so that the
 * failure is never taken for a refutation and the search stops soon, with
 * the reason prop_out_of_memory() gives.  A budget that answers UNKNOWN
 * beats the kernel's OOM killer, which answers nothing.
 */
#include <assert.h>

#include "store_internal.h"

void prop_set_memory_budget(PropStore *s, size_t bytes) {
  s->max_memory = bytes;
  prop_memory_check(s);
}

size_t prop_memory_used(const PropStore *s) {
  return s->chunk_bytes + s->charged_bytes + s->captrail * sizeof *s->trail +
         (size_t)s->capvars * sizeof *s->vars + (size_t)s->capchoices * sizeof *s->choices;
}

void prop_memory_check(PropStore *s) {
  if (s->max_memory && !s->out_of_memory && prop_memory_used(s) > s->max_memory) s->out_of_memory = true;
}

void prop_memory_charge(PropStore *s, int64_t delta) {
  assert(delta >= 0 || (size_t)-delta <= s->charged_bytes);
  s->charged_bytes = (size_t)((int64_t)s->charged_bytes + delta);
  prop_memory_check(s);
}

bool prop_out_of_memory(const PropStore *s) { return s->out_of_memory; }

bool prop_memory_fits(PropStore *s, size_t bytes) {
  if (s->out_of_memory) return false;
  if (!s->max_memory || prop_memory_used(s) + bytes <= s->max_memory) return true;
  s->out_of_memory = true;
  return false;
}
