/* test_guards.c - the entry checks of a function (label/guards.c).
 *
 * For each function below: how many guards lbl_entry_guards takes; and
 * for one function, lbl_solve (which posts the guards like --assume)
 * against the same function compiled into this test and run on every
 * input of a box wider than its guards.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "source_text.h"
#include "inka/frontend.h"
#include "inka/objective.h"
#include "../../label/lbl_guards.h"

static const char *program =
    "int two(int n, int k) {\n"                       /* 1 */
    "  int s = 0;\n"                                  /* 2 */
    "  if (n < -3 || n > 3) return -1;\n"             /* 3 */
    "  if (k == 2) return -2;\n"                      /* 4 */
    "  s = n + k;\n"                                  /* 5 */
    "  return s;\n"                                   /* 6: target */
    "}\n"                                             /* 7 */
    "int g(int x) { return x; }\n"                    /* 8 */
    "int after_call(int n, int k) {\n"                /* 9 */
    "  int t = g(n);\n"                               /* 10 */
    "  if (n > 1) return 0;\n"                        /* 11 */
    "  return t + k;\n"                               /* 12: target */
    "}\n"                                             /* 13 */
    "int target_inside(int n, int k) {\n"             /* 14 */
    "  if (n > 1) return 0;\n"                        /* 15: target */
    "  return k;\n"                                   /* 16 */
    "}\n"                                             /* 17 */
    "int not_plain(int n, int k) {\n"                 /* 18 */
    "  if (n + k > 1) return 0;\n"                    /* 19 */
    "  if (!(n >= 0 && k != 3)) return 1;\n"          /* 20 */
    "  return 2;\n"                                   /* 21: target */
    "}\n"                                             /* 22 */
    "int assigns_param(int n, int k) {\n"             /* 23 */
    "  n = k;\n"                                      /* 24 */
    "  if (n > 1) return 0;\n"                        /* 25 */
    "  return n;\n"                                   /* 26: target */
    "}\n"                                             /* 27 */
    "int with_else(int n, int k) {\n"                 /* 28 */
    "  if (n > 1) return 0; else k = 1;\n"            /* 29 */
    "  return k;\n"                                   /* 30: target */
    "}\n"                                             /* 31 */
    "int path(int n, int k) {\n"                      /* 32 */
    "  int t = 0;\n"                                  /* 33 */
    "  if (t == 0 && k == 3 && (long)n == 2)\n"       /* 34 */
    "    t = 1;\n"                                    /* 35: target */
    "  return t;\n"                                   /* 36 */
    "}\n"                                             /* 37 */
    "int path_else(int n, int k) {\n"                 /* 38 */
    "  int r = 0;\n"                                  /* 39 */
    "  if (n > k) r = 1;\n"                           /* 40 */
    "  else\n"                                        /* 41 */
    "    r = 2;\n"                                    /* 42: target */
    "  return r;\n"                                   /* 43 */
    "}\n"                                             /* 44 */
    "int path_written(int n, int k) {\n"              /* 45 */
    "  if (k == 3) {\n"                               /* 46 */
    "    n = 0;\n"                                    /* 47 */
    "    if (n == 0)\n"                               /* 48 */
    "      return 1;\n"                               /* 49: target */
    "  }\n"                                           /* 50 */
    "  return n;\n"                                   /* 51 */
    "}\n"                                             /* 52 */
    "int path_recursive(int n, int k) {\n"            /* 53 */
    "  if (k == 3)\n"                                 /* 54 */
    "    return 1;\n"                                 /* 55: target */
    "  return path_recursive(n, 3);\n"                /* 56 */
    "}\n"                                             /* 57 */
    "int ind_b(int n, int k);\n"                      /* 58 */
    "int ind_a(int n, int k) {\n"                     /* 59 */
    "  if (k == 3)\n"                                 /* 60 */
    "    return 1;\n"                                 /* 61: target */
    "  return ind_b(n, k);\n"                         /* 62 */
    "}\n"                                             /* 63 */
    "int ind_b(int n, int k) { return ind_a(n, 3); }\n" /* 64 */
    "int calls_helper(int n, int k) {\n"              /* 65 */
    "  int t = g(n);\n"                               /* 66 */
    "  if (k == 3)\n"                                 /* 67 */
    "    return t;\n"                                 /* 68: target */
    "  return 0;\n"                                   /* 69 */
    "}\n";                                            /* 70 */

static const struct {
  const char *fn;
  int line, guards;
} cases[] = {
    {"two", 6, 2},         {"after_call", 12, 0},   {"target_inside", 15, 0},
    {"not_plain", 21, 0},  {"assigns_param", 26, 0}, {"with_else", 30, 0},
    /* conditions on the path: k == 3 and (long)n == 2 (t is no parameter);
       !(n > k); k == 3 only (n is written in the function) */
    {"path", 35, 2},       {"path_else", 42, 1},     {"path_written", 49, 1},
    /* the target may run in a deeper frame (k == 3 there, not at the entry) */
    {"path_recursive", 55, 0},
    /* through another function (ind_b calls ind_a again); a call that
       cannot come back (g) does not count */
    {"ind_a", 61, 0},      {"calls_helper", 68, 1},
};


TEST(guards_taken) {
  IrProgram *p = parse_text(program);
  CHECK(p != NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    IrFunction *fn = ir_find_function(p, cases[i].fn);
    CHECK(fn != NULL);
    IrObjective obj = {.target = ir_find_stmt_at_line(fn, cases[i].line)};
    CHECK(obj.target != NULL);
    IrExpr **g;
    int n = lbl_entry_guards(fn, &obj, &g);
    if (n != cases[i].guards) fprintf(stderr, "%s: %d guards, want %d\n", cases[i].fn, n, cases[i].guards);
    CHECK_EQ_INT(n, cases[i].guards);
    lbl_entry_guards_free(g, n);
  }
  fe_program_free(p);
}

#define H_BODY                           \
  int s;                                 \
  if (n < -5 || n > 5) return -1;        \
  if (k < 0) return -2;                  \
  if (!(k <= 4)) return -3;              \
  s = n * k;                             \
  if (s == 12) return 1;                 \
  if (s == 13) return 2;                 \
  if (n == 3 && s == 12) return 3;       \
  if (k == 1 && s == 12) return 4;       \
  return 0;
static int h_run(int n, int k) { H_BODY }

/* Some input of the box [-40, 40]^2 makes h return `ret`. */
static bool h_returns(int ret) {
  for (int n = -40; n <= 40; n++)
    for (int k = -40; k <= 40; k++)
      if (h_run(n, k) == ret) return true;
  return false;
}

/* The solver with the guards answers as running the inputs does. */
TEST(guards_brute) {
  IrProgram *p = parse_text("int h(int n, int k) {\n"
        "  int s;\n"
        "  if (n < -5 || n > 5) return -1;\n"
        "  if (k < 0) return -2;\n"
        "  if (!(k <= 4)) return -3;\n"
        "  s = n * k;\n"
        "  if (s == 12)\n"
        "    return 1;\n"              /* 8: reached by (3, 4) only */
        "  if (s == 13)\n"
        "    return 2;\n"              /* 10: never */
        "  if (n == 3 && s == 12)\n"
        "    return 3;\n"              /* 12: (3, 4) */
        "  if (k == 1 && s == 12)\n"
        "    return 4;\n"              /* 14: never */
        "  return 0;\n"
        "}\n");
  CHECK(p != NULL);
  IrFunction *fn = ir_find_function(p, "h");
  for (int line = 8; line <= 14; line += 2) {
    IrObjective obj = {.target = ir_find_stmt_at_line(fn, line)};
    IrExpr **g;
    int n = lbl_entry_guards(fn, &obj, &g);
    CHECK_EQ_INT(n, line >= 12 ? 4 : 3); /* the three guards, and n == 3 or k == 1 on the path */
    lbl_entry_guards_free(g, n);
    LblQuery q = {.prog = p, .fn = fn, .obj = obj, .timeout_s = 20, .max_unfold = 100000};
    LblResult r;
    char *err = NULL;
    CHECK(lbl_solve(&q, &r, &err));
    int ret = (line - 6) / 2; /* line 8 returns 1, 10 returns 2, ... */
    CHECK_EQ_INT(r.verdict, h_returns(ret) ? LBL_REACHABLE : LBL_UNREACHABLE);
    if (r.verdict == LBL_REACHABLE) CHECK_EQ_INT(h_run((int)r.inputs[0].value, (int)r.inputs[1].value), ret);
    lbl_result_free(&r);
  }
  fe_program_free(p);
}

int main(void) {
  RUN(guards_taken);
  RUN(guards_brute);
  return check_summary();
}
