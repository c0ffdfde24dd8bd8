/* memory_fixture.h - what the memory operator tests share
 * (tests/memory/test_memory_*.c): a real Tr on an empty function, never
 * started, so that the operators of operators/memory/ run on exactly the
 * structures the translation gives them; the types (struct rec { int f;
 * int t; }, int) come from a tiny program parsed by the frontend; and
 * helpers to make small memories and read their states.
 */
#ifndef INKA_TESTS_MEMORY_FIXTURE_H
#define INKA_TESTS_MEMORY_FIXTURE_H

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "inka/frontend.h"
#include "operators/memory/memory_internal.h"

/* ---- Fixture ------------------------------------------------------------------ */

static const char *const SOURCE = "struct rec { int f; int t; };\n"
                                  "void types(struct rec *r, int i) { (void)r; (void)i; }\n"
                                  "void empty(void) { }\n"
                                  "void others(long l, unsigned u, struct rec *p) { (void)l; (void)u; (void)p; }\n";

static IrProgram *prog;
static const IrType *rec_ty, *int_ty, *long_ty, *uint_ty, *recp_ty;

typedef struct Fx {
  PropStore *s;
  Tr *t;
} Fx;

static inline bool parse_types(void) {
  char dir[] = "/tmp/inka-memtest-XXXXXX";
  if (!mkdtemp(dir)) return false;
  char path[64];
  snprintf(path, sizeof path, "%s/types.c", dir);
  FILE *f = fopen(path, "w");
  if (!f) return false;
  fputs(SOURCE, f);
  fclose(f);
  FeOptions opt = {0};
  FeErrors err = {0};
  prog = fe_parse_file(path, &opt, &err);
  if (err.text) fprintf(stderr, "%s", err.text);
  fe_errors_free(&err);
  remove(path);
  rmdir(dir);
  if (!prog) return false;
  const IrFunction *fn = ir_find_function(prog, "types");
  if (!fn || fn->nparams != 2) return false;
  rec_ty = fn->params[0]->type->base;
  int_ty = fn->params[1]->type;
  const IrFunction *more = ir_find_function(prog, "others");
  if (!more || more->nparams != 3) return false;
  long_ty = more->params[0]->type;
  uint_ty = more->params[1]->type;
  recp_ty = more->params[2]->type;
  return rec_ty->kind == IR_TY_STRUCT && int_ty->kind == IR_TY_INT;
}

static inline bool fx_open(Fx *fx) {
  fx->s = prop_store_new();
  TrObjective obj = {0};
  TrLimits lim = {.max_unfold = 1000};
  char *err = NULL;
  fx->t = tr_new(fx->s, prog, ir_find_function(prog, "empty"), &obj, &lim, &err);
  if (!fx->t) {
    fprintf(stderr, "tr_new: %s\n", err ? err : "?");
    free(err);
    prop_store_free(fx->s);
    return false;
  }
  return true;
}

static inline void fx_close(Fx *fx) {
  tr_free(fx->t);
  prop_store_free(fx->s);
}

#define OPEN(fx)                  \
  Fx fx;                          \
  CHECK(fx_open(&fx));            \
  if (check_failures_in_test) return

/* ---- Helpers -------------------------------------------------------------------- */

/* The domain of v as "[lo,hi] [lo,hi]" (a rotating set of buffers). */
static inline const char *dom(PropStore *s, PropVar v) {
  static char bufs[8][256];
  static int next;
  char *out = bufs[next++ % 8];
  size_t k = 0;
  out[0] = 0;
  for (int j = 0; j < prop_interval_count(s, v) && k < 256; j++) {
    PropInterval iv = prop_interval(s, v, j);
    k += (size_t)snprintf(out + k, 256 - k, "%s[%lld,%lld]", j ? " " : "", (long long)iv.lo, (long long)iv.hi);
  }
  return out;
}

#define CHECK_DOM(fx, v, expected)                                                                         \
  do {                                                                                                     \
    const char *dom_ = dom((fx).s, v);                                                                     \
    if (strcmp(dom_, expected)) {                                                                          \
      check_failures_in_test++;                                                                            \
      fprintf(stderr, "%s:%d: domain of %s is %s, expected %s\n", __FILE__, __LINE__, #v, dom_, expected); \
    }                                                                                                      \
  } while (0)

/* A variable whose domain is exactly the n values given (any order). */
static inline PropVar set_var(Fx *fx, const int64_t *vals, int n) {
  PropDomain d = {0};
  d.iv = malloc(sizeof *d.iv * (size_t)n);
  d.cap = n;
  int64_t sorted[64];
  assert(n > 0 && n <= 64);
  memcpy(sorted, vals, sizeof *vals * (size_t)n);
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0 && sorted[j - 1] > sorted[j]; j--) {
      int64_t x = sorted[j];
      sorted[j] = sorted[j - 1];
      sorted[j - 1] = x;
    }
  for (int i = 0; i < n; i++) d.iv[d.n++] = (PropInterval){sorted[i], sorted[i]};
  PropVar v = prop_new_var_domain(fx->s, &d);
  prop_domain_free(&d);
  return v;
}
#define SET_VAR(fx, ...) set_var(&(fx), (int64_t[]){__VA_ARGS__}, (int)(sizeof((int64_t[]){__VA_ARGS__}) / sizeof(int64_t)))

static inline PropVar cst(Fx *fx, int64_t v) { return prop_new_const(fx->s, v); }
static inline PropVar rd(Fx *fx, TrMem *m, int64_t loc) { return tr_mem_read(fx->t, m, loc, fx->t->one); }
static inline int64_t hdr(const TrObject *o) { return o->base - 1; }
static inline int64_t gap(const TrObject *o) { return o->base + o->ncells; }

static inline TrObject *heap(Fx *fx, int line) { return tr_new_object(fx->t, TR_OBJ_HEAP, rec_ty, 1, NULL, line); }

/* A local of n ints whose cells hold, from the start, the variables given
   (like a global's initializer or an address-taken parameter). */
static inline TrObject *local_with(Fx *fx, int n, const PropVar *init) {
  TrObject *o = tr_new_object(fx->t, TR_OBJ_LOCAL, int_ty, n, "l", 1);
  o->initial = prop_alloc(fx->s, sizeof(PropVar) * (size_t)n);
  for (int i = 0; i < n; i++) o->initial[i] = init[i];
  return o;
}

static inline bool fixv(Fx *fx, PropVar v, int64_t x) { return prop_fix(fx->s, v, x) && prop_propagate(fx->s); }

#endif
