/* test_memory_budget.c - the store's memory budget: what it counts grows
 * with the arena, the tables and charges; past the budget allocation still
 * works, propagation fails at once, and the store says it timed out (so no
 * failure is a refutation) and is out of memory, for good.
 */
#include <string.h>

#include "check.h"
#include "inka/arith.h"
#include "inka/prop.h"

TEST(counts_arena_tables_and_charges) {
  PropStore *s = prop_store_new();
  size_t base = prop_memory_used(s);
  CHECK(base > 0);
  for (int i = 0; i < 100; i++) prop_alloc(s, 4096);
  CHECK(prop_memory_used(s) >= 100 * 4096);
  size_t a = prop_memory_used(s);
  for (int i = 0; i < 10000; i++) prop_new_var(s, 0, 10);
  CHECK(prop_memory_used(s) > a);
  size_t b = prop_memory_used(s);
  prop_memory_charge(s, 1000000);
  CHECK_EQ_INT(prop_memory_used(s), b + 1000000);
  prop_memory_charge(s, -1000000);
  CHECK_EQ_INT(prop_memory_used(s), b);
  CHECK(!prop_out_of_memory(s));   /* no budget: never out of memory */
  prop_store_free(s);
}

TEST(past_the_budget_propagation_fails_without_proof) {
  PropStore *s = prop_store_new();
  prop_set_memory_budget(s, 1 << 20);
  PropVar x = prop_new_var(s, 0, 100), y = prop_new_var(s, 0, 100);
  int64_t coef[2] = {1, -1};
  PropVar v[2] = {x, y};
  CHECK(op_linear(s, 2, coef, v, OP_LE, -1)); /* x < y: fine within budget */
  CHECK(!prop_out_of_memory(s) && !prop_timed_out(s));
  for (int i = 0; i < 40; i++) {              /* 40 x 64 KiB: past 1 MiB */
    unsigned char *p = prop_alloc(s, 65536);
    CHECK(p != NULL);
    memset(p, 1, 65536);                      /* the memory is real */
  }
  CHECK(prop_out_of_memory(s));
  CHECK(prop_timed_out(s));
  CHECK(!prop_set_min(s, x, 5) || !prop_propagate(s)); /* propagation gives up */
  CHECK(prop_timed_out(s));                   /* so the failure proves nothing */
  prop_set_deadline(s, 0);                    /* a new time budget does not reset memory */
  CHECK(prop_out_of_memory(s) && prop_timed_out(s));
  prop_store_free(s);
}

int main(void) {
  RUN(counts_arena_tables_and_charges);
  RUN(past_the_budget_propagation_fails_without_proof);
  return check_summary();
}
