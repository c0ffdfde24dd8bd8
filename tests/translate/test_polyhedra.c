/* test_polyhedra.c - the loop invariants over polyhedra (translate/polyhedra.c)
 * and the float ranges (translate/float_bounds.c) through whole programs,
 * each verdict against brute force.
 *
 * Each case is a function f(int n, int c) with one loop and a target
 * `return 1;` (the line marked T) guarded by a fact about the loop's
 * outputs.  The solver answers with propagation and search alone (no
 * concrete runs); the truth comes from compiling the program with gcc
 * -fwrapv and calling f on every input of a box (the loop's bound n ranges
 * over [0, N], c over [-3, 3]; the solver gets the same box as the
 * program's own guards).  A proof must be true; the cases marked `proof`
 * must be proved and must have used a polyhedral invariant (the
 * "polyhedra" note; "invariants" for the float cases); the cases where
 * wraparound makes the fact reachable must never be refuted.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "source_text.h"
#include "inka/frontend.h"
#include "inka/objective.h"

static char tmpdir[128];

typedef struct Case {
  const char *name;
  const char *body;   /* the function f, with one line marked by T */
  int n_hi;           /* the brute force runs n in [0, n_hi] */
  bool proof;         /* must be UNREACHABLE through a polyhedral invariant */
  bool floats;        /* ... through a float range (float_bounds.c) instead */
} Case;

/* Whether some input of the box makes f return 1 (compiled and run). */
static int brute_reachable(const Case *c, const char *src) {
  char drv[256], bin[256], cmd[1024];
  snprintf(drv, sizeof drv, "%s/%s_drv.c", tmpdir, c->name);
  snprintf(bin, sizeof bin, "%s/%s_bin", tmpdir, c->name);
  char text[512];
  snprintf(text, sizeof text,
           "#include <stdio.h>\n#include \"%s\"\nint main(int argc, char **argv) {\n"
           "  for (int n = 0; n <= %d; n++) for (int c = -3; c <= 3; c++) if (f(n, c) == 1) { puts(\"hit\"); return 0; }\n"
           "  puts(\"none\"); return 0;\n}\n",
           src, c->n_hi);
  if (!write_text(drv, text)) return -1;
  snprintf(cmd, sizeof cmd, "gcc -O1 -fwrapv -w -o %s %s && %s", bin, drv, bin);
  FILE *p = popen(cmd, "r");
  if (!p) return -1;
  char out[64] = "";
  if (!fgets(out, sizeof out, p)) out[0] = 0;
  pclose(p);
  return !strncmp(out, "hit", 3) ? 1 : !strncmp(out, "none", 4) ? 0 : -1;
}

static void check_case(const Case *c) {
  char src[256];
  snprintf(src, sizeof src, "%s/%s.c", tmpdir, c->name);
  CHECK(write_text(src, c->body));
  int line = marker_line(c->body, "/* T */"), truth = brute_reachable(c, src);
  CHECK(line > 0 && truth >= 0);
  FeOptions fo = {.wrapv = true}; /* the truth is gcc -fwrapv's */
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(src, &fo, &fe);
  fe_errors_free(&fe);
  CHECK(p != NULL);
  if (!p || line < 0 || truth < 0) return;
  const IrFunction *fn = NULL;
  const IrStmt *st = NULL;
  for (int i = 0; i < p->nfuncs && !st; i++)
    if (p->funcs[i]->defined && (st = ir_find_stmt_at_line(p->funcs[i], line))) fn = p->funcs[i];
  CHECK(st != NULL);
  LblQuery q = {.prog = p, .fn = fn, .obj = {.target = st}, .timeout_s = 60, .max_unfold = 100000, .seed = 1,
                .no_concrete = true};
  LblResult r;
  char *err = NULL;
  bool ok = st && lbl_solve(&q, &r, &err);
  CHECK(ok);
  free(err);
  if (ok) {
    uint64_t poly = r.stats.prop.notes[c->floats ? PROP_NOTE_INVARIANT : PROP_NOTE_POLYHEDRA];
    if (truth) CHECK(r.verdict != LBL_UNREACHABLE);
    else CHECK(r.verdict != LBL_REACHABLE);
    if (c->proof) {
      CHECK(r.verdict == LBL_UNREACHABLE);
      CHECK(poly > 0);
    }
    if ((truth && r.verdict == LBL_UNREACHABLE) || (!truth && r.verdict == LBL_REACHABLE) ||
        (c->proof && (r.verdict != LBL_UNREACHABLE || poly == 0)))
      fprintf(stderr, "case %s: truth %d, got %s (%s), polyhedra %llu\n", c->name, truth, lbl_verdict_name(r.verdict),
              r.reason ? r.reason : "",
              (unsigned long long)poly);
    lbl_result_free(&r);
  }
  fe_program_free(p);
}

#define GUARD "  if (n < 0 || n > 1000000) return -1;\n  if (c < -3 || c > 3) return -2;\n"

static const Case cases[] = {
    {"cond_value", "int f(int n, int c) {\n  int i = 0, s = 0;\n" GUARD
                   "  while (i < n) {\n    i++;\n    s += i > 0 ? 1 : 2;\n  }\n"
                   "  if (s < i)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"two_counters", "int f(int n, int c) {\n  int x = 0, y = 0;\n" GUARD
                     "  while (x < n) {\n    if (x % 3 == 0) { x += 1; y += 1; } else { x += 2; y += 1; }\n  }\n"
                     "  if (x > 2 * y)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"below_counter", "int f(int n, int c) {\n  int x = 0, y = 0;\n" GUARD
                      "  while (x < n) {\n    if (c > 0) { x += 2; y += 1; } else { x += 1; y += 1; }\n  }\n"
                      "  if (y > x)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"overshoot", "int f(int n, int c) {\n  int x = 0;\n" GUARD
                  "  while (x < n) {\n    x += 3;\n  }\n"
                  "  if (x > n + 2)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"overshoot_exact", "int f(int n, int c) {\n  int x = 0;\n" GUARD
                        "  while (x < n) {\n    x += 3;\n  }\n"
                        "  if (x == n + 2)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    {"nested", "int f(int n, int c) {\n  int i = 0, t = 0;\n" GUARD
               "  while (i < n) {\n    int j = 0;\n    while (j < 10) { j++; t++; }\n    i++;\n  }\n"
               "  if (t > 10 * i)\n    return 1; /* T */\n  return 0;\n}\n",
     30, true, false},
    {"nested_false", "int f(int n, int c) {\n  int i = 0, t = 0;\n" GUARD
                     "  while (i < n) {\n    int j = 0;\n    while (j < 10) { j++; t++; }\n    i++;\n  }\n"
                     "  if (t == 10 * i && i > 2)\n    return 1; /* T */\n  return 0;\n}\n",
     30, false, false},
    {"countdown", "int f(int n, int c) {\n  int a = n, b = 0;\n" GUARD
                  "  while (a > 0) {\n    a -= 2;\n    b += 1;\n  }\n"
                  "  if (b > n)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"countdown_false", "int f(int n, int c) {\n  int a = n, b = 0;\n" GUARD
                        "  while (a > 0) {\n    a -= 2;\n    b += 1;\n  }\n"
                        "  if (a < 0 && b > 3)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    /* s doubles: past 2^31 it wraps negative; no invariant may claim s > 0 */
    {"wraps", "int f(int n, int c) {\n  int i = 0, s = 1;\n  if (n < 0 || n > 40) return -1;\n"
              "  if (c < -3 || c > 3) return -2;\n"
              "  while (i < n) {\n    i++;\n    s = s + s;\n  }\n"
              "  if (s <= 0)\n    return 1; /* T */\n  return 0;\n}\n",
     40, false, false},
    /* u grows by 100000 per step: wraps for n past 21474 */
    {"wraps_linear", "int f(int n, int c) {\n  int i = 0, u = 0;\n" GUARD
                     "  while (i < n) {\n    i++;\n    u += 100000;\n  }\n"
                     "  if (u < 0)\n    return 1; /* T */\n  return 0;\n}\n",
     30000, false, false},
    {"unsigned_wrap", "int f(int n, int c) {\n  int i = 0;\n  unsigned u = 5;\n" GUARD
                      "  while (i < n) {\n    i++;\n    u -= 1;\n  }\n"
                      "  if (u > 5)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    /* a non-linear step within [-2, 2]: pos and its maximum stay within 2 per iteration */
    {"jitter", "int f(int n, int c) {\n  int i = 0, pos = c, m = c;\n" GUARD
               "  while (i < n) {\n    pos += (i * 7 + 3) % 5 - 2;\n    if (pos > m) m = pos;\n    i++;\n  }\n"
               "  if (m - c > 2 * i)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"jitter_reach", "int f(int n, int c) {\n  int i = 0, pos = c, m = c;\n" GUARD
                     "  while (i < n) {\n    pos += (i * 7 + 3) % 5 - 2;\n    if (pos > m) m = pos;\n    i++;\n  }\n"
                     "  if (m - c >= 1 && pos < c)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    /* u is a remainder by 7: s moves by at most 6 per iteration */
    {"remainder_sum", "int f(int n, int c) {\n  int i = 0, u = 0, s = 0;\n" GUARD
                      "  while (i < n) {\n    i++;\n    u = (u * 5 + i + c) % 7;\n    s += u;\n  }\n"
                      "  if (s > 6 * i)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    /* an inner loop of c + 3 <= 6 steps per outer one, beside an unrelated counter */
    {"grid", "int f(int n, int c) {\n  int r = 0, k = 0, d = 0;\n  long cells = 0;\n" GUARD
             "  while (r < n) {\n    k = 0;\n    while (k < c + 3) {\n      k++;\n      cells++;\n"
             "      if (r == k) d++;\n    }\n    r++;\n  }\n"
             "  if (cells > 6 * (long)r)\n    return 1; /* T */\n  return 0;\n}\n",
     30, true, false},
    {"grid_reach", "int f(int n, int c) {\n  int r = 0, k = 0, d = 0;\n  long cells = 0;\n" GUARD
                   "  while (r < n) {\n    k = 0;\n    while (k < c + 3) {\n      k++;\n      cells++;\n"
                   "      if (r == k) d++;\n    }\n    r++;\n  }\n"
                   "  if (cells == 6 * (long)r && d == 6)\n    return 1; /* T */\n  return 0;\n}\n",
     30, false, false},
    /* a search loop left by a break: the exit is the condition failing or a break */
    {"search_break", "int f(int n, int c) {\n  int i = 0, s = 0;\n" GUARD
                     "  while (i < n) {\n    if ((i * 7 + c) % 11 == 3)\n      break;\n    s += 2;\n    i++;\n  }\n"
                     "  if (i > n || s != 2 * i)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"search_break_reach", "int f(int n, int c) {\n  int i = 0, s = 0;\n" GUARD
                           "  while (i < n) {\n    if ((i * 7 + c) % 11 == 3)\n      break;\n    s += 2;\n    i++;\n  }\n"
                           "  if (i < n && s > 8)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    /* the branch's shift may trap as far as the facts can tell (i % 31 < 0
       for a negative i): the invariants still hold on the paths that go on */
    {"may_trap_branch", "int f(int n, int c) {\n  int i = 0, x = 0, y = 0;\n" GUARD
                        "  while (i < n) {\n    if ((c >> (i % 31)) & 1) { x += 3; y += 5; } else { x += 6; y += 10; }\n"
                        "    i++;\n  }\n"
                        "  if (5 * x != 3 * y)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"may_trap_reach", "int f(int n, int c) {\n  int i = 0, x = 0, y = 0;\n" GUARD
                       "  while (i < n) {\n    if ((c >> (i % 31)) & 1) { x += 3; y += 5; } else { x += 6; y += 10; }\n"
                       "    i++;\n  }\n"
                       "  if (x == 3 * n + 6 && n > 4)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    /* monomials: s == i * i, t == c * k and r * r <= n hold at every head */
    {"squares", "int f(int n, int c) {\n  int i = 0, s = 0;\n  if (n < 0 || n > 40000) return -1;\n"
                "  if (c < -3 || c > 3) return -2;\n"
                "  while (i < n) {\n    s += 2 * i + 1;\n    i++;\n  }\n"
                "  if (s != i * i)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"squares_reach", "int f(int n, int c) {\n  int i = 0, s = 0;\n  if (n < 0 || n > 40000) return -1;\n"
                      "  if (c < -3 || c > 3) return -2;\n"
                      "  while (i < n) {\n    s += 2 * i + 1;\n    i++;\n  }\n"
                      "  if (s == 49 && c == 2)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    {"times_invariant", "int f(int n, int c) {\n  int k = 0, t = 0;\n" GUARD
                        "  while (k < n) {\n    t += c;\n    k++;\n  }\n"
                        "  if (t != c * k)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"int_sqrt", "int f(int n, int c) {\n  int r = 0;\n" GUARD
                 "  while ((r + 1) * (r + 1) <= n)\n    r++;\n"
                 "  if (r * r > n)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, false},
    {"grid_product", "int f(int n, int c) {\n  int i = 0, t = 0, d;\n" GUARD
                     "  d = c + 3;\n"
                     "  while (i < n) {\n    int j = 0;\n    while (j < d) {\n      j++;\n      t++;\n    }\n    i++;\n  }\n"
                     "  if (t != i * d)\n    return 1; /* T */\n  return 0;\n}\n",
     30, true, false},
    /* s (long) keeps i * i, but the int product i * i wraps past i = 46340 */
    {"squares_wrap", "int f(int n, int c) {\n  int i = 0;\n  long s = 0;\n" GUARD
                     "  while (i < n) {\n    s += 2000L * i + 1000000;\n    i += 1000;\n  }\n"
                     "  if (s != (long)(i * i))\n    return 1; /* T */\n  return 0;\n}\n",
     60000, false, false},
    /* Residues (polyhedra.c): guards reading k % m or k & (m - 1) of a counter */
    {"parity_count", "int f(int n, int c) {\n  int k, s = 0;\n" GUARD
                     "  for (k = 2; k <= n; k++)\n    if (k == 2 || k % 2 == 1)\n      s++;\n"
                     "  if (2 * s > n + 1)\n    return 1; /* T */\n  return 0;\n}\n",
     80, true, false},
    {"parity_count_edge", "int f(int n, int c) {\n  int k, s = 0;\n" GUARD
                          "  for (k = 2; k <= n; k++)\n    if (k == 2 || k % 2 == 1)\n      s++;\n"
                          "  if (2 * s == n + 1 && n > 10)\n    return 1; /* T */\n  return 0;\n}\n",
     80, false, false},
    {"mod3_gap", "int f(int n, int c) {\n  int i = 0, a = 0, b = 0;\n" GUARD
                 "  while (i < n) {\n    if (i % 3 == 0)\n      a += 2;\n    else\n      b += 1;\n    i++;\n  }\n"
                 "  if (a > b + 2)\n    return 1; /* T */\n  return 0;\n}\n",
     80, true, false},
    {"mod3_gap_edge", "int f(int n, int c) {\n  int i = 0, a = 0, b = 0;\n" GUARD
                      "  while (i < n) {\n    if (i % 3 == 0)\n      a += 2;\n    else\n      b += 1;\n    i++;\n  }\n"
                      "  if (a == b + 2 && n > 20)\n    return 1; /* T */\n  return 0;\n}\n",
     80, false, false},
    {"mask_cycle", "int f(int n, int c) {\n  int i = 0, x = 0;\n" GUARD
                   "  while (i < n) {\n    if ((i & 3) == 0)\n      x += 3;\n    else\n      x -= 1;\n    i++;\n  }\n"
                   "  if (x > 3 || x < 0)\n    return 1; /* T */\n  return 0;\n}\n",
     80, true, false},
    /* k % 2 == 1 is false for the negative odd k: C's remainder is -1 */
    {"negative_odd", "int f(int n, int c) {\n  int k, p = 0;\n" GUARD
                     "  for (k = -9; k < n; k++)\n    if (k % 2 == 1)\n      p++;\n"
                     "  if (p > 5 && n < 12)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    {"step_three", "int f(int n, int c) {\n  int k = 1, e = 0, o = 0;\n" GUARD
                   "  while (k < n) {\n    if (k % 2)\n      o++;\n    else\n      e++;\n    k += 3;\n  }\n"
                   "  if (o > e + 1 || e > o)\n    return 1; /* T */\n  return 0;\n}\n",
     80, true, false},
    /* k + 1 wraps at 2^32, which 3 does not divide: the residue after the
       wrap is not the one before plus 1 (a = 3 needs n >= 7, not 9) */
    {"wrap_mod3", "int f(int n, int c) {\n  unsigned k = 4294967290u;\n  int i, a = 0;\n" GUARD
                  "  for (i = 0; i < n; i++) {\n    if (k % 3 == 0)\n      a++;\n    k++;\n  }\n"
                  "  if (a >= 3 && n < 9)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    /* a do-while's heads follow a first run of the body: residues there are
       one step ahead (a wrong UNREACHABLE once; tests/diff/residues.py) */
    {"do_while_residue", "int f(int n, int c) {\n  int k = 0, a = 0, b = 0;\n" GUARD
                         "  do {\n    if (k % 2 == 0)\n      a++;\n    else\n      b++;\n    k++;\n  } while (k < n);\n"
                         "  if (a == b)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, false},
    /* Float ranges (float_bounds.c) */
    {"float_grows", "int f(int n, int c) {\n  int i = 0;\n  float s = 0.0f;\n" GUARD
                    "  while (i < n) {\n    s += 0.1f;\n    i++;\n  }\n"
                    "  if (s < 0.0f)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, true},
    {"float_grows_far", "int f(int n, int c) {\n  int i = 0;\n  float s = 0.0f;\n" GUARD
                        "  while (i < n) {\n    s += 0.1f;\n    i++;\n  }\n"
                        "  if (s > 100.0f)\n    return 1; /* T */\n  return 0;\n}\n",
     1200, false, true},
    {"float_branches", "int f(int n, int c) {\n  int i = 0;\n  double s = 1.0;\n" GUARD
                       "  while (i < n) {\n    if (c > 0)\n      s = s * 2.0;\n    else\n      s = s + 0.5;\n    i++;\n  }\n"
                       "  if (s < 1.0 || s != s)\n    return 1; /* T */\n  return 0;\n}\n",
     60, true, true},
    /* inf - inf is NaN: x reaches inf after two products, z = x - x is NaN */
    {"float_nan", "int f(int n, int c) {\n  int i = 0;\n  float x = 1.0f, z = 0.0f;\n" GUARD
                  "  while (i < n) {\n    x = x * 1e30f;\n    z = x - x;\n    i++;\n  }\n"
                  "  if (z != z)\n    return 1; /* T */\n  return 0;\n}\n",
     10, false, true},
    /* halving from 1 reaches +0 after about 150 steps, never below */
    {"float_halves", "int f(int n, int c) {\n  int i = 0;\n  float s = 1.0f;\n" GUARD
                     "  while (i < n) {\n    s = s / 2.0f;\n    i++;\n  }\n"
                     "  if (s == 0.0f)\n    return 1; /* T */\n  return 0;\n}\n",
     200, false, true},
    /* the counter converted: s grows by i, never negative, but i is not tracked */
    {"float_counter", "int f(int n, int c) {\n  int i = 0;\n  float s = -2.0f;\n" GUARD
                      "  while (i < n) {\n    s = s + (float)i - (float)c;\n    i++;\n    if (s > 50.0f)\n      break;\n  }\n"
                      "  if (s < -5.0f && n > 3)\n    return 1; /* T */\n  return 0;\n}\n",
     60, false, true},
};

int main(int argc, char **argv) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/inka-poly.XXXXXX");
  if (!mkdtemp(tmpdir)) {
    perror("mkdtemp");
    return 1;
  }
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    if (argc > 1 && strcmp(argv[1], cases[i].name)) continue; /* one case, by name */
    check_failures_in_test = 0;
    check_case(&cases[i]);
    if (check_failures_in_test) {
      check_tests_failed++;
      fprintf(stderr, "FAIL %s\n", cases[i].name);
    } else {
      check_tests_passed++;
    }
  }
  char cmd[256];
  snprintf(cmd, sizeof cmd, "rm -rf %s", tmpdir);
  if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", tmpdir);
  return check_summary();
}
