/* native.c - native runs of the concrete mode: the program emitted as C
 * (native_emit.c), compiled by gcc -O2 into a shared object, loaded with
 * dlopen and run in place of the interpreter, with the same result and
 * the same memory left behind.
 *
 * The interpreter stays the reference and the fallback: a program outside
 * what is emitted, a run with exit probes of a program that has probe
 * loops (the one hook the native code does not serve), a failed compile --
 * all run interpreted, silently (cx_native_stats says why).
 *
 * Compiling costs a tenth of a second or more, so in the default mode
 * (CX_NATIVE_AUTO) a program is compiled only once its interpreted runs
 * have taken NATIVE_AFTER steps (one long run is interrupted there and
 * run again natively from the start: runs are deterministic), unless the
 * cache already holds it.  Shared objects are cached by the hash of their
 * source in INKA_CACHE_DIR, else $XDG_CACHE_HOME/inka-ng, else
 * ~/.cache/inka-ng, so a second run of the same program does not compile.
 */
#include <assert.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

#include "cx_native.h"
#include "inka/arith.h"

enum { NATIVE_AFTER = 20 * 1000 * 1000 }; /* interpreted steps before compiling (about 0.2 s) */

typedef enum { N_UNTRIED, N_WAITING, N_READY, N_OFF } NativeState;

typedef int64_t (*NativeEntry)(CxNativeRun *R, const int64_t *args, int *has_return);

typedef struct CxNative {
  NativeState state;
  char *source;
  char path[4096];          /* the cached shared object */
  bool cached;              /* path exists */
  CxNativeSites sites;
  int nassumes;             /* the --assume expressions emitted */
  bool probes;              /* the entry has loops that exit probes use */
  bool recursive;           /* native runs may give up (CXN_OUTCOME_STACK) */
  const char *why;          /* N_OFF: why (static text) */
  void *dl;
  NativeEntry entry;
  /* the run */
  CxProgram *c;
  const CxRunOptions *o;
  CxNativeRun run;
  jmp_buf jb;
} CxNative;

static CxNativeMode mode = CX_NATIVE_AUTO;
static bool mode_set;
static CxNativeStats stats;

void cx_native_mode(CxNativeMode m) {
  mode = m;
  mode_set = true;
}

/* The mode: cx_native_mode's, else INKA_NATIVE's (off, auto, always: for
   running whole test suites natively), else AUTO. */
CxNativeMode cx_native_get_mode(void) {
  if (!mode_set) {
    const char *e = getenv("INKA_NATIVE");
    mode = e && !strcmp(e, "off") ? CX_NATIVE_OFF : e && !strcmp(e, "always") ? CX_NATIVE_ALWAYS : CX_NATIVE_AUTO;
    mode_set = true;
  }
  return mode;
}
CxNativeStats cx_native_stats(void) { return stats; }

static const char *const reasons[CXN_NREASONS] = {
    [CXN_NONE] = NULL,
    [CXN_UNINIT_MEMORY] = "a read of memory that no test controls",
    [CXN_STORE_OUTSIDE] = "a store outside every object",
    [CXN_DIV_ZERO] = "a division by zero",
    [CXN_INT_MIN_DIV] = "INT_MIN / -1",
    [CXN_OVERFLOW] = "a signed integer overflow",
    [CXN_SHIFT_COUNT] = "a shift by a negative or too large count",
    [CXN_SHIFT_NEGATIVE] = "a left shift of a negative value",
    [CXN_UNINIT_VAR] = "a read of a variable before it is assigned",
    [CXN_UNINIT_GLOBAL] = "a read of a global no test controls",
    [CXN_ADDR_LIFETIME] = "the address of a variable outside its lifetime",
    [CXN_INDEX] = "an array index out of bounds",
    [CXN_PTR_DIFF] = "a pointer difference that is not a whole number of elements",
    [CXN_STEPS] = "the step budget ran out",
    [CXN_DEPTH] = "the call depth budget ran out",
    [CXN_MEMORY] = "the concrete memory is exhausted",
    [CXN_NONDET] = "more nondet values than given",
    [CXN_PTR_LEAVES] = "pointer arithmetic leaves its object",
    [CXN_BAD_ACCESS] = "an access through a NULL, dangling or out-of-bounds pointer",
};

/* ---- The cache ------------------------------------------------------------------ */
static bool make_dirs(const char *path) {
  char p[4096];
  snprintf(p, sizeof p, "%s", path);
  for (char *s = p + 1; *s; s++) {
    if (*s != '/') continue;
    *s = 0;
    if (mkdir(p, 0755) != 0 && errno != EEXIST) return false;
    *s = '/';
  }
  return mkdir(p, 0755) == 0 || errno == EEXIST;
}

static bool cache_dir(char *out, size_t len) {
  const char *dir = getenv("INKA_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  if (dir && *dir) snprintf(out, len, "%s", dir);
  else if (xdg && *xdg) snprintf(out, len, "%s/inka-ng", xdg);
  else if (home && *home) snprintf(out, len, "%s/.cache/inka-ng", home);
  else return false;
  return make_dirs(out);
}

/* FNV-1a, 64 bits: the cache key of a source text (which holds the run
   state's layout, so a changed layout is a new key). */
static uint64_t hash_text(const char *s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (; *s; s++) h = (h ^ (uint8_t)*s) * 0x100000001b3ull;
  return h;
}

static bool write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  if (!f) return false;
  bool ok = fputs(text, f) >= 0;
  return fclose(f) == 0 && ok;
}

/* gcc -O2 -shared -fPIC src -o so, spawned without a shell (posix_spawn:
   no copy of a large solver's page tables); its messages are dropped. */
static bool compile(const char *src, const char *so) {
  const char *cc = getenv("INKA_NATIVE_CC");
  if (!cc || !*cc) cc = "gcc";
  char *argv[] = {(char *)cc, "-O2", "-shared", "-fPIC", "-w", "-o", (char *)so, (char *)src, NULL};
  posix_spawn_file_actions_t fa;
  if (posix_spawn_file_actions_init(&fa) != 0) return false;
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  int err = posix_spawnp(&pid, cc, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (err != 0) return false;
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return false;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* Compiles the source into the cache (under a private name, then renamed:
   processes sharing the cache never see half a file). */
static bool build(CxNative *n) {
  char src[4200], tmp[4200], kept[4200];
  snprintf(src, sizeof src, "%s.%d.c", n->path, (int)getpid());
  snprintf(tmp, sizeof tmp, "%s.%d.tmp", n->path, (int)getpid());
  snprintf(kept, sizeof kept, "%.*s.c", (int)strlen(n->path) - 3, n->path); /* the source beside it, to read */
  bool ok = write_file(src, n->source) && compile(src, tmp) && rename(tmp, n->path) == 0;
  if (!ok || rename(src, kept) != 0) unlink(src);
  if (!ok) unlink(tmp);
  stats.compiles += ok;
  stats.compile_failures += !ok;
  return ok;
}

static int64_t new_object(CxNativeRun *R, int site);
static int64_t param_object(CxNativeRun *R, int site, int64_t v);
static int64_t more_nondet(CxNativeRun *R, int site);
static void compared(CxNativeRun *R, int site, int64_t x, int64_t y);
static int64_t ptr_add(CxNativeRun *R, int64_t p, int64_t k, int64_t i);
static int64_t checked(CxNativeRun *R, int64_t l);
static void event(CxNativeRun *R, int site, int outcome);

static bool load(CxNative *n) {
  n->dl = dlopen(n->path, RTLD_NOW | RTLD_LOCAL);
  if (!n->dl) return false;
  n->entry = (NativeEntry)dlsym(n->dl, "cx_native_entry");
  if (!n->entry) { /* (closed: a later dlopen of the same path must load the new file) */
    dlclose(n->dl);
    n->dl = NULL;
    return false;
  }
  n->run = (CxNativeRun){.host = n, .jb = &n->jb, .new_object = new_object, .param_object = param_object,
                         .more_nondet = more_nondet, .compared = compared, .ptr_add = ptr_add, .checked = checked,
                         .event = event};
  return true;
}

/* ---- Preparing a program ----------------------------------------------------------- */
static bool has_probes(const CxProgram *c) {
  for (int i = 0; i < c->entry->body.n; i++)
    if (c->entry->body.s[i]->probe) return true;
  return false;
}

/* Emits c (once): N_WAITING with the cache path, or N_OFF.  A cached
   shared object is loaded at once. */
static void emit(CxProgram *c, CxNative *n) {
  const char *why = NULL;
  n->source = cx_native_emit(c, &n->sites, &why);
  n->nassumes = c->nassumes;
  n->probes = has_probes(c);
  n->recursive = n->sites.recursive;
  char dir[4000];
  if (!n->source) {
    stats.not_emitted++;
    stats.why_not = n->why = why;
    n->state = N_OFF;
    return;
  }
  if (!cache_dir(dir, sizeof dir)) {
    stats.compile_failures++;
    n->why = "no cache directory";
    n->state = N_OFF;
    return;
  }
  snprintf(n->path, sizeof n->path, "%s/cx-%016llx.so", dir, (unsigned long long)hash_text(n->source));
  n->state = N_WAITING;
  if (access(n->path, R_OK) == 0) {
    if (load(n)) {
      stats.cache_hits++;
      n->state = N_READY;
    } else {
      unlink(n->path); /* a damaged entry: compiled again when needed */
    }
  }
}

static void compile_now(CxNative *n) {
  if (n->state != N_WAITING) return;
  n->state = build(n) && load(n) ? N_READY : N_OFF;
  if (n->state == N_OFF) n->why = "the compile failed";
}

void cx_native_free(CxNative *n) {
  if (!n) return;
  if (n->dl) dlclose(n->dl);
  free(n->source);
  cx_native_sites_free(&n->sites);
  free(n);
}

/* ---- Host services of the emitted code ------------------------------------------------ */
static _Noreturn void host_stop(CxNativeRun *R, int outcome, int why) {
  R->outcome = outcome;
  R->why = why;
  longjmp(*R->jb, 1);
}

static void refresh(CxNativeRun *R, const CxMemory *m) {
  R->val = m->val;
  R->def = m->def;
  R->limit = m->frontier < m->cap ? m->frontier : m->cap;
}

/* run.c's new_object */
static int64_t make_object(CxNativeRun *R, CxObjKind kind, int64_t ncells, const char *name, const IrType *type,
                           int64_t count, int line) {
  CxNative *n = R->host;
  CxMemory *m = &n->c->mem;
  R->steps += (uint64_t)ncells;
  if (R->steps > R->max_steps) host_stop(R, CX_BUDGET, CXN_STEPS);
  int o = cx_mem_new_object(m, kind, ncells, false);
  if (o < 0) host_stop(R, CX_BUDGET, CXN_MEMORY);
  CxObject *obj = &m->objs[o];
  obj->name = name;
  obj->type = type;
  obj->count = count;
  obj->line = line;
  refresh(R, m);
  return obj->base;
}

static int64_t new_object(CxNativeRun *R, int site) {
  CxNative *n = R->host;
  const CxStmt *s = n->sites.decl[site];
  return make_object(R, CX_OBJ_LOCAL, s->cells, s->var->name, s->type, 1, s->var->loc.line);
}

static int64_t param_object(CxNativeRun *R, int site, int64_t v) {
  CxNative *n = R->host;
  const CxFunc *f = n->sites.pfunc[site];
  const IrVar *p = f->ir->params[n->sites.pindex[site]];
  int64_t base = make_object(R, CX_OBJ_LOCAL, f->param_cells[n->sites.pindex[site]], p->name, p->type, 1, p->loc.line);
  R->val[base] = v;
  R->def[base] = 1;
  return base;
}

static int64_t more_nondet(CxNativeRun *R, int site) {
  CxNative *n = R->host;
  if (!n->o || !n->o->nondet_value) host_stop(R, CX_NEED_NONDET, CXN_NONDET);
  return n->o->nondet_value(n->o->nondet_ctx, R->nused, n->sites.nondet[site]->ir);
}

static void compared(CxNativeRun *R, int site, int64_t x, int64_t y) {
  CxNative *n = R->host;
  cx_report_compare(n->sites.compare[site], x, y, n->o->on_compare, n->o->compare_ctx);
}

/* run.c's pointer_add */
static int64_t ptr_add(CxNativeRun *R, int64_t p, int64_t k, int64_t i) {
  CxNative *n = R->host;
  __int128 q = (__int128)p + (__int128)k * i;
  const CxObject *o = cx_mem_object_at(&n->c->mem, p);
  int64_t lo = o ? o->base : p, hi = o ? o->base + o->ncells : p;
  if (q < lo || q > hi) host_stop(R, CX_TRAP, CXN_PTR_LEAVES);
  return (int64_t)q;
}

static void event(CxNativeRun *R, int site, int outcome) {
  CxNative *n = R->host;
  n->o->on_event(n->o->event_ctx, n->sites.event[site]->ir, outcome);
}

static int64_t checked(CxNativeRun *R, int64_t l) {
  CxNative *n = R->host;
  if (!cx_mem_valid(&n->c->mem, l, false)) host_stop(R, CX_TRAP, CXN_BAD_ACCESS);
  return l;
}

/* ---- A run ------------------------------------------------------------------------------ */
/* run.c's make_inputs: the input memory, objects after the globals. */
static void make_inputs(CxNativeRun *R, const CxInputObject *in, int n) {
  for (int j = 0; j < n; j++) {
    int64_t ncells = in[j].count * cx_cells(in[j].type);
    int64_t base = make_object(R, CX_OBJ_INPUT, ncells, NULL, in[j].type, in[j].count, 0);
    for (int64_t k = 0; k < ncells; k++) {
      R->val[base + k] = in[j].cells[k];
      R->def[base + k] = 1;
    }
  }
}

/* The lowest address native frames may reach: half the C stack's limit
   (at most 32 MB) below the caller's frame. */
static uintptr_t stack_floor(const void *here) {
  struct rlimit rl;
  uint64_t room = 4u << 20;
  if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) room = (uint64_t)rl.rlim_cur / 2;
  if (room > (32u << 20)) room = 32u << 20;
  return (uintptr_t)here > room ? (uintptr_t)here - (uintptr_t)room : 0;
}

/* Runs the loaded program; true with the result as cx_run gives it, false
   when the run gave up (recursion deeper than the C stack allows). */
static bool execute(CxProgram *c, CxNative *n, const int64_t *params, const int64_t *nondet, int nnondet,
                    const CxRunOptions *o, CxResult *res) {
  cx_reset(c);
  const CxFunc *f = c->entry;
  int64_t args[f->nparams + 1];
  for (int i = 0; i < f->nparams; i++) {
    const IrType *t = f->param_type[i];
    args[i] = t->kind == IR_TY_BOOL ? params[i] != 0 : op_c_wrap((OpCType){t->bits, t->is_signed}, params[i]);
    if (t->kind == IR_TY_PTR) args[i] = params[i];
  }
  CxNativeRun *R = &n->run; /* (the services are set once, by load) */
  R->g = c->globals, R->gdef = c->globals_def, R->iter = c->iter;
  R->nondet = nondet, R->nnondet = nnondet, R->nused = 0;
  R->steps = 0, R->depth = 0, R->line = 0, R->in_assume = 0, R->outcome = 0, R->why = 0;
  R->max_steps = o && o->max_steps ? o->max_steps : 1000000000;
  R->max_depth = o && o->max_depth ? o->max_depth : 10000;
  R->compare_on = o && o->on_compare;
  R->event_on = o && o->on_event;
  R->hits = o ? o->line_hits : NULL;
  R->nlines = o ? o->nlines : 0;
  R->stack_floor = n->recursive ? stack_floor(&args) : 0; /* (a system call: only where it is read) */
  refresh(R, &c->mem);
  n->c = c;
  n->o = o;
  stats.runs++;
  if (setjmp(n->jb) == 0) {
    int has_return = 0;
    if (o && o->ninputs) make_inputs(R, o->inputs, o->ninputs);
    int64_t v = n->entry(R, args, &has_return);
    res->outcome = CX_RETURNED;
    res->has_return = has_return != 0;
    res->ret = has_return ? v : 0;
    res->line = 0;
  } else {
    res->outcome = (CxOutcome)R->outcome;
    res->line = R->line;
    if (R->outcome == CX_ENDED) res->end = (CxEnd)R->why;
    else if (R->outcome != CX_REACHED) res->reason = R->why > 0 && R->why < CXN_NREASONS ? reasons[R->why] : NULL;
    if (R->in_assume && R->outcome == CX_TRAP) { /* the translation refuses such an --assume */
      res->outcome = CX_ABANDONED;
      res->reason = "an --assume expression that may trap";
    }
  }
  res->nondet_used = R->nused;
  res->steps = R->steps;
  res->ops = 0; /* (not counted natively) */
  n->o = NULL;
  if (R->outcome != CXN_OUTCOME_STACK) return true;
  stats.runs--;
  stats.stack_fallbacks++;
  memset(res, 0, sizeof *res);
  return false;
}

/* Does the run have hooks that record what they see (a run begun again
   would make them see it twice)? */
static bool recording(const CxRunOptions *o) {
  return o && (o->on_compare || o->nondet_value || o->on_event || o->line_hits || o->on_probe);
}

/* Can this run be native at all (whatever the program)? */
static bool hooks_served(const CxNative *n, const CxRunOptions *o) {
  if (!o) return true;
  /* a recursive program's run may give up halfway and begin again */
  if (n->recursive && recording(o)) return false;
  return !(o->on_probe && n->probes);
}

bool cx_native_run(CxProgram *c, const int64_t *params, const int64_t *nondet, int nnondet, const CxRunOptions *o,
                   CxResult *res) {
  if (cx_native_get_mode() == CX_NATIVE_OFF) return false;
  if (!c->native) {
    c->native = calloc(1, sizeof *c->native);
    if (!c->native) return false;
  }
  CxNative *n = c->native;
  if (n->state == N_UNTRIED) emit(c, n);
  if (n->state == N_OFF || n->nassumes != c->nassumes || !hooks_served(n, o)) {
    stats.fallbacks++;
    return false;
  }
  if (n->state == N_WAITING && (cx_native_get_mode() == CX_NATIVE_ALWAYS || c->interpreted_steps >= NATIVE_AFTER)) {
    compile_now(n);
    if (n->state != N_READY) {
      stats.fallbacks++;
      return false;
    }
  }
  if (n->state == N_WAITING) {
    /* a run that may take longer than what is left before compiling: run
       interpreted up to there; past it, compile and run again natively.
       (Not with hooks that record what they see: they would see it twice.) */
    uint64_t max = o && o->max_steps ? o->max_steps : 1000000000, left = NATIVE_AFTER - c->interpreted_steps;
    if (max <= left || recording(o)) {
      stats.fallbacks++;
      return false;
    }
    CxRunOptions capped = o ? *o : (CxRunOptions){0};
    capped.max_steps = left;
    cx_interpret(c, params, nondet, nnondet, &capped, res);
    if (!(res->outcome == CX_BUDGET && res->steps > left)) { /* the cap did not matter */
      stats.fallbacks++;
      return true;
    }
    compile_now(n);
    if (n->state != N_READY) {
      stats.fallbacks++;
      memset(res, 0, sizeof *res);
      return false;
    }
    memset(res, 0, sizeof *res);
  }
  assert(n->state == N_READY && n->entry);
  if (execute(c, n, params, nondet, nnondet, o, res)) return true;
  stats.fallbacks++;
  return false;
}

bool cx_native_prepare(CxProgram *c) {
  if (cx_native_get_mode() == CX_NATIVE_OFF) return false;
  if (!c->native && !(c->native = calloc(1, sizeof *c->native))) return false;
  CxNative *n = c->native;
  if (n->state == N_UNTRIED) emit(c, n);
  if (n->nassumes != c->nassumes) return false;
  compile_now(n);
  return n->state == N_READY;
}

bool cx_native_ready(const CxProgram *c) { return c->native && c->native->state == N_READY; }

const char *cx_native_why_not(const CxProgram *c) {
  if (!c->native) return "not tried";
  switch (c->native->state) {
  case N_READY: return NULL;
  case N_WAITING: return "not compiled yet";
  default: return c->native->why;
  }
}
