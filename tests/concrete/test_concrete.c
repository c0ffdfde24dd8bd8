/* test_concrete.c - the concrete mode (concrete/) against expected outcomes
 * (objectives with --iter, traps, uncontrolled reads, memory, budgets) and
 * against the programs compiled by gcc and run on the same inputs: the
 * outcome, the return value and, for runs that return, how many times each
 * simple line ran (gcov) -- on every file of samples/, tests/translate/inputs/,
 * and tests/acceptance/programs/.  CX_NATIVE=0 skips the native part; CX_NATIVE_VERBOSE=1 prints
 * every run.
 */
#include <dirent.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"
#include "inka/objective.h"
#include "native.h"

/* ---- Programs from text -------------------------------------------------------- */
static char tmpdir[256];

static bool wrapv; /* the programs parsed next have --wrapv semantics */

static IrProgram *parse_text(const char *src) {
  char path[512];
  snprintf(path, sizeof path, "%s/p.c", tmpdir);
  FILE *f = fopen(path, "w");
  fputs(src, f);
  fclose(f);
  FeOptions o = {.model = IR_LP64, .wrapv = wrapv};
  FeErrors err = {0};
  IrProgram *p = fe_parse_file(path, &o, &err);
  if (!p) fprintf(stderr, "parse error: %s\n", err.text ? err.text : "?");
  fe_errors_free(&err);
  return p;
}

typedef struct Case {
  IrProgram *p;
  CxProgram *c;
} Case;

/* Compiles function fn of src towards the statement on target_line (0: none)
   with the given --iter numbers, or towards a call of target_call. */
static Case prepare(const char *src, const char *fn, int target_line, const int *iter, int niter,
                    const char *target_call) {
  Case k = {parse_text(src), NULL};
  if (!k.p) return k;
  const IrFunction *f = ir_find_function(k.p, fn);
  CxObjective obj = {.iter = iter, .niter = niter, .target_call = target_call};
  for (int i = 0; target_line && i < k.p->nfuncs && !obj.target; i++)
    if (k.p->funcs[i]->defined) obj.target = ir_find_stmt_at_line(k.p->funcs[i], target_line);
  char *err = NULL;
  k.c = f ? cx_new(k.p, f, &obj, &err) : NULL;
  if (!k.c) fprintf(stderr, "cx_new: %s\n", err ? err : "no function");
  free(err);
  return k;
}

static void done(Case *k) {
  cx_free(k->c);
  if (k->p) fe_program_free(k->p);
}

static CxOutcome run(Case *k, const int64_t *params, const int64_t *nd, int nn, CxResult *r) {
  CxRunOptions o = {.max_steps = 1000000};
  return cx_run(k->c, params, nd, nn, &o, r);
}

/* ---- Expected outcomes --------------------------------------------------------------- */
TEST(arithmetic_and_traps) {
  Case k = prepare("int f(int a, int b) { return a / b + (a % 3); }\n"
                   "int g(int a, int b) { return a << b; }\n"
                   "unsigned h(unsigned a) { return (a - 1u) >> 1; }\n"
                   "long m(long a, unsigned char c) { return a * 3 + (c ^ 0xff); }\n",
                   "f", 0, NULL, 0, NULL);
  CHECK(k.c);
  if (!k.c) return;
  CxResult r;
  CHECK_EQ_INT(run(&k, (int64_t[]){7, 2}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 3 + 1);
  CHECK_EQ_INT(run(&k, (int64_t[]){-7, 2}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, -3 + -1);
  CHECK_EQ_INT(run(&k, (int64_t[]){7, 0}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){INT_MIN, -1}, NULL, 0, &r), CX_TRAP);
  done(&k);
  k = prepare("int g(int a, int b) { return a << b; }\n", "g", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 30}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 1 << 30);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 31}, NULL, 0, &r), CX_TRAP); /* ISO C: 2^31 is no int */
  CHECK_EQ_INT(run(&k, (int64_t[]){-1, 3}, NULL, 0, &r), CX_TRAP); /* a negative value shifted */
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 32}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, -1}, NULL, 0, &r), CX_TRAP);
  done(&k);
  wrapv = true;
  k = prepare("int g(int a, int b) { return a << b; }\n", "g", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 31}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, INT_MIN);
  CHECK_EQ_INT(run(&k, (int64_t[]){-1, 3}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, -8);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 32}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, -1}, NULL, 0, &r), CX_TRAP);
  done(&k);
  wrapv = false;
  k = prepare("unsigned h(unsigned a) { return (a - 1u) >> 1; }\n", "h", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){0}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 2147483647);
  done(&k);
  k = prepare("unsigned long u(unsigned long a) { return a / 3 + (a > 5); }\n", "u", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){-1}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT((uint64_t)r.ret, UINT64_MAX / 3 + 1);
  done(&k);
}

TEST(uninitialized_reads) {
  Case k = prepare("int f(int a) { int x; if (a) x = 1; return x; }\n", "f", 0, NULL, 0, NULL);
  CxResult r;
  CHECK_EQ_INT(run(&k, (int64_t[]){1}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 1);
  CHECK_EQ_INT(run(&k, (int64_t[]){0}, NULL, 0, &r), CX_UNINIT);
  done(&k);
  k = prepare("#include <stdlib.h>\nint f(int a) { int *p = malloc(2 * sizeof(int)); p[0] = a; return p[a & 1]; }\n",
              "f", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){2}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 2);
  CHECK_EQ_INT(run(&k, (int64_t[]){3}, NULL, 0, &r), CX_UNINIT);
  done(&k);
}

static const char *loops_src = "int f(int n, int m) {\n"        /* 1 */
                               "  int s = 0;\n"                  /* 2 */
                               "  for (int i = 0; i < n; i++) {\n" /* 3 */
                               "    s += i;\n"                   /* 4 */
                               "    for (int j = 0; j < m; j++)\n" /* 5 */
                               "      s += j;\n"                 /* 6 */
                               "  }\n"                           /* 7 */
                               "  return s;\n"                   /* 8 */
                               "}\n";

TEST(objective_iterations) {
  CxResult r;
  Case k = prepare(loops_src, "f", 4, (int[]){3}, 1, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 0}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 1);
  CHECK_EQ_INT(run(&k, (int64_t[]){3, 0}, NULL, 0, &r), CX_REACHED);
  done(&k);
  k = prepare(loops_src, "f", 3, (int[]){2}, 1, NULL); /* the loop's body entered the 2nd time */
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 0}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 0}, NULL, 0, &r), CX_REACHED);
  done(&k);
  k = prepare(loops_src, "f", 3, NULL, 0, NULL); /* the loop statement runs */
  CHECK_EQ_INT(run(&k, (int64_t[]){0, 0}, NULL, 0, &r), CX_REACHED);
  done(&k);
  k = prepare(loops_src, "f", 6, (int[]){2, 3}, 2, NULL); /* 3rd inner iteration during the 2nd outer one */
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 5}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 2}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 3}, NULL, 0, &r), CX_REACHED);
  done(&k);
  k = prepare(loops_src, "f", 6, (int[]){3}, 1, NULL); /* innermost only: any outer iteration */
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 2}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 3}, NULL, 0, &r), CX_REACHED);
  done(&k);
  k = prepare(loops_src, "f", 8, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){1, 1}, NULL, 0, &r), CX_REACHED);
  done(&k);
}

TEST(do_while_and_calls) {
  const char *src = "int g(int x) {\n"          /* 1 */
                    "  int k = 0;\n"            /* 2 */
                    "  do {\n"                  /* 3 */
                    "    k++;\n"                /* 4 */
                    "  } while (k < x);\n"      /* 5 */
                    "  return k;\n"             /* 6 */
                    "}\n"                       /* 7 */
                    "int f(int a) { return g(a) + g(a + 1); }\n";
  CxResult r;
  Case k = prepare(src, "f", 4, (int[]){2}, 1, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){0}, NULL, 0, &r), CX_RETURNED); /* one iteration in each call */
  CHECK_EQ_INT(run(&k, (int64_t[]){1}, NULL, 0, &r), CX_REACHED);  /* the second call iterates twice */
  CHECK_EQ_INT(run(&k, (int64_t[]){-5}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 2);
  done(&k);
  k = prepare("int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }\n", "fact", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){10}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 3628800);
  CHECK_EQ_INT(run(&k, (int64_t[]){100000}, NULL, 0, &r), CX_BUDGET); /* call depth */
  done(&k);
  k = prepare("int f(int a) { while (a != 3) a = a + 2; return a; }\n", "f", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){1}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(run(&k, (int64_t[]){2}, NULL, 0, &r), CX_BUDGET); /* wraps around only after 2^31 steps */
  done(&k);
}

TEST(nondet_and_calls_as_objective) {
  const char *src = "extern int __VERIFIER_nondet_int(void);\n"
                    "extern void reach_error(void);\n"
                    "extern void __VERIFIER_assume(int);\n"
                    "int main(void) {\n"
                    "  int x = __VERIFIER_nondet_int();\n"
                    "  __VERIFIER_assume(x < 100);\n"
                    "  int y = __VERIFIER_nondet_int();\n"
                    "  if (x + y == 5) reach_error();\n"
                    "  return x;\n"
                    "}\n";
  CxResult r;
  Case k = prepare(src, "main", 0, NULL, 0, "reach_error");
  CHECK(cx_uses_nondet(k.c));
  CHECK_EQ_INT(run(&k, NULL, (int64_t[]){2, 3}, 2, &r), CX_REACHED);
  CHECK_EQ_INT(r.nondet_used, 2);
  CHECK_EQ_INT(run(&k, NULL, (int64_t[]){2, 4}, 2, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 2);
  CHECK_EQ_INT(run(&k, NULL, (int64_t[]){200, 4}, 2, &r), CX_ENDED);
  CHECK_EQ_INT(r.end, CX_END_ASSUME);
  CHECK_EQ_INT(run(&k, NULL, (int64_t[]){2}, 1, &r), CX_NEED_NONDET);
  done(&k);
}

TEST(memory) {
  const char *src = "#include <stdlib.h>\n"
                    "struct node { int v; struct node *next; };\n"
                    "int f(int n, int k) {\n"
                    "  struct node *h = 0;\n"
                    "  for (int i = 0; i < n; i++) {\n"
                    "    struct node *c = malloc(sizeof *c);\n"
                    "    c->v = i; c->next = h; h = c;\n"
                    "  }\n"
                    "  if (k == 1) { free(h); return h->v; }\n"
                    "  if (k == 2) { free(h); free(h); return 0; }\n"
                    "  if (k == 3) return h->next->next->v;\n"
                    "  int a[3] = {1, 2, 3};\n"
                    "  int *p = a + 3;\n"
                    "  if (k == 4) return *p;\n"
                    "  if (k == 5) return *(p + 1);\n"
                    "  if (k == 6) return a[n];\n"
                    "  if (k == 7) return (int)(p - a);\n"
                    "  int s = 0;\n"
                    "  for (struct node *c = h; c; c = c->next) s += c->v;\n"
                    "  return s;\n"
                    "}\n";
  CxResult r;
  Case k = prepare(src, "f", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){4, 0}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 6);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 1}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 2}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 3}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){3, 3}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 0);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 4}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 5}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){2, 6}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 3);
  CHECK_EQ_INT(run(&k, (int64_t[]){3, 6}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){3, 7}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 3);
  done(&k);
  /* NULL with no object at all */
  k = prepare("int f(int a) { int *p = 0; if (a) return *p; return p == 0; }\n", "f", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, (int64_t[]){1}, NULL, 0, &r), CX_TRAP);
  CHECK_EQ_INT(run(&k, (int64_t[]){0}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 1);
  done(&k);
  /* locations are numbered as the translation numbers them: a at 17, b at 20 */
  k = prepare("long f(void) { int a = 1, b = 2; return (&b - &a) + a + b; }\n", "f", 0, NULL, 0, NULL);
  CHECK_EQ_INT(run(&k, NULL, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 6);
  done(&k);
}

TEST(assumes) {
  Case k = prepare("int f(int a) { return 10 / a; }\n", "f", 0, NULL, 0, NULL);
  FeErrors fe = {0};
  IrExpr *e = fe_parse_expr(k.p, ir_find_function(k.p, "f"), "a > 0", &fe);
  fe_errors_free(&fe);
  char *err = NULL;
  CHECK(e && cx_add_assume(k.c, e, &err));
  free(err);
  CxResult r;
  CHECK_EQ_INT(run(&k, (int64_t[]){0}, NULL, 0, &r), CX_ENDED);
  CHECK_EQ_INT(r.end, CX_END_ASSUME);
  CHECK_EQ_INT(run(&k, (int64_t[]){5}, NULL, 0, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 2);
  done(&k);
}

/* ---- In the search (label/concrete.c) ------------------------------------------------- */
/* Solves the objective "line runs (in iteration iter)" in fn of src with
   the given --assume texts, with or without the concrete mode. */
static LblVerdict solve(const char *src, const char *fn, int line, int iter, const char *assume, bool concrete,
                        LblResult *out) {
  IrProgram *p = parse_text(src);
  if (!p) return LBL_UNKNOWN;
  const IrFunction *f = ir_find_function(p, fn);
  FeErrors fe = {0};
  IrExpr *as = assume ? fe_parse_expr(p, f, assume, &fe) : NULL;
  fe_errors_free(&fe);
  int it[1] = {iter};
  LblQuery q = {.prog = p, .fn = f, .obj = {.target = ir_find_stmt_at_line(f, line), .iter = iter ? it : NULL,
                                            .niter = iter ? 1 : 0},
                .assumes = &as, .nassumes = as ? 1 : 0, .timeout_s = 20, .max_unfold = 100000, .seed = 1,
                .no_concrete = !concrete};
  char *err = NULL;
  LblResult r;
  LblVerdict v = lbl_solve(&q, &r, &err) ? r.verdict : LBL_UNKNOWN;
  free(err);
  if (out) {
    *out = r;
  } else {
    lbl_result_free(&r);
  }
  fe_program_free(p);
  return v;
}

/* ---- Compared values (CxRunOptions.on_compare) ---------------------------------------- */
typedef struct Noted {
  int n, param[8];
  int64_t value[8];
} Noted;

static void note(void *ctx, const void *site, int param, int64_t value) {
  (void)site;
  Noted *d = ctx;
  if (d->n < 8) d->param[d->n] = param, d->value[d->n++] = value;
}

/* Each side is a simple function of x compared with a value the run
   computes from y: the value reported for x makes the comparison's sides
   equal (the function returns 1 when they are), for every y tried; a
   comparison of callees or of a non-invertible side reports nothing. */
/* Each signed operation at the edges of int and long, in both semantics:
   ISO C traps exactly where the exact result leaves the type (a left shift
   also on a negative value), --wrapv wraps; unsigned arithmetic and
   conversions to a narrower type wrap in both. */
TEST(signed_overflow_both_semantics) {
  static const struct {
    const char *fn;
    int64_t a, b;
    bool overflows;
    int64_t wrapped;
  } cases[] = {
      {"add", INT_MAX, 1, true, INT_MIN},      {"add", INT_MAX, 0, false, INT_MAX},
      {"add", INT_MIN, -1, true, INT_MAX},     {"add", -5, INT_MIN + 5, false, INT_MIN},
      {"sub", INT_MIN, 1, true, INT_MAX},      {"sub", -1, INT_MAX, false, INT_MIN},
      {"sub", 0, INT_MIN, true, INT_MIN},      {"mul", 65536, 32768, true, INT_MIN},
      {"mul", -65536, 32768, false, INT_MIN},  {"mul", 46341, 46341, true, -2147479015},
      {"mul", -1, INT_MIN, true, INT_MIN},     {"neg", INT_MIN, 0, true, INT_MIN},
      {"neg", INT_MAX, 0, false, -INT_MAX},    {"shl", 1, 30, false, 1 << 30},
      {"shl", 1, 31, true, INT_MIN},           {"shl", -1, 0, true, -1},
      {"shl", 3, 30, true, -1073741824},       {"div", INT_MIN, 1, false, INT_MIN},
      {"ladd", INT64_MAX, 1, true, INT64_MIN}, {"lmul", INT64_MIN, -1, true, INT64_MIN},
      {"lmul", 3037000500, 3037000500, true, -9223372036709301616}, {"lshl", 1, 62, false, INT64_C(1) << 62},
      {"lshl", 1, 63, true, INT64_MIN},        {"lneg", INT64_MIN, 0, true, INT64_MIN},
      {"uadd", -1, 1, false, 0},               {"narrow", 70000, 0, false, 4464},
  };
  const char *src = "int add(int a, int b) { return a + b; }\n"
                    "int sub(int a, int b) { return a - b; }\n"
                    "int mul(int a, int b) { return a * b; }\n"
                    "int neg(int a, int b) { return -a; }\n"
                    "int shl(int a, int b) { return a << b; }\n"
                    "int div(int a, int b) { return a / b; }\n"
                    "long ladd(long a, long b) { a += b; return a; }\n"
                    "long lmul(long a, long b) { a *= b; return a; }\n"
                    "long lshl(long a, long b) { return a << b; }\n"
                    "long lneg(long a, long b) { return -a; }\n"
                    "unsigned uadd(unsigned a, unsigned b) { return a + b; }\n"
                    "int narrow(int a, int b) { short s = a; s++; return s; }\n";
  for (int mode = 0; mode < 2; mode++) {
    wrapv = mode == 1;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
      Case k = prepare(src, cases[i].fn, 0, NULL, 0, NULL);
      CHECK(k.c);
      if (!k.c) continue;
      CxResult r;
      CxOutcome o = run(&k, (int64_t[]){cases[i].a, cases[i].b}, NULL, 0, &r);
      bool traps = !wrapv && cases[i].overflows;
      int64_t want = !strcmp(cases[i].fn, "uadd") ? (int64_t)(uint32_t)cases[i].wrapped : cases[i].wrapped;
      if (!strcmp(cases[i].fn, "narrow")) want = (int16_t)(70000 + 1);
      CHECK_EQ_INT(o, traps ? CX_TRAP : CX_RETURNED);
      if (!traps && o == CX_RETURNED) CHECK_EQ_INT(r.ret, want);
      if (o != (traps ? CX_TRAP : CX_RETURNED) || (!traps && r.ret != want))
        fprintf(stderr, "%s(%lld, %lld) %s\n", cases[i].fn, (long long)cases[i].a, (long long)cases[i].b,
                wrapv ? "--wrapv" : "ISO");
      done(&k);
    }
  }
  wrapv = false;
}

TEST(compare_hook_inverts_sides) {
  static const struct {
    const char *text;
    bool exact; /* an inverse for every value of the other side */
  } sides[] = {
      {"x", true}, {"(x ^ 0x5a5a) + 7", true}, {"~(x - 100)", true}, {"-x + 5", true},
      {"(unsigned)x * 2654435761u", true}, {"(x + 1) * 3 ^ 77", true},
      {"(long)x * 3 - 11", false}, /* only where 3 divides s + 11 and the quotient fits an int */
      {"5 - (short)x", false},     /* only where 5 - s fits a short */
  };
  for (size_t i = 0; i < sizeof sides / sizeof sides[0]; i++) {
    char src[512];
    snprintf(src, sizeof src,
             "static int h(int v, int w) { return v < w; }\n"
             "int f(int x, int y) {\n  int s = y * 7 + 3, i;\n  for (i = 0; i < 10; i++) s = s * 5 + i;\n"
             "  if (h(x, s) && x * x == s) return 2;\n"
             "  if ((%s) == s) return 1;\n  return 0;\n}\n",
             sides[i].text);
    wrapv = true; /* s * 5 + i wraps: the inverses are modulo 2^32 */
    Case k = prepare(src, "f", 0, NULL, 0, NULL);
    wrapv = false;
    CHECK(k.c);
    if (!k.c) continue;
    for (int64_t y = -40; y <= 40; y += 7) {
      Noted d = {0};
      CxRunOptions o = {.max_steps = 100000, .on_compare = note, .compare_ctx = &d};
      CxResult r;
      CHECK_EQ_INT(cx_run(k.c, (int64_t[]){12345, y}, NULL, 0, &o, &r), CX_RETURNED);
      CHECK_EQ_INT(d.n, 1); /* not the loop's, h's or x * x's */
      if (d.n != 1) fprintf(stderr, "side %s: %d noted\n", sides[i].text, d.n);
      CHECK_EQ_INT(d.param[0], 0);
      if (!sides[i].exact || d.n < 1) continue;
      CHECK_EQ_INT(cx_run(k.c, (int64_t[]){d.value[0], y}, NULL, 0, &o, &r), CX_RETURNED);
      CHECK_EQ_INT(r.ret, 1);
      if (r.ret != 1) fprintf(stderr, "side %s, y %lld: x = %lld does not meet it\n", sides[i].text, (long long)y, (long long)d.value[0]);
    }
    done(&k);
  }
}

/* A value compared with the input after a loop longer than the unfolding
   budget: the compared value is a candidate, found before the search. */
TEST(search_tries_compared_values) {
  const char *src = "int g(unsigned x) {\n"                                       /* 1 */
                    "  unsigned s = 7u;\n"                                        /* 2 */
                    "  for (int i = 0; i < 300000; i++) s = s * 69069u + 1u;\n"  /* 3 */
                    "  if ((x ^ 0x1234u) - 5u == s)\n"                            /* 4 */
                    "    return 1;\n"                                             /* 5 */
                    "  return 0;\n"                                               /* 6 */
                    "}\n";
  LblResult r;
  CHECK_EQ_INT(solve(src, "g", 5, 0, NULL, true, &r), LBL_REACHABLE);
  lbl_result_free(&r);
}

/* ---- Exit probes (concrete/run.c) ------------------------------------------------------ */
static const char *probe_src = "int f(int n, int seed) {\n"                         /* 1 */
                               "  unsigned x = (unsigned)seed, a = 1;\n"           /* 2 */
                               "  int i;\n"                                        /* 3 */
                               "  if (n < 0 || n > 5000) return -1;\n"             /* 4 */
                               "  for (i = 0; i < n; i++) {\n"                     /* 5 */
                               "    x = x * 1103515245u + 12345u;\n"               /* 6 */
                               "    a = (a + (x >> 16)) % 65521u;\n"               /* 7 */
                               "  }\n"                                             /* 8 */
                               "  if (a == TARGET && n > 100)\n"                   /* 9 */
                               "    return 1;\n"                                   /* 10 */
                               "  return 0;\n"                                     /* 11 */
                               "}\n";

/* The checksum after exactly m steps, as f computes it. */
static unsigned probe_sum(int m, int seed) {
  unsigned x = (unsigned)seed, a = 1;
  for (int i = 0; i < m; i++) {
    x = x * 1103515245u + 12345u;
    a = (a + (x >> 16)) % 65521u;
  }
  return a;
}

/* One run with n = 5000 probes every shorter length: the lengths it
   reports are exactly those (above 100) whose checksum is the target, the
   run's own outcome and return value are those of a run without the hook,
   and every reported length meets the objective in a run of its own. */
TEST(exit_probes_try_every_shorter_length) {
  for (int seed = 0; seed < 6; seed++) {
    int want = 700 + 613 * seed;
    unsigned target = probe_sum(want, seed);
    char src[1024], num[32];
    snprintf(num, sizeof num, "%uu", target);
    const char *at = strstr(probe_src, "TARGET");
    snprintf(src, sizeof src, "%.*s%s%s", (int)(at - probe_src), probe_src, num, at + 6);
    Case k = prepare(src, "f", 10, NULL, 0, NULL);
    CHECK(k.c);
    if (!k.c) continue;
    CHECK_EQ_INT(cx_probe_direction(k.c, 0), 1);
    CHECK_EQ_INT(cx_probe_direction(k.c, 1), 0);
    Noted d = {0};
    CxRunOptions hooked = {.max_steps = 10000000, .on_probe = note, .compare_ctx = &d}, plain = {.max_steps = 10000000};
    CxResult with, without;
    int64_t args[2] = {5000, seed};
    CHECK_EQ_INT(cx_run(k.c, args, NULL, 0, &hooked, &with), cx_run(k.c, args, NULL, 0, &plain, &without));
    CHECK_EQ_INT(with.ret, without.ret);
    CHECK_EQ_INT(with.steps, without.steps); /* the probes' steps are their own */
    int expected = 0;
    for (int m = 101; m < 5000; m++) expected += probe_sum(m, seed) == target;
    CHECK_EQ_INT(d.n, expected < 8 ? expected : 8);
    CHECK(d.n >= 1);
    for (int i = 0; i < d.n; i++) {
      CHECK_EQ_INT(d.param[i], 0);
      CHECK(probe_sum((int)d.value[i], seed) == target && d.value[i] > 100);
      CxResult own;
      CHECK_EQ_INT(cx_run(k.c, (int64_t[]){d.value[i], seed}, NULL, 0, &plain, &own), CX_REACHED);
    }
    done(&k);
  }
}

/* The sweep puts a probed bound's largest value first: a witness at length
   4321 with seed 3 is found without running the lengths in between. */
TEST(search_probes_long_lengths) {
  unsigned target = probe_sum(4321, 3);
  char src[1024], num[32];
  snprintf(num, sizeof num, "%uu", target);
  const char *at = strstr(probe_src, "TARGET");
  snprintf(src, sizeof src, "%.*s%s%s", (int)(at - probe_src), probe_src, num, at + 6);
  LblResult r;
  CHECK_EQ_INT(solve(src, "f", 10, 0, NULL, true, &r), LBL_REACHABLE);
  if (r.verdict == LBL_REACHABLE && r.ninputs == 2) CHECK(probe_sum((int)r.inputs[0].value, (int)r.inputs[1].value) == target);
  lbl_result_free(&r);
}

/* Adler-like sums of a byte stream of n <= 5000 bytes from a seed in
   [0, 255]: the sweep first runs each seed once at the probing end (n =
   5000), whose probes try every shorter length, so the one witness (4321,
   200) of a 32-bit value is found after about 200 long runs; the shells
   over (n, seed) ran 200^2 combinations for it (49,267 concrete runs in
   all, 9,265 now). */
TEST(search_probing_end_per_seed) {
  const char *src = "unsigned f(int n, int seed) {\n"                                      /* 1 */
                    "  unsigned x = (unsigned)seed, a = 1, b = 0;\n"                        /* 2 */
                    "  int i;\n"                                                            /* 3 */
                    "  if (n < 0 || n > 5000 || seed < 0 || seed > 255) return 0;\n"        /* 4 */
                    "  for (i = 0; i < n; i++) {\n"                                         /* 5 */
                    "    x = x * 1103515245u + 12345u;\n"                                   /* 6 */
                    "    a = (a + ((x >> 16) & 255u)) % 65521u;\n"                          /* 7 */
                    "    b = (b + a) % 65521u;\n"                                           /* 8 */
                    "  }\n"                                                                 /* 9 */
                    "  if (((b << 16) | a) == 1331782124u)\n"                               /* 10 */
                    "    return 1;\n"                                                       /* 11 */
                    "  return 0;\n"                                                         /* 12 */
                    "}\n";
  LblResult r;
  CHECK_EQ_INT(solve(src, "f", 11, 0, NULL, true, &r), LBL_REACHABLE);
  if (r.verdict == LBL_REACHABLE && r.ninputs == 2) {
    CHECK_EQ_INT(r.inputs[0].value, 4321);
    CHECK_EQ_INT(r.inputs[1].value, 200);
  }
  CHECK(r.stats.concrete_runs < 20000);
  lbl_result_free(&r);
}

static const char *collatz_src = "int collatz(int n) {\n" /* 1 */
                                 "  int steps = 0;\n"     /* 2 */
                                 "  while (n != 1) {\n"   /* 3 */
                                 "    if (n % 2 == 0)\n"  /* 4 */
                                 "      n = n / 2;\n"     /* 5 */
                                 "    else\n"             /* 6 */
                                 "      n = 3 * n + 1;\n" /* 7 */
                                 "    steps++;\n"         /* 8 */
                                 "  }\n"                  /* 9 */
                                 "  return steps;\n"      /* 10 */
                                 "}\n";

TEST(search_enumerates_small_domains) {
  LblResult r;
  /* the longest run below 10^4 has 261 steps (n = 6171): a proof by 10^4 runs */
  CHECK_EQ_INT(solve(collatz_src, "collatz", 8, 262, "n >= 1 && n <= 10000", true, NULL), LBL_UNREACHABLE);
  CHECK_EQ_INT(solve(collatz_src, "collatz", 8, 261, "n >= 1 && n <= 10000", true, &r), LBL_REACHABLE);
  CHECK_EQ_INT(r.ninputs, 1);
  CHECK_EQ_INT(r.inputs[0].value, 6171);
  lbl_result_free(&r);
  /* after the root propagation: the guard leaves n in [1, 2000] */
  const char *guarded = "int g(int n) {\n"
                        "  if (n < 1 || n > 2000) return -1;\n"
                        "  int s = 0;\n"
                        "  while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; s++; }\n"
                        "  if (s == 182)\n"
                        "    return 1;\n"
                        "  return 0;\n"
                        "}\n";
  CHECK_EQ_INT(solve(guarded, "g", 6, 0, NULL, true, NULL), LBL_UNREACHABLE); /* the longest run below 2000 takes 181 steps */
}

TEST(search_never_proves_on_uncontrolled_runs) {
  /* x is read uninitialized when a is odd: those runs are no answer */
  const char *src = "int f(int a) {\n"
                    "  int x;\n"
                    "  if (a % 2 == 0) x = a;\n"
                    "  if (x == 1001) return 1;\n"
                    "  return 0;\n"
                    "}\n";
  LblVerdict v = solve(src, "f", 4, 0, "a >= 0 && a <= 100", true, NULL);
  CHECK(v != LBL_UNREACHABLE);
}

TEST(search_guesses_before_propagating) {
  LblResult r;
  const char *src = "int scan(int n, int t) {\n"
                    "  int a[3000];\n"
                    "  int i, hits = 0;\n"
                    "  if (n < 0 || n > 3000) return -1;\n"
                    "  for (i = 0; i < n; i++) a[i] = (i * 7) % 11;\n"
                    "  for (i = 0; i < n; i++) {\n"
                    "    if (a[i] == t)\n"
                    "      hits++;\n"
                    "  }\n"
                    "  return hits;\n"
                    "}\n";
  CHECK_EQ_INT(solve(src, "scan", 8, 2500, NULL, true, &r), LBL_REACHABLE);
  CHECK(r.ninputs == 2 && r.inputs[0].value >= 2500 && r.inputs[1].value == 3);
  CHECK(!r.has_return);
  lbl_result_free(&r);
}

static int64_t node_value(void *ctx, int k, const IrStmt *call) {
  (void)call;
  return *(int64_t *)ctx + k; /* 10, 11, 12, ... */
}

TEST(input_memory_and_nondet_values) {
  const char *src = "struct node { int v; struct node *next; };\n"
                    "extern int __VERIFIER_nondet_int(void);\n"
                    "int f(struct node *l, int *a) {\n"
                    "  int s = 0;\n"
                    "  for (; l; l = l->next) s += l->v;\n"
                    "  s += a[0] + a[1];\n"
                    "  return s + __VERIFIER_nondet_int() * 1000 + __VERIFIER_nondet_int() * 100000;\n"
                    "}\n";
  Case k = prepare(src, "f", 0, NULL, 0, NULL);
  CHECK(k.c);
  if (!k.c) return;
  const IrType *node_t = k.p->funcs[0]->params[0]->type->base;
  const IrType *int_t = k.p->funcs[0]->params[1]->type->base;
  int64_t cells[3][2] = {{1, 0}, {2, 0}, {3, 0}}, arr[2] = {40, 500};
  CxInputObject in[4] = {{node_t, 1, cells[0]}, {node_t, 1, cells[1]}, {node_t, 1, cells[2]}, {int_t, 2, arr}};
  cells[0][1] = cx_input_location(k.c, in, 1);
  cells[1][1] = cx_input_location(k.c, in, 2);
  int64_t first = 10;
  CxRunOptions o = {.max_steps = 100000, .inputs = in, .ninputs = 4, .nondet_value = node_value, .nondet_ctx = &first};
  int64_t params[2] = {cx_input_location(k.c, in, 0), cx_input_location(k.c, in, 3)};
  CxResult r;
  CHECK_EQ_INT(cx_run(k.c, params, NULL, 0, &o, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 1 + 2 + 3 + 40 + 500 + 10 * 1000 + 11 * 100000);
  CHECK_EQ_INT(r.nondet_used, 2);
  CHECK(cx_object_view(k.c, cx_object_count(k.c) - 1).input);
  params[1] = cx_input_location(k.c, in, 3) + 1; /* a[1] is the last element: a[0], a[1] from there reads past it */
  CHECK_EQ_INT(cx_run(k.c, params, NULL, 0, &o, &r), CX_TRAP);
  done(&k);
}

/* A struct passed by value to the function under test is copied from the
   place its value is given (an input object, as the driver passes
   *inka_in1), so writes to the parameter leave that object alone; an input
   object may be freed (the driver allocates it), once, and not used after. */
TEST(struct_parameters_and_freed_inputs) {
  const char *src = "#include <stdlib.h>\n"
                    "struct P { int x; int y; };\n"
                    "int f(struct P p, int *q, int twice) {\n"
                    "  int r = p.x * 10 + p.y;\n"
                    "  p.x = 99;\n"
                    "  free(q);\n"
                    "  if (twice == 1) free(q);\n"
                    "  if (twice == 2) r += *q;\n"
                    "  return r;\n"
                    "}\n";
  Case k = prepare(src, "f", 0, NULL, 0, NULL);
  CHECK(k.c);
  if (!k.c) return;
  const IrType *p_t = k.p->funcs[0]->params[0]->type, *int_t = k.p->funcs[0]->params[1]->type->base;
  int64_t pcells[2] = {3, 4}, qcells[1] = {7};
  CxInputObject in[2] = {{p_t, 1, pcells}, {int_t, 1, qcells}};
  CxRunOptions o = {.max_steps = 100000, .inputs = in, .ninputs = 2};
  int64_t params[3] = {cx_input_location(k.c, in, 0), cx_input_location(k.c, in, 1), 0};
  CxResult r;
  CHECK_EQ_INT(cx_run(k.c, params, NULL, 0, &o, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 34);
  int64_t x = 0;
  bool found = false;
  for (int i = 0; i < cx_object_count(k.c) && !found; i++) /* the input object, not the parameter's copy */
    if (cx_object_view(k.c, i).input && cx_object_view(k.c, i).type == p_t) found = cx_final_cell(k.c, i, 0, &x);
  CHECK(found && x == 3);
  params[2] = 1; /* a second free of the same block */
  CHECK_EQ_INT(cx_run(k.c, params, NULL, 0, &o, &r), CX_TRAP);
  params[2] = 2; /* a read after the free */
  CHECK_EQ_INT(cx_run(k.c, params, NULL, 0, &o, &r), CX_TRAP);
  done(&k);
}

/* Nondet values and input memories are the guess's own choice: such a
   function is only guessed (never a proof), and a guess is reported like
   the search's solutions.  (solve frees the program: names and types in
   the result are not read here.) */
TEST(search_guesses_nondet_and_inputs) {
  LblResult r;
  const char *nd = "extern unsigned int __VERIFIER_nondet_uint(void);\n"
                   "extern void reach_error(void);\n"
                   "int main(void) {\n"
                   "  unsigned int n = __VERIFIER_nondet_uint();\n"
                   "  if (n > 100000) return 0;\n"
                   "  unsigned int x = 0;\n"
                   "  for (unsigned int i = 0; i < n; i++) x += 2;\n"
                   "  if (x == 30000)\n"
                   "    return 1;\n"
                   "  if (x == 30001)\n"
                   "    return 2;\n"
                   "  return 0;\n"
                   "}\n";
  CHECK_EQ_INT(solve(nd, "main", 9, 0, NULL, true, &r), LBL_REACHABLE);
  /* found by a guess, or by the short proof attempt that runs before the
     guesses when the root propagates quickly: reported alike */
  CHECK(r.nnondet == 1 && r.nondet[0].value == 15000 && (r.stats.search.nodes > 0 || r.stats.concrete_runs > 0));
  lbl_result_free(&r);
  CHECK(solve(nd, "main", 11, 0, NULL, true, NULL) == solve(nd, "main", 11, 0, NULL, false, NULL));
  const char *list = "struct node { int val; struct node *next; };\n"
                     "int f(struct node *l) {\n"
                     "  int n = 0;\n"
                     "  for (; l; l = l->next) {\n"
                     "    if (l->val != 5) return 0;\n"
                     "    n++;\n"
                     "  }\n"
                     "  if (n == 500)\n"
                     "    return 1;\n"
                     "  return 0;\n"
                     "}\n";
  CHECK_EQ_INT(solve(list, "f", 9, 0, NULL, true, &r), LBL_REACHABLE);
  /* a guess's list, or the short proof attempt's when the root propagates
     quickly: the same 500 nodes either way */
  CHECK(r.ninputs == 1 && r.inputs[0].ref >= 0 && (r.stats.search.nodes == 0 || r.stats.concrete_runs > 0));
  int given = 0, at = r.ninputs == 1 ? r.inputs[0].ref : -1;
  for (int i = 0; i < r.nobjects; i++) given += r.objects[i].given;
  CHECK_EQ_INT(given, 500);
  for (int hops = 0; at >= 0 && hops < 1000; hops++) { /* the list the driver builds: 500 nodes of 5 */
    const LblObject *o = &r.objects[at];
    CHECK(o->given && o->initial && o->ncells == 2 && o->initial[0].value == 5 && !strcmp(o->initial[1].path, "[0].next"));
    if (!o->initial || hops == 499) {
      CHECK(o->initial && o->initial[1].value == 0);
      break;
    }
    at = o->initial[1].ref;
  }
  lbl_result_free(&r);
}

/* ---- Against gcc ------------------------------------------------------------------------- */
static int native_runs, native_compared, native_skipped, native_lines;
static bool verbose;

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545F4914F6CDD1DULL;
}

static int64_t random_value(const IrType *t) {
  static const int64_t corners[] = {0, 1, -1, 2, 3, 7, 10, INT_MAX, INT_MIN, 255, 100, -100};
  uint64_t r = rnd() % 10;
  int64_t v = r < 6 ? (int64_t)(rnd() % 21) - 10 : r < 8 ? (int64_t)(rnd() % 2001) - 1000 : corners[rnd() % 12];
  if (t->kind == IR_TY_BOOL) return v & 1;
  if (!t->is_signed && v < 0 && t->bits < 64) v = -v;
  return v;
}

/* Lines where every statement is an assignment, a call or a return (with
   declarations): [line] = statements starting there; -1 for other lines. */
static void simple_lines(const IrBlock *b, int *count, int n) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    int l = s->loc.line;
    if (l > 0 && l < n && count[l] >= 0) {
      bool simple = s->kind == IR_ST_ASSIGN || s->kind == IR_ST_CALL || s->kind == IR_ST_RETURN || s->kind == IR_ST_DECL;
      count[l] = simple ? count[l] + 1 : -1;
    }
    simple_lines(&s->then, count, n);
    simple_lines(&s->els, count, n);
    simple_lines(&s->pre, count, n);
    simple_lines(&s->body, count, n);
    simple_lines(&s->step, count, n);
  }
}

static bool outcome_matches(const CxResult *r, const char *nat, bool has_value) {
  switch (r->outcome) {
  case CX_RETURNED:
    if (!has_value) return strcmp(nat, "void") == 0;
    if (strncmp(nat, "ret ", 4) != 0) return false;
    return r->has_return && strtoll(nat + 4, NULL, 10) == r->ret;
  case CX_ENDED: return strcmp(nat, "end") == 0;
  case CX_TRAP: return strcmp(nat, "trap") == 0;
  case CX_NEED_NONDET: return strcmp(nat, "need") == 0;
  default: return true;
  }
}

static bool testable(const IrProgram *p, const IrFunction *fn) {
  if (!fn->defined || fn->unsupported || fe_check_reachable(p, fn)) return false;
  if (!fn->loc.file || strcmp(fn->loc.file, p->path) != 0) return false;
  if (fn->ret->kind != IR_TY_VOID && fn->ret->kind != IR_TY_INT && fn->ret->kind != IR_TY_BOOL) return false;
  for (int i = 0; i < p->ndefined_builtins; i++)
    if (!strncmp(p->defined_builtins[i], "__VERIFIER_nondet", 17)) return false;
  /* the harness passes integers: float parameters and nondet values are keys
     here (tests/concrete/test_float.c compares floats with gcc) */
  for (int i = 0; i < fn->nparams; i++) /* (a pointer parameter needs an input memory) */
    if (fn->params[i]->type->kind == IR_TY_FLOAT || fn->params[i]->type->kind == IR_TY_PTR) return false;
  if (nat_program_calls(p, "__VERIFIER_nondet_float") || nat_program_calls(p, "__VERIFIER_nondet_double")) return false;
  return fn->nparams <= 8;
}

static void native_file(const char *path) {
  char abs[PATH_MAX];
  if (!realpath(path, abs)) return;
  FeOptions fo = {.model = IR_LP64, .wrapv = wrapv};
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(abs, &fo, &fe);
  fe_errors_free(&fe);
  if (!p) return;
  NatFunc fs[64];
  CxProgram *cs[64];
  int nfs = 0;
  for (int i = 0; i < p->nfuncs && nfs < 64; i++) {
    const IrFunction *fn = p->funcs[i];
    if (!testable(p, fn)) continue;
    char *err = NULL;
    CxProgram *c = cx_new(p, fn, &(CxObjective){0}, &err);
    free(err);
    if (!c) continue;
    fs[nfs] = (NatFunc){fn, nfs};
    cs[nfs++] = c;
  }
  char dir[512];
  snprintf(dir, sizeof dir, "%s/native", tmpdir);
  mkdir(dir, 0700);
  if (nfs && nat_build(p, abs, fs, nfs, dir)) {
    enum { NL = 4096 };
    static int simple[NL];
    static long gcov[NL];
    static uint32_t hits[NL];
    memset(simple, 0, sizeof simple);
    for (int f = 0; f < p->nfuncs; f++)
      if (p->funcs[f]->defined) simple_lines(&p->funcs[f]->body, simple, NL);
    for (int i = 0; i < nfs; i++) {
      const IrFunction *fn = fs[i].fn;
      for (int t = 0; t < 6; t++) {
        int64_t params[8], nd[32];
        for (int k = 0; k < fn->nparams; k++) params[k] = random_value(fn->params[k]->type);
        for (int k = 0; k < 32; k++) nd[k] = random_value(&(IrType){.kind = IR_TY_INT, .bits = 32, .is_signed = true});
        int nn = 4 + (int)(rnd() % 28);
        memset(hits, 0, sizeof hits);
        CxRunOptions o = {.max_steps = 20000000, .line_hits = hits, .nlines = NL};
        CxResult r;
        cx_run(cs[i], params, nd, nn, &o, &r);
        char nat[128];
        native_runs++;
        bool ran = nat_run(dir, abs, fs[i].index, params, fn->nparams, nd, nn, nat, sizeof nat, gcov, NL,
                           r.outcome == CX_RETURNED);
        bool model_only = r.outcome == CX_TRAP && r.reason && strstr(r.reason, "pointer arithmetic");
        if (!ran || r.outcome == CX_UNINIT || r.outcome == CX_ABANDONED || r.outcome == CX_BUDGET || model_only) {
          native_skipped++;
          if (verbose) printf("  skip %s %s: concrete %s (%s), native %s\n", path, fn->name, cx_outcome_name(r.outcome),
                              r.reason ? r.reason : "", ran ? nat : "timeout");
          continue;
        }
        native_compared++;
        bool ok = outcome_matches(&r, nat, fn->ret->kind != IR_TY_VOID);
        if (ok && r.outcome == CX_RETURNED) {
          for (int l = 1; l < NL; l++) {
            if (simple[l] <= 0 || gcov[l] < 0) continue;
            native_lines++;
            if (hits[l] != (uint64_t)gcov[l] * (uint64_t)simple[l]) {
              fprintf(stderr, "%s:%d: line ran %ld times natively, concrete counts %u statement starts (%d per run)\n",
                      path, l, gcov[l], hits[l], simple[l]);
              ok = false;
            }
          }
        }
        if (verbose || !ok) {
          printf("  %s %s %s(", ok ? "ok" : "MISMATCH", path, fn->name);
          for (int k = 0; k < fn->nparams; k++) printf("%s%lld", k ? ", " : "", (long long)params[k]);
          printf(") nondet[%d]: concrete %s%s%s ret %lld, native %s\n", nn, cx_outcome_name(r.outcome),
                 r.reason ? " " : "", r.reason ? r.reason : "", (long long)r.ret, nat);
        }
        CHECK(ok);
      }
    }
  }
  for (int i = 0; i < nfs; i++) cx_free(cs[i]);
  fe_program_free(p);
}

static void native_dir(const char *dir) {
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  char *names[256];
  int n = 0;
  while ((e = readdir(d)) && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 2 && !strcmp(e->d_name + len - 2, ".c")) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    native_file(path);
    free(names[i]);
  }
}

TEST(against_gcc) {
  native_dir("samples");
  wrapv = true; /* the same files under -fwrapv: the differences are overflows */
  native_dir("tests/translate/inputs");
  wrapv = false;
  native_dir("tests/translate/inputs");
  native_dir("tests/frontend/inputs");
  native_dir("tests/acceptance/programs");
  printf("against gcc: %d runs, %d compared (%d line counts), %d skipped (uncontrolled, budget, model-only)\n",
         native_runs, native_compared, native_lines, native_skipped);
  CHECK(native_compared > 100);
}

int main(void) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/inka-concrete-XXXXXX");
  if (!mkdtemp(tmpdir)) return 1;
  verbose = getenv("CX_NATIVE_VERBOSE") && strcmp(getenv("CX_NATIVE_VERBOSE"), "0");
  RUN(arithmetic_and_traps);
  RUN(uninitialized_reads);
  RUN(objective_iterations);
  RUN(do_while_and_calls);
  RUN(nondet_and_calls_as_objective);
  RUN(memory);
  RUN(assumes);
  RUN(search_enumerates_small_domains);
  RUN(search_never_proves_on_uncontrolled_runs);
  RUN(search_guesses_before_propagating);
  RUN(input_memory_and_nondet_values);
  RUN(struct_parameters_and_freed_inputs);
  RUN(search_guesses_nondet_and_inputs);
  RUN(signed_overflow_both_semantics);
  RUN(compare_hook_inverts_sides);
  RUN(search_tries_compared_values);
  RUN(exit_probes_try_every_shorter_length);
  RUN(search_probes_long_lengths);
  RUN(search_probing_end_per_seed);
  if (!getenv("CX_NATIVE") || strcmp(getenv("CX_NATIVE"), "0")) RUN(against_gcc);
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (system(cmd)) return 1;
  return check_summary();
}
