/* test_files.c - fe_parse_files: a program of several files is one
 * IrProgram.  External names resolve to the defining file (functions,
 * globals with their initializer, whichever file declares them first),
 * static names of different files stay distinct, a struct of a shared
 * header is one interned type, each file is parsed with its own
 * arguments, and two files defining one name is an error naming the
 * second.  The files are written into a temporary directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "inka/frontend.h"

static char dir[] = P_tmpdir "/inka-files-XXXXXX";

static const char *write_file(const char *name, const char *text) {
  static char paths[8][512];
  static int next;
  char *path = paths[next++ % 8];
  snprintf(path, 512, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  fputs(text, f);
  fclose(f);
  return path;
}

static const char header[] = "struct pair { int a, b; };\n"
                             "extern int shared;\n"
                             "int sum(struct pair *p);\n";

static IrProgram *parse2(const char *a, const char *b, const char *const *args_a, int nargs_a, FeErrors *e) {
  write_file("pair.h", header);
  FeSource src[2] = {{write_file("a.c", a), args_a, nargs_a}, {write_file("b.c", b), NULL, 0}};
  FeOptions o = {.model = IR_LP64};
  return fe_parse_files(src, 2, &o, e);
}

static int count_named(IrFunction **fs, int n, const char *name, bool defined) {
  int k = 0;
  for (int i = 0; i < n; i++) k += !strcmp(fs[i]->name, name) && fs[i]->defined == defined;
  return k;
}

static const IrFunction *defined_in(const IrProgram *p, const char *name, const char *file) {
  for (int i = 0; i < p->nfuncs; i++) {
    const IrFunction *f = p->funcs[i];
    if (f->defined && !strcmp(f->name, name) && strstr(f->loc.file, file)) return f;
  }
  return NULL;
}

TEST(externals_resolve_to_their_definition) {
  const char *a = "#include \"pair.h\"\n"
                  "static int twin(int x) { return x + 1; }\n"
                  "int use(int x) { struct pair p = {x, shared}; return twin(sum(&p)); }\n";
  const char *b = "#include \"pair.h\"\n"
                  "int shared = 7;\n"
                  "static int twin(int x) { return x * 2; }\n"
                  "int sum(struct pair *p) { return twin(p->a + p->b); }\n";
  FeErrors e = {0};
  IrProgram *p = parse2(a, b, NULL, 0, &e);
  CHECK(p != NULL);
  if (!p) return;
  CHECK_EQ_INT(p->nfiles, 2);
  CHECK_EQ_INT(p->nstubs, 0);                           /* sum is b.c's, not a stub */
  CHECK_EQ_INT(count_named(p->funcs, p->nfuncs, "sum", true), 1);
  CHECK_EQ_INT(count_named(p->funcs, p->nfuncs, "sum", false), 0);
  CHECK_EQ_INT(count_named(p->funcs, p->nfuncs, "twin", true), 2); /* two statics */
  const IrFunction *use = defined_in(p, "use", "a.c"), *sum = defined_in(p, "sum", "b.c");
  const IrFunction *ha = defined_in(p, "twin", "a.c"), *hb = defined_in(p, "twin", "b.c");
  CHECK(use && sum && ha && hb && ha != hb);
  if (!use || !sum || !ha || !hb) return;
  bool calls_sum = false, calls_ha = false, calls_hb = false;
  for (int i = 0; i < use->ncallees; i++) {
    calls_sum |= use->callees[i] == sum;
    calls_ha |= use->callees[i] == ha;
    calls_hb |= use->callees[i] == hb;
  }
  CHECK(calls_sum && calls_ha && !calls_hb);            /* each file calls its own twin */
  CHECK(sum->ncallees == 1 && sum->callees[0] == hb);
  int nshared = 0;
  for (int i = 0; i < p->nglobals; i++) {
    if (strcmp(p->globals[i]->name, "shared")) continue;
    nshared++;
    CHECK(p->globals[i]->init && p->globals[i]->init->kind == IR_INIT_INT && p->globals[i]->init->ival == 7);
  }
  CHECK_EQ_INT(nshared, 1);                             /* a.c's extern is b.c's variable */
  /* struct pair of pair.h: one type in both files */
  const IrType *in_b = sum->params[0]->type;
  CHECK(in_b->kind == IR_TY_PTR && in_b->base->kind == IR_TY_STRUCT);
  bool same_struct = false;
  for (int i = 0; i < use->nlocals; i++)
    if (!strcmp(use->locals[i]->name, "p")) same_struct = use->locals[i]->type == in_b->base;
  CHECK(same_struct);
  fe_program_free(p);
}

TEST(each_file_has_its_arguments) {
  static const char *const args[] = {"-DN=3"};
  const char *a = "int three(void) { return N; }\n";
  const char *b = "#ifdef N\n#error N is a.c's\n#endif\nint four(void) { return 4; }\n";
  FeErrors e = {0};
  IrProgram *p = parse2(a, b, args, 1, &e);
  CHECK(p != NULL);
  if (e.text) fprintf(stderr, "%s", e.text);
  fe_errors_free(&e);
  fe_program_free(p);
}

TEST(two_definitions_are_an_error_of_the_second) {
  FeErrors e = {0};
  IrProgram *p = parse2("int twice(int x) { return x; }\n", "int twice(int x) { return -x; }\n", NULL, 0, &e);
  CHECK(p == NULL);
  CHECK(e.text && strstr(e.text, "b.c:1:5: error: 'twice' is defined in ") && strstr(e.text, "a.c too"));
  fe_errors_free(&e);
  /* a clang error names its file */
  p = parse2("int fine(void) { return 0; }\n", "int broken(void) { return ; }\n", NULL, 0, &e);
  CHECK(p == NULL && e.text && strstr(e.text, "b.c:1:20: error: "));
  fe_errors_free(&e);
}

/* as gcc links by default (-fno-common), a tentative definition is one */
TEST(tentative_definitions_count) {
  FeErrors e = {0};
  IrProgram *p = parse2("int shared;\nint get(void) { return shared; }\n", "int shared = 5;\n", NULL, 0, &e);
  CHECK(p == NULL && e.text && strstr(e.text, "b.c:1:5: error: 'shared' is defined in "));
  fe_errors_free(&e);
  p = parse2("int shared;\nint shared = 2;\nint get(void) { return shared; }\n", "extern int shared;\nint twice(void) { return 2 * shared; }\n", NULL, 0, &e);
  CHECK(p != NULL);
  if (!p) return;
  int n = 0;
  for (int i = 0; i < p->nglobals; i++)
    if (!strcmp(p->globals[i]->name, "shared")) {
      n++;
      CHECK(p->globals[i]->init && p->globals[i]->init->ival == 2);
    }
  CHECK_EQ_INT(n, 1);
  fe_program_free(p);
}

/* one tag, two definitions of one size and offsets but other field types:
   two types */
TEST(one_tag_two_structs) {
  FeErrors e = {0};
  IrProgram *p = parse2("struct s { int a; float b; };\nint fa(struct s *p) { return p->a; }\n",
                        "struct s { int a; int b; };\nint fb(struct s *p) { return p->b; }\n", NULL, 0, &e);
  CHECK(p != NULL);
  if (!p) return;
  const IrFunction *fa = defined_in(p, "fa", "a.c"), *fb = defined_in(p, "fb", "b.c");
  CHECK(fa && fb && fa->params[0]->type->base != fb->params[0]->type->base);
  CHECK(fb && fb->params[0]->type->base->fields[1].type->kind == IR_TY_INT);
  fe_program_free(p);
}

/* a header's inline functions are defined in every file that includes it */
TEST(inline_functions_of_a_header) {
  FeErrors e = {0};
  const char *a = "inline int twice(int x) { return 2 * x; }\nstatic inline int one(void) { return 1; }\n"
                  "int f(int x) { return twice(x) + one(); }\n";
  const char *b = "inline int twice(int x) { return 2 * x; }\nstatic inline int one(void) { return 1; }\n"
                  "int g(int x) { return twice(x) - one(); }\n";
  IrProgram *p = parse2(a, b, NULL, 0, &e);
  CHECK(p != NULL);
  if (e.text) fprintf(stderr, "%s", e.text);
  fe_errors_free(&e);
  if (p) CHECK_EQ_INT(p->nstubs, 0);
  fe_program_free(p);
}

int main(void) {
  if (!mkdtemp(dir)) return 2;
  RUN(externals_resolve_to_their_definition);
  RUN(each_file_has_its_arguments);
  RUN(two_definitions_are_an_error_of_the_second);
  RUN(tentative_definitions_count);
  RUN(inline_functions_of_a_header);
  RUN(one_tag_two_structs);
  char rm[64];
  snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
  if (system(rm) != 0) fprintf(stderr, "could not remove %s\n", dir);
  return check_summary();
}
