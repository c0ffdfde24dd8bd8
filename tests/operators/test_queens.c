/* test_queens.c - whole models on operators/arith/linear.c: N-queens with
 * pairwise x_i != x_j, x_i != x_j + (j - i), x_i != x_j - (j - i) (all
 * solutions for n = 8, 10, 12), and SEND + MORE = MONEY (one solution).
 */
#include "check.h"
#include "inka/arith.h"
#include "inka/search.h"

static SearchLeaf count_leaf(PropStore *s, void *ctx) {
  (void)s;
  ++*(long *)ctx;
  return SEARCH_CONTINUE;
}

static long queens(int n) {
  PropStore *s = prop_store_new();
  PropVar q[32];
  for (int i = 0; i < n; i++) {
    q[i] = prop_new_var(s, 0, n - 1);
    prop_add_decision(s, q[i]);
  }
  static const int64_t coef[2] = {1, -1};
  bool ok = true;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      PropVar v[2] = {q[i], q[j]};
      ok = ok && op_rel(s, q[i], OP_NE, q[j]);
      ok = ok && op_linear(s, 2, coef, v, OP_NE, j - i);
      ok = ok && op_linear(s, 2, coef, v, OP_NE, i - j);
    }
  CHECK(ok);
  SearchOptions o;
  search_default_options(&o);
  o.val_order = SEARCH_VAL_MIN;
  long count = 0;
  CHECK_EQ_INT(search_solve(s, &o, count_leaf, &count, NULL), SEARCH_EXHAUSTED);
  prop_store_free(s);
  return count;
}

TEST(queens_8) { CHECK_EQ_INT(queens(8), 92); }
TEST(queens_10) { CHECK_EQ_INT(queens(10), 724); }
TEST(queens_12) { CHECK_EQ_INT(queens(12), 14200); }

typedef struct Money {
  PropVar v[8];
  long count;
  int64_t val[8];
} Money;

static SearchLeaf money_leaf(PropStore *s, void *ctx) {
  Money *m = ctx;
  m->count++;
  for (int i = 0; i < 8; i++) m->val[i] = prop_value(s, m->v[i]);
  return SEARCH_CONTINUE;
}

TEST(send_more_money) {
  PropStore *s = prop_store_new();
  Money m = {.count = 0};
  enum { S, E, N, D, M, O, R, Y };
  for (int i = 0; i < 8; i++) {
    m.v[i] = prop_new_var(s, 0, 9);
    prop_add_decision(s, m.v[i]);
  }
  bool ok = true;
  for (int i = 0; i < 8; i++)
    for (int j = i + 1; j < 8; j++) ok = ok && op_rel(s, m.v[i], OP_NE, m.v[j]);
  PropVar zero = prop_new_const(s, 0);
  ok = ok && op_rel(s, m.v[S], OP_NE, zero) && op_rel(s, m.v[M], OP_NE, zero);
  /* 1000S + 100E + 10N + D + 1000M + 100O + 10R + E - (10000M + 1000O + 100N + 10E + Y) = 0 */
  int64_t coef[] = {1000, 100, 10, 1, 1000, 100, 10, 1, -10000, -1000, -100, -10, -1};
  PropVar x[] = {m.v[S], m.v[E], m.v[N], m.v[D], m.v[M], m.v[O], m.v[R], m.v[E],
                 m.v[M], m.v[O], m.v[N], m.v[E], m.v[Y]};
  ok = ok && op_linear(s, 13, coef, x, OP_EQ, 0);
  CHECK(ok);
  /* bounds propagation alone already fixes M = 1 */
  CHECK(prop_is_fixed(s, m.v[M]) && prop_value(s, m.v[M]) == 1);
  SearchOptions o;
  search_default_options(&o);
  o.val_order = SEARCH_VAL_MIN;
  CHECK_EQ_INT(search_solve(s, &o, money_leaf, &m, NULL), SEARCH_EXHAUSTED);
  CHECK_EQ_INT(m.count, 1);
  int64_t send = m.val[S] * 1000 + m.val[E] * 100 + m.val[N] * 10 + m.val[D];
  int64_t more = m.val[M] * 1000 + m.val[O] * 100 + m.val[R] * 10 + m.val[E];
  int64_t money = m.val[M] * 10000 + m.val[O] * 1000 + m.val[N] * 100 + m.val[E] * 10 + m.val[Y];
  CHECK_EQ_INT(send, 9567);
  CHECK_EQ_INT(more, 1085);
  CHECK_EQ_INT(money, 10652);
  prop_store_free(s);
}

int main(void) {
  RUN(queens_8);
  RUN(queens_10);
  RUN(queens_12);
  RUN(send_more_money);
  return check_summary();
}
