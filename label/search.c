/* search.c - labeling search (docs/design.md §6): depth-first enumeration of
 * the store's decision variables, propagating after every choice.
 *
 * A node picks an unfixed decision variable (the list may have grown since
 * the parent: it is scanned again at each node), computes two or three
 * alternatives from the value order (x = v / x != v, x <= mid / x > mid, or
 * x = v / x < v / x > v), explores every alternative but the last under a
 * choice point, and applies the last one in place and loops: the recursion
 * depth is the number of open choice points, never the size of a domain.
 * With hints_first, while some decision is unfixed, the node branches on the
 * newest unfixed hint instead (prop_add_hint): labeling more variables than
 * the decisions splits the same space, so exhaustion is still complete.
 * Knows nothing of C or objectives; never leaves choice points open except
 * at an accepted leaf.
 */
#include <time.h>

#include "inka/search.h"

typedef enum { BR_EQ, BR_NE, BR_LE, BR_GT, BR_LT } BranchKind;
typedef struct { BranchKind kind; int64_t v; } Branch;
typedef enum { DFS_DONE, DFS_FOUND, DFS_BUDGET } Outcome;

typedef struct Search {
  PropStore *s;
  const SearchOptions *o;
  SearchLeafFn leaf;
  void *ctx;
  SearchStats st;
  int base;            /* prop_level just inside the search's root choice point */
  bool rejected;
  uint64_t rng;
  struct timespec t0;
} Search;

void search_default_options(SearchOptions *o) {
  *o = (SearchOptions){.var_order = SEARCH_VAR_INPUT_ORDER,
                       .val_order = SEARCH_VAL_NEAR_ZERO,
                       .seed = 1};
}

void search_backtrack(PropStore *s, int level) {
  while (prop_level(s) > level) prop_pop(s);
}

static double elapsed(const Search *c) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - c->t0.tv_sec) + (double)(t.tv_nsec - c->t0.tv_nsec) * 1e-9;
}

static bool out_of_budget(const Search *c) {
  const SearchOptions *o = c->o;
  if (o->max_nodes && c->st.nodes >= o->max_nodes) return true;
  if (o->max_failures && c->st.failures >= o->max_failures) return true;
  if (prop_timed_out(c->s)) return true; /* the kernel's deadline or work budget: failures prove nothing */
  return o->max_seconds > 0 && elapsed(c) >= o->max_seconds;
}

/* xorshift64* */
static uint64_t next_random(Search *c) {
  c->rng ^= c->rng >> 12;
  c->rng ^= c->rng << 25;
  c->rng ^= c->rng >> 27;
  return c->rng * 0x2545F4914F6CDD1DULL;
}

/* ---- Variable order ------------------------------------------------------- */

/* A float's NaN, +inf or -inf (in that order) still in its wide domain:
   labeling tries each alone, then the rest, so the ordinary values are
   bisected without them (relations between floats hold only there). */
static bool special_value(const PropStore *s, PropVar x, int64_t *out) {
  int prec, exp_bits;
  if (!prop_float_keys(s, x, &prec, &exp_bits) || prop_size(s, x) <= 64) return false;
  int64_t inf = (((int64_t)1 << exp_bits) - 1) << (prec - 1);
  const int64_t special[3] = {inf + 1, inf, -1 - inf};
  for (int i = 0; i < 3; i++) {
    if (prop_has(s, x, special[i])) {
      *out = special[i];
      return true;
    }
  }
  return false;
}

/* A float value a test writer's edge cases use, still in x's wide domain:
   +-1 and their neighbours (1 + ulp is where rounding turns), +-2, +-0.5,
   the largest finite and the smallest subnormal.  Tried alone each, once
   per path (the other branch removes it), before bisection. */
static bool edge_value(const PropStore *s, PropVar x, int64_t *out) {
  int prec, exp_bits;
  if (!prop_float_keys(s, x, &prec, &exp_bits) || prop_size(s, x) <= 64) return false;
  int64_t bias = ((int64_t)1 << (exp_bits - 1)) - 1, m = (int64_t)1 << (prec - 1);
  int64_t inf = (((int64_t)1 << exp_bits) - 1) << (prec - 1), one = bias * m;
  const int64_t pos[] = {one, one + 1, one - 1, one + m, one - m, inf - 1, 1};
  for (int i = 0; i < 7; i++) {
    for (int sign = 0; sign < 2; sign++) {
      int64_t k = sign ? -1 - pos[i] : pos[i];
      if (prop_has(s, x, k)) {
        *out = k;
        return true;
      }
    }
  }
  return false;
}

/* The decision variable to branch on, or -1 at a leaf.  *start: the first
   index that may be unfixed (fixed variables stay fixed below a node). */
static PropVar select_var(Search *c, int *start) {
  PropStore *s = c->s;
  int n = prop_decision_count(s), i = *start;
  while (i < n && prop_is_fixed(s, prop_decision(s, i))) i++;
  *start = i;
  if (i == n) return -1;
  if (c->o->branches_first)
    for (int b = 0; b < prop_branch_count(s); b++)
      if (!prop_is_fixed(s, prop_branch(s, b))) return prop_branch(s, b);
  if (c->o->hints_first)
    for (int h = prop_hint_count(s) - 1; h >= 0; h--)
      if (!prop_is_fixed(s, prop_hint(s, h))) return prop_hint(s, h);
  /* Floats first lose NaN and the infinities, each tried alone: one node
     each, after which relations between the ordinary values can hold. */
  int64_t special;
  for (int k = i; k < n; k++)
    if (special_value(s, prop_decision(s, k), &special)) return prop_decision(s, k);
  PropVar best = prop_decision(s, i);
  if (c->o->var_order == SEARCH_VAR_INPUT_ORDER) return best;
  bool widest = c->o->var_order == SEARCH_VAR_WIDEST;
  uint64_t best_size = prop_size(s, best);
  for (i++; i < n && (widest || best_size > 2); i++) {
    PropVar x = prop_decision(s, i);
    if (prop_is_fixed(s, x)) continue;
    uint64_t size = prop_size(s, x);
    if (widest ? size > best_size : size < best_size) { best = x; best_size = size; }
  }
  return best;
}

/* ---- Value order ----------------------------------------------------------- */

/* The value of dom(x) nearest 0; ties: the positive one. */
static int64_t nearest_zero(const PropStore *s, PropVar x) {
  if (prop_has(s, x, 0)) return 0;
  int64_t pos, neg;
  bool has_pos = prop_next(s, x, 0, &pos), has_neg = prop_prev(s, x, 0, &neg);
  if (!has_neg) return pos;
  if (!has_pos) return neg;
  return (prop_wide)pos <= -(prop_wide)neg ? pos : neg;
}

static int64_t random_value(Search *c, PropVar x) {
  const PropStore *s = c->s;
  PropInterval iv = prop_interval(s, x, (int)(next_random(c) % (uint64_t)prop_interval_count(s, x)));
  uint64_t width = (uint64_t)iv.hi - (uint64_t)iv.lo;   /* size - 1 */
  uint64_t r = next_random(c);
  uint64_t off = width == UINT64_MAX ? r : r % (width + 1);
  return (int64_t)((uint64_t)iv.lo + off);
}

/* Fills br with the alternatives for x (unfixed); returns their number. */
static int branches(Search *c, PropVar x, Branch *br) {
  const PropStore *s = c->s;
  int64_t lo = prop_min(s, x), hi = prop_max(s, x), v;
  switch (c->o->val_order) {
  case SEARCH_VAL_MIN:
    br[0] = (Branch){BR_EQ, lo};
    br[1] = (Branch){BR_NE, lo};
    return 2;
  case SEARCH_VAL_MAX:
    br[0] = (Branch){BR_EQ, hi};
    br[1] = (Branch){BR_NE, hi};
    return 2;
  case SEARCH_VAL_SPLIT:
    v = (int64_t)(((prop_wide)lo + hi) >> 1);   /* floor: lo <= v < hi */
    br[0] = (Branch){BR_LE, v};
    br[1] = (Branch){BR_GT, v};
    return 2;
  case SEARCH_VAL_RANDOM:
    v = random_value(c, x);
    br[0] = (Branch){BR_EQ, v};
    br[1] = (Branch){BR_NE, v};
    return 2;
  case SEARCH_VAL_NEAR_ZERO:
  default:
    if (special_value(s, x, &v) || edge_value(s, x, &v)) {
      br[0] = (Branch){BR_EQ, v};
      br[1] = (Branch){BR_NE, v};
      return 2;
    }
    if (prop_is_bisect(s, x) && prop_size(s, x) > 64) {
      /* Halves at the middle, the one farther from 0 first: the values
         near 0 are what the window stages try. */
      v = (int64_t)(((prop_wide)lo + hi) >> 1);
      br[v >= 0 ? 1 : 0] = (Branch){BR_LE, v};
      br[v >= 0 ? 0 : 1] = (Branch){BR_GT, v};
      return 2;
    }
    v = prop_is_newest_first(s, x) && !prop_has(s, x, 0) ? hi : nearest_zero(s, x);
    br[0] = (Branch){BR_EQ, v};
    if (prop_size(s, x) <= 64) {
      br[1] = (Branch){BR_NE, v};
      return 2;
    }
    int n = 1;
    if (v > lo) br[n++] = (Branch){BR_LT, v};
    if (v < hi) br[n++] = (Branch){BR_GT, v};
    return n;
  }
}

typedef enum { APPLY_FAILED, APPLY_OK, APPLY_FOUND, APPLY_DROPPED } Applied;

/* Propagates a choice under the node budget.  A cut node is dropped like a
   rejected leaf: the store failed part-way (a trial stopped by the budget
   may even have deduced something wrong), the caller pops it, and the
   search can no longer prove anything, but its siblings are still tried. */
static Applied propagate_node(Search *c) {
  PropStore *s = c->s;
  if (!c->o->max_node_propagations) return prop_propagate(s) ? APPLY_OK : APPLY_FAILED;
  prop_set_node_budget(s, c->o->max_node_propagations);
  bool ok = prop_propagate(s);
  bool cut = prop_node_cut(s);
  prop_set_node_budget(s, 0);
  if (!cut) return ok ? APPLY_OK : APPLY_FAILED;
  c->rejected = true;
  c->st.failures++;
  c->st.node_cuts++;
  return APPLY_DROPPED;
}

static Applied apply(Search *c, PropVar x, Branch b) {
  PropStore *s = c->s;
  bool ok;
  switch (b.kind) {
  case BR_EQ: ok = prop_fix(s, x, b.v); break;
  case BR_NE: ok = prop_remove(s, x, b.v); break;
  case BR_LE: ok = prop_set_max(s, x, b.v); break;
  case BR_LT: ok = prop_set_max_wide(s, x, (prop_wide)b.v - 1); break;
  case BR_GT: ok = prop_set_min_wide(s, x, (prop_wide)b.v + 1); break;
  default: ok = false;
  }
  if (!ok) return APPLY_FAILED;
  if (c->o->probe) {
    switch (c->o->probe(s, c->ctx)) {
    case SEARCH_ACCEPT: c->st.solutions++; return APPLY_FOUND;
    case SEARCH_FAIL: return APPLY_FAILED;
    case SEARCH_REJECT:
      c->rejected = true;
      c->st.failures++;
      return APPLY_DROPPED;
    case SEARCH_CONTINUE: break;
    }
  }
  return propagate_node(c);
}

/* ---- Depth-first search ------------------------------------------------------ */

static Outcome at_leaf(Search *c) {
  SearchLeaf r = c->leaf ? c->leaf(c->s, c->ctx) : SEARCH_ACCEPT;
  if (r == SEARCH_REJECT || r == SEARCH_FAIL) {
    c->st.failures++;
    c->rejected |= r == SEARCH_REJECT;
    return DFS_DONE;
  }
  c->st.solutions++;
  return r == SEARCH_ACCEPT ? DFS_FOUND : DFS_DONE;
}

static Outcome dfs(Search *c, int start);

/* Tries x = v under a choice point; DFS_DONE to go on with the next value. */
static Outcome try_value(Search *c, PropVar x, int64_t v, int start) {
  PropStore *s = c->s;
  if (out_of_budget(c)) return DFS_BUDGET;
  prop_push(s);
  Applied a = apply(c, x, (Branch){BR_EQ, v});
  if (a == APPLY_FOUND) return DFS_FOUND;
  if (a == APPLY_OK) {
    Outcome r = dfs(c, start);
    if (r != DFS_DONE) return r;
  } else if (a == APPLY_FAILED) {
    c->st.failures++;
  }
  prop_pop(s);
  return DFS_DONE;
}

/* After the window, with powers, when 0 is not in dom(x): the values of
   dom(x) nearest +-2^j for j = 1, 2, ... beyond what the window tried (pos
   and neg: the next untried value on each side), positive first.  One value
   per power and side.  A domain that propagation moved away from 0 is
   typically a count that must be large enough (a loop that must run at
   least K times): it gets a large enough value after log2(K) tries, each
   costing about the loop it unfolds, where consecutive values would cost
   K^2.  (Domains around 0 keep the plain window: powers there multiplied
   the nodes of the windowed stages that proofs go through.) */
static Outcome dfs_powers(Search *c, PropVar x, int start, bool has_pos, int64_t pos, bool has_neg, int64_t neg) {
  PropStore *s = c->s;
  for (int j = 1; j < 63 && (has_pos || has_neg); j++) {
    int64_t p2 = (int64_t)1 << j;
    if (has_pos && pos < p2) has_pos = prop_next(s, x, p2 - 1, &pos);     /* the least value >= 2^j */
    if (has_pos && (j == 62 || pos < 2 * p2)) {
      Outcome r = try_value(c, x, pos, start);
      if (r != DFS_DONE) return r;
      has_pos = prop_next(s, x, pos, &pos);
    }
    if (has_neg && neg > -p2) has_neg = prop_prev(s, x, -(p2 - 1), &neg); /* the greatest value <= -2^j */
    if (has_neg && (j == 62 || neg > -2 * p2)) {
      Outcome r = try_value(c, x, neg, start);
      if (r != DFS_DONE) return r;
      has_neg = prop_prev(s, x, neg, &neg);
    }
  }
  return DFS_DONE;
}

/* The window mode: x = v for the `window` values of dom(x) nearest 0, in
   order of distance (ties: positive first), then with powers a few values
   farther out (dfs_powers). */
static Outcome dfs_window(Search *c, PropVar x, int start) {
  PropStore *s = c->s;
  int64_t pos, neg;
  bool has_pos, has_neg;
  if (prop_has(s, x, 0)) {
    pos = neg = 0;
    has_pos = has_neg = true;
  } else {
    has_pos = prop_next(s, x, 0, &pos);
    has_neg = prop_prev(s, x, 0, &neg);
  }
  bool zero_done = false;
  for (uint64_t tried = 0; has_pos || has_neg; tried++) {
    if (tried == c->o->window) {
      c->rejected = true; /* values beyond the window were not tried (all of them, even with powers) */
      if (!c->o->powers || zero_done) return DFS_DONE; /* (only for domains propagation moved away from 0) */
      return dfs_powers(c, x, start, has_pos, pos, has_neg, neg);
    }
    bool take_pos = has_pos && (!has_neg || (prop_wide)pos <= -(prop_wide)neg);
    int64_t v = take_pos ? pos : neg;
    if (v == 0) {
      if (zero_done) { /* 0 counted once: advance both cursors */
        has_pos = prop_next(s, x, 0, &pos);
        has_neg = prop_prev(s, x, 0, &neg);
        tried--;
        continue;
      }
      zero_done = true;
    } else if (take_pos) {
      has_pos = prop_next(s, x, pos, &pos);
    } else {
      has_neg = prop_prev(s, x, neg, &neg);
    }
    Outcome r = try_value(c, x, v, start);
    if (r != DFS_DONE) return r;
  }
  return DFS_DONE;
}

static Outcome dfs(Search *c, int start) {
  PropStore *s = c->s;
  for (;;) {
    if (out_of_budget(c)) return DFS_BUDGET;
    if (prop_stack_low()) { /* one level per decision: as deep as the program's inputs are many */
      c->st.stack_cuts++;
      return DFS_BUDGET;
    }
    c->st.nodes++;
    if (c->o->refutes && c->o->refutes(s)) {
      c->st.failures++;
      return DFS_DONE;
    }
    uint64_t depth = (uint64_t)(prop_level(s) - c->base);
    if (depth > c->st.max_depth) c->st.max_depth = depth;
    PropVar x = select_var(c, &start);
    if (x < 0) return at_leaf(c);
    if (c->o->window && c->o->val_order == SEARCH_VAL_NEAR_ZERO && !prop_is_newest_first(s, x))
      return dfs_window(c, x, start); /* (choices among objects are few: all are tried, in their order) */
    Branch br[3];
    int n = branches(c, x, br);
    for (int i = 0; i < n - 1; i++) {
      prop_push(s);
      Applied a = apply(c, x, br[i]);
      if (a == APPLY_FOUND) return DFS_FOUND;
      if (a == APPLY_OK) {
        Outcome r = dfs(c, start);
        if (r != DFS_DONE) return r;   /* choice points stay open */
      } else if (a == APPLY_FAILED) {
        c->st.failures++;
      }
      prop_pop(s);
    }
    Applied a = apply(c, x, br[n - 1]);
    if (a == APPLY_FOUND) return DFS_FOUND;
    if (a != APPLY_OK) {
      if (a == APPLY_FAILED) c->st.failures++;
      return DFS_DONE;
    }
  }
}

SearchResult search_solve(PropStore *s, const SearchOptions *o,
                          SearchLeafFn leaf, void *ctx, SearchStats *stats) {
  SearchOptions defaults;
  if (!o) {
    search_default_options(&defaults);
    o = &defaults;
  }
  Search c = {.s = s, .o = o, .leaf = leaf, .ctx = ctx,
              .rng = o->seed ? o->seed : 0x9E3779B97F4A7C15ULL};
  clock_gettime(CLOCK_MONOTONIC, &c.t0);
  int level = prop_level(s);
  Outcome r = DFS_DONE;
  if (prop_propagate(s)) {
    prop_push(s);
    c.base = prop_level(s);
    r = dfs(&c, 0);
    if (r != DFS_FOUND) search_backtrack(s, level);
  } else {
    c.st.failures++;
  }
  c.st.seconds = elapsed(&c);
  if (stats) *stats = c.st;
  if (r == DFS_FOUND) return SEARCH_FOUND;
  if (r == DFS_BUDGET || prop_timed_out(s)) return SEARCH_BUDGET;
  return c.rejected ? SEARCH_INCOMPLETE : SEARCH_EXHAUSTED;
}
