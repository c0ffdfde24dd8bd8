/* native.h - compare the concrete mode with the program compiled by gcc
 * (-O0, AddressSanitizer and UBSan for the traps, gcov for the lines), run
 * on the same inputs.  The program's semantics decide the rest: -fwrapv
 * under --wrapv, else UBSan's signed-overflow and shift checks, whose
 * reports are traps as the model's overflows are.  Used by test_concrete.c
 * only.
 *
 * One harness per C file: it includes the file (its main renamed), defines
 * the __VERIFIER_* functions the file does not, and calls the function
 * numbered argv[1] with the parameters and nondet values of the command
 * line; it prints one line, the outcome: "ret V", "void", "end" (abort,
 * exit, a failing assert or assume, reach_error), "trap" (a signal or a
 * sanitizer report) or "need" (more nondet values than given).
 */
#ifndef INKA_TEST_NATIVE_H
#define INKA_TEST_NATIVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "inka/concrete.h"
#include "inka/frontend.h"
#include "inka/ir.h"

typedef struct NatFunc {
  const IrFunction *fn;
  int index;
} NatFunc;

static void nat_collect_nondet(const IrBlock *b, const char **names, const IrType **types, int *n) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (s->kind == IR_ST_CALL && s->builtin == IR_BI_NONDET && s->callee_name) {
      bool seen = false;
      for (int k = 0; k < *n; k++) seen |= strcmp(names[k], s->callee_name) == 0;
      if (!seen && *n < 32) {
        names[*n] = s->callee_name;
        types[(*n)++] = s->type;
      }
    }
    nat_collect_nondet(&s->then, names, types, n);
    nat_collect_nondet(&s->els, names, types, n);
    nat_collect_nondet(&s->pre, names, types, n);
    nat_collect_nondet(&s->body, names, types, n);
    nat_collect_nondet(&s->step, names, types, n);
  }
}

static bool nat_defines(const IrProgram *p, const char *name) {
  const IrFunction *f = ir_find_function(p, name);
  if (f && f->defined) return true;
  for (int i = 0; i < p->ndefined_builtins; i++)
    if (!strcmp(p->defined_builtins[i], name)) return true;
  return false;
}

static bool nat_calls(const IrBlock *b, const char *name) {
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    if (s->kind == IR_ST_CALL && s->callee_name && !strcmp(s->callee_name, name)) return true;
    if (nat_calls(&s->then, name) || nat_calls(&s->els, name) || nat_calls(&s->pre, name) ||
        nat_calls(&s->body, name) || nat_calls(&s->step, name))
      return true;
  }
  return false;
}

static bool nat_program_calls(const IrProgram *p, const char *name) {
  for (int f = 0; f < p->nfuncs; f++)
    if (p->funcs[f]->defined && nat_calls(&p->funcs[f]->body, name)) return true;
  return false;
}

/* Writes dir/h.c for the functions fs of program p (file at abs path) and
   compiles it; false when gcc fails. */
static bool nat_build(const IrProgram *p, const char *abs, const NatFunc *fs, int nfs, const char *dir) {
  char path[4096];
  snprintf(path, sizeof path, "%s/h.c", dir);
  FILE *h = fopen(path, "w");
  if (!h) return false;
  fprintf(h, "#define main inka_program_main\n#include \"%s\"\n#undef main\n", abs);
  fprintf(h, "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <signal.h>\n");
  fprintf(h, "static char hr_out[64]; static int hr_done;\n"
             "extern void __gcov_dump(void);\n"
             "extern void __sanitizer_set_death_callback(void (*)(void));\n"
             "static void hr_say(const char *s) { if (!hr_done) { hr_done = 1; snprintf(hr_out, sizeof hr_out, \"%%s\", s); } }\n"
             "static void hr_print(void) { if (!hr_done) hr_say(\"end\"); printf(\"%%s\\n\", hr_out); fflush(stdout); }\n"
             "static void hr_death(void) { hr_say(\"trap\"); hr_print(); __gcov_dump(); }\n"
             "static void hr_sig(int s) { hr_say(s == SIGABRT ? \"end\" : \"trap\"); exit(0); }\n"
             "static unsigned long long hr_nd[256]; static int hr_nn, hr_ni;\n");
  const char *names[32];
  const IrType *types[32];
  int n = 0;
  for (int f = 0; f < p->nfuncs; f++)
    if (p->funcs[f]->defined) nat_collect_nondet(&p->funcs[f]->body, names, types, &n);
  for (int i = 0; i < n; i++) {
    if (nat_defines(p, names[i])) continue;
    fprintf(h, "%s %s(void) { if (hr_ni >= hr_nn) { hr_say(\"need\"); exit(0); } return (%s)hr_nd[hr_ni++]; }\n",
            types[i]->spelling, names[i], types[i]->spelling);
  }
  if (!nat_defines(p, "__VERIFIER_assume") && nat_program_calls(p, "__VERIFIER_assume"))
    fprintf(h, "void __VERIFIER_assume(int c) { if (!c) { hr_say(\"end\"); exit(0); } }\n");
  if (!nat_defines(p, "reach_error") && nat_program_calls(p, "reach_error"))
    fprintf(h, "void reach_error(void) { hr_say(\"end\"); exit(0); }\n");
  if (!nat_defines(p, "__VERIFIER_error") && nat_program_calls(p, "__VERIFIER_error"))
    fprintf(h, "void __VERIFIER_error(void) { hr_say(\"end\"); exit(0); }\n");
  fprintf(h, "int main(int argc, char **argv) {\n"
             "  signal(SIGFPE, hr_sig); signal(SIGSEGV, hr_sig); signal(SIGABRT, hr_sig); signal(SIGBUS, hr_sig); signal(SIGILL, hr_sig);\n"
             "  __sanitizer_set_death_callback(hr_death); atexit(hr_print);\n"
             "  int which = atoi(argv[1]); int a = 2; unsigned long long v[16] = {0}; int np = 0;\n"
             "  while (a < argc && strcmp(argv[a], \"--\")) { if (np < 16) v[np] = strtoull(argv[a], 0, 10); np++; a++; }\n"
             "  for (a++; a < argc && hr_nn < 256; a++) hr_nd[hr_nn++] = strtoull(argv[a], 0, 10);\n"
             "  switch (which) {\n");
  for (int i = 0; i < nfs; i++) {
    const IrFunction *fn = fs[i].fn;
    bool is_void = fn->ret->kind == IR_TY_VOID;
    fprintf(h, "  case %d: {", fs[i].index);
    if (!is_void) fprintf(h, " long long r = (long long)");
    else fprintf(h, " ");
    fprintf(h, "%s(", strcmp(fn->name, "main") == 0 ? "inka_program_main" : fn->name);
    for (int k = 0; k < fn->nparams; k++)
      fprintf(h, "%s(%s)v[%d]", k ? ", " : "", fn->params[k]->type->spelling, k);
    fprintf(h, ");");
    if (is_void) fprintf(h, " hr_say(\"void\");");
    else fprintf(h, " snprintf(hr_out, sizeof hr_out, \"ret %%lld\", r); hr_done = 1;");
    fprintf(h, " break; }\n");
  }
  fprintf(h, "  }\n  return 0;\n}\n");
  fclose(h);
  char cmd[8192];
  snprintf(cmd, sizeof cmd,
           "cd %s && gcc -O0 -g %s -w --coverage -fsanitize=address,undefined "
           "-fno-sanitize-recover=all -fsanitize-undefined-trap-on-error -c -o h.o h.c "
           "&& gcc --coverage -fsanitize=address,undefined -Wl,--unresolved-symbols=ignore-all -o h h.o",
           dir, p->wrapv ? "-fwrapv -fno-sanitize=signed-integer-overflow,shift-base" : "");
  return system(cmd) == 0;
}

/* Runs the harness; fills out (the outcome line) and hits (gcov counts per
   line of `abs`, -1 for lines gcov does not count).  False on a timeout. */
static bool nat_run(const char *dir, const char *abs, int which, const int64_t *params, int np, const int64_t *nd,
                    int nn, char *out, size_t outlen, long *hits, int nlines, bool want_lines) {
  char cmd[8192];
  int at = snprintf(cmd, sizeof cmd, "cd %s && rm -f h.gcda && ASAN_OPTIONS=detect_leaks=0 timeout 5 ./h %d", dir, which);
  for (int i = 0; i < np; i++) at += snprintf(cmd + at, sizeof cmd - (size_t)at, " %lld", (long long)params[i]);
  at += snprintf(cmd + at, sizeof cmd - (size_t)at, " --");
  for (int i = 0; i < nn; i++) at += snprintf(cmd + at, sizeof cmd - (size_t)at, " %lld", (long long)nd[i]);
  snprintf(cmd + at, sizeof cmd - (size_t)at, " 2>/dev/null");
  FILE *f = popen(cmd, "r");
  out[0] = 0;
  if (!f || !fgets(out, (int)outlen, f)) {
    if (f) pclose(f);
    return false;
  }
  out[strcspn(out, "\n")] = 0;
  pclose(f);
  for (int l = 0; l < nlines; l++) hits[l] = -1;
  if (!want_lines) return true;
  snprintf(cmd, sizeof cmd, "cd %s && gcov -t h.o 2>/dev/null", dir);
  f = popen(cmd, "r");
  if (!f) return true;
  char line[8192];
  bool in_file = false;
  while (fgets(line, sizeof line, f)) {
    char *c1 = strchr(line, ':');
    if (!c1) continue;
    char *c2 = strchr(c1 + 1, ':');
    if (!c2) continue;
    int ln = atoi(c1 + 1);
    if (ln == 0) {
      if (!strncmp(c2 + 1, "Source:", 7)) {
        char *src = c2 + 8;
        src[strcspn(src, "\n")] = 0;
        in_file = strcmp(src, abs) == 0;
      }
      continue;
    }
    if (!in_file || ln >= nlines) continue;
    char *cnt = line;
    while (*cnt == ' ') cnt++;
    if (*cnt == '-') continue;
    hits[ln] = *cnt == '#' || *cnt == '=' ? 0 : atol(cnt);
  }
  pclose(f);
  return true;
}

#endif
