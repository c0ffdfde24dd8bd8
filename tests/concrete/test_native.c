/* test_native.c - native runs of the concrete mode (concrete/native.c)
 * against the interpreter, the reference: for each program, function and
 * objective, the same runs on random inputs both ways, with the same
 * outcome (and how it ended, its reason and line), return value, nondet
 * values used, steps, final memory (every object and cell) and globals,
 * and the same values reported to on_compare.
 *
 *   test_native                 a slice for make test: one in SLICE of the
 *                               (function, objective) pairs of the files of
 *                               samples/, tests/translate/inputs/ and
 *                               tests/acceptance/programs/ (each is compiled)
 *   test_native [-n RUNS] [-s SEED] [-o OBJECTIVES] [-w] FILE...
 *                               those files: RUNS runs per pair, at most
 *                               OBJECTIVES objectives per function (-w: --wrapv)
 *
 * Prints every difference and a summary: programs, how many were emitted
 * (and why the others were not), native runs compared.  Also checks the
 * cache: a program compiled once is loaded, not compiled, the next time.
 */
#include <dirent.h>
#include <sys/resource.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "concrete/cx_internal.h"
#include "inka/frontend.h"

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static int64_t random_value(void) {
  switch (next() % 8) {
  case 0: return (int64_t)next();
  case 1: return (int64_t)(next() % 4096) - 2048;
  case 2: {
    static const int64_t edge[] = {0, 1, -1, 2, 127, 128, 255, 256, 32767, -32768, 65535, 2147483647, -2147483648LL,
                                   4294967295LL, INT64_MAX, INT64_MIN};
    return edge[next() % (sizeof edge / sizeof *edge)];
  }
  default: return (int64_t)(next() % 101) - 50;
  }
}

/* ---- What a run saw ---------------------------------------------------------------- */
enum { MAX_NOTES = 64, MAX_CELLS = 4096, NLINES = 400 };

typedef struct Seen {
  CxResult r;
  int notes;
  const void *site[MAX_NOTES];
  int param[MAX_NOTES];
  int64_t value[MAX_NOTES];
  int nobjs;
  int64_t cells[MAX_CELLS];
  uint8_t def[MAX_CELLS];
  int ncells;
  int64_t globals[256];
  uint8_t globals_def[256];
  uint32_t hits[NLINES];     /* CxRunOptions.line_hits */
  uint64_t events, event_hash; /* CxRunOptions.on_event: how many, and their sequence */
} Seen;

static void event(void *ctx, const IrStmt *stmt, int outcome) {
  Seen *s = ctx;
  s->events++;
  s->event_hash = (s->event_hash ^ (uint64_t)(uintptr_t)stmt ^ (uint64_t)(outcome + 2) << 56) * 0x100000001b3ull;
}

static void note(void *ctx, const void *site, int param, int64_t value) {
  Seen *s = ctx;
  if (s->notes < MAX_NOTES) {
    s->site[s->notes] = site;
    s->param[s->notes] = param;
    s->value[s->notes] = value;
  }
  s->notes++;
}

static int64_t served(void *ctx, int k, const IrStmt *call) {
  (void)ctx;
  return (int64_t)((uint64_t)(k + 1) * 0x9e3779b97f4a7c15ull >> (call->loc.line % 50));
}

static void observe(CxProgram *c, Seen *s) {
  s->nobjs = cx_object_count(c);
  s->ncells = 0;
  for (int i = 0; i < s->nobjs; i++) {
    CxObjectView v = cx_object_view(c, i);
    for (int64_t k = 0; k < v.ncells && s->ncells < MAX_CELLS; k++, s->ncells++) {
      s->def[s->ncells] = cx_final_cell(c, i, k, &s->cells[s->ncells]);
      if (!s->def[s->ncells]) s->cells[s->ncells] = 0;
    }
  }
  int n = c->nglobals < 256 ? c->nglobals : 256;
  for (int g = 0; g < n; g++) {
    s->globals_def[g] = c->globals_def[g];
    s->globals[g] = c->globals_def[g] ? c->globals[g] : 0;
  }
}

/* ---- Comparing ------------------------------------------------------------------------ */
static uint64_t compared_runs, differences, programs, emitted;
static int objectives = 6; /* per function, at most */
static int keep_one_in = 1; /* (function, objective) pairs tried */
enum { SLICE = 28 };
static struct { const char *why; int n; } refused[32];
static int nrefused;

static void refusal(const char *why) {
  int i = 0;
  while (i < nrefused && strcmp(refused[i].why, why)) i++;
  if (i == nrefused && nrefused < 32) refused[nrefused++] = (typeof(refused[0])){why, 0};
  if (i < 32) refused[i].n++;
}

static bool same_text(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

static void differ(const char *what, const char *file, const char *fn, int line, const int64_t *params, int np,
                   long long a, long long b) {
  differences++;
  if (differences > 40) return;
  fprintf(stderr, "DIFF %s: %s %s (target line %d), params", what, file, fn, line);
  for (int i = 0; i < np; i++) fprintf(stderr, " %lld", (long long)params[i]);
  fprintf(stderr, ": interpreter %lld, native %lld\n", a, b);
}

static void compare(const Seen *i, const Seen *n, const char *file, const char *fn, int line, const int64_t *p, int np,
                    const CxProgram *c) {
#define SAME(what, x, y)                                                                   \
  do {                                                                                    \
    if ((long long)(x) != (long long)(y)) {                                               \
      differ(what, file, fn, line, p, np, (long long)(x), (long long)(y));                \
      return;                                                                             \
    }                                                                                     \
  } while (0)
  SAME("outcome", i->r.outcome, n->r.outcome);
  if (i->r.outcome == CX_ENDED) SAME("end", i->r.end, n->r.end);
  if (!same_text(i->r.reason, n->r.reason)) {
    differ("reason", file, fn, line, p, np, 0, 1);
    fprintf(stderr, "  '%s' vs '%s'\n", i->r.reason ? i->r.reason : "-", n->r.reason ? n->r.reason : "-");
    return;
  }
  SAME("line", i->r.line, n->r.line);
  SAME("has_return", i->r.has_return, n->r.has_return);
  SAME("return value", i->r.ret, n->r.ret);
  SAME("nondet used", i->r.nondet_used, n->r.nondet_used);
  SAME("steps", i->r.steps, n->r.steps);
  SAME("events", i->events, n->events);
  SAME("event sequence", i->event_hash, n->event_hash);
  for (int k = 0; k < NLINES; k++) SAME("line hits", i->hits[k], n->hits[k]);
  SAME("compared values", i->notes, n->notes);
  for (int k = 0; k < i->notes && k < MAX_NOTES; k++) {
    SAME("compared site", (intptr_t)i->site[k], (intptr_t)n->site[k]);
    SAME("compared param", i->param[k], n->param[k]);
    SAME("compared value", i->value[k], n->value[k]);
  }
  SAME("objects", i->nobjs, n->nobjs);
  SAME("cells", i->ncells, n->ncells);
  for (int k = 0; k < i->ncells; k++) {
    SAME("cell written", i->def[k], n->def[k]);
    SAME("cell", i->cells[k], n->cells[k]);
  }
  for (int g = 0; g < c->nglobals && g < 256; g++) {
    SAME("global written", i->globals_def[g], n->globals_def[g]);
    SAME("global", i->globals[g], n->globals[g]);
  }
#undef SAME
}

/* The input memory of a run: for some pointer parameters, an object of 1
   to 4 elements of random cells (a pointer cell: a random value too, which
   both ways must treat alike); the others are NULL. */
enum { MAX_INPUT_CELLS = 256 };
static int64_t input_cells[8][MAX_INPUT_CELLS];

static int random_inputs(const CxProgram *c, const IrFunction *f, int64_t *params, CxInputObject *in) {
  int n = 0;
  for (int i = 0; i < f->nparams; i++) {
    const IrType *t = f->params[i]->type;
    if (t->kind != IR_TY_PTR) continue;
    params[i] = 0;
    if (n == 8 || !t->base || t->base->kind == IR_TY_VOID || next() % 4 == 0) continue;
    int64_t per = cx_cells(t->base), count = 1 + (int64_t)(next() % 4);
    if (per < 1 || per * count > MAX_INPUT_CELLS) continue;
    for (int64_t k = 0; k < per * count; k++) input_cells[n][k] = random_value();
    in[n] = (CxInputObject){.type = t->base, .count = count, .cells = input_cells[n]};
    n++;
    params[i] = cx_input_location(c, in, n - 1);
  }
  return n;
}

/* Runs c on `runs` random inputs both ways. */
static void campaign(CxProgram *c, const IrFunction *f, const char *file, int line, int runs) {
  static Seen si, sn;
  int np = f->nparams;
  int64_t params[np + 1], nondet[8];
  CxInputObject in[8];
  for (int k = 0; k < runs; k++) {
    for (int i = 0; i < np; i++) params[i] = random_value();
    int ninputs = random_inputs(c, f, params, in);
    int nn = (int)(next() % 9);
    for (int i = 0; i < nn; i++) nondet[i] = random_value();
    static const uint64_t budgets[] = {7, 60, 1000, 100000, 3000000};
    CxRunOptions o = {.max_steps = budgets[next() % 5], .max_depth = next() % 4 ? 0 : 3, .inputs = in,
                      .ninputs = ninputs};
    bool hooks = next() % 2, lines = next() % 3 == 0;
    if (hooks) o.on_compare = note, o.nondet_value = served;
    if (lines) o.on_event = event, o.nlines = NLINES;
    Seen *s[2] = {&si, &sn};
    for (int way = 0; way < 2; way++) {
      s[way]->notes = 0;
      s[way]->events = s[way]->event_hash = 0;
      memset(s[way]->hits, 0, sizeof s[way]->hits);
      o.compare_ctx = o.event_ctx = s[way];
      o.line_hits = lines ? s[way]->hits : NULL;
      cx_native_mode(way ? CX_NATIVE_ALWAYS : CX_NATIVE_OFF);
      cx_run(c, params, nondet, nn, &o, &s[way]->r);
      observe(c, s[way]);
    }
    if (!cx_native_ready(c)) return;
    compared_runs++;
    compare(&si, &sn, file, f->name, line, params, np, c);
  }
}

/* Objectives of f: none, reach_error, and a few of its lines (with --iter
   when loops are around them). */
static void program_function(IrProgram *p, const IrFunction *f, const char *file, int runs) {
  for (int i = 0; i < f->nparams; i++) {
    IrTypeKind k = f->params[i]->type->kind;
    if (k != IR_TY_INT && k != IR_TY_BOOL && k != IR_TY_PTR) return;
  }
  int lines[6] = {0, -1}, nl = objectives < 2 ? objectives : 2;
  for (int tries = 0; tries < 40 && nl < objectives && nl < 6; tries++) {
    int l = f->loc.line + (int)(next() % 40);
    if (ir_find_stmt_at_line(f, l)) lines[nl++] = l;
  }
  for (int j = 0; j < nl; j++) {
    if (next() % (uint64_t)keep_one_in) continue;
    CxObjective obj = {0};
    int iter[2] = {1 + (int)(next() % 3), 1 + (int)(next() % 3)};
    if (lines[j] < 0) obj.target_call = "reach_error";
    if (lines[j] > 0) {
      obj.target = ir_find_stmt_at_line(f, lines[j]);
      const IrStmt **loops = NULL;
      int n = ir_loops_around(p, obj.target, &loops);
      free(loops);
      if (n > 0 && next() % 2) obj.iter = iter, obj.niter = n > 1 ? 2 : 1;
    }
    char *err = NULL;
    CxProgram *c = cx_new(p, f, &obj, &err);
    free(err);
    if (!c) continue;
    programs++;
    CxResult r;
    cx_native_mode(CX_NATIVE_ALWAYS);
    cx_run(c, (int64_t[8]){0}, NULL, 0, &(CxRunOptions){.max_steps = 1}, &r);
    if (cx_native_ready(c)) {
      emitted++;
      campaign(c, f, file, lines[j], runs);
    } else {
      refusal(cx_native_why_not(c));
    }
    cx_free(c);
  }
}

static void program_file(const char *path, bool wrapv, int runs) {
  FeOptions fo = {.model = IR_LP64, .wrapv = wrapv};
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(path, &fo, &fe);
  fe_errors_free(&fe);
  if (!p) return;
  for (int i = 0; i < p->nfuncs; i++)
    if (p->funcs[i]->defined && strcmp(p->funcs[i]->name, "main")) program_function(p, p->funcs[i], path, runs);
  fe_program_free(p);
}

static void program_dir(const char *dir, bool wrapv, int runs) {
  DIR *d = opendir(dir);
  if (!d) return;
  char *names[512];
  int n = 0;
  for (struct dirent *e; (e = readdir(d)) && n < 512;) {
    size_t l = strlen(e->d_name);
    if (l > 2 && !strcmp(e->d_name + l - 2, ".c")) names[n++] = strdup(e->d_name);
  }
  closedir(d);
  for (int i = 0; i < n; i++) { /* (directory order is not stable: sort) */
    for (int j = i + 1; j < n; j++)
      if (strcmp(names[j], names[i]) < 0) {
        char *t = names[i];
        names[i] = names[j], names[j] = t;
      }
  }
  for (int i = 0; i < n; i++) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, names[i]);
    program_file(path, wrapv, runs);
    free(names[i]);
  }
}

/* ---- The cache ------------------------------------------------------------------------ */
static char cache[256];

/* The program of `text`, written to the file `name` of the cache
   directory, or NULL. */
static IrProgram *program_in_cache(const char *name, const char *text) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", cache, name);
  FILE *f = fopen(path, "w");
  if (!f) return NULL;
  fputs(text, f);
  fclose(f);
  FeOptions fo = {.model = IR_LP64};
  FeErrors fe = {0};
  IrProgram *p = fe_parse_file(path, &fo, &fe);
  fe_errors_free(&fe);
  return p;
}

TEST(compiled_once_then_cached) {
  IrProgram *p = program_in_cache("p.c", "int g(int x) { int s = 0; for (int i = 0; i < x; i++) s += i % 7; return s; }\n");
  CHECK(p != NULL);
  if (!p) return;
  CxNativeStats before = cx_native_stats();
  cx_native_mode(CX_NATIVE_ALWAYS);
  for (int round = 0; round < 2; round++) {
    char *err = NULL;
    CxProgram *c = cx_new(p, ir_find_function(p, "g"), &(CxObjective){0}, &err);
    CHECK(c != NULL);
    CxResult r;
    CHECK_EQ_INT(cx_run(c, (int64_t[]){1000}, NULL, 0, NULL, &r), CX_RETURNED);
    CHECK_EQ_INT(r.ret, 2997);
    CHECK(cx_native_ready(c));
    cx_free(c);
  }
  CxNativeStats after = cx_native_stats();
  CHECK_EQ_INT(after.compiles - before.compiles, 1);
  CHECK_EQ_INT(after.cache_hits - before.cache_hits, 1);
  /* AUTO: a cached program runs natively from its first run */
  cx_native_mode(CX_NATIVE_AUTO);
  char *err = NULL;
  CxProgram *c = cx_new(p, ir_find_function(p, "g"), &(CxObjective){0}, &err);
  CxResult r;
  cx_run(c, (int64_t[]){10}, NULL, 0, NULL, &r);
  CHECK(cx_native_ready(c));
  cx_free(c);
  fe_program_free(p);
}

TEST(failed_compile_falls_back) {
  IrProgram *p = program_in_cache("q.c", "int h(int x) { int s = 1; while (x-- > 0) s = s * 3 % 1001; return s; }\n");
  CHECK(p != NULL);
  if (!p) return;
  setenv("INKA_NATIVE_CC", "false", 1); /* a compiler that fails */
  CxNativeStats before = cx_native_stats();
  cx_native_mode(CX_NATIVE_ALWAYS);
  char *err = NULL;
  CxProgram *c = cx_new(p, ir_find_function(p, "h"), &(CxObjective){0}, &err);
  CxResult r;
  CHECK_EQ_INT(cx_run(c, (int64_t[]){3}, NULL, 0, NULL, &r), CX_RETURNED);
  CHECK_EQ_INT(r.ret, 27);
  CHECK(!cx_native_ready(c));
  CHECK(r.ops > 0); /* interpreted */
  CHECK_EQ_INT(cx_native_stats().compile_failures - before.compile_failures, 1);
  cx_free(c);
  unsetenv("INKA_NATIVE_CC");
  fe_program_free(p);
}

/* A recursion deeper than the C stack's room for native frames: the native
   run gives up and the interpreter answers (the same answer). */
TEST(deep_recursion_falls_back) {
  IrProgram *p = program_in_cache("r.c", "int down(int n) { if (n <= 0) return 0; int a = n * 3, b = a ^ n, c = b + a; "
             "return (down(n - 1) + a + b + c) % 1000003; }\n");
  CHECK(p != NULL);
  if (!p) return;
  char *err = NULL;
  CxProgram *c = cx_new(p, ir_find_function(p, "down"), &(CxObjective){0}, &err);
  CxResult shallow_i, shallow_n, deep_i, deep_n;
  cx_native_mode(CX_NATIVE_OFF);
  cx_run(c, (int64_t[]){50}, NULL, 0, NULL, &shallow_i);
  cx_run(c, (int64_t[]){9000}, NULL, 0, NULL, &deep_i);
  cx_native_mode(CX_NATIVE_ALWAYS);
  CxNativeStats before = cx_native_stats();
  cx_run(c, (int64_t[]){50}, NULL, 0, NULL, &shallow_n);
  CHECK(cx_native_ready(c));
  CHECK_EQ_INT(shallow_n.ops, 0); /* native */
  CHECK_EQ_INT(shallow_n.ret, shallow_i.ret);
  struct rlimit saved, small;
  getrlimit(RLIMIT_STACK, &saved);
  small = saved;
  small.rlim_cur = 1 << 20; /* room for native frames: 512 KB, fewer than 9,000 of them */
  setrlimit(RLIMIT_STACK, &small);
  cx_run(c, (int64_t[]){9000}, NULL, 0, NULL, &deep_n);
  setrlimit(RLIMIT_STACK, &saved);
  CHECK_EQ_INT(cx_native_stats().stack_fallbacks - before.stack_fallbacks, 1);
  CHECK_EQ_INT(deep_n.outcome, deep_i.outcome);
  CHECK_EQ_INT(deep_n.ret, deep_i.ret);
  CHECK_EQ_INT(deep_n.steps, deep_i.steps);
  CHECK(deep_n.ops > 0); /* interpreted */
  cx_free(c);
  fe_program_free(p);
}

TEST(acceptance_and_samples_agree) {
  const char *dirs[] = {"samples", "tests/translate/inputs", "tests/acceptance/programs"};
  keep_one_in = SLICE;
  for (int i = 0; i < 3; i++) program_dir(dirs[i], false, 40);
  program_dir("tests/acceptance/programs", true, 40);
  keep_one_in = 1;
  CHECK_EQ_INT(differences, 0);
  CHECK(compared_runs > 500);
}

static void summary(void) {
  printf("native vs interpreter: %llu programs (function, objective), %llu emitted, %llu runs compared, %llu "
         "differences\n",
         (unsigned long long)programs, (unsigned long long)emitted, (unsigned long long)compared_runs,
         (unsigned long long)differences);
  CxNativeStats st = cx_native_stats();
  printf("  native runs %llu, compiles %llu, cache hits %llu, compile failures %llu\n", (unsigned long long)st.runs,
         (unsigned long long)st.compiles, (unsigned long long)st.cache_hits, (unsigned long long)st.compile_failures);
  for (int i = 0; i < nrefused; i++) printf("  not emitted: %s (%d)\n", refused[i].why, refused[i].n);
}

int main(int argc, char **argv) {
  snprintf(cache, sizeof cache, "%s/inka-native-XXXXXX", P_tmpdir);
  if (!mkdtemp(cache)) return 2;
  setenv("INKA_CACHE_DIR", cache, 1);
  int runs = 40, first = 1;
  bool wrapv = false;
  while (first < argc && argv[first][0] == '-') {
    if (!strcmp(argv[first], "-n") && first + 1 < argc) runs = atoi(argv[++first]);
    else if (!strcmp(argv[first], "-s") && first + 1 < argc) rng = (strtoull(argv[++first], NULL, 10) + 1) * 0x9e3779b97f4a7c15ull | 1;
    else if (!strcmp(argv[first], "-w")) wrapv = true;
    else if (!strcmp(argv[first], "-o") && first + 1 < argc) objectives = atoi(argv[++first]);
    first++;
  }
  if (first < argc) {
    for (int i = first; i < argc; i++) program_file(argv[i], wrapv, runs);
    summary();
  } else {
    RUN(compiled_once_then_cached);
    RUN(failed_compile_falls_back);
    RUN(deep_recursion_falls_back);
    RUN(acceptance_and_samples_agree);
    summary();
  }
  char cmd[300];
  snprintf(cmd, sizeof cmd, "rm -rf %s", cache);
  if (system(cmd)) fprintf(stderr, "could not remove %s\n", cache);
  return first < argc ? (differences ? 1 : 0) : check_summary();
}
