/* cx_native.h - what the native runs of the concrete mode share (native.c
 * loads and runs, native_emit.c writes the C source): the run state the
 * emitted code and the host exchange, and the reasons a native run stops.
 * Nothing outside concrete/ includes it.
 *
 * The emitted source starts with the text of CX_NATIVE_ABI, so the host and
 * the shared object agree on the layout by construction.
 */
#ifndef INKA_CX_NATIVE_H
#define INKA_CX_NATIVE_H

#include <setjmp.h>
#include <stdint.h>

#include "cx_internal.h"

/* The run state: memory views (refreshed by the host after every object it
   makes), the SSA globals and --iter counters (the interpreter's own
   arrays), the budgets, where the run is, and the host's services for what
   is rare or needs the memory's objects.  A stop (stop_run of the emitted
   code, or a host service) records outcome and why, then longjmps to *jb. */
#define CX_NATIVE_ABI                                                                                    \
  typedef struct CxNativeRun {                                                                           \
    int64_t *val;                                                                                        \
    uint8_t *def;                                                                                        \
    int64_t limit;                                                                                       \
    int64_t *g;                                                                                          \
    uint8_t *gdef;                                                                                       \
    int *iter;                                                                                           \
    uint64_t steps, max_steps;                                                                           \
    int depth, max_depth;                                                                                \
    int line, in_assume;                                                                                 \
    const int64_t *nondet;                                                                               \
    int nnondet, nused;                                                                                  \
    int compare_on, event_on;                                                                            \
    uint32_t *hits;                                                                                      \
    uintptr_t stack_floor;                                                                               \
    int nlines;                                                                                          \
    int outcome, why;                                                                                    \
    void *host;                                                                                          \
    jmp_buf *jb;                                                                                         \
    int64_t (*new_object)(struct CxNativeRun *, int site);                                               \
    int64_t (*param_object)(struct CxNativeRun *, int site, int64_t v);                                  \
    int64_t (*more_nondet)(struct CxNativeRun *, int site);                                              \
    void (*compared)(struct CxNativeRun *, int site, int64_t x, int64_t y);                              \
    int64_t (*ptr_add)(struct CxNativeRun *, int64_t p, int64_t k, int64_t i);                           \
    int64_t (*checked)(struct CxNativeRun *, int64_t l);                                                 \
    int64_t (*length)(struct CxNativeRun *, int64_t p, int64_t k);                                       \
    void (*event)(struct CxNativeRun *, int site, int outcome);                                          \
  } CxNativeRun;

CX_NATIVE_ABI

#define CX_NATIVE_STR_(...) #__VA_ARGS__
#define CX_NATIVE_STR(...) CX_NATIVE_STR_(__VA_ARGS__)

/* The outcome of a native run that gave up (recursion deeper than the C
   stack allows): the interpreter runs it again from the start. */
enum { CXN_OUTCOME_STACK = -1 };

/* Why a native run stopped (CxNativeRun.why): the interpreter's texts
   (native.c cx_native_reason).  For CX_ENDED, why is the CxEnd. */
typedef enum {
  CXN_NONE,
  CXN_UNINIT_MEMORY,  /* a read of memory that no test controls */
  CXN_STORE_OUTSIDE,  /* a store outside every object */
  CXN_DIV_ZERO,
  CXN_INT_MIN_DIV,
  CXN_OVERFLOW,
  CXN_SHIFT_COUNT,
  CXN_SHIFT_NEGATIVE,
  CXN_UNINIT_VAR,
  CXN_UNINIT_GLOBAL,
  CXN_ADDR_LIFETIME,
  CXN_INDEX,
  CXN_PTR_DIFF,
  CXN_STEPS,
  CXN_DEPTH,
  CXN_MEMORY,         /* the concrete memory is exhausted */
  CXN_NONDET,         /* more nondet values than given */
  CXN_PTR_LEAVES,     /* pointer arithmetic leaves its object */
  CXN_BAD_ACCESS,     /* an access through a NULL, dangling or out-of-bounds pointer */
  CXN_NREASONS
} CxNativeWhy;

/* The sites the emitted code names by number: objects it asks the host to
   make, nondet calls, comparisons reported to on_compare. */
typedef struct CxNativeSites {
  const CxStmt **decl;      /* S_DECL_MEM statements */
  int ndecl;
  const CxFunc **pfunc;     /* parameters in memory: function and index */
  int *pindex;
  int nparam;
  const CxStmt **nondet;    /* S_NONDET statements */
  int nnondet;
  const CxExpr **compare;   /* comparisons with a simple side (e->cmp) */
  int ncompare;
  const CxStmt **event;     /* every statement (CxRunOptions.on_event) */
  int nevent;
  bool recursive;           /* a function calls itself, directly or not: each
                               call checks the C stack (CXN_OUTCOME_STACK) */
} CxNativeSites;

/* native_emit.c: the C source of c (malloc'd) and its sites, or NULL with
   *why (static text) for a program outside what is emitted. */
char *cx_native_emit(const CxProgram *c, CxNativeSites *sites, const char **why);
void cx_native_sites_free(CxNativeSites *sites);

/* native.c: runs c natively (true: *res is the run's result), or false
   when the interpreter must run it; frees c->native. */
bool cx_native_run(CxProgram *c, const int64_t *params, const int64_t *nondet, int nnondet, const CxRunOptions *o,
                   CxResult *res);
/* run.c: the interpreter (cx_run without native runs). */
CxOutcome cx_interpret(CxProgram *c, const int64_t *params, const int64_t *nondet, int nnondet, const CxRunOptions *o,
                       CxResult *res);
/* run.c: the on_compare report of comparison e that saw x and y. */
void cx_report_compare(const CxExpr *e, int64_t x, int64_t y,
                       void (*on_compare)(void *ctx, const void *site, int param, int64_t value), void *ctx);
/* run.c: memory and globals as before any run. */
void cx_reset(CxProgram *c);

#endif
