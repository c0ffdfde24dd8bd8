/* queens.c - N-queens benchmark of the inka-ng kernel and operators/arith/linear.c:
 * pairwise x_i != x_j, x_i - x_j != j - i, x_i - x_j != i - j (value
 * propagation on FIX), input variable order, smallest value first, counting
 * all solutions.  The same model as bench/gecode_queens.cpp.
 *
 * usage: queens N  ->  prints "N SOLUTIONS SECONDS" (model + search time)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "inka/arith.h"
#include "inka/search.h"

static SearchLeaf count_leaf(PropStore *s, void *ctx) {
  (void)s;
  ++*(long *)ctx;
  return SEARCH_CONTINUE;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 10;
  if (n < 1 || n > 64) {
    fprintf(stderr, "usage: queens N (1..64)\n");
    return 2;
  }
  double t0 = now();
  PropStore *s = prop_store_new();
  PropVar q[64];
  for (int i = 0; i < n; i++) {
    q[i] = prop_new_var(s, 0, n - 1);
    prop_add_decision(s, q[i]);
  }
  static const int64_t coef[2] = {1, -1};
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      PropVar v[2] = {q[i], q[j]};
      if (!op_rel(s, q[i], OP_NE, q[j]) || !op_linear(s, 2, coef, v, OP_NE, j - i) ||
          !op_linear(s, 2, coef, v, OP_NE, i - j)) {
        fprintf(stderr, "queens: posting failed\n");
        return 1;
      }
    }
  SearchOptions o;
  search_default_options(&o);
  o.var_order = SEARCH_VAR_INPUT_ORDER;
  o.val_order = SEARCH_VAL_MIN;
  long count = 0;
  SearchResult r = search_solve(s, &o, count_leaf, &count, NULL);
  double t = now() - t0;
  prop_store_free(s);
  if (r != SEARCH_EXHAUSTED) {
    fprintf(stderr, "queens: search did not exhaust\n");
    return 1;
  }
  printf("%d %ld %.4f\n", n, count, t);
  return 0;
}
