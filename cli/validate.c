/* validate.c - --validate: compile the test driver with gcc --coverage,
 * run it, and check with gcov that the objective's line ran (at least N
 * times for --iter ...,N).  This is the independent check that a REACHABLE
 * verdict is true of the real program, not only of our model.
 *
 * The semantics are the run's: with --wrapv the driver is built with
 * -fwrapv; without it (ISO C) it is built with UBSan's signed-overflow and
 * shift checks, which report and go on (the coverage is still written), and
 * any report fails the validation: the witness relies on undefined
 * behaviour.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

/* Runs a shell command in dir; its exit status, or -1. */
static int run_in(const char *dir, const char *cmd) {
  char buf[PATH_MAX * 3];
  snprintf(buf, sizeof buf, "cd '%s' && %s >/dev/null 2>&1", dir, cmd);
  int st = system(buf);
  return st == -1 ? -1 : WEXITSTATUS(st);
}

static const char *coverage_flags(const CliRun *run) {
  return run->prog->wrapv ? "--coverage -fwrapv" : "--coverage -fsanitize=signed-integer-overflow,shift";
}

/* Runs the driver built in dir, its standard error into dir/ubsan.txt (the
   sanitizers' options are the driver's own, never those inka-ng runs under): its
   exit status (124: past its time, 126: cannot be executed).  A 32-bit x86
   driver (--data-model ILP32) on a kernel that runs no i386 code runs again
   under qemu-i386's user-mode emulation where it is installed: the counts
   gcov reads are the same. */
static int run_driver(const char *dir, bool leaks) {
  char cmd[512];
  /* (allocator_may_return_null: a request past PTRDIFF_MAX answers NULL, as the model's) */
  const char *asan = leaks ? "detect_leaks=1:allocator_may_return_null=1" : "detect_leaks=0:allocator_may_return_null=1";
  /* bash, not sh: sh runs a file the kernel refuses as a shell script */
  snprintf(cmd, sizeof cmd,
           "{ ASAN_OPTIONS=%s UBSAN_OPTIONS=print_stacktrace=0 timeout 20 bash -c 'exec ./driver' 2>ubsan.txt; }", asan);
  int st = run_in(dir, cmd);
  if (st == 126 && system("command -v qemu-i386 >/dev/null 2>&1") == 0) {
    snprintf(cmd, sizeof cmd, "{ ASAN_OPTIONS=%s UBSAN_OPTIONS=print_stacktrace=0 timeout 20 qemu-i386 ./driver 2>ubsan.txt; }",
             asan);
    st = run_in(dir, cmd);
  }
  return st;
}

/* gcov's execution count of `line` in the .gcov file of the program, or -1. */
static long gcov_count(const char *dir, const char *source, int line) {
  const char *base = strrchr(source, '/');
  base = base ? base + 1 : source;
  char path[PATH_MAX + 64];
  snprintf(path, sizeof path, "%s/%s.gcov", dir, base);
  FILE *f = fopen(path, "r");
  if (!f) return -1;
  char text[4096];
  long count = -1;
  while (fgets(text, sizeof text, f)) {
    char *c1 = strchr(text, ':');
    if (!c1) continue;
    char *c2 = strchr(c1 + 1, ':');
    if (!c2 || atoi(c1 + 1) != line) continue;
    *c1 = 0;
    char *n = text;
    while (*n == ' ') n++;
    count = (*n == '#' || *n == '=' || *n == '-') ? 0 : atol(n);
    break;
  }
  fclose(f);
  return count;
}

static bool valid_path(const char *p) { return !strchr(p, '\''); }

/* UBSan's first report in dir/ubsan.txt (the driver's stderr), into msg. */
static bool undefined_behaviour(const char *dir, char *msg, size_t len) {
  char path[PATH_MAX + 32], text[512];
  snprintf(path, sizeof path, "%s/ubsan.txt", dir);
  FILE *f = fopen(path, "r");
  if (!f) return false;
  bool found = false;
  while (!found && fgets(text, sizeof text, f)) {
    char *at = strstr(text, "runtime error: ");
    if (!at) continue;
    at[strcspn(at, "\n")] = 0;
    snprintf(msg, len, "%s", at + strlen("runtime error: "));
    found = true;
  }
  fclose(f);
  return found;
}

/* gcov's counts of `file`, a file of the program other than the driver's:
   it was compiled on its own into inka_src_K.o. */
static void gcov_other_file(const CliRun *run, const char *dir, const char *file) {
  const CliOptions *o = run->opt;
  for (int k = 0; k < o->nsources; k++) {
    char abs[PATH_MAX], cmd[PATH_MAX + 64];
    if (strcmp(o->sources[k].path, file) || !realpath(file, abs) || strchr(abs, '\'')) continue;
    snprintf(cmd, sizeof cmd, "gcov -o inka_src_%d.o '%s'", k, abs);
    run_in(dir, cmd);
  }
}

/* Did the objective's line run (N times for --iter)?  Each line is counted
   in its own file's gcov report. */
static void check_lines(CliRun *run, const char *dir) {
  int lines[256];
  const char *files[256];
  int n = cli_objective_lines(run->prog, run->fn, run->opt, lines, files, 256);
  long need = run->opt->niter ? run->opt->iter[run->opt->niter - 1] : 1;
  long best = -1;
  const char *unit = cli_unit_file(run->opt, run->fn);
  for (int i = 0; i < n && i < 256; i++) {
    const char *file = files[i] ? files[i] : run->opt->file;
    bool seen = false;
    for (int k = 0; k < i; k++) seen |= files[k] && !strcmp(files[k], file);
    if (!seen && !cli_same_file(file, unit)) gcov_other_file(run, dir, file);
    long c = gcov_count(dir, file, lines[i]);
    if (c > best) best = c;
  }
  run->validated = best >= need;
  if (best < 0) snprintf(run->validate_msg, sizeof run->validate_msg, "gcov has no count for the target line");
  else if (best < need)
    snprintf(run->validate_msg, sizeof run->validate_msg, "the target line ran %ld times, needs %ld", best, need);
}

/* The preprocessor arguments among a file's clang arguments (-I, -D, -U,
   -std=, -include, -isystem) and the signedness of char for gcc, appended to cmd at n: include
   directories made absolute (gcc runs in a temporary directory).  The new
   length; cap when an argument cannot be passed safely. */
static size_t gcc_flags(char *cmd, size_t cap, size_t n, char *const *args, int nargs) {
  for (int i = 0; i < nargs && n < cap; i++) {
    const char *a = args[i];
    bool two = (!strcmp(a, "-I") || !strcmp(a, "-include") || !strcmp(a, "-isystem") || !strcmp(a, "-iquote") || !strcmp(a, "-D") ||
                !strcmp(a, "-U")) && i + 1 < nargs;
    const char *v = two ? args[i + 1] : NULL;
    bool dir = two ? strcmp(a, "-D") && strcmp(a, "-U") : !strncmp(a, "-I", 2); /* a path */
    if (!strcmp(a, "-funsigned-char") || !strcmp(a, "-fsigned-char")) {
      n += (size_t)snprintf(cmd + n, cap - n, " %s", a);
      continue;
    }
    if (!two && strncmp(a, "-I", 2) && strncmp(a, "-D", 2) && strncmp(a, "-U", 2) && strncmp(a, "-std=", 5)) continue;
    const char *path = two ? v : a + 2;
    char abs[PATH_MAX];
    if (dir && *path && *path != '/' && realpath(path, abs)) path = abs;
    if (strchr(a, '\'') || (v && strchr(v, '\'')) || strchr(path, '\'')) return cap;
    if (two) n += (size_t)snprintf(cmd + n, cap - n, " %s '%s'", a, dir ? path : v);
    else if (dir) n += (size_t)snprintf(cmd + n, cap - n, " '-I%s'", path);
    else n += (size_t)snprintf(cmd + n, cap - n, " '%s'", a);
    i += two;
  }
  return n < cap ? n : cap;
}

/* gcc's command line (cli.h): the driver (which includes the file of the function
   under test) with that file's arguments; with several files, every other
   file compiled on its own with its arguments (main renamed, stubs renamed
   as the driver renames them: cli_unit_flags) into inka_src_K.o, and all
   linked.  False when an argument cannot be passed safely. */
bool cli_build_command(const CliRun *run, const char *flags, const char *driver, char *cmd, size_t cap) {
  const CliOptions *o = run->opt;
  const char *m32 = run->prog->model == IR_ILP32 ? CLI_ILP32_GCC_FLAGS : "";
  const char *unit = cli_unit_file(o, run->fn);
  const CliSource *own = cli_source_of(o, unit);
  size_t n = (size_t)snprintf(cmd, cap, "gcc %s -O0 -w%s -c -o driver.o %s", flags, m32, driver);
  n = own ? gcc_flags(cmd, cap, n, own->args, own->nargs)
          : gcc_flags(cmd, cap, n, (char *const *)o->clang_args, o->nclang_args);
  for (int k = 0; k < o->nsources && n < cap; k++) {
    const CliSource *src = &o->sources[k];
    char abs[PATH_MAX];
    if (src == own || !realpath(src->path, abs) || strchr(abs, '\'')) {
      if (src != own) return false;
      continue;
    }
    n += (size_t)snprintf(cmd + n, cap - n, " && gcc %s -O0 -w%s -c -o inka_src_%d.o '%s'", flags, m32, k, abs);
    n = gcc_flags(cmd, cap, n, src->args, src->nargs);
    if (n < cap) n += cli_unit_flags(cmd + n, cap - n, run->prog);
  }
  if (n < cap) n += (size_t)snprintf(cmd + n, cap - n, " && gcc %s%s -o driver driver.o%s -lm", flags, m32,
                                     o->nsources > 1 ? " inka_src_*.o" : "");
  return n < cap;
}

/* Is the first error the sanitizers report in dir/ubsan.txt at FILE:LINE
   of the checked line?  UBSan starts its report with the place ("f.c:9:10:
   runtime error: ..."); ASan with a stack whose first frame in the program's
   file is the place (frames before it are the library's: free, memcpy).
   Later lines name other places (where a block was allocated or freed
   before): they do not count. */
/* The sanitizer's first report line, for the reports (without the
   temporary directory's path). */
static void keep_report(CliRun *run, const char *text) {
  snprintf(run->sanitizer, sizeof run->sanitizer, "%.255s", text);
  run->sanitizer[strcspn(run->sanitizer, "\n")] = 0;
}

static bool report_names_line(const char *dir, CliRun *run) {
  char path[PATH_MAX + 16], text[4096];
  snprintf(path, sizeof path, "%s/ubsan.txt", dir);
  const char *base = strrchr(run->opt->file, '/');
  base = base ? base + 1 : run->opt->file;
  FILE *f = fopen(path, "r");
  if (!f) return false;
  bool in_stack = false;
  int line = -1;
  while (line < 0 && fgets(text, sizeof text, f)) {
    const char *at = strstr(text, base);
    if (strstr(text, "runtime error:")) {
      if (at && (at == text || at[-1] == '/') && at[strlen(base)] == ':') line = atoi(at + strlen(base) + 1);
      else line = 0; /* a report elsewhere first */
      keep_report(run, at ? at : text);
    } else if (strstr(text, "ERROR: AddressSanitizer")) {
      in_stack = true;
      keep_report(run, strstr(text, "AddressSanitizer"));
    } else if (in_stack && strstr(text, " #") && at && at[-1] == '/' && at[strlen(base)] == ':') {
      line = atoi(at + strlen(base) + 1);
    } else if (in_stack && text[0] == '\n') {
      line = 0; /* the first stack ended outside the program */
    }
  }
  fclose(f);
  return line == run->opt->reach_line;
}

/* What a validation checks of the driver's run in dir (its exit status
   ran, neither 124 nor 126): sets run->validated, or validate_msg. */
typedef void (*RunCheck)(CliRun *run, const char *dir, int ran);

/* Writes the driver into a temporary directory, builds it with gcc `flags`,
   runs it and hands the run to check; what went wrong before goes to
   validate_msg (run->validated stays 0). */
static void validate_with(CliRun *run, const char *flags, RunCheck check, bool leaks) {
  double start = prop_now();
  run->validated = 0;
  char dir[] = "/tmp/inka-validate-XXXXXX";
  if (!mkdtemp(dir)) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "cannot make a temporary directory");
    return;
  }
  char driver[PATH_MAX], err[512], cmd[8192];
  int ran;
  snprintf(driver, sizeof driver, "%s/driver.c", dir);
  if (!valid_path(run->opt->file)) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "the program path contains a quote");
  } else if (!cli_emit_driver(run, driver, err, sizeof err)) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "%.200s", err);
  } else if (!cli_build_command(run, flags, "driver.c", cmd, sizeof cmd) || run_in(dir, cmd) != 0) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "the driver does not compile (%s)", flags);
  } else if ((ran = run_driver(dir, leaks)) == 124) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "the driver ran past 20 s");
  } else if (ran == 126) {
    snprintf(run->validate_msg, sizeof run->validate_msg,
             "this machine cannot run the driver (a 32-bit x86 program needs a kernel that runs one, or qemu-i386)");
  } else {
    check(run, dir, ran);
  }
  char rm[PATH_MAX + 32];
  snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
  if (system(rm) != 0) { /* a leftover temporary directory is harmless */
  }
  run->validate_s = prop_now() - start;
}

/* --validate: no undefined behaviour (ISO C), and gcov saw the target run. */
static void objective_ran(CliRun *run, const char *dir, int ran) {
  (void)ran;
  char err[512];
  if (!run->prog->wrapv && undefined_behaviour(dir, err, sizeof err)) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "the witness relies on undefined behaviour: %.200s", err);
    return;
  }
  run_in(dir, "gcov -o . driver.c");
  check_lines(run, dir);
}

void cli_validate(CliRun *run) { validate_with(run, coverage_flags(run), objective_ran, false); }

/* --check --validate: the run stopped with a sanitizer report at the line. */
static void error_reported(CliRun *run, const char *dir, int ran) {
  if (ran != 0 && report_names_line(dir, run)) {
    run->validated = 1;
    return;
  }
  run->sanitizer[0] = 0; /* a report of another place says nothing of this site */
  snprintf(run->validate_msg, sizeof run->validate_msg, "no sanitizer report at line %d", run->opt->reach_line);
}

/* --check leak --validate: LeakSanitizer, at the end of the run, reports
   a block allocated at the line: the first frame in the program's file of
   one of its allocation stacks. */
static void leak_reported(CliRun *run, const char *dir, int ran) {
  char path[PATH_MAX + 16], text[4096];
  snprintf(path, sizeof path, "%s/ubsan.txt", dir);
  const char *base = strrchr(run->opt->file, '/');
  base = base ? base + 1 : run->opt->file;
  FILE *f = ran != 0 ? fopen(path, "r") : NULL;
  bool in_report = false, frame_seen = false;
  while (f && !run->validated && fgets(text, sizeof text, f)) {
    const char *at = strstr(text, base);
    if (strstr(text, "ERROR: LeakSanitizer")) in_report = true;
    else if (strstr(text, "allocated from:")) frame_seen = false;
    else if (in_report && !frame_seen && strstr(text, " #") && at && at[-1] == '/' && at[strlen(base)] == ':') {
      frame_seen = true;
      run->validated = atoi(at + strlen(base) + 1) == run->opt->reach_line;
    }
  }
  if (f) fclose(f);
  if (!run->validated)
    snprintf(run->validate_msg, sizeof run->validate_msg, "no LeakSanitizer report of a block allocated at line %d",
             run->opt->reach_line);
}

/* A read of an unassigned local is nothing the sanitizers see (it is no
   error of theirs until the value decides a branch): the concrete run that
   confirmed the answer, which tracks the assignment of each variable, is
   its check. */
void cli_validate_error(CliRun *run, unsigned kinds) {
  if (kinds == IR_RTE_UNINIT) {
    run->validated = run->result.confirmed;
    if (!run->validated) snprintf(run->validate_msg, sizeof run->validate_msg, "no concrete run confirmed the read");
    return;
  }
  const char *flags = "-g -fsanitize=undefined,address,float-cast-overflow -fno-sanitize-recover=all";
  validate_with(run, flags, kinds == IR_RTE_LEAK ? leak_reported : error_reported, kinds == IR_RTE_LEAK);
}
