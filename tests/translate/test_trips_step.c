/* test_trips_step.c - trip-count bounds of counters moved by a step
 * bounded away from zero (translate/trip_count.c, step_bound): constants
 * other than 1, `<=` and `>=`, and a variable step the loop never writes,
 * counting up and down, with cases where a step may wrap or be zero or
 * negative (no bound may be claimed there).  Each verdict against brute
 * force.
 *
 * Each case is a function f(int n, int s) whose line marked T is asked for
 * with --iter N.  The truth comes from gcc (-fwrapv, as the model wraps):
 * a counter bumped at the T line stops the run when it reaches N; f runs on
 * every (n, s) of [lo, hi] x [slo, shi].  Cases with a `root` budget must
 * be proved UNREACHABLE with no search node and at most that many
 * unfoldings; cases marked `must` must get a verdict.  The model alone (no
 * concrete runs) unless a case says otherwise.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "inka/frontend.h"
#include "inka/objective.h"

/* Unfoldings of a proof at the root; a loop with constant bounds is
   unfolded as it is translated, and a trial may look ahead one
   operator's worth of iterations (TR_TRIAL_UNFOLDS). */
enum { ROOT = 8, LOOK_AHEAD = 64 };

static char tmpdir[128];

typedef struct Case {
  const char *name;
  const char *body; /* f, with its T line (and R line) marked */
  int iter;
  int lo, hi;       /* the brute force runs n in [lo, hi] */
  int slo, shi;     /* and s in [slo, shi] */
  int root;         /* > 0: UNREACHABLE with at most this many unfoldings */
  bool must;        /* a verdict, not UNKNOWN */
  bool concrete;    /* the default mode (concrete runs allowed) */
} Case;

static bool write_text(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f) return false;
  fputs(text, f);
  return fclose(f) == 0;
}

static int marker_line(const char *text, const char *marker) {
  int line = 1;
  for (const char *p = text; *p; p++) {
    if (!strncmp(p, marker, strlen(marker))) return line;
    if (*p == '\n') line++;
  }
  return -1;
}

/* The body with `what` inserted at the start (after the indentation) of
   each line holding marker. */
static void instrument(const char *body, char *out, size_t cap) {
  size_t n = 0;
  const char *line = body;
  while (*line && n + 64 < cap) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line + 1) : strlen(line);
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)len, line);
    const char *what = strstr(buf, "/* T */") ? "if (++bf_hits >= BF_N) longjmp(bf_jump, 1); "
                       : strstr(buf, "/* R */") ? "bf_hits = 0; "
                                                : "";
    size_t indent = strspn(buf, " ");
    n += (size_t)snprintf(out + n, cap - n, "%.*s%s%s", (int)indent, buf, what, buf + indent);
    line += len;
  }
}

/* 1 if some n of [lo, hi] reaches the T line N times in one execution of
   its loop, 0 if none does, -1 on a tool failure. */
static int brute_reachable(const Case *c) {
  char src[256], drv[256], bin[256], cmd[1024];
  snprintf(src, sizeof src, "%s/%s_bf.c", tmpdir, c->name);
  snprintf(drv, sizeof drv, "%s/%s_drv.c", tmpdir, c->name);
  snprintf(bin, sizeof bin, "%s/%s_bin", tmpdir, c->name);
  static char text[8192];
  int n = snprintf(text, sizeof text,
                   "#include <setjmp.h>\n#include <stdlib.h>\nstatic jmp_buf bf_jump;\nstatic long bf_hits;\n#define BF_N %d\n",
                   c->iter);
  instrument(c->body, text + n, sizeof text - (size_t)n);
  if (!write_text(src, text)) return -1;
  snprintf(text, sizeof text,
           "#include <stdio.h>\n#include \"%s\"\nint main(void) {\n"
           "  for (int n = %d; n <= %d; n++)\n    for (int s = %d; s <= %d; s++) {\n"
           "    bf_hits = 0;\n    if (setjmp(bf_jump)) { puts(\"hit\"); return 0; }\n    f(n, s);\n  }\n"
           "  puts(\"none\");\n  return 0;\n}\n",
           src, c->lo, c->hi, c->slo, c->shi);
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
  int line = marker_line(c->body, "/* T */"), truth = brute_reachable(c);
  CHECK(line > 0 && truth >= 0);
  FeOptions fo = {0};
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(src, &fo, &fe);
  fe_errors_free(&fe);
  CHECK(p != NULL);
  if (!p || line < 0 || truth < 0) return;
  const IrFunction *fn = NULL;
  const IrStmt *st = NULL;
  for (int i = 0; i < p->nfuncs && !st; i++)
    if (p->funcs[i]->defined && (st = ir_find_stmt_at_line(p->funcs[i], line))) fn = p->funcs[i];
  for (int i = 0; i < p->nfuncs; i++)
    if (!strcmp(p->funcs[i]->name, "f")) fn = p->funcs[i];
  CHECK(st != NULL);
  int iter = c->iter;
  LblQuery q = {.prog = p, .fn = fn, .obj = {.target = st, .iter = &iter, .niter = 1}, .timeout_s = 20,
                .max_unfold = 100000, .seed = 1, .no_concrete = !c->concrete};
  LblResult r;
  char *err = NULL;
  bool ok = st && lbl_solve(&q, &r, &err);
  CHECK(ok);
  free(err);
  if (ok) {
    uint64_t unf = r.stats.tr.unfoldings;
    bool wrong = (truth && r.verdict == LBL_UNREACHABLE) || (!truth && r.verdict == LBL_REACHABLE);
    bool weak = (c->root && (r.verdict != LBL_UNREACHABLE || unf > (uint64_t)c->root || r.stats.search.nodes > 0)) ||
                (c->must && r.verdict == LBL_UNKNOWN);
    CHECK(!wrong);
    CHECK(!weak);
    if (wrong || weak)
      fprintf(stderr, "case %s: truth %d, got %s (%s), unfoldings %llu, search nodes %llu\n", c->name, truth,
              lbl_verdict_name(r.verdict), r.reason ? r.reason : "", (unsigned long long)unf,
              (unsigned long long)r.stats.search.nodes);
    lbl_result_free(&r);
  }
  fe_program_free(p);
}

#define G(cond) "int f(int n, int s) {\n  int c = 0;\n  if (" cond ") return -1;\n"
static const Case cases[] = {
    /* the finding: n drained by a step of at least 1 */
    {"down_var_over", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     301, -2, 302, -1, 6, ROOT, true, false},
    {"down_var_exact", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     300, -2, 302, -1, 6, 0, true, false},
    /* a step of at least 3: ceil(300 / 3) = 100 iterations */
    {"down_var3_over", G("n < 0 || n > 300 || s < 3 || s > 9") "  while (n > 0) {\n    c++; /* T */\n    n = n - s;\n  }\n  return c;\n}\n",
     101, -2, 302, 0, 10, ROOT, true, false},
    {"down_var3_exact", G("n < 0 || n > 300 || s < 3 || s > 9") "  while (n > 0) {\n    c++; /* T */\n    n = n - s;\n  }\n  return c;\n}\n",
     100, -2, 302, 0, 10, 0, true, false},
    /* >= e, e a local */
    {"down_ge_over", G("n > 200 || s < 2 || s > 4") "  int e = -7;\n  while (n >= e) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     105, -10, 202, 0, 5, ROOT, true, false},
    {"down_ge_exact", G("n > 200 || s < 2 || s > 4") "  int e = -7;\n  while (n >= e) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     104, -10, 202, 0, 5, 0, true, false},
    /* counting up by a variable step, in a for */
    {"up_var_over", G("n > 500 || s < 4 || s > 20") "  for (int i = 0; i < n; i += s) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     126, -2, 502, 3, 21, ROOT, true, false},
    {"up_var_exact", G("n > 500 || s < 4 || s > 20") "  for (int i = 0; i < n; i += s) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     125, -2, 502, 3, 21, 0, true, false},
    /* a constant step of 3 and <= */
    {"up_const_le_over", G("n > 300") "  for (int i = 1; i <= n; i = i + 3) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     101, -5, 302, 0, 0, ROOT, true, false},
    {"up_const_le_exact", G("n > 300") "  for (int i = 1; i <= n; i = i + 3) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     100, -5, 302, 0, 0, 0, true, false},
    /* a constant step of -4, the bound on the left */
    {"down_const_over", G("n > 400 || n < 0") "  int v = n;\n  while (0 < v) {\n    v -= 4;\n    c++; /* T */\n  }\n  return c;\n}\n",
     101, -2, 402, 0, 0, ROOT, true, false},
    /* a break and a return in the body: fewer iterations, never more */
    {"down_break", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    if (n == 77) break;\n    if (n == 91) return -2;\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     301, -2, 302, -1, 6, ROOT, true, false},
    /* the step may be 0 or negative: no bound */
    {"down_zero_step", G("n < 0 || n > 300 || s < -2 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     400, -2, 302, -3, 6, 0, false, false},
    /* unsigned: u - s wraps past 0 when s > u (lo - m < 0): no bound */
    {"down_unsigned_wrap", G("n < 0 || n > 300 || s < 1 || s > 12") "  unsigned u = n, d = s;\n  while (u > 5u) {\n    u -= d;\n    c++; /* T */\n  }\n  return c;\n}\n",
     400, -2, 302, 0, 13, 0, false, false},
    /* unsigned that cannot wrap: u > 20, steps of at most 21 */
    {"down_unsigned_safe", G("n < 0 || n > 300 || s < 1 || s > 21") "  unsigned u = n, d = s;\n  while (u > 20u) {\n    u -= d;\n    c++; /* T */\n  }\n  return c;\n}\n",
     281, -2, 302, 0, 22, ROOT, true, false},
    /* signed wrap near INT_MIN: v - s wraps to a large v */
    {"down_signed_wrap", G("n < 0 || n > 300 || s < 1 || s > 16") "  int v = -2147483640 + n;\n  while (v > -2147483640) {\n    v -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     302, -2, 302, 0, 17, 0, false, false},
    /* the counter written twice (a continue after a second write): no bound claimed */
    {"down_two_writes", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    c++; /* T */\n    if (n % 7 == 3) {\n      n += 2;\n      continue;\n    }\n    n -= s;\n  }\n  return c;\n}\n",
     320, -2, 302, 0, 6, 0, false, false},
    /* the step changed by the loop: no bound */
    {"down_step_changes", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    if (c == 3) s = -1;\n    c++; /* T */\n  }\n  return c;\n}\n",
     400, -2, 302, 0, 6, 0, false, false},
    /* concrete mode on: the reachable twin is found */
    {"down_var_concrete", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     300, -2, 302, -1, 6, 0, true, true},
};

int main(int argc, char **argv) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/inka-trips-step.XXXXXX");
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
