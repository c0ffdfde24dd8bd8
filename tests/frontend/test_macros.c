/* test_macros.c - operators spelled in macro bodies give the IR of the same
 * operators written out.
 *
 * Each case is a program using macros and the same program with every
 * invocation written out by hand, line for line (the #define lines stay, so
 * the line numbers of the IR dumps agree); the two dumps must be equal.  The
 * programs are generated for every C operator, then hand-written ones cover
 * nesting, statement macros, variadic macros, ## and redefinitions.  Run from
 * the repository root.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "inka/frontend.h"

static char tmpdir[] = "/tmp/inka-macros-XXXXXX";

static char *dump(const IrProgram *p) {
  char *buf = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&buf, &len);
  ir_dump_program(m, p);
  fclose(m);
  return buf;
}

/* The IR dump of src without its first line (which names the file), or
   NULL when it does not parse; *unsupported gets the first refusal. */
static char *ir_of(const char *name, const char *src, char *unsupported, size_t n) {
  char path[256];
  if (unsupported) unsupported[0] = 0;
  snprintf(path, sizeof path, "%s/%s.c", tmpdir, name);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  fputs(src, f);
  fclose(f);
  FeOptions o = {.model = IR_LP64};
  FeErrors e;
  IrProgram *p = fe_parse_file(path, &o, &e);
  if (!p) fprintf(stderr, "%s: parse failed:\n%s", path, e.text ? e.text : "(no message)");
  fe_errors_free(&e);
  unlink(path);
  if (!p) return NULL;
  if (unsupported) {
    unsupported[0] = 0;
    for (int i = 0; i < p->nfuncs && !unsupported[0]; i++)
      if (p->funcs[i]->unsupported) {
        snprintf(unsupported, n, "%s", p->funcs[i]->unsupported->message);
      }
  }
  char *d = dump(p);
  fe_program_free(p);
  size_t skip = strcspn(d, "\n");
  if (d[skip]) skip++;
  memmove(d, d + skip, strlen(d + skip) + 1);
  return d;
}

/* true when both parse, neither is refused and their IR is the same. */
static bool same_ir(const char *macros, const char *plain) {
  char why1[256], why2[256];
  char *a = ir_of("macros", macros, why1, sizeof why1), *b = ir_of("plain", plain, why2, sizeof why2);
  bool ok = a && b && !why1[0] && !why2[0] && strcmp(a, b) == 0;
  if (!ok) {
    fprintf(stderr, "---- with macros (%s):\n%s\n---- written out (%s):\n%s\n", why1, a ? a : "(none)", why2,
            b ? b : "(none)");
  }
  free(a);
  free(b);
  return ok;
}

/* Appends to a growing string. */
static void add(char **s, const char *fmt, const char *a, const char *b) {
  size_t n = *s ? strlen(*s) : 0;
  int len = snprintf(NULL, 0, fmt, a, b);
  *s = realloc(*s, n + (size_t)len + 1);
  snprintf(*s + n, (size_t)len + 1, fmt, a, b);
}

/* One program per operator kind: a macro per operator, used once per line. */
static bool every_operator(const char *const *ops, const char *define, const char *use_macro, const char *use_plain) {
  char *defs = NULL, *m = NULL, *p = NULL;
  int n = 0;
  while (ops[n]) n++;
  for (int i = 0; i < n; i++) {
    char name[16];
    snprintf(name, sizeof name, "OP%d", i);
    add(&defs, define, name, ops[i]);
  }
  add(&m, "%s%s", defs, "int f(int a, int b, int c, int *q) {\n  int r = 0;\n");
  add(&p, "%s%s", defs, "int f(int a, int b, int c, int *q) {\n  int r = 0;\n");
  for (int i = 0; i < n; i++) {
    char name[16];
    snprintf(name, sizeof name, "OP%d", i);
    add(&m, use_macro, name, "");
    add(&p, use_plain, ops[i], "");
  }
  add(&m, "%s%s", "  return r + *q;\n}\n", "");
  add(&p, "%s%s", "  return r + *q;\n}\n", "");
  bool ok = same_ir(m, p);
  free(defs);
  free(m);
  free(p);
  return ok;
}

TEST(binary_operators) {
  static const char *const ops[] = {"*", "/", "%", "+", "-", "<<", ">>", "<", ">", "<=", ">=",
                                    "==", "!=", "&", "^", "|", "&&", "||", ",", NULL};
  CHECK(every_operator(ops, "#define %s(x, y) ((x) %s (y))\n", "  r = r + %s(a, b);\n", "  r = r + ((a) %s (b));\n"));
  /* the operator alone as a macro body: a OP b */
  CHECK(every_operator(ops, "#define %s %s\n", "  r = r + (a %s b);\n", "  r = r + (a %s b);\n"));
}

TEST(assignment_operators) {
  static const char *const ops[] = {"=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|=", NULL};
  CHECK(every_operator(ops, "#define %s(x, y) ((x) %s (y))\n", "  r = r + %s(c, b);\n", "  r = r + ((c) %s (b));\n"));
  CHECK(every_operator(ops, "#define %s(x, y) x %s y\n", "  %s(c, a);\n", "  c %s a;\n"));
}

TEST(unary_operators) {
  static const char *const prefix[] = {"-", "+", "~", "!", "++", "--", NULL};
  CHECK(every_operator(prefix, "#define %s(x) (%s(x))\n", "  r = r + %s(c);\n", "  r = r + (%s(c));\n"));
  static const char *const postfix[] = {"++", "--", NULL};
  CHECK(every_operator(postfix, "#define %s(x) ((x)%s)\n", "  r = r + %s(c);\n", "  r = r + ((c)%s);\n"));
  static const char *const pointer[] = {"*", NULL};
  CHECK(every_operator(pointer, "#define %s(x) (%s(x))\n", "  r = r + %s(q);\n", "  r = r + (*(q));\n"));
  static const char *const address[] = {"&", NULL};
  CHECK(every_operator(address, "#define %s(x) (%s(x))\n", "  r = r + *%s(c);\n", "  r = r + *(&(c));\n"));
}

TEST(nested_and_statements) {
  CHECK(same_ir("#define MAX(x, y) ((x) > (y) ? (x) : (y))\n"
                "#define SQ(x) ((x) * (x))\n"
                "#define MAX3(a, b, c) MAX(MAX(a, b), c)\n"
                "#define N 10\n"
                "#define SWAP(a, b) do { int t_ = a; a = b; b = t_; } while (0)\n"
                "int f(int a, int b, int c) {\n"
                "  int r = MAX(MAX(a, b), SQ(c - N));\n"
                "  int s = MAX3(a, -b, c) + N - 1;\n"
                "  SWAP(a, b);\n"
                "  if (MAX(a, b) < SQ(N)) r = -SQ(-r);\n"
                "  for (int i = 0; i < MAX(a, 3); i++) s += SQ(i);\n"
                "  return r + s + a;\n"
                "}\n",
                "#define MAX(x, y) ((x) > (y) ? (x) : (y))\n"
                "#define SQ(x) ((x) * (x))\n"
                "#define MAX3(a, b, c) MAX(MAX(a, b), c)\n"
                "#define N 10\n"
                "#define SWAP(a, b) do { int t_ = a; a = b; b = t_; } while (0)\n"
                "int f(int a, int b, int c) {\n"
                "  int r = ((((a) > (b) ? (a) : (b))) > (((c - 10) * (c - 10))) ? (((a) > (b) ? (a) : (b))) : (((c - 10) * (c - 10))));\n"
                "  int s = ((((a) > (-b) ? (a) : (-b))) > (c) ? (((a) > (-b) ? (a) : (-b))) : (c)) + 10 - 1;\n"
                "  do { int t_ = a; a = b; b = t_; } while (0);\n"
                "  if (((a) > (b) ? (a) : (b)) < ((10) * (10))) r = -((-r) * (-r));\n"
                "  for (int i = 0; i < ((a) > (3) ? (a) : (3)); i++) s += ((i) * (i));\n"
                "  return r + s + a;\n"
                "}\n"));
  /* directives inside the body, a macro defined there, a multi-line invocation */
  CHECK(same_ir("#define TWICE(x) ((x) + (x))\n"
                "int f(int a) {\n"
                "#if 0\n"
                "  a = a / 0;\n"
                "#endif\n"
                "#define HALF(x) ((x) / 2)\n"
                "  a = TWICE(HALF(a)\n"
                "      - 1);\n"
                "  return a;\n"
                "}\n",
                "#define TWICE(x) ((x) + (x))\n"
                "int f(int a) {\n"
                "\n"
                "\n"
                "\n"
                "\n"
                "  a = ((((a) / 2) - 1) + (((a) / 2) - 1));\n"
                "\n"
                "  return a;\n"
                "}\n"));
}

TEST(stringified_and_builtin) {
  CHECK(same_ir("#define SHOW(x) ((int)sizeof(#x) + (x) * 2)\n"
                "#define HERE(x) ((x) + __LINE__)\n"
                "\n"
                "int f(int a) {\n"
                "  int r = SHOW(a - 1);\n"
                "  return HERE(r);\n"
                "}\n",
                "#define SHOW(x) ((int)sizeof(#x) + (x) * 2)\n"
                "#define HERE(x) ((x) + __LINE__)\n"
                "\n"
                "int f(int a) {\n"
                "  int r = ((int)sizeof(\"a - 1\") + (a - 1) * 2);\n"
                "  return ((r) + 6);\n"
                "}\n"));
}

TEST(every_macro_form) {
  /* variadic macros, ## and a name defined twice: clang names the operator
     wherever it is spelled, so each is the IR of the code written out */
  CHECK(same_ir("#define VMAX(a, ...) ((a) > (__VA_ARGS__) ? (a) : (__VA_ARGS__))\n"
                "int f(int a, int b) { return VMAX(a, b); }\n",
                "#define VMAX(a, ...) ((a) > (__VA_ARGS__) ? (a) : (__VA_ARGS__))\n"
                "int f(int a, int b) { return ((a) > (b) ? (a) : (b)); }\n"));
  CHECK(same_ir("#define CAT(a, b) a##b\n"
                "#define MAX(x, y) ((x) > (y) ? (x) : (y))\n"
                "int f(int a, int b) { int x1 = 0; return MAX(CAT(x, 1), a); }\n",
                "#define CAT(a, b) a##b\n"
                "#define MAX(x, y) ((x) > (y) ? (x) : (y))\n"
                "int f(int a, int b) { int x1 = 0; return ((x1) > (a) ? (x1) : (a)); }\n"));
  CHECK(same_ir("#define K 1\n"
                "#define ADDK(x) ((x) + K)\n"
                "int g(int a) { return a + K; }\n"
                "#undef K\n"
                "#define K 2\n"
                "int f(int a) { return ADDK(a) * 2; }\n",
                "#define K 1\n"
                "#define ADDK(x) ((x) + K)\n"
                "int g(int a) { return a + 1; }\n"
                "#undef K\n"
                "#define K 2\n"
                "int f(int a) { return ((a) + 2) * 2; }\n"));
  /* a macro that is an operator alone */
  CHECK(same_ir("#define GT >\n"
                "#define SHL <<=\n"
                "int f(int a, int b) { if (a GT b) a SHL 1; return a; }\n",
                "#define GT >\n"
                "#define SHL <<=\n"
                "int f(int a, int b) { if (a > b) a <<= 1; return a; }\n"));
}

int main(void) {
  if (!mkdtemp(tmpdir)) return 1;
  RUN(binary_operators);
  RUN(assignment_operators);
  RUN(unary_operators);
  RUN(nested_and_statements);
  RUN(stringified_and_builtin);
  RUN(every_macro_form);
  rmdir(tmpdir);
  return check_summary();
}
