/* search.h - labeling search over the store's decision variables
 * (label/search.c).  Knows nothing of C or of objectives: it enumerates
 * assignments of the decision variables (prop_add_decision) depth first,
 * propagating after each choice, under budgets.  The decision list may grow
 * during search (a loop unfolding creates new inputs): a node is a leaf only
 * when every decision variable that exists there is fixed.
 */
#ifndef INKA_SEARCH_H
#define INKA_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "inka/prop.h"

typedef enum {
  SEARCH_VAR_INPUT_ORDER,   /* the first unfixed decision variable */
  SEARCH_VAR_FIRST_FAIL,    /* the unfixed one with the smallest domain (ties: order) */
  SEARCH_VAR_WIDEST,        /* the unfixed one with the largest domain (ties: order):
                               a different first guess for restarts */
} SearchVarOrder;

typedef enum {
  SEARCH_VAL_NEAR_ZERO,     /* 0, 1, -1, 2, -2, ... within the domain; wide domains
                               (size > 64) are split instead around the value
                               nearest 0: x = v, then x < v, then x > v */
  SEARCH_VAL_MIN,           /* x = min, then x > min */
  SEARCH_VAL_MAX,
  SEARCH_VAL_SPLIT,         /* x <= mid, then x > mid */
  SEARCH_VAL_RANDOM,        /* a seeded random value of the domain, then the rest */
} SearchValOrder;

/* Called at each leaf (all decision variables fixed, propagation at fixpoint).
   Return SEARCH_ACCEPT to stop with this solution (the store stays in the
   leaf state), SEARCH_CONTINUE to look for more (all-solutions mode), or
   SEARCH_REJECT to treat the leaf as a failure without it being one
   (the verdict then cannot claim that the space was refuted). */
typedef enum { SEARCH_ACCEPT, SEARCH_CONTINUE, SEARCH_REJECT, SEARCH_FAIL } SearchLeaf;
typedef SearchLeaf (*SearchLeafFn)(PropStore *s, void *ctx);
/* SEARCH_FAIL (from a leaf function or a probe): no solution here, a plain
   failure (the space stays refuted). */

typedef struct SearchOptions {
  SearchVarOrder var_order;
  SearchValOrder val_order;
  uint64_t seed;
  uint64_t max_nodes;       /* 0: unlimited */
  uint64_t max_failures;    /* 0: unlimited */
  double max_seconds;       /* 0: unlimited (wall clock, checked every node) */
  uint64_t window;          /* NEAR_ZERO only; 0: off.  Otherwise each variable
                               tries only the `window` values of its domain
                               nearest 0 (x = v each); a domain with more
                               values makes the result INCOMPLETE, never
                               EXHAUSTED.  Searching with growing windows
                               keeps depth-first search out of one infinite
                               corner of a wide domain. */
  bool powers;              /* with a window, for a domain without 0: then
                               also the values nearest +-2^j beyond it, one
                               per power and side */
  bool hints_first;         /* while a decision variable is unfixed, branch
                               first on the newest unfixed hint (prop_add_hint) */
  bool branches_first;      /* ... or first on the oldest unfixed branch
                               (prop_add_branch) */
  SearchLeafFn probe;       /* optional, with the leaf function's ctx: called
                               after each choice is applied and before it is
                               propagated.  SEARCH_CONTINUE propagates as
                               usual; SEARCH_ACCEPT stops with this node as the
                               solution (not propagated); SEARCH_REJECT drops
                               the node's subtree as a rejected leaf would;
                               SEARCH_FAIL drops it as refuted.  It lets a
                               caller that can answer a whole subtree (every
                               input fixed: run the program) skip propagating
                               it. */
  uint64_t max_node_propagations; /* 0: unlimited.  Otherwise the propagation
                               of one choice that takes more propagator runs
                               is stopped and its node dropped (the result is
                               then INCOMPLETE at best): one choice whose
                               consequences unfold without end (a loop that
                               can never exit, for the objective's sake)
                               must not eat the whole work budget of a
                               search whose other branches are cheap. */
  /* Called at every node after propagation; false refutes the node (it
     must only say so when the node has no solution).  NULL: none. */
  bool (*refutes)(PropStore *s);
} SearchOptions;



typedef enum {
  SEARCH_FOUND,             /* a leaf was accepted; the store is at that leaf */
  SEARCH_EXHAUSTED,         /* every branch failed or was continued: complete */
  SEARCH_INCOMPLETE,        /* exhausted, but a leaf was rejected */
  SEARCH_BUDGET,            /* a budget ran out first */
} SearchResult;

typedef struct SearchStats {
  uint64_t nodes, failures, solutions, max_depth;
  uint64_t stack_cuts;   /* depth-first search stopped: the machine stack ran low (a budget) */
  uint64_t node_cuts;    /* nodes dropped by max_node_propagations (a budget) */
  double seconds;
} SearchStats;

void search_default_options(SearchOptions *o);
/* Solves from the current state of s (which must be at a fixpoint and not
   failed; a choice point is pushed first, so after a result other than
   SEARCH_FOUND the store is back where it started).  stats may be NULL. */
SearchResult search_solve(PropStore *s, const SearchOptions *o,
                          SearchLeafFn leaf, void *ctx, SearchStats *stats);

/* After SEARCH_FOUND the store stays at the accepted leaf with the search's
   choice points open (its root one included).  The caller records
   level = prop_level(s) before search_solve and, when done with the leaf,
   calls search_backtrack(s, level): pops until prop_level(s) == level. */
void search_backtrack(PropStore *s, int level);

#endif
