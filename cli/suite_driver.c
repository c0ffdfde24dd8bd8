/* suite_driver.c - a suite on disk: DIR/inka_suite.c holds every test in a
 * table (`./inka_suite K` runs test K alone), DIR/run builds it with gcc --coverage
 * and runs every test, each in its own process.  With --wrapv it builds
 * with -fwrapv; without it (ISO C) with UBSan's signed-overflow and shift
 * checks, whose reports go to DIR/inka_ubsan.* (suite_gcov.c counts them).
 *
 * One file with a table, not one file per test: gcov merges the counts of
 * runs of one executable into one .gcda, but not of different executables
 * built from the same source (each compilation has its own stamp).  The
 * object is named after the program (DIR/triangle.o for triangle.c), so its
 * notes and data are DIR/triangle.gcno and DIR/triangle.gcda, and
 * `gcov -b -o DIR triangle.c` finds them.  The files inka-ng writes are
 * named inka_*, so that they do not clash with a program called suite.c.
 * The driver's prelude is the one of cli/driver.c (docs/design.md §7): the
 * program is included with main
 * renamed, stubs renamed and defined to serve nondet values, signals turned
 * into exit() so that a run that aborts still writes its counts; DIR/run
 * ends a test that runs for ever with SIGALRM (timeout -s ALRM), the same way.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "suite.h"

enum { TEST_SECONDS = 10 };

void suite_stem(const char *path, char *out, size_t len) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  snprintf(out, len, "%s", base);
  char *dot = strrchr(out, '.');
  if (dot && dot != out) *dot = 0;
}

static bool defines(const IrProgram *p, const char *name) {
  const IrFunction *f = ir_find_function(p, name);
  if (f && f->defined) return true;
  for (int i = 0; i < p->ndefined_builtins; i++)
    if (!strcmp(p->defined_builtins[i], name)) return true;
  return false;
}

/* The __VERIFIER_* functions and reach_error the program calls but does not
   define (at most 64 names, as cli/driver.c). */
typedef struct Needed {
  const IrProgram *p;
  const IrStmt *calls[64];
  int n;
} Needed;

static void need_block(Needed *nd, const IrBlock *b) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    bool want = s->kind == IR_ST_CALL && s->callee_name && !defines(nd->p, s->callee_name) &&
                (!strncmp(s->callee_name, "__VERIFIER_", 11) || !strcmp(s->callee_name, "reach_error"));
    for (int k = 0; want && k < nd->n; k++) want = strcmp(nd->calls[k]->callee_name, s->callee_name) != 0;
    if (want && nd->n < 64) nd->calls[nd->n++] = s;
    need_block(nd, &s->then);
    need_block(nd, &s->els);
    need_block(nd, &s->pre);
    need_block(nd, &s->body);
    need_block(nd, &s->step);
  }
}

static void verifier_functions(FILE *out, const IrProgram *p) {
  Needed nd = {.p = p};
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i]->defined) need_block(&nd, &p->funcs[i]->body);
  for (int i = 0; i < nd.n; i++) {
    const IrStmt *s = nd.calls[i];
    if (s->builtin == IR_BI_NONDET)
      fprintf(out, "%s %s(void) { return (%s)%s(); }\n", s->type->spelling, s->callee_name, s->type->spelling,
              s->type->kind == IR_TY_FLOAT ? "inka_next_nondet_fp" : "inka_next_nondet");
    else if (s->builtin == IR_BI_ASSUME) fprintf(out, "void %s(int cond) { if (!cond) exit(0); }\n", s->callee_name);
    else if (s->builtin == IR_BI_ERROR) fprintf(out, "void %s(void) { abort(); }\n", s->callee_name);
  }
}

static void stubs(FILE *out, const IrProgram *p) {
  for (int i = 0; i < p->nstubs; i++) {
    const IrStub *s = p->stubs[i];
    fprintf(out, "%s inka_stub_%s%s { ", s->ret, s->name, s->params);
    if (s->kind == IR_STUB_SCALAR) fprintf(out, "return (%s)inka_next_nondet(); ", s->ret);
    else if (s->kind == IR_STUB_OTHER) fprintf(out, "static %s inka_zero; return inka_zero; ", s->ret);
    fprintf(out, "}\n");
  }
}

static void renames(FILE *out, const IrProgram *p, bool define) {
  for (int i = 0; i < p->nstubs; i++) {
    if (define) fprintf(out, "#define %s inka_stub_%s\n", p->stubs[i]->name, p->stubs[i]->name);
    else fprintf(out, "#undef %s\n", p->stubs[i]->name);
  }
}

/* (with several files the tests of a file's functions are in that file's
   part, which sets these: see nondet_shared) */
static const char nondet_state[] =
    "static const unsigned long long *inka_nondet;\n"
    "static const double *inka_nondet_fp;\n"
    "static int inka_nondet_count, inka_nondet_next;\n";
static const char nondet_shared[] =
    "const unsigned long long *inka_nondet;\n"
    "const double *inka_nondet_fp;\n"
    "int inka_nondet_count, inka_nondet_next;\n";
static const char nondet_server[] =
    "static unsigned long long inka_next_nondet(void) {\n"
    "  if (inka_nondet_next < inka_nondet_count) return inka_nondet[inka_nondet_next++];\n"
    "  return 0; /* more calls than the solver saw: the run left the path */\n}\n"
    "static double inka_next_nondet_fp(void) {\n"
    "  if (inka_nondet_next < inka_nondet_count) return inka_nondet_fp[inka_nondet_next++];\n"
    "  return 0;\n}\n";

/* Test k as a function inka_test_K (static unless another file's part
   calls it). */
static void test_function(FILE *out, const Suite *s, int k, bool exported) {
  const SuTest *t = &s->tests[k];
  const SuObjective *o = &s->objs[t->objective];
  const IrFunction *fn = s->units[t->unit];
  fprintf(out, "\n/* test %d: solved for %s:%d:%d %s; covers %d objective(s) first */\n", k + 1,
          o->file ? o->file : s->opt->file, o->line, o->col, suite_kind_name(o->kind), t->ncovers);
  fprintf(out, "static const unsigned long long inka_t%d_nondet[] = {", k + 1);
  for (int i = 0; i < t->nnondet; i++)
    fprintf(out, "%s%lluull", i ? ", " : "",
            t->nondet[i].type->kind == IR_TY_FLOAT ? 0ull : (unsigned long long)t->nondet[i].value);
  fprintf(out, "%s};\nstatic const double inka_t%d_nondet_fp[] = {", t->nnondet ? "" : "0", k + 1);
  for (int i = 0; i < t->nnondet; i++) {
    char v[64] = "0";
    if (t->nondet[i].type->kind == IR_TY_FLOAT) cli_format_value(v, sizeof v, t->nondet[i].type, t->nondet[i].value);
    fprintf(out, "%s%s", i ? ", " : "", v);
  }
  fprintf(out, "%s};\n%svoid inka_test_%d(void) {\n", t->nnondet ? "" : "0", exported ? "" : "static ", k + 1);
  fprintf(out, "  inka_nondet = inka_t%d_nondet;\n  inka_nondet_fp = inka_t%d_nondet_fp;\n  inka_nondet_count = %d;\n",
          k + 1, k + 1, t->nnondet);
  suite_write_memory(out, t);
  for (int i = 0; i < t->ninputs; i++) {
    char v[96];
    if (t->inputs[i].type->kind == IR_TY_PTR || t->inputs[i].type->kind == IR_TY_STRUCT)
      suite_pointer_c(v, sizeof v, t, &t->inputs[i]);
    else cli_format_value(v, sizeof v, t->inputs[i].type, t->inputs[i].value);
    fprintf(out, "  %s = %s;\n", ir_decl(s->prog, t->inputs[i].type, t->inputs[i].name), v);
  }
  fprintf(out, "  %s(", strcmp(fn->name, "main") ? fn->name : "inka_user_main");
  for (int i = 0; i < t->ninputs; i++) fprintf(out, "%s%s", i ? ", " : "", t->inputs[i].name);
  fprintf(out, ");\n}\n");
}

static void main_function(FILE *out, const Suite *s) {
  fprintf(out, "\nstatic void (*const inka_tests[])(void) = {");
  for (int k = 0; k < s->ntests; k++) fprintf(out, "%sinka_test_%d", k ? ", " : "", k + 1);
  fprintf(out, "%s};\n", s->ntests ? "" : "0");
  fprintf(out, "\nint *__errno_location(void);\n");
  fprintf(out, "const char *__asan_default_options(void) { return \"allocator_may_return_null=1\"; }\n"); /* as cli/driver.c */
  fprintf(out, "\nstatic void inka_on_signal(int sig) { (void)sig; exit(0); /* exit writes the coverage */ }\n\n");
  fprintf(out,
          "int main(int argc, char **argv) {\n"
          "  int k = argc == 2 ? atoi(argv[1]) : 0;\n"
          "  if (k < 1 || k > %d) return 77; /* usage: ./inka_suite K, K from 1 to %d (77: ./run's probe) */\n"
          "  signal(SIGABRT, inka_on_signal);\n  signal(SIGFPE, inka_on_signal);\n  signal(SIGILL, inka_on_signal);\n"
          "  signal(SIGSEGV, inka_on_signal);\n  signal(SIGALRM, inka_on_signal); /* ./run's time limit */\n"
          "  *__errno_location() = 0; /* errno as the library models start it */\n"
          "  inka_tests[k - 1]();\n  return 0;\n}\n",
          s->ntests, s->ntests);
}

/* With several files: the index of the file whose part holds test k (the
   file of its function, which may be static there); 0 is inka_suite.c. */
static int test_part(const Suite *s, int k) {
  const CliOptions *o = s->opt;
  if (o->nsources < 2) return 0;
  const CliSource *src = cli_source_of(o, cli_unit_file(o, s->units[s->tests[k].unit]));
  return src ? (int)(src - o->sources) : 0;
}

/* DIR/inka_file_K.c: file K of a program of several files, included with
   main and the stubs renamed as in inka_suite.c, and the tests of its
   functions, which inka_suite.c's table calls. */
static bool write_part(const Suite *s, const char *dir, int part, char *err, size_t len) {
  char path[PATH_MAX + 32], source[PATH_MAX];
  const char *file = s->opt->sources[part].path;
  if (!realpath(file, source) || strchr(source, '"'))
    return snprintf(err, len, "%s: error: cannot resolve the path", file), false;
  snprintf(path, sizeof path, "%s/inka_file_%d.c", dir, part);
  FILE *out = fopen(path, "w");
  if (!out) return snprintf(err, len, "%s: error: cannot write the suite", path), false;
  fprintf(out, "/* Part of the test suite in inka_suite.c: %s and the tests of its functions. */\n", file);
  fprintf(out, "#include <signal.h>\n#include <stdlib.h>\n\n#define main inka_user_main\n");
  renames(out, s->prog, true);
  fprintf(out, "#include \"%s\"\n#undef main\n", source);
  renames(out, s->prog, false);
  fprintf(out, "\nextern const unsigned long long *inka_nondet;\nextern const double *inka_nondet_fp;\n"
               "extern int inka_nondet_count, inka_nondet_next;\n");
  for (int k = 0; k < s->ntests; k++)
    if (test_part(s, k) == part) test_function(out, s, k, true);
  bool ok = !ferror(out);
  if (fclose(out) != 0 || !ok) return snprintf(err, len, "%s: error: cannot write the suite", path), false;
  return true;
}

static bool write_c(const Suite *s, const char *dir, const char *source, bool pre, char *err, size_t len) {
  char path[PATH_MAX + 32], copy[PATH_MAX + 32];
  snprintf(path, sizeof path, "%s/inka_suite.c", dir);
  snprintf(copy, sizeof copy, "%s/inka_program.i", dir);
  if (pre && !cli_copy_preprocessed(source, copy)) return snprintf(err, len, "%s: error: cannot write", copy), false;
  FILE *out = fopen(path, "w");
  if (!out) return snprintf(err, len, "%s: error: cannot write the suite", path), false;
  bool has_main = defines(s->prog, "main");
  fprintf(out, "/* Test suite generated by inka-ng (--cover %s) for %s: %d tests.\n"
               "   Build and run them all: ./run (then gcov -b -o DIR %s); one test: ./inka_suite K */\n",
          s->branches ? "branches" : "statements", s->opt->file, s->ntests, s->opt->file);
  if (!pre) fprintf(out, "#include <signal.h>\n#include <stdlib.h>\n\n");
  if (has_main) fprintf(out, "#define main inka_user_main\n");
  renames(out, s->prog, true);
  fprintf(out, "#include \"%s\"\n", pre ? "inka_program.i" : source);
  if (has_main) fprintf(out, "#undef main\n");
  renames(out, s->prog, false);
  if (pre) /* its own copy of the headers: including them again would clash */
    fprintf(out, "void exit(int);\nvoid abort(void);\nint atoi(const char *);\nvoid *calloc(__SIZE_TYPE__, __SIZE_TYPE__);\n"
                 "void (*signal(int, void (*)(int)))(int);\n"
                 "#define SIGILL 4\n#define SIGABRT 6\n#define SIGFPE 8\n#define SIGSEGV 11\n#define SIGALRM 14\n");
  fprintf(out, "\n%s%s", s->opt->nsources > 1 ? nondet_shared : nondet_state, nondet_server);
  verifier_functions(out, s->prog);
  stubs(out, s->prog);
  for (int k = 0; k < s->ntests; k++) {
    if (test_part(s, k) == 0) test_function(out, s, k, false);
    else fprintf(out, "void inka_test_%d(void); /* in inka_file_%d.c */\n", k + 1, test_part(s, k));
  }
  main_function(out, s);
  bool ok = !ferror(out);
  if (fclose(out) != 0 || !ok) return snprintf(err, len, "%s: error: cannot write the suite", path), false;
  return true;
}

/* gcc's extra arguments: the preprocessor arguments among a file's clang
   arguments (-I made absolute, -D, -U, -std=) and the signedness of char,
   quoted. */
static void gcc_args(FILE *out, char *const *args, int nargs) {
  for (int i = 0; i < nargs; i++) {
    const char *a = args[i];
    if (!strcmp(a, "-funsigned-char") || !strcmp(a, "-fsigned-char")) fprintf(out, " %s", a);
    bool two = (!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U")) && i + 1 < nargs;
    if (!two && strncmp(a, "-I", 2) && strncmp(a, "-D", 2) && strncmp(a, "-U", 2) && strncmp(a, "-std=", 5)) continue;
    const char *v = two ? args[++i] : a + 2;
    char abs[PATH_MAX];
    bool dir = a[1] == 'I';
    if (dir && *v != '/' && realpath(v, abs)) v = abs;
    if (strchr(v, '\'') || strchr(a, '\'')) continue;
    if (a[1] == 's') fprintf(out, " '%s'", a);
    else fprintf(out, " '-%c%s'", a[1], v);
  }
}

/* The arguments of source k (the files given: the run's after `--`). */
static void source_args(FILE *out, const CliOptions *o, int k) {
  if (o->nsources >= 1) gcc_args(out, o->sources[k].args, o->sources[k].nargs);
  else gcc_args(out, (char *const *)o->clang_args, o->nclang_args);
}

static bool write_run(const Suite *s, const char *dir, char *err, size_t len) {
  char path[PATH_MAX + 32], stem[256];
  snprintf(path, sizeof path, "%s/run", dir);
  suite_stem(s->opt->file, stem, sizeof stem);
  FILE *out = fopen(path, "w");
  if (!out) return snprintf(err, len, "%s: error: cannot write", path), false;
  const char *m32 = s->prog->model == IR_ILP32 ? CLI_ILP32_GCC_FLAGS : "";
  fprintf(out, "#!/bin/sh\n# Builds the test suite inka-ng generated for %s and runs its %d tests, each in\n"
               "# its own process.  The coverage data stays here (%s.gcno, %s.gcda):\n"
               "#   gcov -b -o THIS-DIRECTORY %s\n",
          s->opt->file, s->ntests, stem, stem, s->opt->file);
  const char *sem = s->prog->wrapv ? " -fwrapv" : " -fsanitize=signed-integer-overflow,shift";
  const char *san = s->prog->wrapv ? "" : " -fsanitize=signed-integer-overflow,shift";
  char gcda[4096] = "";
  for (int k = 0; k < (s->opt->nsources > 1 ? s->opt->nsources : 1); k++) {
    char other[256];
    suite_stem(k ? s->opt->sources[k].path : s->opt->file, other, sizeof other);
    size_t at = strlen(gcda);
    snprintf(gcda + at, sizeof gcda - at, "%s'%s.gcda'", k ? " " : "", other);
  }
  fprintf(out, "cd \"$(dirname \"$0\")\" || exit 2\nrm -f %s inka_ubsan.*\n", gcda);
  if (!s->prog->wrapv) fprintf(out, "export UBSAN_OPTIONS=log_path=inka_ubsan\n");
  fprintf(out, "gcc --coverage%s -O0 -w%s", sem, m32);
  source_args(out, s->opt, 0);
  fprintf(out, " -c inka_suite.c -o '%s.o' || exit 2\n", stem);
  /* each other file of the program in its part, its object named after it:
     its counts are DIR/STEM.gcda for gcov -o DIR FILE */
  for (int k = 1; k < s->opt->nsources; k++) {
    char other[256];
    suite_stem(s->opt->sources[k].path, other, sizeof other);
    fprintf(out, "gcc --coverage%s -O0 -w%s", sem, m32);
    source_args(out, s->opt, k);
    fprintf(out, " -c inka_file_%d.c -o '%s.o' || exit 2\n", k, other);
  }
  fprintf(out, "gcc --coverage%s%s -o inka_suite", san, m32);
  for (int k = 0; k < (s->opt->nsources > 1 ? s->opt->nsources : 1); k++) {
    char other[256];
    suite_stem(k ? s->opt->sources[k].path : s->opt->file, other, sizeof other);
    fprintf(out, " '%s.o'", other);
  }
  fprintf(out, " -lm || exit 2\n");
  /* a 32-bit x86 suite runs under qemu-i386 where the kernel runs no i386
     code: test 0 is no test, it exits 77 where it runs (its counts are
     dropped) */
  fprintf(out, "exe=./inka_suite\n");
  if (s->prog->model == IR_ILP32)
    fprintf(out, "./inka_suite 0 >/dev/null 2>&1 </dev/null\n"
                 "[ $? -ne 77 ] && command -v qemu-i386 >/dev/null && exe='qemu-i386 ./inka_suite'\n"
                 "rm -f %s\n", gcda);
  /* SIGALRM makes the test exit() with its counts written; SIGKILL if it does not */
  fprintf(out, "k=1\nwhile [ $k -le %d ]; do\n  timeout -s ALRM -k 5 %d $exe $k >/dev/null 2>&1 </dev/null\n"
               "  [ $? -eq 124 ] && echo \"test $k: stopped after %d s\" >&2\n  k=$((k + 1))\ndone\n"
               "echo \"%d tests run\"\n",
          s->ntests, TEST_SECONDS, TEST_SECONDS, s->ntests);
  bool ok = !ferror(out);
  if (fclose(out) != 0 || !ok) return snprintf(err, len, "%s: error: cannot write", path), false;
  chmod(path, 0755);
  return true;
}

/* With several files, each part's object is named after its file: two
   files of one name cannot both be measured. */
static bool distinct_stems(const CliOptions *o, char *err, size_t len) {
  for (int i = 0; i < o->nsources; i++)
    for (int k = 0; k < i; k++) {
      char a[256], b[256];
      suite_stem(o->sources[i].path, a, sizeof a);
      suite_stem(o->sources[k].path, b, sizeof b);
      if (strcmp(a, b)) continue;
      snprintf(err, len, "%s: error: unsupported: a suite of files of one name (%s), whose coverage data would clash",
               o->sources[i].path, o->sources[k].path);
      return false;
    }
  return true;
}

bool suite_write(const Suite *s, const char *dir, char *err, size_t len) {
  const CliOptions *o = s->opt;
  const char *home = o->nsources > 1 ? o->sources[0].path : o->file; /* the file inka_suite.c includes */
  char source[PATH_MAX];
  if (!realpath(home, source)) return snprintf(err, len, "%s: error: cannot resolve the path", home), false;
  if (strchr(source, '"') || strchr(source, '\'') || strchr(dir, '\''))
    return snprintf(err, len, "%s: error: the path holds a quote", home), false;
  if (!distinct_stems(o, err, len)) return false;
  mkdir(dir, 0755);
  struct stat st;
  if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
    return snprintf(err, len, "%s: error: cannot make the directory", dir), false;
  size_t n = strlen(source);
  bool pre = n > 2 && !strcmp(source + n - 2, ".i");
  if (pre && o->nsources > 1)
    return snprintf(err, len, "%s: error: unsupported: a suite of several files of which one is preprocessed", home), false;
  for (int k = 1; k < o->nsources; k++)
    if (!write_part(s, dir, k, err, len)) return false;
  return write_c(s, dir, source, pre, err, len) && write_run(s, dir, err, len);
}
