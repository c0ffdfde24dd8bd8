/* validate.c - --validate: compile the test driver with gcc --coverage
 * -fwrapv, run it, and check with gcov that the objective's line ran (at
 * least N times for --iter ...,N).  This is the independent check that a
 * REACHABLE verdict is true of the real program, not only of our model.
 */
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

/* The preprocessor arguments among the clang arguments (-I, -D, -U,
   -isystem, -include, with their value joined or next), for gcc: the
   program may include headers only they find (csmith.h).  Paths become
   absolute, since gcc runs in the temporary directory.  False if one
   cannot be passed safely (a quote) or does not fit. */
static bool add_quoted(char *buf, size_t len, const char *a) {
  size_t n = strlen(buf);
  if (!valid_path(a)) return false;
  int w = snprintf(buf + n, len - n, " '%s'", a);
  return w >= 0 && (size_t)w < len - n;
}

static bool add_path(char *buf, size_t len, const char *flag, const char *path) {
  char abs[PATH_MAX], joined[PATH_MAX + 16];
  const char *p = path[0] != '/' && realpath(path, abs) ? abs : path;
  snprintf(joined, sizeof joined, "%s%s", flag, p);
  return add_quoted(buf, len, joined);
}

static bool preprocessor_args(const CliOptions *o, char *buf, size_t len) {
  static const char *const with_path[] = {"-I", "-isystem", "-include", NULL};
  buf[0] = 0;
  for (int i = 0; i < o->nclang_args; i++) {
    const char *a = o->clang_args[i];
    bool ok = true, known = false;
    for (int k = 0; with_path[k] && !known; k++) {
      size_t fl = strlen(with_path[k]);
      if (strncmp(a, with_path[k], fl)) continue;
      known = true;
      if (a[fl]) ok = add_path(buf, len, with_path[k], a + fl);
      else if (i + 1 < o->nclang_args) ok = add_quoted(buf, len, with_path[k]) && add_path(buf, len, "", o->clang_args[++i]);
    }
    if (!known && (!strncmp(a, "-D", 2) || !strncmp(a, "-U", 2))) {
      ok = add_quoted(buf, len, a);
      if (ok && !a[2] && i + 1 < o->nclang_args) ok = add_quoted(buf, len, o->clang_args[++i]);
    }
    if (!ok) return false;
  }
  return true;
}

static void check_lines(CliRun *run, const char *dir) {
  int lines[256];
  int n = cli_objective_lines(run->prog, run->fn, run->opt, lines, 256);
  long need = run->opt->niter ? run->opt->iter[run->opt->niter - 1] : 1;
  long best = -1;
  for (int i = 0; i < n && i < 256; i++) {
    long c = gcov_count(dir, run->opt->file, lines[i]);
    if (c > best) best = c;
  }
  run->validated = best >= need;
  if (best < 0) snprintf(run->validate_msg, sizeof run->validate_msg, "gcov has no count for the target line");
  else if (best < need)
    snprintf(run->validate_msg, sizeof run->validate_msg, "the target line ran %ld times, needs %ld", best, need);
}

void cli_validate(CliRun *run) {
  double start = prop_now();
  run->validated = 0;
  char dir[] = "/tmp/inka-validate-XXXXXX";
  if (!mkdtemp(dir)) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "cannot make a temporary directory");
    return;
  }
  char driver[PATH_MAX], err[512], pre[4096], cc[4096 + 128];
  snprintf(driver, sizeof driver, "%s/driver.c", dir);
  bool pre_ok = preprocessor_args(run->opt, pre, sizeof pre);
  snprintf(cc, sizeof cc, "gcc --coverage -fwrapv -O0 -w%s%s -o driver driver.c -lm",
           run->prog->model == IR_ILP32 ? " -m32" : "", pre);
  if (!valid_path(run->opt->file)) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "the program path contains a quote");
  } else if (!pre_ok) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "a clang argument cannot be passed to gcc (a quote?)");
  } else if (!cli_emit_driver(run, driver, err, sizeof err)) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "%.200s", err);
  } else if (run_in(dir, cc) != 0) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "the driver does not compile");
  } else if (run_in(dir, "timeout 20 ./driver") == 124) {
    snprintf(run->validate_msg, sizeof run->validate_msg, "the driver ran past 20 s");
  } else {
    run_in(dir, "gcov -o . driver.c");
    check_lines(run, dir);
  }
  char rm[PATH_MAX + 32];
  snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
  if (system(rm) != 0) { /* a leftover temporary directory is harmless */
  }
  run->validate_s = prop_now() - start;
}
