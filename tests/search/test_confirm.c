/* test_confirm.c - no model answer without a run that meets the objective
 * (label/confirm.c).
 *
 * A model answer spoiled by the test hook (as a bug of the model would
 * spoil it) is rejected and counted, and the search goes on; answers of
 * the model (--no-concrete: the search alone finds them) on pointer, struct
 * and nondet inputs are confirmed; and the nondet values of a path whose
 * trace has an undecided join are recovered by call identity, checked by
 * running the same program compiled into this test on them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "source_text.h"
#include "inka/frontend.h"
#include "inka/objective.h"
#include "../../label/lbl_confirm.h"


/* lbl_solve on fn of text with the target at line (0: a call to reach_error),
   the model alone (no concrete search, no bounded check). */
static bool solve(const char *text, const char *fn_name, int line, LblResult *r, IrProgram **prog) {
  IrProgram *p = parse_text(text);
  if (!p) return false;
  IrFunction *fn = ir_find_function(p, fn_name);
  if (!fn) return false;
  IrObjective obj = {0};
  if (line) obj.target = ir_find_stmt_at_line(fn, line);
  else obj.target_call = "reach_error";
  if (line && !obj.target) return false;
  LblQuery q = {.prog = p, .fn = fn, .obj = obj, .timeout_s = 10, .max_unfold = 100000, .no_concrete = true,
                .no_sat = true};
  char *err = NULL;
  bool ok = lbl_solve(&q, r, &err);
  if (!ok) fprintf(stderr, "%s\n", err ? err : "?");
  free(err);
  *prog = p;
  return ok;
}

static const char *times3 =
    "int f(int x) {\n"        /* 1 */
    "  if (x * 3 == 15)\n"    /* 2 */
    "    return 1;\n"         /* 3: target */
    "  return 0;\n"           /* 4 */
    "}\n";

static int tampered, tamper_limit;

/* The hook: the first tamper_limit answers get x + 1 (a wrong input). */
static void spoil(LblResult *r) {
  if (tampered >= tamper_limit || r->ninputs < 1) return;
  tampered++;
  r->inputs[0].value++;
}

/* One spoiled answer: rejected and counted; the search goes on and what it
   answers at last is the true input, confirmed. */
TEST(spoiled_answer_rejected) {
  tampered = 0, tamper_limit = 1;
  lbl_confirm_test_tamper = spoil;
  LblResult r;
  IrProgram *p = NULL;
  CHECK(solve(times3, "f", 3, &r, &p));
  lbl_confirm_test_tamper = NULL;
  CHECK_EQ_INT(tampered, 1);
  CHECK_EQ_INT(r.stats.inconsistencies, 1);
  CHECK(r.verdict != LBL_UNREACHABLE); /* a rejected leaf: never a proof */
  if (r.verdict == LBL_REACHABLE) CHECK(r.confirmed && r.ninputs == 1 && r.inputs[0].value == 5);
  lbl_result_free(&r);
  fe_program_free(p);
}

/* Every answer spoiled: never REACHABLE, never a proof. */
TEST(every_answer_spoiled) {
  tampered = 0, tamper_limit = 1 << 30;
  lbl_confirm_test_tamper = spoil;
  LblResult r;
  IrProgram *p = NULL;
  CHECK(solve(times3, "f", 3, &r, &p));
  lbl_confirm_test_tamper = NULL;
  CHECK(tampered >= 1);
  CHECK_EQ_INT(r.stats.inconsistencies, tampered);
  CHECK_EQ_INT(r.verdict, LBL_UNKNOWN);
  lbl_result_free(&r);
  fe_program_free(p);
}

/* Answers of the model on a list input and on a struct passed by value:
   the run builds the input memory as the driver does, and confirms them. */
TEST(inputs_confirmed) {
  static const char *text =
      "struct n { int v; struct n *next; };\n"                        /* 1 */
      "struct P { int x; int y; };\n"                                 /* 2 */
      "int g(struct n *l) {\n"                                        /* 3 */
      "  if (l && l->next && l->next->next == l && l->v == 4 &&\n"    /* 4 */
      "      l->next->v == -l->v)\n"                                  /* 5 */
      "    return 1;\n"                                               /* 6: target */
      "  return 0;\n"                                                 /* 7 */
      "}\n"                                                           /* 8 */
      "int s(struct P p) {\n"                                         /* 9 */
      "  if (p.x == 3 && p.y == 2 * p.x)\n"                           /* 10 */
      "    return 1;\n"                                               /* 11: target */
      "  return 0;\n"                                                 /* 12 */
      "}\n";
  const struct { const char *fn; int line; } cases[] = {{"g", 6}, {"s", 11}};
  for (int i = 0; i < 2; i++) {
    LblResult r;
    IrProgram *p = NULL;
    CHECK(solve(text, cases[i].fn, cases[i].line, &r, &p));
    CHECK_EQ_INT(r.verdict, LBL_REACHABLE);
    CHECK(r.confirmed);
    CHECK_EQ_INT(r.stats.inconsistencies, 0);
    lbl_result_free(&r);
    fe_program_free(p);
  }
}

/* An alternating list built from nondet values, walked afterwards: the
   walk's loop leaves a join in the trace undecided; the values are
   recovered by call identity. */
#define ALT_BODY(NONDET, ERROR)                                   \
  int flag = 1;                                                   \
  List a = (List)malloc(sizeof(struct node));                     \
  if (a == 0) abort();                                            \
  List t;                                                         \
  List p = a;                                                     \
  while (NONDET) {                                                \
    if (flag) { p->h = 1; flag = 0; }                             \
    else { p->h = 2; flag = 1; }                                  \
    t = (List)malloc(sizeof(struct node));                        \
    if (t == 0) abort();                                          \
    p->n = t;                                                     \
    p = p->n;                                                     \
  }                                                               \
  p->h = 3;                                                       \
  p = a;                                                          \
  int len = 0;                                                    \
  while (p->h != 3) {                                             \
    if (p->h == 2 && len == 5) ERROR;                             \
    len++;                                                        \
    p = p->n;                                                     \
  }
#define STR_(...) #__VA_ARGS__
#define STR(...) STR_(__VA_ARGS__)

typedef struct node { int h; struct node *n; } *List;

/* The program on the values given (0 past them, as the driver serves):
   true when it calls reach_error. */
static bool alt_run(const LblValue *v, int n) {
  int k = 0;
  bool hit = false;
#define NEXT (k < n ? (int)v[k++].value : 0)
  do {
    ALT_BODY(NEXT, (hit = true))
    (void)t;
    for (p = a; p->h != 3;) { /* the nodes, up to the one closing the list */
      List next = p->n;
      free(p);
      p = next;
    }
    free(p);
  } while (0);
#undef NEXT
  return hit;
}

TEST(nondet_by_call_identity) {
  static const char *text = "#include <stdlib.h>\n"
                            "extern int __VERIFIER_nondet_int(void);\n"
                            "void reach_error(void) { abort(); }\n"
                            "typedef struct node { int h; struct node *n; } *List;\n"
                            "int main(void) {\n" STR(ALT_BODY(__VERIFIER_nondet_int(), { reach_error(); })) "\n"
                            "  return 0;\n"
                            "}\n";
  LblResult r;
  IrProgram *p = NULL;
  CHECK(solve(text, "main", 0, &r, &p));
  CHECK_EQ_INT(r.verdict, LBL_REACHABLE);
  CHECK(r.confirmed);
  CHECK(r.nnondet >= 6);
  CHECK(alt_run(r.nondet, r.nnondet));
  lbl_result_free(&r);
  fe_program_free(p);
}

int main(void) {
  setenv("INKA_INCONSISTENCY", "count", 1); /* the spoiled answers are expected: no abort */
  RUN(spoiled_answer_rejected);
  RUN(every_answer_spoiled);
  RUN(inputs_confirmed);
  RUN(nondet_by_call_identity);
  return check_summary();
}
