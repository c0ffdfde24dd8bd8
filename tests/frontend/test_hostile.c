/* test_hostile.c - the frontend never crashes, whatever the input.
 *
 * Writes a few dozen malformed or hostile files into a temporary directory
 * (truncated programs, random bytes, very deep nesting, huge literals,
 * unknown types, a 1 MB function, an empty file, non-UTF-8 text) and checks
 * that fe_parse_file returns either a program or NULL with a message, and
 * that dumping and checking the program works.  Times are printed, never
 * asserted (timings belong in bench/).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "inka/frontend.h"

static char dir[] = "/tmp/inka_hostile_XXXXXX";

typedef struct Buf {
  char *s;
  size_t len, cap;
} Buf;

static void put(Buf *b, const char *s, size_t n) {
  if (b->len + n + 1 > b->cap) {
    b->cap = (b->len + n + 1) * 2;
    b->s = realloc(b->s, b->cap);
  }
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = 0;
}

static void puts_(Buf *b, const char *s) { put(b, s, strlen(s)); }

static void repeat(Buf *b, const char *s, int n) {
  for (int i = 0; i < n; i++) puts_(b, s);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Writes the file, parses it in both data models, exercises the result. */
static bool run(const char *name, const Buf *b) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s.c", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  if (b->len) fwrite(b->s, 1, b->len, f);
  fclose(f);
  bool ok = true;
  for (int m = 0; m < 2; m++) {
    FeOptions o = {.model = m ? IR_ILP32 : IR_LP64};
    FeErrors e;
    double t0 = now();
    IrProgram *p = fe_parse_file(path, &o, &e);
    double t = now() - t0;
    if (p) {
      FILE *null = fopen("/dev/null", "w");
      ir_dump_program(null, p);
      fclose(null);
      for (int i = 0; i < p->nfuncs; i++) {
        fe_check_reachable(p, p->funcs[i]);
        ir_find_stmt_at_line(p->funcs[i], 3);
      }
      ok = ok && e.text == NULL;
    } else {
      ok = ok && e.text != NULL && e.text[0] != 0;
    }
    printf("  %-22s %-5s %6.3f s  %s\n", name, m ? "ILP32" : "LP64", t, p ? "program" : "error");
    fe_program_free(p);
    fe_errors_free(&e);
  }
  unlink(path);
  return ok;
}

static uint64_t rng = 88172645463325252ull;
static unsigned next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)rng;
}

static const char *program =
    "#include <stdlib.h>\n"
    "struct node { int key; struct node *next; };\n"
    "int josephus(int n, int m) {\n"
    "  int i; struct node *t, *x;\n"
    "  t = malloc(sizeof(struct node)); t->key = 1; x = t; i = 2;\n"
    "  while (i <= n) { t->next = malloc(sizeof(struct node)); t = t->next; t->key = i; i++; }\n"
    "  t->next = x;\n"
    "  while (t != t->next) { i = 1; while (i <= m - 1) { t = t->next; i++; }\n"
    "    x = t->next; t->next = x->next; free(x); }\n"
    "  return t->key;\n"
    "}\n";

TEST(empty_and_binary) {
  Buf b = {0};
  CHECK(run("empty", &b));
  for (int k = 0; k < 5; k++) {
    b.len = 0;
    char name[32];
    for (int i = 0; i < 4096; i++) {
      char ch = (char)(next() & 0xff);
      put(&b, &ch, 1);
    }
    snprintf(name, sizeof name, "binary%d", k);
    CHECK(run(name, &b));
  }
  b.len = 0;
  put(&b, "int f(int x) {\0 return x; }\n", 28); /* a NUL byte inside */
  CHECK(run("nul_byte", &b));
  b.len = 0;
  puts_(&b, "/* \xff\xfe\xc3\x28 */ int f(int x) { return x; }\nint g\xe9(int y) { return y; }\n");
  CHECK(run("non_utf8", &b));
  free(b.s);
}

TEST(truncated) {
  size_t n = strlen(program);
  for (int k = 1; k <= 12; k++) {
    Buf b = {0};
    put(&b, program, n * (size_t)k / 13);
    char name[32];
    snprintf(name, sizeof name, "truncated%d", k);
    CHECK(run(name, &b));
    free(b.s);
  }
}

TEST(deep_nesting) {
  Buf b = {0};
  puts_(&b, "int f(int x) { return ");
  repeat(&b, "(", 10000);
  puts_(&b, "x");
  repeat(&b, ")", 10000);
  puts_(&b, "; }\n");
  CHECK(run("parens10000", &b));
  b.len = 0;
  puts_(&b, "int f(int x) { ");
  repeat(&b, "{ x++; ", 10000);
  repeat(&b, "} ", 10000);
  puts_(&b, "return x; }\n");
  CHECK(run("blocks10000", &b));
  b.len = 0;
  puts_(&b, "int f(int x) { ");
  repeat(&b, "if (x) ", 3000);
  puts_(&b, "x++; return x; }\n");
  CHECK(run("ifs3000", &b));
  b.len = 0;
  puts_(&b, "int f(int x) { ");
  repeat(&b, "while (x) ", 300);
  puts_(&b, "x--; return x; }\n");
  CHECK(run("loops300", &b));
  b.len = 0;
  puts_(&b, "int f(int x) { return x");
  repeat(&b, " + x", 100000);
  puts_(&b, "; }\n");
  CHECK(run("sum100000", &b));
  b.len = 0;
  puts_(&b, "int f(int x) { return ");
  repeat(&b, "-", 1000);
  puts_(&b, "x; }\n");
  CHECK(run("neg1000", &b));
  b.len = 0;
  puts_(&b, "int f(int x) { int y; ");
  repeat(&b, "y = ", 3000);
  puts_(&b, "x; return y; }\n");
  CHECK(run("assign3000", &b));
  b.len = 0;
  puts_(&b, "int f(int x) { return ");
  repeat(&b, "x && (", 2000);
  puts_(&b, "x");
  repeat(&b, ")", 2000);
  puts_(&b, "; }\n");
  CHECK(run("land2000", &b));
  free(b.s);
}

TEST(literals_and_types) {
  static const char *const cases[][2] = {
      {"huge_int", "int f(void) { return 99999999999999999999999999999; }\n"},
      {"huge_ull", "unsigned long long g = 18446744073709551615ULL;\nint f(void) { return g == 0; }\n"},
      {"huge_float", "double f(void) { return 1e99999; }\n"},
      {"huge_array", "int a[1000000000];\nint f(int i) { return a[i]; }\n"},
      {"huge_local", "int f(int i) { int a[2000000] = {1}; return a[i]; }\n"},
      {"unknown_types", "foo_t f(bar x) { return x; }\n"},
      {"undeclared", "int f(int x) { return y + g(x); }\n"},
      {"implicit_fn", "int f(int x) { return g(x); }\n"},
      {"no_body", "int f(int x);\n"},
      {"only_macro", "#define F(x) ((x) > 0 ? (x) : -(x))\nint f(int x) { return F(x); }\n"},
      {"k_and_r", "int f(x) int x; { return x + 1; }\n"},
      {"string_global", "char *s = \"hello\";\nint f(void) { return s[0]; }\n"},
      {"recursive_struct", "struct a { struct a *self; struct b *other; };\nint f(struct a *p) { return p->self == p; }\n"},
      {"incomplete_use", "struct q;\nint f(struct q *p) { return *(int *)p; }\n"},
      {"self_init", "struct n { struct n *next; } g = {&g};\nint f(void) { return g.next == &g; }\n"},
      {"weird_stmts", "int f(int x) { ({ int y = x; y; }); switch (x) { case 1: return 2; } return sizeof(int[x]); }\n"},
      {"void_ptr_deref", "int f(void *p) { return *(char *)p + ((char *)p)[1]; }\n"},
      {"labels", "int f(int x) { a: b: c: x++; return x; }\n"},
      {"fnptr_struct", "struct s { int (*cb)(int); };\nint f(struct s *p) { return p->cb(1); }\n"},
      {"bad_std_arg", "int f(void) { return 0; }\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Buf b = {0};
    puts_(&b, cases[i][1]);
    CHECK(run(cases[i][0], &b));
    free(b.s);
  }
}

/* switch and goto: hostile shapes must parse, lower and dump without a crash
   (an unsupported jump is a diagnostic, never a failure of the parse). */
TEST(jumps) {
  static const char *const cases[][2] = {
      {"goto_into_loop", "int f(int x) { if (x) goto in; while (x < 9) { x++; in: x += 2; } return x; }\n"},
      {"goto_into_if", "int f(int x) { goto in; if (x) { in: x++; } return x; }\n"},
      {"goto_into_case", "int f(int x) { goto in; switch (x) { case 1: in: x++; } return x; }\n"},
      {"computed_goto", "int f(int x) { void *p = x ? &&a : &&b; goto *p; a: return 1; b: return 2; }\n"},
      {"duplicate_case", "int f(int x) { switch (x) { case 1: case 1: return 1; } return 0; }\n"},
      {"case_range", "int f(int x) { switch (x) { case 1 ... 5: return 1; } return 0; }\n"},
      {"empty_switch", "int f(int x) { switch (x) {} switch (x) ; switch (x) default: x++; return x; }\n"},
      {"duff", "int f(int n) { int r = 0; switch (n & 3) { case 0: do { r++; case 1: r++; } while (--n > 0); } return r; }\n"},
      {"self_loop", "void f(void) { L: goto L; }\n"},
      {"label_at_end", "int f(int x) { if (x) goto e; x++; e: ; }\n"},
      {"goto_in_stmt_expr", "int f(int x) { while (({ if (x) goto o; x; })) x--; o: return x; }\n"},
      {"irreducible", "int f(int x) { if (x) goto b; a: x++; b: x--; if (x > 3) goto a; return x; }\n"},
      {"crossing_loops", "int f(int x) { a: x++; b: x--; if (x == 1) goto a; if (x == 2) goto b; return x; }\n"},
      {"huge_case", "int f(long long x) { switch (x) { case -9223372036854775807LL - 1: return 1; case 9223372036854775807LL: return 2; } return 0; }\n"},
      {"unused_labels", "int f(int x) { a: b: c: x++; d: return x; }\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    Buf b = {0};
    puts_(&b, cases[i][1]);
    CHECK(run(cases[i][0], &b));
    free(b.s);
  }
  Buf b = {0}; /* 3000 gotos to 3000 labels in reverse order, and nested switches */
  puts_(&b, "int f(int x) {\n");
  char line[128];
  for (int i = 0; i < 3000; i++) {
    snprintf(line, sizeof line, "  if (x == %d) goto L%d;\n", i, i);
    puts_(&b, line);
  }
  for (int i = 2999; i >= 0; i--) {
    snprintf(line, sizeof line, "L%d: x += %d;\n", i, i);
    puts_(&b, line);
  }
  for (int i = 0; i < 40; i++) puts_(&b, "  switch (x & 3) { case 1: x++; break; default: {\n");
  for (int i = 0; i < 40; i++) puts_(&b, "  } }\n");
  puts_(&b, "  return x;\n}\n");
  CHECK(run("many_jumps", &b));
  free(b.s);
}

TEST(megabyte_function) {
  Buf b = {0};
  puts_(&b, "int f(int x, int y) {\n");
  while (b.len < (1 << 20)) puts_(&b, "  x = x + y * 3; if (x > y) y = y - 1; else y++;\n");
  puts_(&b, "  return x;\n}\n");
  CHECK(run("megabyte", &b));
  free(b.s);
}

TEST(unreadable) {
  FeErrors e;
  CHECK(fe_parse_file(dir, NULL, &e) == NULL && e.text && strstr(e.text, "cannot read file"));
  fe_errors_free(&e);
  const char *bad_args[] = {"-fno-such-flag-at-all", "-std=c4000"};
  FeOptions o = {.model = IR_LP64, .clang_args = bad_args, .nclang_args = 2};
  char path[256];
  snprintf(path, sizeof path, "%s/ok.c", dir);
  FILE *f = fopen(path, "w");
  fputs("int f(void) { return 0; }\n", f);
  fclose(f);
  IrProgram *p = fe_parse_file(path, &o, &e);
  CHECK((p == NULL) == (e.text != NULL));
  fe_program_free(p);
  fe_errors_free(&e);
  unlink(path);
}

int main(void) {
  if (!mkdtemp(dir)) {
    perror("mkdtemp");
    return 1;
  }
  RUN(empty_and_binary);
  RUN(truncated);
  RUN(deep_nesting);
  RUN(literals_and_types);
  RUN(jumps);
  RUN(megabyte_function);
  RUN(unreadable);
  rmdir(dir);
  return check_summary();
}
