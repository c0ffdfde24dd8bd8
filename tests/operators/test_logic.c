/* test_logic.c - reify.c, boolean.c, element.c and merge.c against brute
 * force: b <=> x rel y (with prop_same shortcuts), and/or/xor/not on 0/1,
 * element over constant and variable tables, v = b ? x : y.
 */
#include "check.h"
#include "brute.h"

static bool rel_holds(int rel, int64_t x, int64_t y) {
  switch (rel) {
  case OP_EQ: return x == y;
  case OP_NE: return x != y;
  case OP_LT: return x < y;
  case OP_LE: return x <= y;
  case OP_GT: return x > y;
  default: return x >= y;
  }
}

/* ---- b <=> x rel y: v = (x, y, b) -------------------------------------------------- */

static bool reify_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  return op_reify(s, v[2], v[0], (OpRel)sys->rel, v[1]);
}

static bool reify_eval(const BrSys *sys, int64_t *v) {
  v[2] = rel_holds(sys->rel, v[0], v[1]);
  return true;
}

TEST(reify) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(4000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "reify", .seed = seed, .post = reify_post, .eval = reify_eval, .n = 3, .nfree = 2};
    for (int i = 0; i < 2; i++) sys.dom[i] = br_rand_small(-20, 20, 14);
    sys.rel = (int)br_range(OP_EQ, OP_GE);
    sys.same = br_rand() % 6 == 0;
    int b = (int)(br_rand() % 4);
    sys.dom[2] = b == 3 ? br_interval(0, 5) : br_interval(b == 1, b == 0 ? 1 : b == 1 ? 1 : 0);
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* ---- Booleans: v = (x, y, b) or (x, b) for not ------------------------------------ */

enum { B_AND, B_OR, B_XOR, B_NOT };

static bool bool_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  switch (sys->op) {
  case B_AND: return op_bool_and(s, v[2], v[0], v[1]);
  case B_OR: return op_bool_or(s, v[2], v[0], v[1]);
  case B_XOR: return op_bool_xor(s, v[2], v[0], v[1]);
  default: return op_bool_not(s, v[1], v[0]);
  }
}

static bool bool_eval(const BrSys *sys, int64_t *v) {
  for (int i = 0; i < sys->nfree; i++)
    if (v[i] < 0 || v[i] > 1) return false;   /* operands are booleans */
  switch (sys->op) {
  case B_AND: v[2] = v[0] && v[1]; break;
  case B_OR: v[2] = v[0] || v[1]; break;
  case B_XOR: v[2] = v[0] ^ v[1]; break;
  default: v[1] = !v[0]; break;
  }
  return true;
}

TEST(booleans) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "bool", .seed = seed, .post = bool_post, .eval = bool_eval};
    sys.op = (int)br_range(B_AND, B_NOT);
    sys.nfree = sys.op == B_NOT ? 1 : 2;
    sys.n = sys.nfree + 1;
    for (int i = 0; i < sys.n; i++) {
      int k = (int)(br_rand() % 5);
      sys.dom[i] = k == 4 ? br_interval(-1, 2) : br_interval(k == 1, k == 0 ? 0 : 1);
    }
    sys.same = sys.op != B_NOT && br_rand() % 6 == 0;
    if (!sys.same) sys.tight = BR_DOMAIN;
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* ---- element: v = (i, t_0 .. t_k-1, value) or (i, value) for constants ----------- */

static bool elem_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  if (sys->op == 0) return op_element_const(s, v[1], sys->table, sys->ntable, v[0]);
  return op_element_var(s, v[sys->n - 1], v + 1, sys->ntable, v[0]);
}

static bool elem_eval(const BrSys *sys, int64_t *v) {
  if (v[0] < 0 || v[0] >= sys->ntable) return false;
  if (sys->op == 0) v[1] = sys->table[v[0]];
  else v[sys->n - 1] = v[1 + v[0]];
  return true;
}

TEST(element) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(4000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "element", .seed = seed, .post = elem_post, .eval = elem_eval};
    sys.op = (int)(br_rand() % 2);
    sys.ntable = sys.op == 0 ? (int)br_range(1, 12) : (int)br_range(1, 3);
    sys.nfree = sys.op == 0 ? 1 : 1 + sys.ntable;
    sys.n = sys.nfree + 1;
    sys.dom[0] = br_rand_small(-2, sys.ntable + 1, 8);
    for (int k = 0; k < sys.ntable; k++) sys.table[k] = br_range(-6, 6);
    for (int k = 1; k < sys.nfree; k++) sys.dom[k] = br_rand_small(-10, 10, 6);
    sys.dom[sys.n - 1] = br_func_domain(&sys, sys.n - 1, -100, 100);
    if (sys.op == 0) sys.tight = BR_DOMAIN;
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* ---- merge: v = (b, x, y, value) ---------------------------------------------------- */

static bool merge_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  (void)sys;
  return op_merge(s, v[3], v[0], v[1], v[2]);
}

static bool merge_eval(const BrSys *sys, int64_t *v) {
  (void)sys;
  if (v[0] < 0 || v[0] > 1) return false;
  v[3] = v[0] ? v[1] : v[2];
  return true;
}

TEST(merge) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(4000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "merge", .seed = seed, .post = merge_post, .eval = merge_eval, .n = 4, .nfree = 3};
    int k = (int)(br_rand() % 4);
    sys.dom[0] = k == 3 ? br_interval(-1, 3) : br_interval(k == 1, k == 0 ? 0 : 1);
    sys.dom[1] = br_rand_small(-20, 20, 10);
    sys.dom[2] = br_rand_small(-20, 20, 10);
    sys.dom[3] = br_func_domain(&sys, 3, -20, 20);
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

/* Rule 3 of merge: a side that v cannot take decides b. */
TEST(merge_decides_b) {
  PropStore *s = prop_store_new();
  PropVar b = prop_new_var(s, 0, 1), x = prop_new_var(s, 0, 5), y = prop_new_var(s, 10, 15);
  PropVar v = prop_new_var(s, -100, 100);
  CHECK(op_merge(s, v, b, x, y));
  CHECK_EQ_INT(prop_interval_count(s, v), 2);   /* {0..5} ∪ {10..15} */
  CHECK(prop_set_min(s, v, 7) && prop_propagate(s));
  CHECK(prop_is_fixed(s, b) && prop_value(s, b) == 0);
  CHECK_EQ_INT(prop_min(s, y), 10);
  prop_store_free(s);
}

/* ---- Or/and of comparisons, with a linear side constraint -------------------------
 * v = (x, y, z, r1, r2, b): r1 <=> x rel y, r2 <=> y rel2 z, b = r1 op r2 and
 * x + y + z rel3 c.  With b fixed at the absorbing value, the case split of
 * rule 6 runs (each operand tried); it must never lose a solution. */

static bool split_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  if (!op_reify(s, v[3], v[0], (OpRel)sys->rel, v[1]) || !op_reify(s, v[4], v[1], (OpRel)sys->op, v[2])) return false;
  bool or = sys->bits == 1;
  if (!(or ? op_bool_or : op_bool_and)(s, v[5], v[3], v[4])) return false;
  int64_t one[3] = {1, 1, 1};
  return op_linear(s, 3, one, v, (OpRel)sys->bits2, sys->c);
}

static bool split_eval(const BrSys *sys, int64_t *v) {
  v[3] = rel_holds(sys->rel, v[0], v[1]);
  v[4] = rel_holds(sys->op, v[1], v[2]);
  v[5] = sys->bits == 1 ? (v[3] || v[4]) : (v[3] && v[4]);
  return rel_holds(sys->bits2, v[0] + v[1] + v[2], sys->c);
}

TEST(or_split) {
  long before = br_failed;
  for (uint64_t seed = 1; seed <= br_count(3000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "or_split", .seed = seed, .post = split_post, .eval = split_eval, .n = 6, .nfree = 3};
    for (int i = 0; i < 3; i++) sys.dom[i] = br_rand_small(-6, 6, 5);
    sys.rel = (int)br_range(OP_EQ, OP_GE);
    sys.op = (int)br_range(OP_EQ, OP_GE);
    sys.bits = (int)br_range(0, 1);
    sys.bits2 = (int)br_range(OP_EQ, OP_GE);
    sys.c = br_range(-8, 8);
    sys.dom[3] = br_interval(0, 1);
    sys.dom[4] = br_interval(0, 1);
    int absorbing = sys.bits == 1;           /* b fixed at it: the split runs */
    sys.dom[5] = br_rand() % 3 ? br_interval(absorbing, absorbing) : br_interval(0, 1);
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, before);
}

int main(void) {
  RUN(reify);
  RUN(booleans);
  RUN(element);
  RUN(merge);
  RUN(merge_decides_b);
  RUN(or_split);
  fprintf(stderr, "%ld systems checked\n", br_checked);
  return check_summary();
}
