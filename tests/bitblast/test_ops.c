/* test_ops.c - every bit-vector operation of bitblast/bv.c against C
 * evaluation (gcc -fwrapv semantics, as concrete/run.c computes them; the
 * iso_* operations are ISO C's, whose trap is a signed overflow: the
 * bb_*_overflows literals, as encode.c uses them without --wrapv).
 *
 * Each operation is built once per width on free input variables; each
 * input pair is then fixed by solver assumptions, the circuit solved, and
 * its outputs (value and trap) compared with C's: 16/32/64-bit operands on
 * random and edge values, 8-bit ones on a thirtieth of the pairs and the edges.
 * The same operations on constant operands (the constant folding path, the
 * same gates) run on every 8-bit pair, and on a sample of the wider ones.
 */
#include <stdlib.h>
#include <string.h>

#include "bitblast/bb_internal.h"
#include "check.h"
#include "inka/arith.h"

enum { T_ADD, T_SUB, T_MUL, T_DIV, T_REM, T_SHL, T_SHR, T_AND, T_OR, T_XOR, T_NEG, T_NOT,
       T_LT, T_LE, T_EQ, T_NONZERO, T_EXT, T_IADD, T_ISUB, T_IMUL, T_ISHL, T_INEG, NOPS };
static const char *names[NOPS] = {"add", "sub", "mul", "div", "rem", "shl", "shr", "and", "or",
                                  "xor", "neg", "not", "lt", "le", "eq", "nonzero", "ext",
                                  "iso_add", "iso_sub", "iso_mul", "iso_shl", "iso_neg"};

static int64_t wrap(int w, bool s, int64_t v) { return op_c_wrap((OpCType){w, s}, v); }

static int64_t tmin(int w, bool s) { return s ? (w == 64 ? INT64_MIN : -((int64_t)1 << (w - 1))) : 0; }

/* C's answer for op on x, y (as stored in width w, signedness s; shifts:
   y is a 32-bit int); *trap set when the model traps. */
static int64_t reference(int op, int w, bool s, int64_t x, int64_t y, bool *trap) {
  bool u64 = w == 64 && !s;
  *trap = false;
  if (op >= T_IADD) { /* ISO C: the exact result (128 bits) must be a value of a signed type */
    static const int plain[] = {T_ADD, T_SUB, T_MUL, T_SHL, T_NEG};
    int64_t v = reference(plain[op - T_IADD], w, s, x, y, trap);
    __int128 exact = op == T_IADD ? (__int128)x + y : op == T_ISUB ? (__int128)x - y : op == T_IMUL ? (__int128)x * y
                   : op == T_INEG ? -(__int128)x : x < 0 ? (__int128)1 << 126 : (__int128)x << (y & 63);
    if (s && !*trap && exact != v) *trap = true;
    return v;
  }
  switch (op) {
  case T_ADD: return wrap(w, s, (int64_t)((uint64_t)x + (uint64_t)y));
  case T_SUB: return wrap(w, s, (int64_t)((uint64_t)x - (uint64_t)y));
  case T_MUL: return wrap(w, s, (int64_t)((uint64_t)x * (uint64_t)y));
  case T_DIV: case T_REM:
    if (y == 0 || (s && y == -1 && x == tmin(w, s))) return *trap = true, 0;
    if (u64) return (int64_t)(op == T_DIV ? (uint64_t)x / (uint64_t)y : (uint64_t)x % (uint64_t)y);
    return wrap(w, s, op == T_DIV ? x / y : x % y);
  case T_SHL: case T_SHR:
    if (y < 0 || y >= w) return *trap = true, 0;
    if (op == T_SHL) return wrap(w, s, (int64_t)((uint64_t)x << y));
    if (u64) return (int64_t)((uint64_t)x >> y);
    return x >> y;
  case T_AND: return x & y;
  case T_OR: return x | y;
  case T_XOR: return x ^ y;
  case T_NEG: return wrap(w, s, (int64_t)(0 - (uint64_t)x));
  case T_NOT: return wrap(w, s, ~x);
  case T_LT: return u64 ? (uint64_t)x < (uint64_t)y : x < y;
  case T_LE: return u64 ? (uint64_t)x <= (uint64_t)y : x <= y;
  case T_EQ: return x == y;
  case T_NONZERO: return x != 0;
  default: return x; /* T_EXT: to 64 bits, as stored */
  }
}

/* The circuit of op; *trap its trap literal. */
static BbVec build(BbGates *g, int op, BbVec x, BbVec y, bool s, int *trap) {
  *trap = BB_FALSE;
  switch (op) {
  case T_ADD: return bb_vec_add(g, x, y);
  case T_SUB: return bb_vec_sub(g, x, y);
  case T_MUL: return bb_vec_mul(g, x, y);
  case T_DIV: return bb_vec_div(g, x, y, s, false, trap);
  case T_REM: return bb_vec_div(g, x, y, s, true, trap);
  case T_SHL: case T_SHR: return bb_vec_shift(g, x, y, op == T_SHL, s, true, trap);
  case T_AND: return bb_vec_and(g, x, y);
  case T_OR: return bb_vec_or(g, x, y);
  case T_XOR: return bb_vec_xor(g, x, y);
  case T_NEG: return bb_vec_neg(g, x);
  case T_NOT: return bb_vec_not(g, x);
  case T_LT: return bb_vec_from_bit(g, bb_vec_lt(g, x, y, s), 1);
  case T_LE: return bb_vec_from_bit(g, -bb_vec_lt(g, y, x, s), 1);
  case T_EQ: return bb_vec_from_bit(g, bb_vec_eq(g, x, y), 1);
  case T_NONZERO: return bb_vec_from_bit(g, bb_vec_nonzero(g, x), 1);
  case T_IADD: case T_ISUB: case T_IMUL: case T_ISHL: case T_INEG: {
    BbVec r;
    int ovf;
    if (op == T_IMUL) {
      r = s ? bb_vec_mul_checked(g, x, y, &ovf) : bb_vec_mul(g, x, y);
    } else if (op == T_ISHL) {
      r = bb_vec_shift(g, x, y, true, s, true, trap);
      ovf = bb_shl_overflows(g, x, y, true, r);
    } else if (op == T_INEG) {
      r = bb_vec_neg(g, x);
      ovf = bb_sub_overflows(g, bb_vec_const(g, x.w, 0), x, r);
    } else {
      r = op == T_IADD ? bb_vec_add(g, x, y) : bb_vec_sub(g, x, y);
      ovf = op == T_IADD ? bb_add_overflows(g, x, y, r) : bb_sub_overflows(g, x, y, r);
    }
    if (s) *trap = bb_or(g, *trap, ovf);
    return r;
  }
  default: return bb_vec_resize(g, x, 64, s);
  }
}

static bool is_shift(int op) { return op == T_SHL || op == T_SHR || op == T_ISHL; }
static bool is_bit(int op) { return op == T_LT || op == T_LE || op == T_EQ || op == T_NONZERO; }

static int mismatches;

static void compare(int op, int w, bool s, int64_t x, int64_t y, int64_t got, bool got_trap, const char *how) {
  bool trap;
  int64_t want = reference(op, w, s, x, y, &trap);
  bool ok = trap ? got_trap : !got_trap && got == want;
  if (!ok && mismatches++ < 10)
    fprintf(stderr, "%s %s w%d %s: x=%lld y=%lld: got %lld%s, want %lld%s\n", how, names[op], w, s ? "s" : "u",
            (long long)x, (long long)y, (long long)got, got_trap ? " trap" : "", (long long)want, trap ? " trap" : "");
}

/* Solves the circuit with x, y fixed. */
static void solved(BbGates *g, int op, int w, bool s, BbVec vx, BbVec vy, BbVec out, int trap, int64_t x, int64_t y) {
  for (int i = 0; i < vx.w; i++) ccadical_assume(g->sat, ((uint64_t)x >> i) & 1 ? vx.b[i] : -vx.b[i]);
  for (int i = 0; i < vy.w; i++) ccadical_assume(g->sat, ((uint64_t)y >> i) & 1 ? vy.b[i] : -vy.b[i]);
  if (ccadical_solve(g->sat) != 10) {
    if (mismatches++ < 10) fprintf(stderr, "%s w%d: unsatisfiable circuit\n", names[op], w);
    return;
  }
  bool t = bb_model_true(g, trap);
  int64_t v = bb_vec_model(g, out, is_bit(op) ? false : s);
  compare(op, w, s, x, y, v, t, "solved");
}

/* The constant folding path: the same op on constant operands. */
static void folded(BbGates *gates, int op, int w, bool s, int64_t x, int64_t y) {
  BbGates g = *gates; /* (constants make no gates: the table is not touched) */
  int trap;
  BbVec out = build(&g, op, bb_vec_const(&g, w, x), bb_vec_const(&g, is_shift(op) ? 32 : w, y), s, &trap);
  bool consts = trap == BB_TRUE || trap == BB_FALSE;
  for (int i = 0; i < out.w; i++) consts = consts && (out.b[i] == BB_TRUE || out.b[i] == BB_FALSE);
  if (!consts && mismatches++ < 10) fprintf(stderr, "folded %s w%d: not constant\n", names[op], w);
  compare(op, w, s, x, y, bb_vec_model(&g, out, is_bit(op) ? false : s), trap == BB_TRUE, "folded");
  CHECK(g.nvars == gates->nvars);
  *gates = g;
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

/* Values worth trying at width w: edges and random ones (as stored). */
static int64_t pick(int w, bool s, int k) {
  static const int64_t edges[] = {0, 1, 2, 3, -1, -2, 7, 8, 31, 32, 33, 63, 64, 127, 128, 255};
  int64_t v = k < 16 ? edges[k] : k < 20 ? tmin(w, true) + (k - 16) : k < 24 ? (int64_t)((~(uint64_t)0) >> (65 - w)) - (k - 20)
                                                                      : (int64_t)(next() >> (next() % 64));
  if (k >= 24 && next() % 2) v = -v;
  return wrap(w, s, v);
}

static void one_op(int op, int w, bool s, bool exhaustive, int samples) {
  BbGates g;
  bb_gates_init(&g, 1 << 22);
  BbVec x = bb_vec_new(&g, w), y = bb_vec_new(&g, is_shift(op) ? 32 : w);
  int trap;
  BbVec out = build(&g, op, x, y, s, &trap);
  bb_clause(&g, (int[]){g.nvars, -g.nvars}, 2);
  BbGates k; /* for the constant operands */
  bb_gates_init(&k, 1 << 10);
  if (exhaustive) {
    for (int64_t a = 0; a < 256; a++)
      for (int64_t b = 0; b < 256; b++) {
        int64_t xv = wrap(w, s, a), yv = is_shift(op) ? b - 100 : wrap(w, s, b);
        folded(&k, op, w, s, xv, yv);
        if ((a * 7 + b) % 31 == 0 || a < 3 || b < 3 || a > 252 || b > 252) solved(&g, op, w, s, x, y, out, trap, xv, yv);
      }
  } else {
    for (int n = 0; n < samples; n++) {
      int64_t xv = pick(w, s, n % 64 < 24 ? n % 24 : 24), yv = is_shift(op) ? (int64_t)(next() % 80) - 8 : pick(w, s, (n / 24) % 24);
      if (n >= 24 * 24) yv = is_shift(op) ? yv : pick(w, s, 24);
      solved(&g, op, w, s, x, y, out, trap, xv, yv);
      if (n % 7 == 0) folded(&k, op, w, s, xv, yv);
    }
  }
  bb_gates_free(&g);
  bb_gates_free(&k);
}

TEST(exhaustive_8bit) {
  int before = mismatches;
  for (int op = 0; op < NOPS; op++)
    for (int s = 0; s < 2; s++) one_op(op, 8, s, true, 0);
  CHECK_EQ_INT(mismatches, before);
}

TEST(random_and_edges) {
  static const int widths[] = {16, 32, 64};
  int before = mismatches;
  for (int wi = 0; wi < 3; wi++)
    for (int op = 0; op < NOPS; op++)
      for (int s = 0; s < 2; s++) one_op(op, widths[wi], s, false, 400);
  CHECK_EQ_INT(mismatches, before);
}

/* Resizing (casts): every pair of widths and signedness, as op_c_wrap. */
TEST(resize) {
  static const int widths[] = {1, 8, 16, 32, 64};
  BbGates g;
  bb_gates_init(&g, 1 << 20);
  for (int a = 0; a < 5; a++)
    for (int b = 0; b < 5; b++)
      for (int s = 0; s < 2; s++)
        for (int k = 0; k < 40; k++) {
          int wa = widths[a], wb = widths[b];
          int64_t v = wa == 1 ? (int64_t)(next() & 1) : pick(wa, s, k < 24 ? k : 24);
          bool sa = wa > 1 && s; /* _Bool is unsigned */
          BbVec x = bb_vec_const(&g, wa, v);
          BbVec r = bb_vec_resize(&g, x, wb, sa);
          int64_t want = wb == 1 ? v & 1 : op_c_wrap((OpCType){wb, s}, v);
          CHECK_EQ_INT(bb_vec_model(&g, r, wb > 1 && s), want);
        }
  bb_gates_free(&g);
}

/* Structural hashing: the same gate twice is one literal; folding. */
TEST(gates) {
  BbGates g;
  bb_gates_init(&g, 1000);
  int a = bb_new_var(&g), b = bb_new_var(&g);
  CHECK_EQ_INT(bb_and(&g, a, b), bb_and(&g, b, a));
  CHECK_EQ_INT(bb_xor(&g, -a, b), -bb_xor(&g, a, b));
  CHECK_EQ_INT(bb_and(&g, a, -a), BB_FALSE);
  CHECK_EQ_INT(bb_or(&g, a, BB_TRUE), BB_TRUE);
  CHECK_EQ_INT(bb_mux(&g, BB_TRUE, a, b), a);
  CHECK_EQ_INT(bb_mux(&g, a, b, b), b);
  bb_gates_free(&g);
}

int main(void) {
  RUN(gates);
  RUN(resize);
  RUN(exhaustive_8bit);
  RUN(random_and_edges);
  return check_summary();
}
