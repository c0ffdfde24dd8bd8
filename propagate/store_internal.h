/* store_internal.h - the layout of PropStore, shared by the files of
 * propagate/ only (nothing outside propagate/ may include it).
 *
 * Memory model (docs/design.md §4):
 *  - one arena: chunks that never move; a choice point records (chunk, offset)
 *    and popping restores it, so whatever was allocated after the push is gone;
 *  - one trail: typed entries (a word, a domain, a subscription list head, a
 *    union-find node) undone in reverse order by prop_pop;
 *  - variables live in a malloc'd array indexed by PropVar (it may move: the
 *    trail refers to variables by index, never by address);
 *  - a domain is [lo, hi] inline (n == 1, iv == NULL) or an immutable
 *    arena array of n >= 2 disjoint, non-adjacent, sorted intervals.
 *    Updates are copy-on-write: the old (lo, hi, iv, n) goes on the trail
 *    once per choice point (time stamps), the new array is allocated at the
 *    current level and may be overwritten in place while the level lasts.
 */
#ifndef INKA_PROPAGATE_STORE_INTERNAL_H
#define INKA_PROPAGATE_STORE_INTERNAL_H

#include <stdint.h>

#include "inka/prop.h"

#define PROP_ALIGN 16
#define PROP_CHUNK_BYTES ((size_t)1 << 16)

/* A subscription: p wants to hear about events in `event` on one variable.
   A variable keeps one list per kind of event, so that a change walks only
   the subscriptions it wakes. */
enum { SUB_FIX, SUB_BOUNDS, SUB_DOMAIN };
struct PropSub {
  Propagator *p;
  struct PropSub *next;
  int event;
  PropVar var;
};

typedef struct PropVarRec {
  int64_t lo, hi;          /* bounds, always valid */
  PropInterval *iv;        /* NULL when n == 1 */
  int32_t n;               /* number of intervals, >= 1 */
  uint64_t stamp;          /* stamp of the level that owns the current domain */
  int32_t parent, size;    /* union-find (union by size, no compression) */
  uint64_t cres;           /* congruence: x == cres (mod 2^cbits) as stored */
  uint8_t cbits;           /*   0: nothing known; fixed variables: see prop_congruence */
  uint32_t omod, ores;     /* odd congruence: x == ores (mod omod) on the value, omod odd;
                              0 or 1: nothing known (prop_odd_congruence) */
  uint8_t fp_prec, fp_exp_bits;   /* a float's format (prop_set_float_keys), 0: none */
  PropSub *subs[3];        /* subscriptions by kind (SUB_FIX, SUB_BOUNDS, SUB_DOMAIN):
                              arena nodes, trailed heads */
  bool bisect;             /* labeling splits it at the middle (prop_set_bisect) */
  bool newest_first;       /* labeling tries 0, then from the largest down
                              (prop_set_newest_first) */
} PropVarRec;

/* An append-only list of variables; a choice point records its length,
   which prop_pop restores. */
typedef struct PropVarList {
  PropVar *v;
  int n, cap;
} PropVarList;

typedef struct PropChunk {
  unsigned char *mem;
  size_t size;
  size_t before;           /* bytes of all chunks before this one */
} PropChunk;

enum { TR_INT, TR_I64, TR_PTR, TR_DOM, TR_SUBS, TR_UF, TR_CONG, TR_ODD };

typedef struct PropTrailEntry {
  int32_t kind, var;
  union {
    struct { void *addr; int64_t i; void *p; } w;
    struct { int64_t lo, hi; PropInterval *iv; uint64_t stamp; int32_t n; } dom;
    struct { PropSub *old; int32_t which; } subs;
    struct { int32_t parent, size; } uf;
    struct { uint64_t res; uint8_t bits; } cong;
    struct { uint32_t mod, res; } odd;
  } u;
} PropTrailEntry;

typedef struct PropChoice {
  int chunk;
  size_t off;
  size_t trail_top;
  int nvars, ndecisions, nhints, nbranches, nlinear;
  uint32_t next_id;
  uint64_t stamp;
} PropChoice;

/* A saved member of the outer queue (trials restore the queue exactly). */
typedef struct PropQueued {
  Propagator *p;
  int state;
  bool deferred;         /* a place among the deferred runs, not in a level */
} PropQueued;

/* The bit of PropStore.nonempty that says deferred runs are waiting. */
enum { PROP_LEVEL_DEFERRED = PROP_PRIO_COUNT };
/* Appends p to the deferred runs (queue.c; a trial's restore uses it too). */
void prop_defer_link(PropStore *s, Propagator *p);

struct PropStore {
  /* budget: CLOCK_MONOTONIC seconds; past it every propagation fails */
  double deadline;
  uint64_t max_propagations;       /* 0: none */
  bool timed_out;
  uint64_t node_max_propagations;  /* the node budget (prop_set_node_budget); 0: none */
  bool node_cut;                   /* the node budget ran out */
  /* memory budget (memory_budget.c): bytes; 0: none */
  size_t max_memory, chunk_bytes, charged_bytes;
  bool out_of_memory;
  /* arena */
  PropChunk *chunks;
  int nchunks, capchunks, chunk;   /* chunk: the current one */
  size_t off;                      /* top inside the current chunk */

  /* trail and choice points */
  PropTrailEntry *trail;
  size_t ntrail, captrail;
  PropChoice *choices;
  int nchoices, capchoices;
  uint64_t stamp;                  /* stamp of the current level */
  uint64_t stamp_counter;          /* last stamp handed out (never reused) */

  /* variables */
  PropVarRec *vars;
  int nvars, capvars;
  PropInterval *scratch;           /* temporary interval lists */
  PropInterval *scratch2;          /* a second one (snapping to a congruence) */
  int capscratch2;
  int capscratch;

  /* propagation */
  Propagator *head[PROP_PRIO_COUNT], *tail[PROP_PRIO_COUNT];
  Propagator *dhead, *dtail;       /* the deferred runs (prop_defer) */
  unsigned nonempty;               /* bit l: level l has members; bit PROP_LEVEL_DEFERRED: dhead */
  Propagator *current;             /* in evaluation, innermost */
  int current_trial;               /* trial depth at which current started */
  bool current_deferred;           /* current runs as a deferred run */
  uint64_t defer_since;            /* propagator runs when the deferred runs last ran or began to wait */
  uint32_t next_id;
  bool failed;

  /* trials */
  int trial_depth, trial_limit;
  uint64_t serial;        /* unique among the stores of the process */
  uint64_t small_steps;            /* narrowings of a wide domain by a few values */
  uint64_t trial_small_base;       /* small_steps when the outermost trial began */
  bool trial_inconclusive;         /* the running trial was stopped (slow convergence, work budget) */
  uint64_t trial_work;             /* propagator runs the next outermost trial may make (0: any) */
  uint64_t trial_work_end;         /* stats.propagations past which it stops (0: none) */
  bool (*slow_refutes)(PropStore *s); /* asked when propagation converges slowly */
  bool refuting;                      /* slow_refutes is running */
  PropQueued *qsave;               /* stack of saved outer queues */
  int nqsave, capqsave;

  /* decision variables */
  PropVarList decisions;        /* what search labels */
  Propagator **linear;          /* propagators with a linear row (prop_add_linear) */
  int nlinear, caplinear;
  PropVarList hints;            /* variables a goal-first search labels first */
  PropVarList branches;         /* booleans that choose a path, oldest first */

  PropStats stats;
};

/* arena.c */
void prop_arena_init(PropStore *s);
void prop_arena_free(PropStore *s);
size_t prop_arena_used(const PropStore *s);

/* memory_budget.c: marks the store out of memory once past its budget
   (called wherever the store grows). */
void prop_memory_check(PropStore *s);

/* trail.c */
void prop_trail_grow(PropStore *s);
static inline void prop_trail_entry(PropStore *s, const PropTrailEntry *e) {
  if (s->ntrail == s->captrail) prop_trail_grow(s);
  s->trail[s->ntrail++] = *e;
}
void prop_push_internal(PropStore *s);   /* no fixpoint requirement (trials) */

/* queue.c */
void prop_queue_clear(PropStore *s);
void prop_fail(PropStore *s);            /* marks the store failed, clears the queue */
void prop_notify(PropStore *s, PropVar x, int ev);
void prop_notify_narrower(PropStore *s, PropVar x, int ev); /* wakes an idempotent running propagator too */

/* Grows *buf (of *cap elements of size elem) to hold at least need. */
void prop_grow(void **buf, int *cap, int need, size_t elem);

#endif
