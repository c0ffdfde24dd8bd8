/* options.c - the command line of docs/design.md §1.  Every option of the
 * design is recognised; one whose capability is not built yet says so and is
 * a usage error (exit 2), never silently ignored.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define INKA_VERSION "0.1.0"

static const char usage[] =
    "usage: inka-ng [options] FILE.c... [-- CLANG-ARGS]\n"
    "       inka-ng [options] -p DIR      (the files of DIR/compile_commands.json, each with its flags)\n"
    "\n"
    "A program of several files is one program: --reach and --at then name FILE:LINE.\n"
    "\n"
    "objectives:\n"
    "  --reach [FILE:]LINE     inputs that execute the first statement starting on LINE\n"
    "  --reach-call NAME       inputs that execute a call to NAME (reach_error, __VERIFIER_error, assert)\n"
    "  --iter N[,N...]         ... in iteration N of the innermost enclosing loop (a list: of each\n"
    "                          enclosing loop, outermost first; for a loop header, of that loop)\n"
    "  --function NAME         the function under test (default: the one holding the target; main)\n"
    "  --no-stubs              a call to a function the file declares but does not define is an\n"
    "                          error (default: its results are inputs, served by the test driver)\n"
    "  --assume EXPR           a precondition over parameters and globals (repeatable)\n"
    "  --pre EXPR              the same (pointers included: 'l != NULL', 'a != b', 'n <= 8')\n"
    "  --no-alias              pointer inputs never share an object (no aliasing, no sharing,\n"
    "                          no cycles in the input memory)\n"
    "  --acyclic               no input object reaches itself through pointers (sharing allowed)\n"
    "  --check KINDS [--at [FILE:]LINE]   run-time errors of the sites of LINE (without --at: of\n"
    "                          every site, each its own objective): inputs that trigger one (found,\n"
    "                          exit 0), or a proof that none can (proved, exit 1).  KINDS\n"
    "                          is a comma list of overflow, div, shift, bounds, null, float-cast,\n"
    "                          free (double free, use after free), uninit (a local read before it\n"
    "                          is assigned), leak (a block of the allocations of the line neither\n"
    "                          freed nor reachable when --function F, else main, returns), or all\n"
    "  --cover statements|branches   a test suite: one objective per line or per branch outcome\n"
  "                          (of --function F and what it calls; default main, else every function)\n"
    "\n"
    "output:\n"
    "  --json                  one JSON document on stdout\n"
    "  --emit-test FILE.c      write a compilable test driver for the inputs found\n"
    "  --validate              compile and run the driver under gcov; check the objective happens\n"
    "  --stats                 solver statistics\n"
    "  --dump-ir               print the IR of the function under test (all functions without one)\n"
    "  --show-memory           print the output memory (objects, cells, pointers) of the inputs found\n"
    "  --dot FILE              write the output memory as a Graphviz graph\n"
  "  --emit-dir DIR          --cover: write the suite (DIR/inka_suite.c, DIR/run), measure it with gcov\n"
  "  --testcomp DIR          --cover: the tests in Test-Comp format (metadata.xml, testcase-N.xml)\n"
  "  --sarif FILE            --check: one SARIF 2.1.0 result per site (found: fail, proved: pass)\n"
  "  --html DIR              the answers as static pages: an index of the functions, each source file\n"
  "                          line by line in colour, the tests (--cover, --check, --reach, --merge-reports)\n"
  "  --quiet                 no progress line on stderr\n"
  "  --merge-reports FILE... merge the --cover --json reports of several runs (one per function);\n"
  "                          --html DIR among the files: the pages of the merged report\n"
    "\n"
    "budgets and settings:\n"
    "  --timeout S             wall-clock budget of the run, parsing included (default 100; 600 for --cover\n"
  "                          and --check without --at)\n"
  "  --objective-timeout S   --cover, --check: budget of each objective (default 10)\n"
  "  --jobs N                --cover, --check without --at: solve in N processes (default 1)\n"
    "  --max-memory SIZE       memory budget of the solver, e.g. 512M or 4G (default: half the\n"
    "                          available memory)\n"
    "  --max-unfold N          loop unfoldings and call depth on one path (default 100000)\n"
    "  --seed N                seed of random choices (default 1)\n"
    "  --no-concrete           never run the program concretely (propagation and search only)\n"
    "  --no-native             run the program concretely with the interpreter only (no program\n"
    "                          compiled by gcc for its concrete runs)\n"
    "  --no-sat                no bit-precise bounded check with the SAT solver\n"
    "  --data-model LP64|ILP32 widths of long and pointers (default LP64)\n"
    "  --wrapv                 signed arithmetic wraps as with gcc -fwrapv (default: ISO C, a\n"
    "                          signed overflow is undefined and ends the path like a trap)\n"
    "  --help, --version\n"
    "\n"
    "exit status: 0 objective met, 1 proved unreachable, 3 unknown, 2 usage or input error\n";

static bool fail(char *err, size_t len, const char *fmt, const char *arg) {
  snprintf(err, len, fmt, arg);
  return false;
}

static bool parse_i64(const char *s, int64_t lo, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end || v < lo) return false;
  *out = v;
  return true;
}

static bool parse_iter(CliOptions *o, const char *s, char *err, size_t len) {
  o->niter = 0;
  free(o->iter);
  o->iter = calloc(strlen(s) / 2 + 2, sizeof *o->iter);
  const char *p = s;
  for (;;) {
    char *end;
    errno = 0;
    long v = strtol(p, &end, 10);
    if (errno || end == p || v < 1 || v > 100000000) return fail(err, len, "--iter: '%s' is not a list of positive numbers", s);
    o->iter[o->niter++] = (int)v;
    if (*end == 0) return true;
    if (*end != ',') return fail(err, len, "--iter: '%s' is not a list of positive numbers", s);
    p = end + 1;
  }
}

/* --reach or --at [FILE:]LINE */
static bool parse_reach(CliOptions *o, const char *name, const char *s, char *err, size_t len) {
  o->reach = s;
  const char *colon = strrchr(s, ':');
  const char *num = colon ? colon + 1 : s;
  int64_t line;
  if (!parse_i64(num, 1, &line) || line > 100000000) {
    snprintf(err, len, "%s: '%s' is not [FILE:]LINE", name, s);
    return false;
  }
  o->reach_line = (int)line;
  o->reach_file = colon ? strndup(s, (size_t)(colon - s)) : NULL;
  return true;
}

static const struct { const char *name; unsigned kind; } check_kinds[] = {
    {"overflow", IR_RTE_OVERFLOW}, {"div", IR_RTE_DIV}, {"shift", IR_RTE_SHIFT}, {"bounds", IR_RTE_BOUNDS},
    {"null", IR_RTE_NULL}, {"float-cast", IR_RTE_FLOAT_CAST}, {"free", IR_RTE_FREE}, {"uninit", IR_RTE_UNINIT}, {"leak", IR_RTE_LEAK}};
enum { NCHECK_KINDS = sizeof check_kinds / sizeof *check_kinds };

/* --check KINDS: a comma list of kind names, or all */
static bool parse_check(CliOptions *o, const char *s, char *err, size_t len) {
  o->check = 0;
  for (const char *p = s;;) {
    size_t n = strcspn(p, ",");
    bool known = n == 3 && !strncmp(p, "all", 3);
    for (int i = 0; i < NCHECK_KINDS; i++)
      if (strlen(check_kinds[i].name) == n && !strncmp(p, check_kinds[i].name, n)) {
        o->check |= check_kinds[i].kind;
        known = true;
      }
    if (n == 3 && !strncmp(p, "all", 3))
      for (int i = 0; i < NCHECK_KINDS; i++) o->check |= check_kinds[i].kind;
    if (!known) {
      snprintf(err, len, "--check: '%.*s' is not a kind of run-time error (see --help)", (int)n, p);
      return false;
    }
    if (!p[n]) return true;
    p += n + 1;
  }
}

FeOptions cli_frontend_options(const CliOptions *o) {
  return (FeOptions){.model = o->model, .clang_args = o->clang_args, .nclang_args = o->nclang_args,
                     .no_stubs = o->no_stubs, .wrapv = o->wrapv, .check_kinds = o->check,
                     .check_line = o->at_given ? o->reach_line : 0, .check_file = o->at_given ? o->file : NULL,
                     .check_function = o->function};
}

const char *cli_check_kinds(unsigned kinds, char *buf, size_t len) {
  size_t n = 0;
  buf[0] = 0;
  for (int i = 0; i < NCHECK_KINDS && n < len; i++)
    if (kinds & check_kinds[i].kind) n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? "," : "", check_kinds[i].name);
  return buf;
}

static void push(const char ***list, int *n, const char *s) {
  *list = realloc(*list, sizeof **list * (size_t)(*n + 1));
  (*list)[(*n)++] = s;
}

/* Options that take a value; the value is `v`. */
static bool value_option(CliOptions *o, const char *name, const char *v, char *err, size_t len) {
  int64_t n;
  if ((!strcmp(name, "--reach") || !strcmp(name, "--at")) && o->reach)
    return fail(err, len, "give either --reach or --check with --at, not both%s", "");
  if (!strcmp(name, "--reach")) return parse_reach(o, name, v, err, len);
  if (!strcmp(name, "--at")) return (o->at_given = true) && parse_reach(o, name, v, err, len);
  if (!strcmp(name, "--check")) return parse_check(o, v, err, len);
  if (!strcmp(name, "--reach-call")) return (o->reach_call = v), true;
  if (!strcmp(name, "--iter")) return parse_iter(o, v, err, len);
  if (!strcmp(name, "--function")) return (o->function = v), true;
  if (!strcmp(name, "--assume") || !strcmp(name, "--pre")) return push(&o->assumes, &o->nassumes, v), true;
  if (!strcmp(name, "--emit-test")) return (o->emit_test = v), true;
  if (!strcmp(name, "--sarif")) return (o->sarif = v), true;
  if (!strcmp(name, "--emit-dir")) return (o->emit_dir = v), true;
  if (!strcmp(name, "--dot")) return (o->dot = v), true;
  if (!strcmp(name, "--html")) return (o->html = v), true;
  if (!strcmp(name, "--testcomp")) return (o->testcomp = v), true;
  if (!strcmp(name, "--objective-timeout")) {
    char *end;
    o->objective_timeout_s = strtod(v, &end);
    if (end == v || *end || !(o->objective_timeout_s > 0))
      return fail(err, len, "--objective-timeout: '%s' is not a positive number of seconds", v);
    return true;
  }
  if (!strcmp(name, "--jobs")) {
    if (!parse_i64(v, 1, &n) || n > 256) return fail(err, len, "--jobs: '%s' is not a number from 1 to 256", v);
    return (o->jobs = (int)n), true;
  }
  if (!strcmp(name, "--cover")) {
    if (strcmp(v, "statements") && strcmp(v, "branches"))
      return fail(err, len, "--cover: '%s' is not 'statements' or 'branches'", v);
    return (o->cover = v), true;
  }
  if (!strcmp(name, "--timeout")) {
    char *end;
    o->timeout_s = strtod(v, &end);
    if (end == v || *end || !(o->timeout_s > 0)) return fail(err, len, "--timeout: '%s' is not a positive number of seconds", v);
    return (o->timeout_given = true);
  }
  if (!strcmp(name, "--max-memory")) {
    if (!cli_parse_size(v, &o->max_memory))
      return fail(err, len, "--max-memory: '%s' is not a size of at least 1M (like 512M or 4G)", v);
    return true;
  }
  if (!strcmp(name, "--max-unfold")) {
    if (!parse_i64(v, 1, &n)) return fail(err, len, "--max-unfold: '%s' is not a positive number", v);
    return (o->max_unfold = n), true;
  }
  if (!strcmp(name, "--seed")) {
    if (!parse_i64(v, 0, &n)) return fail(err, len, "--seed: '%s' is not a number", v);
    return (o->seed = (uint64_t)n), true;
  }
  if (!strcmp(name, "--data-model")) {
    if (!strcmp(v, "LP64")) o->model = IR_LP64;
    else if (!strcmp(v, "ILP32")) o->model = IR_ILP32;
    else return fail(err, len, "--data-model: '%s' is not LP64 or ILP32", v);
    return true;
  }
  return fail(err, len, "unknown option '%s' (see --help)", name);
}

static const char *const value_options[] = {"--reach", "--at", "--check", "--reach-call", "--iter", "--function", "--assume", "--pre",
                                            "--emit-test", "--emit-dir", "--sarif", "--dot", "--html", "--cover", "--timeout",
                                            "--max-unfold", "--max-memory", "--seed", "--data-model", "--testcomp",
                                            "--objective-timeout", "--jobs", NULL};

/* Options that may be given more than once (each adds to a list). */
static bool repeatable(const char *name) { return !strcmp(name, "--assume") || !strcmp(name, "--pre"); }

static bool takes_value(const char *name) {
  for (int i = 0; value_options[i]; i++)
    if (!strcmp(name, value_options[i])) return true;
  return false;
}

static bool flag_option(CliOptions *o, const char *a) {
  if (!strcmp(a, "--json")) return o->json = true;
  if (!strcmp(a, "--validate")) return o->validate = true;
  if (!strcmp(a, "--stats")) return o->stats = true;
  if (!strcmp(a, "--dump-ir")) return o->dump_ir = true;
  if (!strcmp(a, "--show-memory")) return o->show_memory = true;
  if (!strcmp(a, "--no-concrete")) return o->no_concrete = true;
  if (!strcmp(a, "--no-sat")) return o->no_sat = true;
  if (!strcmp(a, "--no-native")) return o->no_native = true;
  if (!strcmp(a, "--no-stubs")) return o->no_stubs = true;
  if (!strcmp(a, "--wrapv")) return o->wrapv = true;
  if (!strcmp(a, "--no-alias")) return o->no_alias = true;
  if (!strcmp(a, "--acyclic")) return o->acyclic = true;
  if (!strcmp(a, "--quiet")) return o->quiet = true;
  return false;
}

/* --cover: a suite, not one objective. */
static bool check_cover(CliOptions *o, char *err, size_t len) {
  if (o->reach || o->reach_call) return fail(err, len, "--cover builds its own objectives: no --reach or --reach-call%s", "");
  if (o->niter || o->emit_test || o->dot || o->show_memory)
    return fail(err, len, "--iter, --emit-test, --dot and --show-memory are for one objective, not --cover%s", "");
  if (o->validate && !o->emit_dir) return fail(err, len, "--validate with --cover needs --emit-dir DIR%s", "");
  if (!o->timeout_given) o->timeout_s = 600;
  if (!(o->objective_timeout_s > 0)) o->objective_timeout_s = 10;
  if (!o->jobs) o->jobs = 1;
  return true;
}

/* --check KINDS --at LINE: the sites of one line; without --at, every
   site, each an objective of its own budget. */
static bool check_check(CliOptions *o, char *err, size_t len) {
  if (!o->check) return fail(err, len, "--at needs --check KINDS%s", "");
  if (o->reach_call) return fail(err, len, "--check has its own objective: no --reach-call%s", "");
  if (o->niter) return fail(err, len, "--iter is for --reach, not --check%s", "");
  if (o->emit_dir || o->testcomp) return fail(err, len, "--emit-dir and --testcomp need --cover%s", "");
  if (o->at_given) {
    if (o->jobs) return fail(err, len, "--jobs is for --check without --at (every site)%s", "");
    if (o->objective_timeout_s > 0) return fail(err, len, "--objective-timeout is for --check without --at%s", "");
    if (o->sarif) return fail(err, len, "--sarif is for --check without --at (every site)%s", "");
    return true;
  }
  if (o->emit_test || o->dot || o->show_memory)
    return fail(err, len, "--emit-test, --dot and --show-memory are for one objective: give --at LINE%s", "");
  if (o->nassumes && !o->function)
    return fail(err, len, "--pre and --assume name the parameters of one function: give --function F%s", "");
  if (!o->timeout_given) o->timeout_s = 600;
  if (!(o->objective_timeout_s > 0)) o->objective_timeout_s = 10;
  if (!o->jobs) o->jobs = 1;
  return true;
}

/* What is parsed but not built yet: a usage error that says so. */
static bool check_capabilities(CliOptions *o, char *err, size_t len) {
  if (o->merge_reports) return true;
  if (!o->file) return fail(err, len, "no input file (see --help)%s", "");
  if (o->dump_ir && o->html) return fail(err, len, "--html shows answers: not with --dump-ir%s", "");
  if (o->dump_ir) return true;
  if (o->cover) return check_cover(o, err, len);
  if (o->check || o->at_given) return check_check(o, err, len);
  if (o->sarif) return fail(err, len, "--sarif needs --check%s", "");
  if (o->emit_dir) return fail(err, len, "--emit-dir needs --cover (a test suite)%s", "");
  if (o->testcomp) return fail(err, len, "--testcomp needs --cover (a test suite)%s", "");
  if (o->jobs || o->objective_timeout_s > 0)
    return fail(err, len, "--jobs and --objective-timeout need --cover or --check without --at%s", "");
  if (!o->reach && !o->reach_call) return fail(err, len, "no objective: give --reach [FILE:]LINE or --reach-call NAME%s", "");
  if (o->reach && o->reach_call) return fail(err, len, "give either --reach or --reach-call, not both%s", "");
  if (o->niter && !o->reach) return fail(err, len, "--iter needs --reach%s", "");
  if (o->validate && !o->emit_test) return true; /* a temporary driver is used */
  return true;
}

/* A value option given twice is an error, never "the last one wins": a
   script that builds the command line by appending must not lose an
   objective silently.  seen[] is indexed like value_options[]. */
static bool first_time(const char *name, bool *seen, char *err, size_t len) {
  if (repeatable(name)) return true;
  for (int i = 0; value_options[i]; i++) {
    if (strcmp(name, value_options[i])) continue;
    if (seen[i]) return fail(err, len, "%s given more than once (only --assume and --pre may be repeated)", name);
    seen[i] = true;
  }
  return true;
}

/* --merge-reports FILE...: every argument after it is a report, but
   --html DIR (or --html=DIR), which asks for the pages of the merged one. */
static bool merge_list(CliOptions *o, int n, char **args, char *err, size_t len) {
  o->merge_reports = calloc((size_t)n + 1, sizeof *o->merge_reports);
  int nfiles = 0;
  for (int i = 0; i < n; i++) {
    const char *html = !strcmp(args[i], "--html") ? (i + 1 < n ? args[++i] : NULL)
                       : !strncmp(args[i], "--html=", 7) ? args[i] + 7 : NULL;
    if (!html && !strncmp(args[i], "--html", 6)) return fail(err, len, "--html needs a value%s", "");
    if (html && o->html) return fail(err, len, "--html given more than once (only --assume and --pre may be repeated)%s", "");
    if (html) o->html = html;
    else o->merge_reports[nfiles++] = args[i];
  }
  if (nfiles == 0) return fail(err, len, "--merge-reports needs JSON reports to merge%s", "");
  return true;
}

bool cli_parse_options(int argc, char **argv, CliOptions *o, char *err, size_t len, bool *exit_now) {
  bool seen[sizeof value_options / sizeof *value_options] = {false};
  memset(o, 0, sizeof *o);
  o->timeout_s = 100;
  o->max_unfold = 100000;
  o->max_memory = cli_default_memory();
  o->seed = 1;
  *exit_now = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--")) {
      for (i++; i < argc; i++) push(&o->clang_args, &o->nclang_args, argv[i]);
      break;
    }
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      *exit_now = true;
      return true;
    }
    if (!strcmp(a, "--merge-reports")) return merge_list(o, argc - i - 1, argv + i + 1, err, len);
    if (!strcmp(a, "--version")) {
      printf("inka-ng %s\n", INKA_VERSION);
      *exit_now = true;
      return true;
    }
    if (a[0] == '-' && a[1] == '-') {
      const char *eq = strchr(a, '=');
      char name[64];
      size_t nlen = eq ? (size_t)(eq - a) : strlen(a);
      if (nlen >= sizeof name) return fail(err, len, "unknown option '%s' (see --help)", a);
      memcpy(name, a, nlen);
      name[nlen] = 0;
      if (takes_value(name)) {
        const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) return fail(err, len, "%s needs a value", name);
        if (!first_time(name, seen, err, len)) return false;
        if (!value_option(o, name, v, err, len)) return false;
      } else if (eq || !flag_option(o, a)) {
        return fail(err, len, "unknown option '%s' (see --help)", a);
      }
      continue;
    }
    if (!strcmp(a, "-p")) {
      if (o->project) return fail(err, len, "-p given more than once%s", "");
      if (i + 1 >= argc) return fail(err, len, "-p needs a directory holding compile_commands.json%s", "");
      o->project = argv[++i];
      continue;
    }
    if (a[0] == '-' && a[1]) return fail(err, len, "unknown option '%s' (see --help)", a);
    push(&o->files, &o->nfiles, a);
  }
  if (!o->merge_reports && (o->nfiles || o->project) && !cli_load_sources(o, err, len)) return false;
  return check_capabilities(o, err, len);
}

void cli_options_free(CliOptions *o) {
  free(o->merge_reports);
  cli_sources_free(o);
  free(o->clang_args);
  free(o->assumes);
  free(o->iter);
  free((void *)o->reach_file);
}
