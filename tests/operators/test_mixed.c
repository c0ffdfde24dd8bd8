/* test_mixed.c - small systems of several constraints sharing variables,
 * against brute force: the propagators of operators/ together (posting
 * inside propagation, entailment, unification, wake-ups across priorities),
 * with every variable enumerated.
 */
#include "check.h"
#include "brute.h"

enum { M_LIN, M_TIMES, M_DIV, M_REM, M_MIN, M_MAX, M_ABS, M_AND, M_XOR, M_REIFY, M_MERGE,
       M_ELEM, M_WRAP, M_CADD, M_CMUL, M_COUNT };

typedef struct Con { int kind, a, b, c, d; int64_t k; } Con;

/* the constraints of a system live in sys->table: 5 slots per constraint */
static Con con(const BrSys *sys, int i) {
  const int64_t *t = sys->table + 5 * i;
  return (Con){(int)(t[0] & 0xff), (int)((t[0] >> 8) & 0xff), (int)((t[0] >> 16) & 0xff),
               (int)((t[0] >> 24) & 0xff), (int)((t[0] >> 32) & 0xff), t[1]};
}

static const int64_t etable[5] = {3, -2, 0, 3, 5};

static int64_t wrap4(int64_t v) { return (int64_t)(((uint64_t)v & 15) ^ 8) - 8; }   /* signed 4-bit */

static bool holds(Con c, const int64_t *v) {
  int64_t x = v[c.a], y = v[c.b], z = v[c.c], w = v[c.d];
  switch (c.kind) {
  case M_LIN: return 2 * x - y + 3 * z <= c.k;
  case M_TIMES: return x * y == z;
  case M_DIV: return y != 0 && x / y == z;
  case M_REM: return y != 0 && x % y == z;
  case M_MIN: return (x < y ? x : y) == z;
  case M_MAX: return (x > y ? x : y) == z;
  case M_ABS: return (x < 0 ? -x : x) == z;
  case M_AND: return (x & y) == z;
  case M_XOR: return (x ^ y) == z;
  case M_REIFY: return (w == 0 || w == 1) && w == (x < y + 0);
  case M_MERGE: return (w == 0 || w == 1) && z == (w ? x : y);
  case M_ELEM: return x >= 0 && x < 5 && etable[x] == z;
  case M_WRAP: return z == wrap4(x);
  case M_CADD: return z == wrap4(x + y) && x >= -8 && x <= 7 && y >= -8 && y <= 7;
  case M_CMUL: return z == wrap4(x * y) && x >= -8 && x <= 7 && y >= -8 && y <= 7;
  }
  return false;
}

static bool post_one(PropStore *s, Con c, const PropVar *v) {
  PropVar x = v[c.a], y = v[c.b], z = v[c.c], w = v[c.d];
  OpCType t4 = {4, true};
  switch (c.kind) {
  case M_LIN: return op_linear(s, 3, (int64_t[]){2, -1, 3}, (PropVar[]){x, y, z}, OP_LE, c.k);
  case M_TIMES: return op_times(s, x, y, z);
  case M_DIV: return op_div(s, x, y, z);
  case M_REM: return op_rem(s, x, y, z);
  case M_MIN: return op_min(s, x, y, z);
  case M_MAX: return op_max(s, x, y, z);
  case M_ABS: return op_abs(s, x, z);
  case M_AND: return op_band(s, x, y, z);
  case M_XOR: return op_bxor(s, x, y, z);
  case M_REIFY: return op_reify(s, w, x, OP_LT, y);
  case M_MERGE: return op_merge(s, z, w, x, y);
  case M_ELEM: return op_element_const(s, z, etable, 5, x);
  case M_WRAP: return op_wrap(s, x, z, 4, true);
  case M_CADD:
    return prop_restrict_range(s, x, -8, 7) && prop_restrict_range(s, y, -8, 7) &&
           op_c_binary(s, OP_C_ADD, t4, x, t4, y, z);
  case M_CMUL:
    return prop_restrict_range(s, x, -8, 7) && prop_restrict_range(s, y, -8, 7) &&
           op_c_binary(s, OP_C_MUL, t4, x, t4, y, z);
  }
  return false;
}

static bool mixed_post(PropStore *s, const BrSys *sys, const PropVar *v) {
  for (int i = 0; i < sys->ntable / 5; i++)
    if (!post_one(s, con(sys, i), v)) return false;
  return true;
}

static bool mixed_eval(const BrSys *sys, int64_t *v) {
  for (int i = 0; i < sys->ntable / 5; i++)
    if (!holds(con(sys, i), v)) return false;
  return true;
}

TEST(mixed_systems) {
  for (uint64_t seed = 1; seed <= br_count(10000); seed++) {
    br_seed(seed);
    BrSys sys = {.name = "mixed", .seed = seed, .post = mixed_post, .eval = mixed_eval};
    sys.n = sys.nfree = (int)br_range(3, 4);
    for (int i = 0; i < sys.n; i++) sys.dom[i] = br_rand_small(-9, 9, sys.n == 4 ? 9 : 14);
    int ncons = (int)br_range(2, 3);
    for (int i = 0; i < ncons; i++) {
      int64_t kind = br_range(0, M_COUNT - 1);
      int64_t a = br_range(0, sys.n - 1), b = br_range(0, sys.n - 1), c = br_range(0, sys.n - 1);
      int64_t d = br_range(0, sys.n - 1);
      sys.table[5 * i] = kind | a << 8 | b << 16 | c << 24 | d << 32;
      sys.table[5 * i + 1] = br_range(-10, 10);
    }
    sys.ntable = 0;   /* not a coefficient table: keep br_report quiet about it */
    sys.op = ncons;
    for (int i = 0; i < ncons; i++) sys.coef[i] = sys.table[5 * i];
    sys.ntable = 5 * ncons;
    if (!br_check(&sys)) break;
  }
  CHECK_EQ_INT(br_failed, 0);
}

int main(void) {
  RUN(mixed_systems);
  fprintf(stderr, "%ld systems checked\n", br_checked);
  return check_summary();
}
