/* test_lang2.c - function pointers, bit-fields and unions in the frontend,
 * checked against gcc: bit-field stores against real bit-fields (brute
 * force over values and widths), layouts against sizeof, and the shape of
 * the dispatch that replaces a call through a pointer.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "frontend/fe.h"
#include "inka/frontend.h"

static IrProgram *parse_text(const char *src) {
  char path[] = "/tmp/inka_lang2_XXXXXX.c";
  int fd = mkstemps(path, 2);
  if (fd < 0) return NULL;
  if (write(fd, src, strlen(src)) != (ssize_t)strlen(src)) {
    close(fd);
    return NULL;
  }
  close(fd);
  FeOptions o = {.model = IR_LP64};
  FeErrors e;
  IrProgram *p = fe_parse_file(path, &o, &e);
  if (!p) fprintf(stderr, "parse failed:\n%s", e.text ? e.text : "?");
  fe_errors_free(&e);
  unlink(path);
  return p;
}

/* gcc's bit-fields of every width we test, both signednesses */
struct real {
  unsigned u1 : 1, u3 : 3, u7 : 7, u13 : 13, u31 : 31;
  int s1 : 1, s3 : 3, s7 : 7, s13 : 13, s31 : 31;
};

static int64_t real_store(int k, int64_t v) {
  struct real r;
  switch (k) {
  case 0: r.u1 = (unsigned)v; return r.u1;
  case 1: r.u3 = (unsigned)v; return r.u3;
  case 2: r.u7 = (unsigned)v; return r.u7;
  case 3: r.u13 = (unsigned)v; return r.u13;
  case 4: r.u31 = (unsigned)v; return r.u31;
  case 5: r.s1 = (int)v; return r.s1;
  case 6: r.s3 = (int)v; return r.s3;
  case 7: r.s7 = (int)v; return r.s7;
  case 8: r.s13 = (int)v; return r.s13;
  default: r.s31 = (int)v; return r.s31;
  }
}

TEST(bitfield_stores_match_gcc) {
  static const int widths[] = {1, 3, 7, 13, 31};
  IrType s32 = {.kind = IR_TY_INT, .bits = 32, .size = 4, .is_signed = true, .spelling = "int"};
  IrType u32 = {.kind = IR_TY_INT, .bits = 32, .size = 4, .is_signed = false, .spelling = "unsigned int"};
  for (int k = 0; k < 10; k++) {
    IrField f = {"f", &s32, 0, widths[k % 5], k < 5 ? &u32 : &s32, false};
    for (int64_t v = -70000; v <= 70000; v += 7) CHECK_EQ_INT(fe_bitfield_const(&f, (int32_t)v), real_store(k, (int32_t)v));
    static const int64_t edges[] = {INT32_MIN, INT32_MIN + 1, -1, 0, 1, INT32_MAX, 0x40000000, 0x7fffffff};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++)
      CHECK_EQ_INT(fe_bitfield_const(&f, edges[i]), real_store(k, edges[i]));
  }
}

struct flags { unsigned ready : 1; unsigned mode : 3; int delta : 5; _Bool on : 1; unsigned wide : 32; char c; };
struct mixed { char a; unsigned b : 9; short s; unsigned c : 20; };
union num { int i; unsigned u; };
union wide { long l; char c; };
struct ops { int (*f)(int); char k; };

TEST(layouts_match_gcc) {
  IrProgram *p = parse_text(
      "struct flags { unsigned ready : 1; unsigned mode : 3; int delta : 5; _Bool on : 1; unsigned wide : 32; char c; };\n"
      "struct mixed { char a; unsigned b : 9; short s; unsigned c : 20; };\n"
      "union num { int i; unsigned u; };\n"
      "union wide { long l; char c; };\n"
      "struct ops { int (*f)(int); char k; };\n"
      "struct flags a; struct mixed b; union num c; union wide d; struct ops e;\n"
      "int f(void) { d.l = 1; c.u = 2; return c.i; }\n");
  CHECK(p);
  if (!p) return;
  static const int64_t sizes[] = {sizeof(struct flags), sizeof(struct mixed), sizeof(union num), sizeof(union wide),
                                  sizeof(struct ops)};
  CHECK_EQ_INT(p->nglobals, 5);
  for (int g = 0; g < p->nglobals && g < 5; g++) CHECK_EQ_INT(p->globals[g]->type->size, sizes[g]);
  const IrType *fl = p->globals[0]->type;
  CHECK_EQ_INT(fl->nfields, 6);
  CHECK_EQ_INT(fl->fields[1].bit_width, 3);
  CHECK(strcmp(fl->fields[1].type->spelling, "int") == 0);           /* promotes to int */
  CHECK(strcmp(fl->fields[4].type->spelling, "unsigned int") == 0);  /* 32 bits: stays unsigned */
  CHECK_EQ_INT(fl->fields[5].bit_width, 0);
  const IrType *un = p->globals[2]->type;
  CHECK(un->is_union && un->nfields == 1);
  const IrType *ops = p->globals[4]->type;
  CHECK(ops->fields[0].type->fnptr && ops->fields[0].type->bits == 64 && !ops->fields[0].type->is_signed);
  CHECK(strcmp(ir_decl(p, ops->fields[0].type, "g"), "int (*g)(int)") == 0);
  fe_program_free(p);
}

static int count_calls(const IrBlock *b, const char *name, int *traps) {
  int n = 0;
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_NONE && strcmp(s->callee_name, name) == 0) n++;
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_ABORT) ++*traps;
    n += count_calls(&s->then, name, traps) + count_calls(&s->els, name, traps) + count_calls(&s->body, name, traps);
  }
  return n;
}

TEST(dispatch_over_candidates_of_the_type) {
  IrProgram *p = parse_text("int a(int x) { return x; }\n"
                            "int b(int x) { return -x; }\n"
                            "long c(long x) { return x; }\n"
                            "int unused(int x) { return x; }\n"
                            "long (*lp)(long) = c;\n"
                            "int f(int k, int x) { int (*t[2])(int) = {a, &b}; return t[k & 1](x) + (int)lp(x); }\n");
  CHECK(p);
  if (!p) return;
  CHECK_EQ_INT(p->nfn_ids, 3); /* c, a, b: unused's address is never taken */
  IrFunction *f = ir_find_function(p, "f");
  int traps = 0, ignored = 0;
  CHECK_EQ_INT(count_calls(&f->body, "a", &traps), 1);
  CHECK_EQ_INT(traps, 2); /* one per call through a pointer: NULL */
  CHECK_EQ_INT(count_calls(&f->body, "b", &ignored), 1);
  CHECK_EQ_INT(count_calls(&f->body, "c", &ignored), 1);
  CHECK_EQ_INT(count_calls(&f->body, "unused", &ignored), 0);
  CHECK_EQ_INT(f->ncallees, 3);
  CHECK(fe_check_reachable(p, f) == NULL);
  fe_program_free(p);
}

TEST(refusals) {
  static const char *const bad[] = {
      "int g(int x, ...) { return x; }\nint f(int x) { int (*p)(int, ...) = g; return p(x); }\n",
      "int g(int x) { return x; }\nint f(int x) { long v = (long)g; return v == x; }\n",
      "int g(int x) { return x; }\nint f(int x) { int (*p)(int) = g; return p < g; }\n",
      "int g(int x) { return x; }\nint f(int x) { int (*p)(int) = g; p++; return p(x); }\n",
      "union w { unsigned u; unsigned char b[4]; };\nint f(int x) { union w v; v.u = x; unsigned char *p = &v.b[1]; return *p; }\n",
      "union w { double d; unsigned char c[16]; };\nint f(int x) { union w v; v.d = x; return v.c[0]; }\n",
      "union w { unsigned char b[4]; unsigned u; };\nint f(int x) { union w v = {{1, 2, 3, 4}}; return v.u; }\n",
      "union w { int *p; long l; };\nint f(int x) { union w v; v.l = x; return v.p != 0; }\n",
      "union w { unsigned u; unsigned char b[4]; };\nint f(int x) { union w v; v.u = x; unsigned char *p = v.b; return p[0]; }\n",
      "struct s { unsigned long l : 40; };\nint f(int x) { struct s v; v.l = x; return v.l == 1; }\n",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    IrProgram *p = parse_text(bad[i]);
    CHECK(p);
    if (!p) continue;
    const IrDiag *d = fe_check_reachable(p, ir_find_function(p, "f"));
    if (!d || strncmp(d->message, "unsupported: ", 13) != 0) {
      fprintf(stderr, "case %zu: got %s\n", i, d ? d->message : "nothing");
      CHECK(!"expected a refusal");
    }
    fe_program_free(p);
  }
}

int main(void) {
  RUN(bitfield_stores_match_gcc);
  RUN(layouts_match_gcc);
  RUN(dispatch_over_candidates_of_the_type);
  RUN(refusals);
  return check_summary();
}
