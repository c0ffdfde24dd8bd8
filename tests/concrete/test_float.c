/* test_float.c - the concrete mode's floats and doubles (concrete/cx_float.h)
 * against the real thing: random expressions over float, double and integer
 * parameters (arithmetic, negation, conversions between every pair of
 * types, comparisons, truth, ?:, fabs, sqrt, the classifications) are
 * written to a C file, compiled by gcc -O0 (x86-64, SSE) and by the
 * concrete mode, and run on the same inputs (zeros of both signs,
 * subnormals, huge values, infinities, NaN, random bit patterns): results
 * must be bit for bit the same (NaN as the one NaN of the model).  A float
 * converted to an integer type that cannot hold it is undefined in C: the
 * concrete mode traps there, and such runs are only counted.  A few
 * expected values and the key encoding come first.  CX_FLOAT_SEED picks
 * another sample.
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "concrete/cx_float.h"
#include "inka/concrete.h"
#include "inka/fp.h"
#include "inka/frontend.h"

static char tmpdir[256];

static uint64_t rng = 0x2545F4914F6CDD1DULL;
static uint64_t rnd(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 0x2545F4914F6CDD1DULL;
}

/* ---- The types of the generated expressions ---------------------------------- */
typedef enum { T_FLOAT, T_DOUBLE, T_INT, T_UINT, T_LONG, T_ULONG, T_UCHAR, NTYPES } Ty;
static const char *spelling[NTYPES] = {"float", "double", "int", "unsigned", "long", "unsigned long", "unsigned char"};
static const char *param_name[] = {"x", "y", "i", "u", "l", "q"}; /* float, double, int, unsigned, long, unsigned long */
static bool is_fp(Ty t) { return t == T_FLOAT || t == T_DOUBLE; }

typedef struct Buf {
  char *s;
  size_t n, cap;
} Buf;

static void put(Buf *b, const char *text) {
  size_t k = strlen(text);
  if (b->n + k + 1 > b->cap) {
    b->cap = (b->n + k + 1) * 2;
    b->s = realloc(b->s, b->cap);
  }
  memcpy(b->s + b->n, text, k + 1);
  b->n += k;
}

/* No zero constants: gcc -O0 folds 0.0f - (float)n into -(float)n, which is
   -0.0 where C (and the model) say +0.0; zeros come from the inputs. */
static const char *float_consts[] = {"2.0f", "-0.5f", "1.0f", "0.1f", "3.0f", "-2.5f", "16777216.0f", "3.4e38f", "1e-40f",
                                     "1.17549435e-38f", "0.333333343f", "1e10f"};
static const char *double_consts[] = {"2.0", "-0.5", "1.0", "0.1", "3.0", "-2.5", "9007199254740992.0", "1.7e308",
                                      "4.9e-324", "1e-310", "0.3333333333333333", "1e300", "2147483648.0"};
static const char *int_consts[] = {"5", "1", "-1", "3", "100", "2147483647", "-7"};

static void gen(Buf *b, Ty t, int depth);

/* Inside a conversion of a float to an integer: no constants, so that no
   undefined conversion is a constant expression (the frontend folds those,
   as clang does, to what gcc does not compute). */
static int no_constants;

static void gen_leaf(Buf *b, Ty t) {
  char tmp[64];
  bool konst = !no_constants && rnd() % 3 == 0;
  switch (t) {
  case T_FLOAT:
    put(b, konst ? float_consts[rnd() % 12] : "x");
    return;
  case T_DOUBLE:
    put(b, konst ? double_consts[rnd() % 13] : "y");
    return;
  case T_UCHAR:
    put(b, "(unsigned char)i");
    return;
  default:
    if (konst) {
      snprintf(tmp, sizeof tmp, "(%s)%s", spelling[t], int_consts[rnd() % 7]);
      put(b, tmp);
    } else {
      snprintf(tmp, sizeof tmp, "(%s)%s", spelling[t], param_name[2 + rnd() % 4]);
      put(b, tmp);
    }
  }
}

static void gen_cast(Buf *b, Ty t, int depth) {
  char tmp[64];
  Ty from = (Ty)(rnd() % NTYPES);
  if (!is_fp(t) && !is_fp(from)) from = rnd() % 2 ? T_FLOAT : T_DOUBLE; /* a conversion with a float side */
  snprintf(tmp, sizeof tmp, "((%s)(", spelling[t]);
  put(b, tmp);
  bool to_int = !is_fp(t) && is_fp(from);
  no_constants += to_int;
  gen(b, from, depth - 1);
  no_constants -= to_int;
  put(b, "))");
}

static void gen_compare(Buf *b, int depth) {
  static const char *rel[] = {" < ", " <= ", " > ", " >= ", " == ", " != "};
  Ty t = rnd() % 2 ? T_FLOAT : T_DOUBLE;
  put(b, "(");
  gen(b, t, depth - 1);
  put(b, rel[rnd() % 6]);
  gen(b, rnd() % 4 ? t : (Ty)(rnd() % NTYPES), depth - 1); /* sometimes mixed: the usual conversions */
  put(b, ")");
}

static void gen(Buf *b, Ty t, int depth) {
  if (depth <= 0) {
    gen_leaf(b, t);
    return;
  }
  uint64_t r = rnd() % 10;
  if (is_fp(t)) {
    static const char *ops[] = {" + ", " - ", " * ", " / "};
    if (r < 5) {
      put(b, "(");
      gen(b, t, depth - 1);
      put(b, ops[rnd() % 4]);
      gen(b, rnd() % 5 ? t : (Ty)(rnd() % NTYPES), depth - 1);
      put(b, ")");
    } else if (r < 6) {
      put(b, "(- ");
      gen(b, t, depth - 1);
      put(b, ")");
    } else if (r < 8) {
      gen_cast(b, t, depth);
    } else {
      put(b, "(");
      gen_compare(b, depth);
      put(b, " ? ");
      gen(b, t, depth - 1);
      put(b, " : ");
      gen(b, t, depth - 1);
      put(b, ")");
    }
    return;
  }
  if (r < 5) {
    gen_cast(b, t, depth);
  } else if (r < 8) {
    char tmp[64];
    snprintf(tmp, sizeof tmp, "(%s)", spelling[t]);
    put(b, tmp);
    gen_compare(b, depth);
  } else if (r < 9) {
    char tmp[64];
    snprintf(tmp, sizeof tmp, "(%s)(!", spelling[t]);
    put(b, tmp);
    gen(b, rnd() % 2 ? T_FLOAT : T_DOUBLE, depth - 1);
    put(b, ")");
  } else {
    gen_leaf(b, t);
  }
}

/* ---- The generated program ----------------------------------------------------- */
enum { NFUNCS = 160, NINPUTS = 24 };

typedef struct Fn {
  Ty ret;
  int kind; /* 0: an expression; 1: sqrt of one; 2: fabs; 3..7: a classification */
} Fn;

static const char *classes[] = {"__builtin_isnan", "__builtin_isinf", "__builtin_isinf_sign", "__builtin_isfinite",
                                "__builtin_isnormal"};

/* f<k>: returns the expression (statements for the math calls, as the
   frontend lowers them anyway). */
static void write_function(Buf *b, int k, Fn *f) {
  char tmp[256];
  f->kind = rnd() % 4 ? 0 : (int)(1 + rnd() % 7);
  f->ret = f->kind >= 3 ? T_INT : f->kind ? (rnd() % 2 ? T_FLOAT : T_DOUBLE) : (Ty)(rnd() % NTYPES);
  if (f->ret == T_UCHAR) f->ret = T_INT;
  snprintf(tmp, sizeof tmp, "%s f%d(float x, double y, int i, unsigned u, long l, unsigned long q) {\n",
           spelling[f->ret], k);
  put(b, tmp);
  put(b, "  (void)x; (void)y; (void)i; (void)u; (void)l; (void)q;\n");
  if (f->kind == 0) {
    put(b, "  return ");
    gen(b, f->ret, 1 + (int)(rnd() % 4));
    put(b, ";\n}\n");
    return;
  }
  Ty at = f->kind <= 2 ? f->ret : rnd() % 2 ? T_FLOAT : T_DOUBLE;
  snprintf(tmp, sizeof tmp, "  %s a = ", spelling[at]);
  put(b, tmp);
  gen(b, at, 1 + (int)(rnd() % 3));
  put(b, ";\n");
  if (f->kind <= 2) {
    snprintf(tmp, sizeof tmp, "  %s r = %s%s(a);\n  return r;\n}\n", spelling[at], f->kind == 1 ? "sqrt" : "fabs",
             at == T_FLOAT ? "f" : "");
  } else {
    snprintf(tmp, sizeof tmp, "  int r = %s(a);\n  return r;\n}\n", classes[f->kind - 3]);
  }
  put(b, tmp);
}

/* ---- Inputs ------------------------------------------------------------------------ */
static double interesting_double(void) {
  static const double v[] = {0.0, -0.0, 1.0, -1.0, 0.1, 0.5, 3.0, 1e300, -1e300, 4.9e-324, 2.2250738585072014e-308,
                             1e-310, 9007199254740993.0, 2147483647.0, -2147483649.0, 1.8446744073709552e19, 1e19,
                             -9.3e18, 255.9, -0.99};
  uint64_t r = rnd() % 10;
  if (r < 5) return v[rnd() % (sizeof v / sizeof *v)];
  if (r < 6) return r % 2 ? INFINITY : -INFINITY;
  if (r < 7) return NAN;
  if (r < 8) return (double)((int64_t)(rnd() % 2001) - 1000) / 8;
  double d;
  uint64_t bits = rnd();
  memcpy(&d, &bits, sizeof d);
  return d;
}

static float interesting_float(void) {
  uint64_t r = rnd() % 10;
  if (r < 7) return (float)interesting_double();
  float f;
  uint32_t bits = (uint32_t)rnd();
  memcpy(&f, &bits, sizeof f);
  return f;
}

static int64_t interesting_int(void) {
  static const int64_t v[] = {0, 1, -1, 2, 7, 255, 256, -100, INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN, 1000000};
  return rnd() % 2 ? v[rnd() % (sizeof v / sizeof *v)] : (int64_t)rnd();
}

static int64_t key32(float f) { return fp_key_of_bits(&fp_binary32, (uint64_t)({ uint32_t b; memcpy(&b, &f, 4); b; })); }
static int64_t key64(double d) { return fp_key_of_bits(&fp_binary64, ({ uint64_t b; memcpy(&b, &d, 8); b; })); }

/* ---- Expected values and the key encoding ------------------------------------------ */
static IrProgram *parse(const char *path) {
  FeOptions o = {.model = IR_LP64};
  FeErrors err = {0};
  IrProgram *p = fe_parse_file(path, &o, &err);
  if (!p) fprintf(stderr, "parse error: %s\n", err.text ? err.text : "?");
  fe_errors_free(&err);
  return p;
}

static IrProgram *parse_text(const char *src) {
  char path[512];
  snprintf(path, sizeof path, "%s/t.c", tmpdir);
  FILE *f = fopen(path, "w");
  fputs(src, f);
  fclose(f);
  return parse(path);
}

TEST(expected_values) {
  IrProgram *p = parse_text("int absorb(float x) { float y = x + 1.0f; return x > 0.0f && y == x; }\n"
                            "double half(double d) { return d / 2; }\n"
                            "int trunc_(double d) { return (int)d; }\n"
                            "int loop(float lim) { float s = 0; int n = 0; while (s < lim) { s += 0.5f; n++; } return n; }\n");
  CHECK(p);
  if (!p) return;
  CxResult r;
  CxProgram *c = cx_new(p, ir_find_function(p, "absorb"), &(CxObjective){0}, &(char *){NULL});
  CHECK(c);
  CHECK_EQ_INT(cx_run(c, (int64_t[]){key32(16777216.0f)}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 1);
  CHECK_EQ_INT(cx_run(c, (int64_t[]){key32(16777215.0f)}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 0);
  CHECK_EQ_INT(cx_run(c, (int64_t[]){fp_key_nan(&fp_binary32)}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 0);
  CHECK_EQ_INT(cx_run(c, (int64_t[]){fp_binary32.inf_key + 7}, NULL, 0, NULL, &r), CX_ABANDONED); /* not a key */
  cx_free(c);
  c = cx_new(p, ir_find_function(p, "half"), &(CxObjective){0}, &(char *){NULL});
  CHECK_EQ_INT(cx_run(c, (int64_t[]){key64(-0.0)}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, -1); /* -0 */
  CHECK_EQ_INT(cx_run(c, (int64_t[]){1}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 0); /* the least subnormal halves to +0 (ties to even) */
  cx_free(c);
  c = cx_new(p, ir_find_function(p, "trunc_"), &(CxObjective){0}, &(char *){NULL});
  CHECK_EQ_INT(cx_run(c, (int64_t[]){key64(-2147483648.9)}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, INT32_MIN);
  CHECK_EQ_INT(cx_run(c, (int64_t[]){key64(2147483648.0)}, NULL, 0, NULL, &r), CX_TRAP);
  CHECK_EQ_INT(cx_run(c, (int64_t[]){fp_key_nan(&fp_binary64)}, NULL, 0, NULL, &r), CX_TRAP);
  cx_free(c);
  c = cx_new(p, ir_find_function(p, "loop"), &(CxObjective){0}, &(char *){NULL});
  CHECK_EQ_INT(cx_run(c, (int64_t[]){key32(499.5f)}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 999);
  CHECK_EQ_INT(cx_run(c, (int64_t[]){key32(499.75f)}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 1000);
  cx_free(c);
  fe_program_free(p);
}

/* ---- Against the model's reference semantics (operators/float, MPFR) ------------- */
static int64_t random_key(int bits) {
  const FpFormat *f = bits == 32 ? &fp_binary32 : &fp_binary64;
  if (rnd() % 4 == 0) {
    double d = interesting_double();
    return bits == 32 ? key32((float)d) : key64(d);
  }
  if (rnd() % 8 == 0) return fp_key_nan(f);
  uint64_t span = 2 * (uint64_t)f->inf_key + 2; /* -inf .. +inf */
  return (int64_t)(rnd() % span - (uint64_t)f->inf_key - 1);
}

TEST(agrees_with_model) {
  static const OpCType ints[] = {{8, true}, {8, false}, {16, true}, {32, true}, {32, false}, {64, true}, {64, false}};
  int checked = 0;
  for (int n = 0; n < 40000; n++) {
    int bits = n % 2 ? 32 : 64, other = 96 - bits;
    const FpFormat *f = bits == 32 ? &fp_binary32 : &fp_binary64, *g = bits == 32 ? &fp_binary64 : &fp_binary32;
    int64_t x = random_key(bits), y = random_key(bits);
    for (int op = 0; op < 4; op++) CHECK_EQ_INT(cx_float_binary(bits, (CxFloatOp)op, x, y), fp_eval_binary(f, (FpBinary)op, x, y));
    CHECK_EQ_INT(cx_float_sqrt(bits, x), fp_eval_sqrt(f, x));
    CHECK_EQ_INT(cx_float_convert(bits, other, x), fp_eval_convert(f, x, g));
    static const OpRel rels[] = {OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE};
    double a = cx_key_value(bits, x), b = cx_key_value(bits, y);
    bool host[] = {a < b, a <= b, a > b, a >= b, a == b, a != b};
    for (int r = 0; r < 6; r++) CHECK_EQ_INT(host[r], fp_eval_compare(f, rels[r], x, y));
    OpCType t = ints[rnd() % 7];
    int64_t v = op_c_wrap(t, (int64_t)rnd() >> (rnd() % 64)), out = 0, want = 0;
    CHECK_EQ_INT(cx_float_from_int(bits, v, t.bits == 64 && !t.is_signed), fp_eval_from_int(f, t, v));
    bool defined = fp_eval_to_int(f, x, t, &want);
    CHECK_EQ_INT(cx_float_to_int(bits, x, t.bits, t.is_signed, &out), defined);
    if (defined) CHECK_EQ_INT(out, want);
    checked++;
  }
  printf("floats against the model: %d operand pairs, every operation\n", checked);
}

/* ---- Against gcc -------------------------------------------------------------------- */
static int compared, undefined_conversions;

TEST(against_gcc) {
  char path[512], cmd[2048];
  Buf b = {0};
  put(&b, "double sqrt(double); float sqrtf(float); double fabs(double); float fabsf(float);\n");
  Fn fs[NFUNCS];
  for (int k = 0; k < NFUNCS; k++) write_function(&b, k, &fs[k]);
  snprintf(path, sizeof path, "%s/f.c", tmpdir);
  FILE *f = fopen(path, "w");
  fputs(b.s, f);
  fclose(f);
  /* the harness: one line per run, "k xbits ybits i u l q" in, the result's bits out */
  Buf h = {0};
  put(&h, "#include <stdio.h>\n#include <string.h>\n#include \"f.c\"\n"
          "int main(void) { int k; unsigned xb; unsigned long long yb, i, u, l, q;\n"
          "  while (scanf(\"%d %x %llx %llx %llx %llx %llx\", &k, &xb, &yb, &i, &u, &l, &q) == 7) {\n"
          "    float x; double y; memcpy(&x, &xb, 4); memcpy(&y, &yb, 8);\n"
          "    switch (k) {\n");
  for (int k = 0; k < NFUNCS; k++) {
    char line[512];
    const char *call = "f%d(x, y, (int)i, (unsigned)u, (long)l, (unsigned long)q)";
    char c[128];
    snprintf(c, sizeof c, call, k);
    if (fs[k].ret == T_FLOAT)
      snprintf(line, sizeof line, "    case %d: { float r = %s; unsigned rb; memcpy(&rb, &r, 4); printf(\"f %%x\\n\", rb); break; }\n", k, c);
    else if (fs[k].ret == T_DOUBLE)
      snprintf(line, sizeof line, "    case %d: { double r = %s; unsigned long long rb; memcpy(&rb, &r, 8); printf(\"d %%llx\\n\", rb); break; }\n", k, c);
    else
      snprintf(line, sizeof line, "    case %d: printf(\"i %%lld\\n\", (long long)%s); break;\n", k, c);
    put(&h, line);
  }
  put(&h, "    }\n  }\n  return 0;\n}\n");
  snprintf(path, sizeof path, "%s/h.c", tmpdir);
  f = fopen(path, "w");
  fputs(h.s, f);
  fclose(f);
  snprintf(cmd, sizeof cmd, "cd %s && gcc -O0 -fwrapv -w -o h h.c -lm", tmpdir);
  CHECK(system(cmd) == 0);
  /* the inputs */
  int nruns = NFUNCS * NINPUTS;
  int64_t (*in)[6] = calloc((size_t)nruns, sizeof *in);
  snprintf(path, sizeof path, "%s/in.txt", tmpdir);
  f = fopen(path, "w");
  for (int n = 0; n < nruns; n++) {
    float x = interesting_float();
    double y = interesting_double();
    uint32_t xb;
    uint64_t yb;
    memcpy(&xb, &x, 4);
    memcpy(&yb, &y, 8);
    int64_t i = interesting_int(), u = interesting_int(), l = interesting_int(), q = interesting_int();
    fprintf(f, "%d %x %llx %llx %llx %llx %llx\n", n / NINPUTS, xb, (unsigned long long)yb, (unsigned long long)i,
            (unsigned long long)u, (unsigned long long)l, (unsigned long long)q);
    in[n][0] = key32(x);
    in[n][1] = key64(y);
    in[n][2] = (int32_t)i;
    in[n][3] = (uint32_t)u;
    in[n][4] = l;
    in[n][5] = q;
  }
  fclose(f);
  snprintf(cmd, sizeof cmd, "cd %s && ./h < in.txt > out.txt", tmpdir);
  CHECK(system(cmd) == 0);
  snprintf(path, sizeof path, "%s/f.c", tmpdir);
  IrProgram *p = parse(path);
  CHECK(p);
  snprintf(path, sizeof path, "%s/out.txt", tmpdir);
  FILE *out = fopen(path, "r");
  if (!p || !out) return;
  int mismatches = 0;
  for (int k = 0; k < NFUNCS; k++) {
    char name[16];
    snprintf(name, sizeof name, "f%d", k);
    char *err = NULL;
    CxProgram *c = cx_new(p, ir_find_function(p, name), &(CxObjective){0}, &err);
    if (!c) fprintf(stderr, "%s: %s\n", name, err ? err : "?");
    CHECK(c);
    free(err);
    for (int t = 0; t < NINPUTS; t++) {
      char kind;
      unsigned long long bits;
      long long ival;
      int64_t want;
      int got = fscanf(out, " %c", &kind);
      if (got != 1) break;
      if (kind == 'i') {
        if (fscanf(out, "%lld", &ival) != 1) break;
        want = ival;
      } else {
        if (fscanf(out, "%llx", &bits) != 1) break;
        want = fp_key_of_bits(kind == 'f' ? &fp_binary32 : &fp_binary64, bits);
      }
      if (!c) continue;
      CxResult r;
      CxOutcome o = cx_run(c, in[k * NINPUTS + t], NULL, 0, NULL, &r);
      if (o == CX_TRAP && r.reason && strstr(r.reason, "cannot hold")) { /* undefined in C */
        undefined_conversions++;
        continue;
      }
      int64_t as_stored = want;
      if (fs[k].ret == T_UINT) as_stored = (int64_t)(uint32_t)want;
      bool ok = o == CX_RETURNED && r.has_return && r.ret == as_stored;
      compared++;
      if (!ok && mismatches++ < 10) {
        const int64_t *v = in[k * NINPUTS + t];
        fprintf(stderr, "f%d(x key %lld, y key %lld, %lld, %lld, %lld, %lld): concrete %s %s ret %lld, gcc %lld\n", k,
                (long long)v[0], (long long)v[1], (long long)v[2], (long long)v[3], (long long)v[4], (long long)v[5],
                cx_outcome_name(o), r.reason ? r.reason : "", (long long)r.ret, (long long)as_stored);
      }
      CHECK(ok);
    }
    cx_free(c);
  }
  fclose(out);
  fe_program_free(p);
  free(in);
  free(b.s);
  free(h.s);
  printf("floats against gcc: %d runs compared, %d undefined conversions skipped\n", compared, undefined_conversions);
  CHECK(compared > NFUNCS * NINPUTS / 2);
}

int main(void) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/inka-float-XXXXXX");
  if (!mkdtemp(tmpdir)) return 1;
  if (getenv("CX_FLOAT_SEED")) rng ^= strtoull(getenv("CX_FLOAT_SEED"), NULL, 10) * 0x9E3779B97F4A7C15ULL;
  RUN(expected_values);
  RUN(agrees_with_model);
  RUN(against_gcc);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (!getenv("CX_FLOAT_KEEP") && system(cmd)) return 1;
  return check_summary();
}
