/* test_frontend.c - the frontend against golden IR dumps and diagnostics.
 *
 * Golden files: tests/frontend/golden/NAME.ir hold ir_dump_program() of
 * each acceptance program and of the .c files of tests/frontend/inputs/; run with
 * INKA_UPDATE_GOLDEN=1 to rewrite them (then read every diff).  Run from the
 * repository root.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "inka/frontend.h"

#define ACCEPT "tests/acceptance/programs/"
#define INPUTS "tests/frontend/inputs/"
#define GOLDEN "tests/frontend/golden/"

static IrProgram *parse(const char *path, IrDataModel model) {
  FeOptions o = {.model = model};
  FeErrors e;
  IrProgram *p = fe_parse_file(path, &o, &e);
  if (!p) fprintf(stderr, "%s: parse failed:\n%s", path, e.text ? e.text : "(no message)");
  fe_errors_free(&e);
  return p;
}

static char *dump(const IrProgram *p) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  ir_dump_program(m, p);
  fclose(m);
  return buf;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *s = malloc((size_t)n + 1);
  size_t got = fread(s, 1, (size_t)n, f);
  s[got] = 0;
  fclose(f);
  return s;
}

/* Compares the dump of `path` with golden/<name>.ir; false on a difference. */
static bool golden(const char *name, const char *path, IrDataModel model) {
  IrProgram *p = parse(path, model);
  if (!p) return false;
  char *got = dump(p);
  fe_program_free(p);
  char gpath[512];
  snprintf(gpath, sizeof gpath, GOLDEN "%s.ir", name);
  bool ok = true;
  if (getenv("INKA_UPDATE_GOLDEN")) {
    FILE *f = fopen(gpath, "w");
    ok = f && fputs(got, f) >= 0;
    if (f) fclose(f);
  } else {
    char *want = slurp(gpath);
    ok = want && strcmp(want, got) == 0;
    if (!ok) {
      fprintf(stderr, "golden mismatch for %s (%s); got:\n%s", name, gpath, got);
    }
    free(want);
  }
  free(got);
  return ok;
}

static int golden_dir(const char *dir, const char *skip_prefix) {
  DIR *d = opendir(dir);
  int failures = 0, n = 0;
  if (!d) return 1;
  struct dirent *de;
  while ((de = readdir(d))) {
    size_t len = strlen(de->d_name);
    if (len < 3 || strcmp(de->d_name + len - 2, ".c") != 0) continue;
    if (skip_prefix && strncmp(de->d_name, skip_prefix, strlen(skip_prefix)) == 0) continue;
    char name[256], path[512];
    snprintf(name, sizeof name, "%.*s", (int)(len - 2), de->d_name);
    snprintf(path, sizeof path, "%s%s", dir, de->d_name);
    if (!golden(name, path, IR_LP64)) failures++;
    n++;
  }
  closedir(d);
  return n == 0 ? 1 : failures;
}

TEST(golden_acceptance) { CHECK_EQ_INT(golden_dir(ACCEPT, NULL), 0); }
TEST(golden_inputs) { CHECK_EQ_INT(golden_dir(INPUTS, "unsupported_"), 0); }
TEST(golden_ilp32) { CHECK(golden("sizes_ilp32", INPUTS "sizes.c", IR_ILP32)); }

/* ---- the data model ------------------------------------------------------- */
static const IrType *global_type(const IrProgram *p, const char *name) {
  for (int i = 0; i < p->nglobals; i++)
    if (strcmp(p->globals[i]->name, name) == 0) return p->globals[i]->type;
  return NULL;
}

TEST(data_models) {
  IrProgram *p = parse(INPUTS "sizes.c", IR_LP64), *q = parse(INPUTS "sizes.c", IR_ILP32);
  CHECK(p && q);
  if (!p || !q) return;
  CHECK_EQ_INT(global_type(p, "l")->size, 8);
  CHECK_EQ_INT(global_type(q, "l")->size, 4);
  CHECK_EQ_INT(global_type(q, "l")->bits, 32);
  CHECK_EQ_INT(global_type(p, "p")->size, 8);
  CHECK_EQ_INT(global_type(q, "p")->size, 4);
  CHECK_EQ_INT(global_type(q, "ll")->size, 8);
  CHECK_EQ_INT(global_type(p, "st")->size, 24);
  CHECK_EQ_INT(global_type(q, "st")->size, 12);
  CHECK(global_type(p, "c")->is_signed);
  CHECK(!global_type(p, "uc")->is_signed);
  CHECK(global_type(p, "c") != global_type(p, "sc")); /* distinct C types */
  CHECK_EQ_INT(global_type(p, "b")->kind, IR_TY_BOOL);
  CHECK_EQ_INT(global_type(p, "b")->bits, 1);
  const IrType *st = global_type(p, "st");
  CHECK_EQ_INT(st->nfields, 3);
  CHECK_EQ_INT(st->fields[1].offset, 8);
  CHECK_EQ_INT(global_type(q, "st")->fields[1].offset, 4);
  fe_program_free(p);
  fe_program_free(q);
}

/* ---- structure of the IR -------------------------------------------------- */
TEST(josephus_structure) {
  IrProgram *p = parse(ACCEPT "josephus.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  IrFunction *fn = ir_find_function(p, "josephus");
  CHECK(fn && fn->defined && fn->nparams == 2);
  CHECK(fe_check_reachable(p, fn) == NULL);
  IrStmt *s = ir_find_stmt_at_line(fn, 11);
  CHECK(s && s->kind == IR_ST_CALL && s->builtin == IR_BI_MALLOC);
  if (s) {
    CHECK(s->type->kind == IR_TY_PTR && s->type->base->kind == IR_TY_STRUCT);
    CHECK(strcmp(s->type->base->tag, "node") == 0);
    CHECK(s->lhs && s->lhs->kind == IR_VAR && s->lhs->type == s->type);
    CHECK(s->args[0]->kind == IR_INT_CONST && s->args[0]->ival == 16);
  }
  s = ir_find_stmt_at_line(fn, 15);
  CHECK(s && s->kind == IR_ST_WHILE && !s->is_do_while);
  s = ir_find_stmt_at_line(fn, 19);
  CHECK(s && s->kind == IR_ST_ASSIGN);
  s = ir_find_stmt_at_line(fn, 30);
  CHECK(s && s->kind == IR_ST_CALL && s->builtin == IR_BI_FREE && s->nargs == 1);
  CHECK(ir_find_stmt_at_line(fn, 1) == NULL);
  /* the self-referential struct: node.next points back to node */
  const IrType *node = s ? s->args[0]->type->base : NULL;
  CHECK(node && node->nfields == 2 && node->fields[1].type->base == node);
  CHECK_EQ_INT(fn->end.line, 33);
  fe_program_free(p);
}

TEST(find_loop_first) {
  IrProgram *p = parse(ACCEPT "bubble.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  IrFunction *fn = ir_find_function(p, "sort4");
  IrStmt *outer = ir_find_stmt_at_line(fn, 6), *inner = ir_find_stmt_at_line(fn, 7);
  CHECK(outer && outer->kind == IR_ST_WHILE && outer->step.n == 1);
  CHECK(inner && inner->kind == IR_ST_WHILE && inner != outer);
  CHECK(outer && outer->body.n >= 3 && outer->body.stmts[2] == inner);
  fe_program_free(p);
}

TEST(parse_expr) {
  IrProgram *p = parse(ACCEPT "josephus.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  IrFunction *fn = ir_find_function(p, "josephus");
  FeErrors e;
  IrExpr *x = fe_parse_expr(p, fn, "m == 3", &e);
  CHECK(x && !e.text);
  if (x) {
    CHECK_EQ_INT(x->kind, IR_EQ);
    CHECK(x->a[0]->kind == IR_VAR && x->a[0]->var == fn->params[1]);
    CHECK(x->a[1]->kind == IR_INT_CONST && x->a[1]->ival == 3);
  }
  x = fe_parse_expr(p, fn, "n > 0 && m < n", &e);
  CHECK(x && x->kind == IR_LAND);
  x = fe_parse_expr(p, fn, "m == q", &e);
  CHECK(!x && e.text && strstr(e.text, "undeclared identifier 'q'"));
  fe_errors_free(&e);
  x = fe_parse_expr(p, fn, "m++", &e);
  CHECK(!x && e.text && strstr(e.text, "side effects"));
  fe_errors_free(&e);
  x = fe_parse_expr(p, fn, "m = 3", &e);
  CHECK(!x && e.text);
  fe_errors_free(&e);
  fe_program_free(p);
}

TEST(parse_expr_types_shared) {
  IrProgram *p = parse(ACCEPT "list_input.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  IrFunction *fn = ir_find_function(p, "sorted_pair");
  FeErrors e;
  IrExpr *x = fe_parse_expr(p, fn, "l != 0", &e);
  CHECK(x && x->kind == IR_NE && x->a[1]->kind == IR_NULL && x->a[1]->type == fn->params[0]->type);
  x = fe_parse_expr(p, fn, "l != 0 && l->val == 3", &e); /* a dereference where C may not evaluate it */
  CHECK(!x && e.text);
  fe_errors_free(&e);
  fe_program_free(p);
}

/* ---- diagnostics --------------------------------------------------------- */
TEST(unsupported_asm_column) {
  IrProgram *p = parse(ACCEPT "unsupported.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  const IrDiag *d = fe_check_reachable(p, ir_find_function(p, "rotate"));
  CHECK(d && strcmp(d->message, "unsupported: inline asm") == 0);
  CHECK(d && d->loc.line == 4 && d->loc.col == 3);
  CHECK(d && strcmp(d->loc.file, ACCEPT "unsupported.c") == 0);
  fe_program_free(p);
}

TEST(unsupported_goto_column) {
  IrProgram *p = parse(INPUTS "unsupported_goto.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  const IrDiag *d = fe_check_reachable(p, ir_find_function(p, "f"));
  CHECK(d && strcmp(d->message, "unsupported: goto into a nested block that is not after the statement holding the goto (label 'in')") == 0);
  CHECK(d && d->loc.line == 8 && d->loc.col == 5);
  CHECK(d && strcmp(d->loc.file, INPUTS "unsupported_goto.c") == 0);
  fe_program_free(p);
}

typedef struct Expect {
  const char *file, *message;
  int line;
} Expect;

TEST(unsupported_constructs) {
  static const Expect cases[] = {
      {"goto", "unsupported: goto into a nested block that is not after the statement holding the goto (label 'in')", 8},
      {"computed_goto", "unsupported: initializer that is not a constant number or address", 2},
      {"union", "unsupported: a union read through members of different types ('p' and 'l') that are not all integers, _Bool, floats and arrays or structs of them within 8 bytes", 3},
      {"fnptr", "unsupported: conversion from int (*)(int) to long (*)(long)", 3},
      {"asm", "unsupported: inline asm", 3},
      {"setjmp", "unsupported: setjmp/longjmp", 4},
      {"variadic", "unsupported: variadic function", 1},
      {"vla", "unsupported: a variable length array of variable length arrays or of an incomplete type", 3},
      {"bitfield", "unsupported: an unnamed bit-field", 3},
      {"longdouble", "unsupported: long double", 2},
      {"complex", "unsupported: _Complex", 2},
      {"string", "unsupported: wide or Unicode string literal", 3},
      {"ptrint", "unsupported: pointer to integer cast", 3},
      {"switch", "unsupported: case label inside a nested statement of its switch", 5},
      {"printf", "unsupported: the result of printf (the number of characters written)", 4},
      {"designated", "unsupported: designated initializer of this form", 3},
      {"global", "unsupported: a union read through members of different types ('l' and 'p') that are not all integers, _Bool, floats and arrays or structs of them within 8 bytes", 1},
      {"callee", "unsupported: AddrLabelExpr", 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char path[256];
    snprintf(path, sizeof path, INPUTS "unsupported_%s.c", cases[i].file);
    IrProgram *p = parse(path, IR_LP64);
    CHECK(p);
    if (!p) continue;
    const IrDiag *d = fe_check_reachable(p, ir_find_function(p, "f"));
    if (!d || strcmp(d->message, cases[i].message) != 0 || d->loc.line != cases[i].line) {
      fprintf(stderr, "%s: got %s at line %d\n", path, d ? d->message : "nothing", d ? d->loc.line : 0);
      CHECK(!"unexpected diagnostic");
    }
    fe_program_free(p);
  }
}

TEST(unreached_unsupported_is_fine) {
  /* g uses a computed goto, f does not call it: f is fine */
  char path[] = "/tmp/inka_fe_XXXXXX.c";
  int fd = mkstemps(path, 2);
  CHECK(fd >= 0);
  if (fd < 0) return;
  const char *src = "int g(int x) { void *p = &&e; goto *p; e: return x; }\nint f(int x) { return x + 1; }\n";
  CHECK(write(fd, src, strlen(src)) == (ssize_t)strlen(src));
  close(fd);
  IrProgram *p = parse(path, IR_LP64);
  CHECK(p);
  if (p) {
    CHECK(fe_check_reachable(p, ir_find_function(p, "f")) == NULL);
    CHECK(fe_check_reachable(p, ir_find_function(p, "g")) != NULL);
  }
  fe_program_free(p);
  unlink(path);
}

TEST(parse_errors) {
  char path[] = "/tmp/inka_fe_XXXXXX.c";
  int fd = mkstemps(path, 2);
  CHECK(fd >= 0);
  if (fd < 0) return;
  const char *src = "int f(int x) {\n  return x +;\n}\n";
  CHECK(write(fd, src, strlen(src)) == (ssize_t)strlen(src));
  close(fd);
  FeErrors e;
  IrProgram *p = fe_parse_file(path, NULL, &e);
  CHECK(p == NULL);
  char want[256];
  snprintf(want, sizeof want, "%s:2:13: error: expected expression\n", path);
  CHECK(e.text && strcmp(e.text, want) == 0);
  if (e.text && strcmp(e.text, want) != 0) fprintf(stderr, "got: %s", e.text);
  fe_errors_free(&e);
  unlink(path);
  p = fe_parse_file("/nonexistent/x.c", NULL, &e);
  CHECK(p == NULL && e.text && strstr(e.text, "/nonexistent/x.c: error: cannot read file"));
  fe_errors_free(&e);
}

/* The first statement of kind k on the line (at the top level or in a block). */
static IrStmt *stmt_at(IrFunction *fn, int line, IrStmtKind k) {
  IrBlock *b = &fn->body;
  for (int i = 0; i < b->n; i++) {
    IrStmt *s = b->stmts[i];
    if (s->loc.line == line && s->kind == k) return s;
    if (s->kind == IR_ST_IF && s->then.n == 1 && s->then.stmts[0]->kind == IR_ST_BLOCK) {
      IrBlock *in = &s->then.stmts[0]->body;
      for (int j = 0; j < in->n; j++)
        if (in->stmts[j]->loc.line == line && in->stmts[j]->kind == k) return in->stmts[j];
    }
    if (s->kind == IR_ST_IF && s->then.n == 1 && s->then.stmts[0]->loc.line == line && s->then.stmts[0]->kind == k)
      return s->then.stmts[0];
  }
  return NULL;
}

TEST(builtins) {
  IrProgram *p = parse(INPUTS "builtins.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  IrFunction *fn = ir_find_function(p, "main");
  CHECK(fn && fe_check_reachable(p, fn) == NULL);
  CHECK(ir_find_function(p, "reach_error") == NULL); /* always a builtin */
  IrStmt *s = stmt_at(fn, 13, IR_ST_CALL);
  CHECK(s && s->kind == IR_ST_CALL && s->builtin == IR_BI_NONDET && s->type->bits == 8 && !s->type->is_signed);
  s = stmt_at(fn, 18, IR_ST_CALL);
  CHECK(s && s->kind == IR_ST_CALL && s->builtin == IR_BI_ASSERT && s->args[0]->kind == IR_NE);
  s = stmt_at(fn, 16, IR_ST_CALL);
  CHECK(s && s->builtin == IR_BI_CALLOC && s->type->base->kind == IR_TY_STRUCT && s->nargs == 2);
  s = stmt_at(fn, 17, IR_ST_CALL);
  CHECK(s && s->builtin == IR_BI_MALLOC && s->type->base->kind == IR_TY_INT);
  s = stmt_at(fn, 20, IR_ST_CALL);
  CHECK(s && s->kind == IR_ST_CALL && s->builtin == IR_BI_ERROR);
  s = stmt_at(fn, 23, IR_ST_CALL);
  CHECK(s && s->kind == IR_ST_CALL && s->builtin == IR_BI_ERROR);
  fe_program_free(p);
}

TEST(svcomp_style) {
  IrProgram *p = parse(INPUTS "svcomp.c", IR_LP64);
  CHECK(p);
  if (!p) return;
  IrFunction *fn = ir_find_function(p, "main");
  CHECK(fn && fe_check_reachable(p, fn) == NULL); /* main() is not variadic; reach_error is a builtin */
  CHECK(ir_find_function(p, "reach_error") == NULL);
  IrFunction *va = ir_find_function(p, "__VERIFIER_assert");
  CHECK(va && va->defined && fn && fn->ncallees == 1 && fn->callees[0] == va);
  fe_program_free(p);
}

int main(void) {
  RUN(svcomp_style);
  RUN(golden_acceptance);
  RUN(golden_inputs);
  RUN(golden_ilp32);
  RUN(data_models);
  RUN(josephus_structure);
  RUN(find_loop_first);
  RUN(parse_expr);
  RUN(parse_expr_types_shared);
  RUN(unsupported_asm_column);
  RUN(unsupported_goto_column);
  RUN(unsupported_constructs);
  RUN(unreached_unsupported_is_fine);
  RUN(parse_errors);
  RUN(builtins);
  return check_summary();
}
