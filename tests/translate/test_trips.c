/* test_trips.c - trip counts as model variables (translate/trip_count.c,
 * translate/list_length.c) through whole programs, each verdict against
 * brute force.
 *
 * Each case is a function f(int n) whose line marked T is asked for with
 * --iter N on its innermost loop.  The truth comes from gcc: the program
 * is compiled with a counter bumped at the start of the T line (reset at
 * the start of a line marked R, the loop that holds T when it runs more
 * than once per call), f is called on every n of [lo, hi], and the run
 * stops as soon as a count reaches N (so a cyclic list does not hang it).
 * Verdicts must never contradict the truth.  Cases with a `root` budget
 * must be proved UNREACHABLE with no search node and at most that many
 * unfoldings: the trip
 * count constraints refute the objective before the loops are unfolded
 * (a loop with constant bounds is unfolded as it is translated: its
 * iterations count).
 * Cases marked `must` must get a verdict (no UNKNOWN).  The solver runs
 * with the model alone (no concrete runs) unless a case says otherwise.
 * The cases of step_bound (counters moved by a step bounded away from
 * zero: constants other than 1, `<=` and `>=`, a variable step the loop
 * never writes, counting up and down, and steps that may wrap or be zero
 * or negative, where no bound may be claimed) take a second input s,
 * brute-forced over [slo, shi] too.
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
  int root;         /* > 0: UNREACHABLE with at most this many unfoldings */
  bool must;        /* a verdict, not UNKNOWN */
  bool concrete;    /* the default mode (concrete runs allowed) */
  bool two;         /* f(int n, int s), s in [slo, shi] too */
  int slo, shi;
} Case;

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
           "    bf_hits = 0;\n    if (setjmp(bf_jump)) { puts(\"hit\"); return 0; }\n    f(n%s);\n  }\n"
           "  puts(\"none\");\n  return 0;\n}\n",
           src, c->lo, c->hi, c->slo, c->shi, c->two ? ", s" : "");
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

#define CELL "#include <stdlib.h>\nstruct cell { int key; struct cell *next; };\n"
/* min(n, 1000) cells pushed in front, then walked */
#define PUSH_MIN                                                                                             \
  "  struct cell *head = NULL;\n  int i, m = n < 1000 ? n : 1000;\n"                                         \
  "  for (i = 0; i < m; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"                 \
  "    c->next = head;\n    head = c;\n  }\n"
#define WALK "  int s = 0;\n  for (struct cell *p = head; p != NULL; p = p->next) {\n    s += p->key; /* T */\n  }\n  return s;\n}\n"

static const Case cases[] = {
    {"push_walk_1001", CELL "int f(int n) {\n" PUSH_MIN WALK, 1001, -3, 1100, ROOT, true, false, false, 0, 0},
    {"push_walk_1000", CELL "int f(int n) {\n" PUSH_MIN WALK, 1000, -3, 1100, 0, true, false, false, 0, 0},
    {"push_walk_500", CELL "int f(int n) {\n" PUSH_MIN WALK, 500, -3, 1100, 0, true, false, false, 0, 0},
    {"push_walk_500_concrete", CELL "int f(int n) {\n" PUSH_MIN WALK, 500, -3, 1100, 0, true, true, false, 0, 0},
    /* a guard keeps n under the iteration asked for */
    {"push_guarded", CELL "int f(int n) {\n  if (n > 499) return -1;\n" PUSH_MIN WALK, 500, -3, 700, ROOT, true, false, false, 0, 0},
    /* calloc, a constant bound, the counter counting down */
    {"push_down_51", CELL "int f(int n) {\n  struct cell *head = NULL;\n  int k = 50;\n"
                          "  while (k > 0) {\n    struct cell *c = calloc(1, sizeof *c);\n    c->key = n;\n"
                          "    c->next = head;\n    head = c;\n    k--;\n  }\n" WALK,
     51, 0, 3, 50 + LOOK_AHEAD, true, false, false, 0, 0},
    {"push_down_50", CELL "int f(int n) {\n  struct cell *head = NULL;\n  int k = 50;\n"
                          "  while (k > 0) {\n    struct cell *c = calloc(1, sizeof *c);\n    c->key = n;\n"
                          "    c->next = head;\n    head = c;\n    k--;\n  }\n" WALK,
     50, 0, 3, 0, true, false, false, 0, 0},
    /* a store of an int between the builder and the walk, the walk in a helper */
    {"helper_walk", CELL "static int sum(struct cell *p) {\n  int s = 0;\n  while (p) {\n    s += p->key; /* T */\n"
                         "    p = p->next;\n  }\n  return s;\n}\n"
                         "int f(int n) {\n  int tag[2];\n  if (n < 0 || n > 300) return -1;\n  struct cell *head = NULL;\n"
                         "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                         "    c->next = head;\n    head = c;\n  }\n  tag[0] = n;\n  return sum(head) + tag[0];\n}\n",
     301, -2, 320, ROOT, true, false, false, 0, 0},
    /* a break in the builder: fewer cells, never more */
    {"push_break", CELL "int f(int n) {\n  struct cell *head = NULL;\n  if (n > 200) return -1;\n"
                        "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                        "    c->next = head;\n    head = c;\n    if (i * 7 % 13 == 12) break;\n  }\n" WALK,
     201, -2, 210, ROOT, true, false, false, 0, 0},
    /* a conditional cycle: no length bound may be claimed */
    {"cycle", CELL "int f(int n) {\n  struct cell *head = NULL;\n  int m = n < 10 ? n : 10;\n"
                   "  for (int i = 0; i < m; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                   "    c->next = head;\n    if (i == 5) c->next = c;\n    head = c;\n  }\n" WALK,
     40, -2, 12, 0, false, false, false, 0, 0},
    /* appended through a tail pointer: one cell more per iteration */
    {"append", CELL "int f(int n) {\n  struct cell *head = NULL, *tail = NULL;\n  if (n > 20) return -1;\n"
                    "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                    "    c->next = NULL;\n    if (tail) tail->next = c; else head = c;\n    tail = c;\n  }\n" WALK,
     21, -2, 25, ROOT, true, false, false, 0, 0},
    {"append_20", CELL "int f(int n) {\n  struct cell *head = NULL, *tail = NULL;\n  if (n > 20) return -1;\n"
                      "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                      "    c->next = NULL;\n    if (tail) tail->next = c; else head = c;\n    tail = c;\n  }\n" WALK,
     20, -2, 25, 0, true, false, false, 0, 0},
    /* head = tail = c: head gets a copy of c */
    {"append_copy", CELL "int f(int n) {\n  struct cell *head = NULL, *tail = NULL;\n  if (n > 20) return -1;\n"
                         "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                         "    c->next = NULL;\n    if (!head) head = tail = c;\n"
                         "    else {\n      tail->next = c;\n      tail = c;\n    }\n  }\n" WALK,
     21, -2, 25, ROOT, true, false, false, 0, 0},
    /* the tail moves before the link: c->next = c, a cycle off the head's list */
    {"append_self", CELL "int f(int n) {\n  struct cell *head = NULL, *tail = NULL;\n  if (n > 20) return -1;\n"
                         "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                         "    c->next = NULL;\n    if (!head) head = c;\n    tail = c;\n    tail->next = c;\n  }\n"
                         "  int s = 0;\n  for (struct cell *p = tail; p != NULL; p = p->next) {\n"
                         "    s += p->key; /* T */\n  }\n  return s;\n}\n",
     30, -2, 25, 0, false, false, false, 0, 0},
    /* a second link closes the list into a ring */
    {"append_ring", CELL "int f(int n) {\n  struct cell *head = NULL, *tail = NULL;\n  if (n > 5) return -1;\n"
                         "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n    c->key = i;\n"
                         "    c->next = NULL;\n    if (tail) tail->next = c; else head = c;\n    tail = c;\n"
                         "    if (i == 3) tail->next = head;\n  }\n" WALK,
     12, -2, 7, 0, false, false, false, 0, 0},
    /* two pushes per iteration: the bound is not one cell per iteration */
    {"two_per_iteration", CELL "int f(int n) {\n  struct cell *head = NULL;\n  if (n > 10) return -1;\n"
                               "  for (int i = 0; i < n; i++) {\n    struct cell *c = malloc(sizeof *c);\n"
                               "    c->key = i;\n    c->next = head;\n    head = c;\n"
                               "    struct cell *d = malloc(sizeof *d);\n    d->key = i;\n    d->next = head;\n"
                               "    head = d;\n  }\n" WALK,
     15, -2, 12, 0, true, false, false, 0, 0},
    /* an array filled, then scanned */
    {"array_scan", "int f(int n) {\n  int a[400];\n  if (n < 0 || n > 400) return -1;\n"
                   "  for (int i = 0; i < n; i++) a[i] = i % 7;\n  int hits = 0;\n"
                   "  for (int j = 0; j < n; j++) {\n    if (a[j] == 3) hits++; /* T */\n  }\n  return hits;\n}\n",
     401, -2, 402, ROOT, true, false, false, 0, 0},
    /* nested loops, the inner bound the outer counter */
    {"triangle_in", "int f(int n) {\n  int s = 0;\n  if (n > 60) return -1;\n  for (int i = 0; i < n; i++) {\n"
                    "    for (int j = 0; j < i; j++) { /* R */\n      s += j; /* T */\n    }\n  }\n  return s;\n}\n",
     59, -2, 62, 0, true, false, false, 0, 0},
    {"triangle_out", "int f(int n) {\n  int s = 0;\n  if (n > 60) return -1;\n  for (int i = 0; i < n; i++) {\n"
                     "    for (int j = 0; j < i; j++) { /* R */\n      s += j; /* T */\n    }\n  }\n  return s;\n}\n",
     60, -2, 62, 0, true, false, false, 0, 0},
    /* Collatz steps from a bounded start: 871 takes 178 steps */
    {"collatz_178", "int f(int n) {\n  long x = n;\n  int steps = 0;\n  if (n < 1 || n > 1000) return -1;\n"
                    "  while (x != 1) {\n    x = x % 2 ? 3 * x + 1 : x / 2;\n    steps++; /* T */\n  }\n  return steps;\n}\n",
     178, -1, 1001, 0, true, true, false, 0, 0},
    {"collatz_179", "int f(int n) {\n  long x = n;\n  int steps = 0;\n  if (n < 1 || n > 1000) return -1;\n"
                    "  while (x != 1) {\n    x = x % 2 ? 3 * x + 1 : x / 2;\n    steps++; /* T */\n  }\n  return steps;\n}\n",
     179, -1, 1001, 0, true, true, false, 0, 0},
    /* trip-count bounds of counters moved by a step bounded away from zero
       (trip_count.c, step_bound): f(n, s) over [lo, hi] x [slo, shi] */
#define G(cond) "int f(int n, int s) {\n  int c = 0;\n  if (" cond ") return -1;\n"
    /* the finding: n drained by a step of at least 1 */
    {"down_var_over", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     301, -2, 302, ROOT, true, false, true, -1, 6},
    {"down_var_exact", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     300, -2, 302, 0, true, false, true, -1, 6},
    /* a step of at least 3: ceil(300 / 3) = 100 iterations */
    {"down_var3_over", G("n < 0 || n > 300 || s < 3 || s > 9") "  while (n > 0) {\n    c++; /* T */\n    n = n - s;\n  }\n  return c;\n}\n",
     101, -2, 302, ROOT, true, false, true, 0, 10},
    {"down_var3_exact", G("n < 0 || n > 300 || s < 3 || s > 9") "  while (n > 0) {\n    c++; /* T */\n    n = n - s;\n  }\n  return c;\n}\n",
     100, -2, 302, 0, true, false, true, 0, 10},
    /* >= e, e a local */
    {"down_ge_over", G("n > 200 || s < 2 || s > 4") "  int e = -7;\n  while (n >= e) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     105, -10, 202, ROOT, true, false, true, 0, 5},
    {"down_ge_exact", G("n > 200 || s < 2 || s > 4") "  int e = -7;\n  while (n >= e) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     104, -10, 202, 0, true, false, true, 0, 5},
    /* counting up by a variable step, in a for */
    {"up_var_over", G("n > 500 || s < 4 || s > 20") "  for (int i = 0; i < n; i += s) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     126, -2, 502, ROOT, true, false, true, 3, 21},
    {"up_var_exact", G("n > 500 || s < 4 || s > 20") "  for (int i = 0; i < n; i += s) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     125, -2, 502, 0, true, false, true, 3, 21},
    /* a constant step of 3 and <= */
    {"up_const_le_over", G("n > 300") "  for (int i = 1; i <= n; i = i + 3) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     101, -5, 302, ROOT, true, false, true, 0, 0},
    {"up_const_le_exact", G("n > 300") "  for (int i = 1; i <= n; i = i + 3) {\n    c += i; /* T */\n  }\n  return c;\n}\n",
     100, -5, 302, 0, true, false, true, 0, 0},
    /* a constant step of -4, the bound on the left */
    {"down_const_over", G("n > 400 || n < 0") "  int v = n;\n  while (0 < v) {\n    v -= 4;\n    c++; /* T */\n  }\n  return c;\n}\n",
     101, -2, 402, ROOT, true, false, true, 0, 0},
    /* a break and a return in the body: fewer iterations, never more */
    {"down_break", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    if (n == 77) break;\n    if (n == 91) return -2;\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     301, -2, 302, ROOT, true, false, true, -1, 6},
    /* the step may be 0 or negative: no bound */
    {"down_zero_step", G("n < 0 || n > 300 || s < -2 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     400, -2, 302, 0, false, false, true, -3, 6},
    /* unsigned: u - s wraps past 0 when s > u (lo - m < 0): no bound */
    {"down_unsigned_wrap", G("n < 0 || n > 300 || s < 1 || s > 12") "  unsigned u = n, d = s;\n  while (u > 5u) {\n    u -= d;\n    c++; /* T */\n  }\n  return c;\n}\n",
     400, -2, 302, 0, false, false, true, 0, 13},
    /* unsigned that cannot wrap: u > 20, steps of at most 21 */
    {"down_unsigned_safe", G("n < 0 || n > 300 || s < 1 || s > 21") "  unsigned u = n, d = s;\n  while (u > 20u) {\n    u -= d;\n    c++; /* T */\n  }\n  return c;\n}\n",
     281, -2, 302, ROOT, true, false, true, 0, 22},
    /* signed wrap near INT_MIN: v - s wraps to a large v */
    {"down_signed_wrap", G("n < 0 || n > 300 || s < 1 || s > 16") "  int v = -2147483640 + n;\n  while (v > -2147483640) {\n    v -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     302, -2, 302, 0, false, false, true, 0, 17},
    /* the counter written twice (a continue after a second write): no bound claimed */
    {"down_two_writes", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    c++; /* T */\n    if (n % 7 == 3) {\n      n += 2;\n      continue;\n    }\n    n -= s;\n  }\n  return c;\n}\n",
     320, -2, 302, 0, false, false, true, 0, 6},
    /* the step changed by the loop: no bound */
    {"down_step_changes", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    if (c == 3) s = -1;\n    c++; /* T */\n  }\n  return c;\n}\n",
     400, -2, 302, 0, false, false, true, 0, 6},
    /* concrete mode on: the reachable twin is found */
    {"down_var_concrete", G("n < 0 || n > 300 || s < 1 || s > 5") "  while (n > 0) {\n    n -= s;\n    c++; /* T */\n  }\n  return c;\n}\n",
     300, -2, 302, 0, true, true, true, -1, 6},
};

int main(int argc, char **argv) {
  snprintf(tmpdir, sizeof tmpdir, "/tmp/inka-trips.XXXXXX");
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
