/* driver.c - the test driver of docs/design.md §7: one C file that includes
 * the program under test, serves the nondet values in call order, defines
 * the __VERIFIER_* functions the program declares but does not define, and
 * calls the function under test with the inputs found.
 *
 * Every other function the file declares, does not define and refers to
 * anywhere (IrProgram.stubs) is renamed by a macro to inka_stub_NAME before
 * the program is included and defined after it: a stub serves the next
 * nondet value (in the same call order as __VERIFIER_nondet_*), writes
 * nothing, so the file links whatever function is under test.  The rename
 * keeps gcc from treating a stub like printf as its builtin.
 *
 * A run that aborts (reach_error usually does) or traps must still write its
 * coverage: the driver turns SIGABRT, SIGFPE, SIGILL (__builtin_trap) and
 * SIGSEGV into exit(), whose handlers write the gcov data.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static bool defines(const IrProgram *p, const char *name) {
  const IrFunction *f = ir_find_function(p, name);
  if (f && f->defined) return true;
  for (int i = 0; i < p->ndefined_builtins; i++)
    if (!strcmp(p->defined_builtins[i], name)) return true;
  return false;
}

/* The __VERIFIER_* functions the program calls (anywhere: the whole file is
   compiled) but does not define: the driver defines them. */
typedef struct Needed {
  const IrProgram *p;
  const char *names[64];
  const IrType *types[64];
  IrBuiltin kinds[64];
  int n;
} Needed;

static void need(Needed *nd, const IrStmt *s) {
  if (s->kind != IR_ST_CALL || !s->callee_name || defines(nd->p, s->callee_name)) return;
  if (strncmp(s->callee_name, "__VERIFIER_", 11) != 0 && strcmp(s->callee_name, "reach_error") != 0) return;
  for (int i = 0; i < nd->n; i++)
    if (!strcmp(nd->names[i], s->callee_name)) return;
  if (nd->n == 64) return;
  nd->names[nd->n] = s->callee_name;
  nd->types[nd->n] = s->type;
  nd->kinds[nd->n++] = s->builtin;
}

static void need_block(Needed *nd, const IrBlock *b) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    need(nd, s);
    need_block(nd, &s->then);
    need_block(nd, &s->els);
    need_block(nd, &s->pre);
    need_block(nd, &s->body);
    need_block(nd, &s->step);
  }
}

/* The nondet values in call order: integers in inka_nondet, floats (exact
   hex floats) at the same positions of inka_nondet_fp. */
static void nondet_values(FILE *out, const CliRun *run) {
  const LblResult *r = &run->result;
  fprintf(out, "static const unsigned long long inka_nondet[] = {");
  for (int i = 0; i < r->nnondet; i++) {
    bool fl = r->nondet[i].type->kind == IR_TY_FLOAT;
    fprintf(out, "%s%lluull", i ? ", " : "", fl ? 0ull : (unsigned long long)r->nondet[i].value);
  }
  fprintf(out, "%s};\nstatic int inka_nondet_next;\n", r->nnondet ? "" : "0");
  /* (always there: a __VERIFIER_nondet_float may be defined but never called) */
  fprintf(out, "static const double inka_nondet_fp[] = {");
  for (int i = 0; i < r->nnondet; i++) {
    char v[64] = "0";
    if (r->nondet[i].type->kind == IR_TY_FLOAT) cli_format_value(v, sizeof v, r->nondet[i].type, r->nondet[i].value);
    fprintf(out, "%s%s", i ? ", " : "", v);
  }
  fprintf(out, "%s};\n", r->nnondet ? "" : "0");
  fprintf(out, "static unsigned long long inka_next_nondet(void) {\n"
               "  if (inka_nondet_next < %d) return inka_nondet[inka_nondet_next++];\n"
               "  return 0; /* more calls than the solver saw: the run left the path */\n}\n",
          r->nnondet);
  fprintf(out, "static double inka_next_nondet_fp(void) {\n"
               "  if (inka_nondet_next < %d) return inka_nondet_fp[inka_nondet_next++];\n"
               "  return 0; /* more calls than the solver saw: the run left the path */\n}\n",
          r->nnondet);
}

static void verifier_functions(FILE *out, const IrProgram *p) {
  Needed nd = {.p = p};
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i]->defined) need_block(&nd, &p->funcs[i]->body);
  for (int i = 0; i < nd.n; i++) {
    const char *name = nd.names[i];
    switch (nd.kinds[i]) {
    case IR_BI_NONDET:
      fprintf(out, "%s %s(void) { return (%s)%s(); }\n", nd.types[i]->spelling, name, nd.types[i]->spelling,
              nd.types[i]->kind == IR_TY_FLOAT ? "inka_next_nondet_fp" : "inka_next_nondet");
      break;
    case IR_BI_ASSUME: fprintf(out, "void %s(int cond) { if (!cond) exit(0); }\n", name); break;
    case IR_BI_ERROR: fprintf(out, "void %s(void) { abort(); }\n", name); break;
    default: break;
    }
  }
}

static void stub_renames(FILE *out, const IrProgram *p, bool define) {
  for (int i = 0; i < p->nstubs; i++) {
    if (define) fprintf(out, "#define %s inka_stub_%s\n", p->stubs[i]->name, p->stubs[i]->name);
    else fprintf(out, "#undef %s\n", p->stubs[i]->name);
  }
}

static void stub_functions(FILE *out, const IrProgram *p) {
  for (int i = 0; i < p->nstubs; i++) {
    const IrStub *s = p->stubs[i];
    fprintf(out, "%s inka_stub_%s%s { ", s->ret, s->name, s->params);
    switch (s->kind) {
    case IR_STUB_VOID: break;
    case IR_STUB_SCALAR: fprintf(out, "return (%s)inka_next_nondet(); ", s->ret); break;
    case IR_STUB_OTHER: fprintf(out, "static %s inka_zero; return inka_zero; ", s->ret); break;
    }
    fprintf(out, "}\n");
  }
}

/* A pointer into the input memory as C: "0", "inka_in2", "inka_in2 + 3". */
void cli_input_pointer_c(char *buf, size_t len, const LblObject *objects, int nobjects, int64_t value, int ref,
                         int64_t cell) {
  const LblObject *o = ref >= 0 && ref < nobjects ? &objects[ref] : NULL;
  int64_t per = o && o->count > 0 ? o->ncells / o->count : 1;
  if (value == 0 || !o || !o->given || !o->initial || per <= 0 || cell % per != 0) {
    snprintf(buf, len, "0");   /* (an input pointer holds NULL or the start of an element of an input object) */
    return;
  }
  if (cell == 0) snprintf(buf, len, "inka_%s", o->label);
  else snprintf(buf, len, "inka_%s + %lld", o->label, (long long)(cell / per));
}

void cli_write_input_memory(FILE *out, const LblObject *objects, int nobjects) {
  for (int i = 0; i < nobjects; i++) {
    const LblObject *o = &objects[i];
    if (!o->given || !o->initial) continue;
    fprintf(out, "  __typeof__(%s) *inka_%s = calloc(%lld, sizeof(__typeof__(%s)));\n", o->type->spelling, o->label,
            (long long)o->count, o->type->spelling);
  }
  for (int i = 0; i < nobjects; i++) {
    const LblObject *o = &objects[i];
    if (!o->given || !o->initial) continue;
    for (int k = 0; k < o->ncells; k++) {
      const LblCell *c = &o->initial[k];
      char v[96];
      if (c->type->kind == IR_TY_PTR) cli_input_pointer_c(v, sizeof v, objects, nobjects, c->value, c->ref, c->ref_cell);
      else cli_format_value(v, sizeof v, c->type, c->value);
      if (strcmp(v, "0") != 0) fprintf(out, "  inka_%s%s = %s;\n", o->label, c->path, v);
    }
  }
}

static void call_under_test(FILE *out, const CliRun *run) {
  const LblResult *r = &run->result;
  const IrFunction *fn = run->fn;
  bool is_main = !strcmp(fn->name, "main");
  cli_write_input_memory(out, r->objects, r->nobjects);
  for (int i = 0; i < r->ninputs; i++) {
    char v[96];
    if (r->inputs[i].type->kind == IR_TY_PTR)
      cli_input_pointer_c(v, sizeof v, r->objects, r->nobjects, r->inputs[i].value, r->inputs[i].ref, 0);
    else if (r->inputs[i].type->kind == IR_TY_STRUCT) { /* a copy of its input object: "*inka_in1" */
      v[0] = '*';
      cli_input_pointer_c(v + 1, sizeof v - 1, r->objects, r->nobjects, r->inputs[i].value, r->inputs[i].ref, 0);
    } else cli_format_value(v, sizeof v, r->inputs[i].type, r->inputs[i].value);
    fprintf(out, "  %s = %s;\n", ir_decl((IrProgram *)run->prog, r->inputs[i].type, r->inputs[i].name), v);
  }
  /* a pointer result is kept where LeakSanitizer sees it: the caller's */
  fprintf(out, "  %s%s(", fn->ret->kind == IR_TY_PTR ? "inka_result = (void *)" : "", is_main ? "inka_user_main" : fn->name);
  for (int i = 0; i < r->ninputs; i++) fprintf(out, "%s%s", i ? ", " : "", r->inputs[i].name);
  fprintf(out, ");\n");
}

/* A preprocessed file's line markers would make gcov count its lines under
   the original .c name: a driver includes a copy whose markers are blank
   lines and whose first line names the .i itself. */
bool cli_copy_preprocessed(const char *source, const char *copy) {
  FILE *in = fopen(source, "r"), *out = in ? fopen(copy, "w") : NULL;
  if (!out) {
    if (in) fclose(in);
    return false;
  }
  fprintf(out, "#line 1 \"%s\"\n", source);
  char *line = NULL;
  size_t lcap = 0;
  ssize_t got;
  while ((got = getline(&line, &lcap, in)) > 0) {
    const char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    bool marker = *p == '#';
    if (marker) {
      p++;
      while (*p == ' ' || *p == '\t') p++;
      if (!strncmp(p, "line", 4)) p += 4;
      while (*p == ' ' || *p == '\t') p++;
      marker = *p >= '0' && *p <= '9';
    }
    if (marker) fputc('\n', out);
    else fputs(line, out);
  }
  free(line);
  bool ok = !ferror(in) && !ferror(out);
  fclose(in);
  return fclose(out) == 0 && ok;
}

/* The copy of a preprocessed program beside the driver: DRIVER.program.i. */
static bool copy_preprocessed(const char *source, const char *driver, char *copy, size_t cap) {
  size_t n = strlen(driver);
  if (n > 2 && !strcmp(driver + n - 2, ".c")) n -= 2;
  if ((size_t)snprintf(copy, cap, "%.*s.program.i", (int)n, driver) >= cap) return false;
  return cli_copy_preprocessed(source, copy);
}

size_t cli_unit_flags(char *buf, size_t cap, const IrProgram *p) {
  size_t n = (size_t)snprintf(buf, cap, " '-Dmain=inka_user_main'");
  for (int i = 0; i < p->nstubs && n < cap; i++)
    n += (size_t)snprintf(buf + n, cap - n, " '-D%s=inka_stub_%s'", p->stubs[i]->name, p->stubs[i]->name);
  return n < cap ? n : cap;
}

bool cli_emit_driver(const CliRun *run, const char *path, char *err, size_t len) {
  char source[PATH_MAX], copy[PATH_MAX + 16];
  const char *unit = cli_unit_file(run->opt, run->fn);
  if (!realpath(unit, source)) {
    snprintf(err, len, "%s: error: cannot resolve the path of the program", unit);
    return false;
  }
  size_t flen = strlen(source);
  bool preprocessed = flen > 2 && !strcmp(source + flen - 2, ".i");
  if (preprocessed && !copy_preprocessed(source, path, copy, sizeof copy)) {
    snprintf(err, len, "%s: error: cannot write the copy of the preprocessed program", path);
    return false;
  }
  FILE *out = fopen(path, "w");
  if (!out) {
    snprintf(err, len, "%s: error: cannot write the test driver", path);
    return false;
  }
  bool has_main = defines(run->prog, "main");
  fprintf(out, "/* Test driver generated by inka-ng for %s.\n", run->opt->file);
  char build[8192];
  const char *sem = run->prog->wrapv ? "--coverage -fwrapv" : "--coverage -fsanitize=signed-integer-overflow,shift";
  if (run->opt->nsources > 1 && cli_build_command(run, sem, path, build, sizeof build))
    fprintf(out, "   Build with the other files of the program, each with its flags:\n     %s\n"
                 "   then ./driver (gcov -o driver.o for the lines of this file) */\n", build);
  else
    fprintf(out, "   Build: gcc --coverage%s%s driver.c && ./a.out && gcov driver.c */\n",
            run->prog->wrapv ? " -fwrapv" : " -fsanitize=signed-integer-overflow,shift",
            run->prog->model == IR_ILP32 ? CLI_ILP32_GCC_FLAGS : "");
  if (!preprocessed) fprintf(out, "#include <signal.h>\n#include <stdlib.h>\n\n");
  if (has_main) fprintf(out, "#define main inka_user_main\n");
  stub_renames(out, run->prog, true);
  fprintf(out, "#include \"%s\"\n", preprocessed ? copy : source);
  if (has_main) fprintf(out, "#undef main\n");
  stub_renames(out, run->prog, false);
  fprintf(out, "\n");
  nondet_values(out, run);
  if (preprocessed) /* its own copy of the headers: including them again would clash */
    fprintf(out, "void exit(int);\nvoid *calloc(__SIZE_TYPE__, __SIZE_TYPE__);\nvoid (*signal(int, void (*)(int)))(int);\n"
                 "#define SIGILL 4\n#define SIGABRT 6\n#define SIGFPE 8\n#define SIGSEGV 11\n#define SIGALRM 14\n");
  verifier_functions(out, run->prog);
  stub_functions(out, run->prog);
  fprintf(out, "unsigned int alarm(unsigned int);\nint *__errno_location(void);\n"); /* (not unistd.h: its other names may clash with the program's) */
  /* built with ASan, malloc still answers a request past PTRDIFF_MAX (or
     calloc's overflowing one) with NULL, as the C library and the model do */
  fprintf(out, "const char *__asan_default_options(void) { return \"allocator_may_return_null=1\"; }\n");
  fprintf(out, "\nstatic void inka_on_signal(int sig) { (void)sig; exit(0); /* exit writes the coverage */ }\n");
  fprintf(out, "void *volatile inka_result; /* the result, where the caller would hold it */\n");
  if (run->opt->check & IR_RTE_LEAK) /* LeakSanitizer scans the stack: no stale copy of a lost pointer may stay there */
    fprintf(out, "static void inka_scrub(void) { volatile char stack[1 << 16]; for (int i = 0; i < (1 << 16); i++) stack[i] = 0; }\n");
  fputc('\n', out);
  fprintf(out, "int main(void) {\n  signal(SIGABRT, inka_on_signal);\n  signal(SIGFPE, inka_on_signal);\n  signal(SIGILL, inka_on_signal);\n"
               "  signal(SIGSEGV, inka_on_signal);\n  signal(SIGALRM, inka_on_signal);\n"
               "  alarm(10); /* a run that goes on past the objective (a cyclic input) still writes its coverage */\n"
               "  *__errno_location() = 0; /* errno as the library models start it */\n");
  call_under_test(out, run);
  if (run->opt->check & IR_RTE_LEAK) fprintf(out, "  inka_scrub();\n");
  fprintf(out, "  return 0;\n}\n");
  bool ok = !ferror(out);
  if (fclose(out) != 0) ok = false;
  if (!ok) snprintf(err, len, "%s: error: cannot write the test driver", path);
  return ok;
}
