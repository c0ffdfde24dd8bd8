/* test_memory_brute.c - the memory operators of operators/memory/
 * (store_element, load_element, new_s of malloc'd blocks) against brute
 * force.
 *
 * Random small memories (2-4 objects, some malloc'd and never written, 1-3
 * stores through pointers with small domains, loads and reads whose values
 * are restricted), against enumeration of every assignment:
 *   - no solution is removed at the root;
 *   - with the inputs fixed, propagation is execution: the store holds
 *     exactly on the solutions and fixes every observed value;
 *   - an execution that reads a cell nobody wrote is abandoned (the model is
 *     marked incomplete), never refuted nor accepted;
 *   - the rules 4.1-4.5 and 5.6 (2a, 2b) hold at every fixpoint: a deduction
 *     the paper requires happened.
 * BF_SEED=n runs case n alone; BF_DUMP=1 prints the cases.
 *
 * The operator-by-operator tests are in test_memory_ops.c.
 */
#include <stdarg.h>

#include "memory_fixture.h"

/* ---- Brute force ------------------------------------------------------------------------- */

static uint64_t rng_state;
static int rnd(int n) { /* 0 .. n-1, xorshift64 */
  rng_state ^= rng_state << 13;
  rng_state ^= rng_state >> 7;
  rng_state ^= rng_state << 17;
  return (int)(rng_state % (uint64_t)n);
}

enum { BF_MAXCELLS = 8, BF_MAXSTORES = 3, BF_MAXOBS = 4, BF_MAXIN = 16, BF_MAXVALS = 4, BF_MAXASSIGN = 3000 };

/* One random case: cells with initial values, stores X_j := V_j in sequence,
   and observations (a load through Y, or a read of a fixed cell, in state k)
   whose value must lie in a random non-empty subset of 0..3. */
typedef struct BfObs {
  bool load;
  int state, cell;
  PropVar y, var;
  uint8_t allowed;           /* bit v: value v allowed */
} BfObs;

typedef struct BfCase {
  int ncells;
  int64_t loc[BF_MAXCELLS];
  PropVar init[BF_MAXCELLS];
  int nstores;
  PropVar x[BF_MAXSTORES], v[BF_MAXSTORES];
  TrMem *state[BF_MAXSTORES + 1];
  int nobs;
  BfObs obs[BF_MAXOBS];
  /* the inputs and their domains when made (before any propagation) */
  int nin;
  PropVar in[BF_MAXIN];
  int nvals[BF_MAXIN];
  int64_t vals[BF_MAXIN][BF_MAXVALS];
  uint64_t assignments;      /* product of the nvals */
  bool abandoned;            /* a load through a fixed pointer read garbage */
} BfCase;

static bool bf_room(const BfCase *c, int n) { return c->nin < BF_MAXIN && c->assignments * (uint64_t)n <= BF_MAXASSIGN; }

static void bf_input(BfCase *c, PropStore *s, PropVar v) {
  if (prop_is_fixed(s, v)) return;
  assert(c->nin < BF_MAXIN);
  int k = c->nin++, n = 0;
  for (int i = 0; i < prop_interval_count(s, v); i++) {
    PropInterval iv = prop_interval(s, v, i);
    for (int64_t x = iv.lo; x <= iv.hi; x++) {
      assert(n < BF_MAXVALS);
      c->vals[k][n++] = x;
    }
  }
  c->in[k] = v;
  c->nvals[k] = n;
  c->assignments *= (uint64_t)n;
}

static PropVar bf_small(Fx *fx, BfCase *c, int hi) {
  PropVar v = bf_room(c, hi + 1) && rnd(2) ? prop_new_var(fx->s, 0, hi) : prop_new_const(fx->s, rnd(hi + 1));
  bf_input(c, fx->s, v);
  return v;
}

/* A pointer over a random subset (1-3 while there is room) of the cells. */
static PropVar bf_pointer(Fx *fx, BfCase *c) {
  int64_t pick[3];
  int want = 1 + rnd(3), k = 0;
  while (want > 1 && !bf_room(c, want)) want--;
  for (int tries = 0; tries < 20 && k < want; tries++) {
    int64_t l = c->loc[rnd(c->ncells)];
    bool dup = false;
    for (int i = 0; i < k; i++) dup |= pick[i] == l;
    if (!dup) pick[k++] = l;
  }
  PropVar p = set_var(fx, pick, k);
  bf_input(c, fx->s, p);
  return p;
}

/* Builds the case's memory and operators (this never fails: every input
   assignment is an execution); false if it did. */
static bool bf_build(Fx *fx, BfCase *c) {
  Tr *t = fx->t;
  PropStore *s = fx->s;
  memset(c, 0, sizeof *c);
  c->assignments = 1;
  int nobj = 2 + rnd(3);
  TrMem *m0 = tr_mem_initial(t);
  for (int o = 0; o < nobj; o++) {
    int n = 1 + rnd(2);
    if (c->ncells + n > BF_MAXCELLS) break;
    TrObject *obj;
    if (rnd(4) == 0) { /* malloc'd: its cells are garbage until written */
      obj = tr_new_object(t, TR_OBJ_HEAP, int_ty, n, NULL, 1);
      m0 = tr_new_s(t, m0, obj, false);
      for (int i = 0; i < n; i++) c->init[c->ncells + i] = TR_UNINIT;
    } else {
      PropVar init[2];
      for (int i = 0; i < n; i++) init[i] = c->init[c->ncells + i] = bf_small(fx, c, 2);
      obj = local_with(fx, n, init);
    }
    for (int i = 0; i < n; i++) c->loc[c->ncells++] = obj->base + i;
  }
  c->state[0] = m0;
  c->nstores = 1 + rnd(BF_MAXSTORES);
  for (int j = 0; j < c->nstores; j++) {
    c->x[j] = bf_pointer(fx, c);
    c->v[j] = bf_small(fx, c, 3);
    c->state[j + 1] = tr_store_element(t, c->state[j], c->x[j], c->v[j]);
  }
  c->nobs = 1 + rnd(BF_MAXOBS);
  for (int k = 0; k < c->nobs; k++) {
    BfObs *ob = &c->obs[k];
    ob->state = rnd(3) ? c->nstores : rnd(c->nstores + 1);
    ob->allowed = (uint8_t)(1 + rnd(15));
    TrMem *m = c->state[ob->state];
    ob->load = rnd(2);
    if (!ob->load) {
      ob->cell = rnd(c->ncells);
      ob->var = tr_mem_read(t, m, c->loc[ob->cell], t->one);
      if (ob->var == TR_FAIL) return false;
      ob->load = ob->var == TR_UNINIT; /* a direct read of garbage: read it through a pointer */
    }
    if (ob->load) {
      ob->y = bf_pointer(fx, c);
      ob->var = prop_new_var(s, -100, 100);
      if (!tr_load(t, m, ob->y, ob->var)) {
        /* only a fixed pointer to garbage may fail (the path is abandoned):
           the case ends there */
        c->nobs = k + 1;
        c->abandoned = true;
        return prop_is_fixed(s, ob->y) && t->incomplete_reason;
      }
    }
  }
  return !prop_failed(s);
}

/* The case, for a failure message. */
static void bf_dump(PropStore *s, const BfCase *c) {
  for (int i = 0; i < c->ncells; i++)
    fprintf(stderr, "  cell %d at %lld: %s\n", i, (long long)c->loc[i],
            c->init[i] == TR_UNINIT ? "never written" : dom(s, c->init[i]));
  for (int j = 0; j < c->nstores; j++)
    fprintf(stderr, "  store %d: *%s = %s\n", j, dom(s, c->x[j]), dom(s, c->v[j]));
  for (int k = 0; k < c->nobs; k++) {
    const BfObs *ob = &c->obs[k];
    if (ob->load) fprintf(stderr, "  observation %d: load *%s in state %d", k, dom(s, ob->y), ob->state);
    else fprintf(stderr, "  observation %d: cell %d in state %d", k, ob->cell, ob->state);
    fprintf(stderr, ", allowed mask %d\n", ob->allowed);
  }
}

/* Restricts each observation to its allowed values; false on failure. */
static bool bf_restrict(Fx *fx, BfCase *c) {
  PropStore *s = fx->s;
  for (int k = 0; k < c->nobs; k++) {
    PropDomain d = {0};
    d.iv = malloc(sizeof *d.iv * 4);
    d.cap = 4;
    for (int v = 0; v < 4; v++)
      if (c->obs[k].allowed >> v & 1) d.iv[d.n++] = (PropInterval){v, v};
    bool ok = prop_restrict_domain(s, c->obs[k].var, &d) && prop_propagate(s);
    prop_domain_free(&d);
    if (!ok) return false;
  }
  return true;
}

/* The value of a variable of the case under assignment `pick` (indices into
   each input's values). */
static int64_t bf_value(PropStore *s, const BfCase *c, const int *pick, PropVar v) {
  for (int i = 0; i < c->nin; i++)
    if (c->in[i] == v) return c->vals[i][pick[i]];
  return prop_value(s, v); /* a constant */
}

/* What an execution of the case does: every observation is allowed (a
   solution); one is not, whatever the cells nobody wrote hold (refuted); or
   it reads such a cell, and some garbage there makes every observation
   allowed (garbage: the model must abandon it, never call it refuted nor a
   solution).  A cell nobody wrote holds one garbage value until written. */
typedef enum { BF_SOLUTION, BF_REFUTED, BF_GARBAGE } BfRun;
enum { BF_GARBAGE_VALUE = -1000 }; /* - i: the garbage of cell i */

/* Executes the case; the observed values in obs. */
static BfRun bf_run(PropStore *s, const BfCase *c, const int *pick, int64_t *obs) {
  int64_t mem[BF_MAXSTORES + 1][BF_MAXCELLS];
  for (int i = 0; i < c->ncells; i++)
    mem[0][i] = c->init[i] == TR_UNINIT ? BF_GARBAGE_VALUE - i : bf_value(s, c, pick, c->init[i]);
  for (int j = 0; j < c->nstores; j++) {
    memcpy(mem[j + 1], mem[j], sizeof mem[j]);
    int64_t at = bf_value(s, c, pick, c->x[j]);
    for (int i = 0; i < c->ncells; i++)
      if (c->loc[i] == at) mem[j + 1][i] = bf_value(s, c, pick, c->v[j]);
  }
  bool refuted = false, garbage = false;
  uint8_t can_hold[BF_MAXCELLS]; /* per cell: the garbage values every observation allows */
  memset(can_hold, 15, sizeof can_hold);
  for (int k = 0; k < c->nobs; k++) {
    const BfObs *ob = &c->obs[k];
    int cell = ob->cell;
    if (ob->load) {
      int64_t at = bf_value(s, c, pick, ob->y);
      for (int i = 0; i < c->ncells; i++)
        if (c->loc[i] == at) cell = i;
    }
    obs[k] = mem[ob->state][cell];
    if (obs[k] <= BF_GARBAGE_VALUE) {
      garbage = true;
      can_hold[BF_GARBAGE_VALUE - obs[k]] &= ob->allowed;
    } else {
      refuted |= obs[k] < 0 || obs[k] > 3 || !(ob->allowed >> obs[k] & 1);
    }
  }
  for (int i = 0; i < c->ncells; i++) refuted |= can_hold[i] == 0;
  return refuted ? BF_REFUTED : garbage ? BF_GARBAGE : BF_SOLUTION;
}

static bool bf_next(const BfCase *c, int *pick) {
  for (int i = 0; i < c->nin; i++) {
    if (++pick[i] < c->nvals[i]) return true;
    pick[i] = 0;
  }
  return false;
}

/* The variable Tin[l] below store node m, as the chain hands it out (no new
   variable is made: every read below was remembered); TR_FAIL if a read
   that must have been remembered was not. */
static PropVar below_var(Fx *fx, TrMem *m, int64_t l) {
  PropStore *s = fx->s;
  for (m = m->parent;; m = m->parent) {
    if (m->kind == TR_MEM_INIT) return tr_mem_read(fx->t, m, l, fx->t->zero);
    if (m->kind == TR_MEM_ALLOC) {
      PropVar v;
      if (mem_alloc_read(fx->t, m, l, &v)) return v;
      continue;
    }
    MemCached *c = mem_cached(m, l);
    if (c) return c->v;
    if (prop_is_fixed(s, m->x) && prop_value(s, m->x) == l) return m->v;
    if (!prop_is_fixed(s, m->x) && prop_has(s, m->x, l)) return TR_FAIL;
  }
}

static bool meets(PropStore *s, PropVar a, PropVar b) {
  for (int i = 0; i < prop_interval_count(s, a); i++) {
    PropInterval iv = prop_interval(s, a, i);
    int64_t n;
    if (prop_has(s, b, iv.lo) || (prop_next(s, b, iv.lo, &n) && n <= iv.hi)) return true;
  }
  return false;
}

/* The end of the interval of dom(x) that holds v (v in dom(x)). */
static int64_t interval_end(PropStore *s, PropVar x, int64_t v) {
  for (int i = 0; i < prop_interval_count(s, x); i++) {
    PropInterval iv = prop_interval(s, x, i);
    if (iv.lo <= v && v <= iv.hi) return iv.hi;
  }
  abort();
}

/* dom(w) within dom(a) | dom(b). */
static bool within_union(PropStore *s, PropVar w, PropVar a, PropVar b) {
  for (int i = 0; i < prop_interval_count(s, w); i++) {
    PropInterval iv = prop_interval(s, w, i);
    for (int64_t v = iv.lo; v <= iv.hi;) {
      int64_t end;
      if (prop_has(s, a, v)) end = interval_end(s, a, v);
      else if (prop_has(s, b, v)) end = interval_end(s, b, v);
      else return false;
      if (end >= iv.hi) break;
      v = end + 1;
    }
  }
  return true;
}

static void bf_fail(int seed, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bf_fail(int seed, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "brute force case %d: ", seed);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\n");
  va_end(ap);
  check_failures_in_test++;
}

/* At a fixpoint, the deductions the paper requires have happened (the
   checks read cells as a reader nobody uses, need = 0, so that they abandon
   no path themselves):
   store_element 4.1-4.5 for every cell a store handed out, load_element 2a
   (X fixed: V and the cell have one domain) and 2b (a candidate left in
   dom(X) can hold a value of V). */
static void bf_check_rules(Fx *fx, BfCase *c, int seed) {
  PropStore *s = fx->s;
  for (int j = 0; j < c->nstores; j++) {
    TrMem *m = c->state[j + 1];
    PropVar x = m->x, v = m->v;
    for (int i = 0; i < c->ncells; i++) {
      int64_t l = c->loc[i];
      MemCached *mc = mem_cached(m, l);
      if (!mc) continue;
      PropVar w = mc->v, in = below_var(fx, m, l);
      if (in == TR_FAIL) {
        bf_fail(seed, "store %d, cell %d: the read below was not remembered", j, i);
        continue;
      }
      if (in == TR_UNINIT) continue; /* garbage below: no rule about its domain */
      if (!prop_is_fixed(s, x) && prop_has(s, x, l) && tr_mem_read(fx->t, m, l, fx->t->zero) != w)
        bf_fail(seed, "store %d, cell %d: a second read hands out another variable", j, i);
      const char *rule = NULL;
      if (prop_is_fixed(s, x) && prop_value(s, x) == l) {
        if (strcmp(dom(s, w), dom(s, v))) rule = "4.1 (X = l: Tout[l] = V)";
      } else if (!prop_has(s, x, l)) {
        if (strcmp(dom(s, w), dom(s, in))) rule = "4.2 (X != l: Tout[l] = Tin[l])";
      } else if (!meets(s, w, in)) {
        rule = "4.3 (Tout[l] misses Tin[l]: X = l)";
      } else if (!meets(s, w, v)) {
        rule = "4.4 (V misses Tout[l]: X != l)";
      } else if (!within_union(s, w, in, v)) {
        rule = "4.5 (Tout[l] within Tin[l] | V)";
      }
      if (rule)
        bf_fail(seed, "store %d, cell %d: rule %s not applied: X %s, V %s, Tin %s, Tout %s", j, i, rule, dom(s, x),
                dom(s, v), dom(s, in), dom(s, w));
    }
  }
  for (int k = 0; k < c->nobs; k++) {
    const BfObs *ob = &c->obs[k];
    if (!ob->load) continue;
    for (int i = 0; i < c->ncells; i++) {
      if (!prop_has(s, ob->y, c->loc[i])) continue;
      PropVar cell = tr_mem_read(fx->t, c->state[ob->state], c->loc[i], fx->t->zero);
      if (cell == TR_UNINIT) continue;
      bool fixed = prop_is_fixed(s, ob->y);
      if (fixed ? strcmp(dom(s, ob->var), dom(s, cell)) != 0 : !meets(s, ob->var, cell))
        bf_fail(seed, "load %d, cell %d: rule 5.6 (2%s) not applied: Y %s, V %s, cell %s", k, i, fixed ? "a" : "b",
                dom(s, ob->y), dom(s, ob->var), dom(s, cell));
    }
  }
}

typedef struct BfTally {
  int cases, refuted_root, solutions, garbage, assignments;
} BfTally;

static void bf_one(int seed, BfTally *tally) {
  rng_state = 0x9e3779b97f4a7c15ull ^ ((uint64_t)seed * 0x100000001b3ull);
  Fx fx;
  if (!fx_open(&fx)) {
    check_failures_in_test++;
    return;
  }
  PropStore *s = fx.s;
  BfCase c;
  fx.t->incomplete_reason = NULL;
  if (!bf_build(&fx, &c)) {
    bf_fail(seed, "building the case failed (no restriction yet: every assignment is an execution)");
    fx_close(&fx);
    return;
  }
  if (getenv("BF_DUMP")) bf_dump(s, &c);
  bool root_ok = !c.abandoned && bf_restrict(&fx, &c);
  bool root_abandoned = fx.t->incomplete_reason != NULL;
  tally->cases++;

  /* the solutions, and the values each variable takes in them */
  int pick[BF_MAXIN] = {0};
  int64_t obs[BF_MAXOBS];
  uint8_t seen_in[BF_MAXIN][BF_MAXVALS] = {{0}};
  uint8_t seen_obs[BF_MAXOBS][4] = {{0}};
  int nsol = 0, ngarbage = 0;
  do {
    BfRun r = bf_run(s, &c, pick, obs);
    ngarbage += r == BF_GARBAGE;
    if (r != BF_SOLUTION) continue;
    nsol++;
    for (int i = 0; i < c.nin; i++) seen_in[i][pick[i]] = 1;
    for (int k = 0; k < c.nobs; k++) seen_obs[k][obs[k]] = 1;
  } while (bf_next(&c, pick));
  tally->solutions += nsol;
  tally->garbage += ngarbage;

  if (!root_ok) {
    tally->refuted_root++;
    if (nsol) bf_fail(seed, "propagation failed but %d assignments are solutions", nsol);
    if (ngarbage && !root_abandoned)
      bf_fail(seed, "propagation failed as a refutation, but %d assignments read garbage", ngarbage);
    fx_close(&fx);
    return;
  }
  /* no solution removed at the root */
  for (int i = 0; i < c.nin; i++)
    for (int k = 0; k < c.nvals[i]; k++)
      if (seen_in[i][k] && !prop_has(s, c.in[i], c.vals[i][k]))
        bf_fail(seed, "input %d: value %lld of a solution was removed (domain %s)", i, (long long)c.vals[i][k],
                dom(s, c.in[i]));
  for (int k = 0; k < c.nobs; k++)
    for (int v = 0; v < 4; v++)
      if (seen_obs[k][v] && !prop_has(s, c.obs[k].var, v))
        bf_fail(seed, "observation %d: value %d of a solution was removed (domain %s)", k, v, dom(s, c.obs[k].var));
  bf_check_rules(&fx, &c, seed);

  /* propagation is execution: with every input fixed, the store fails
     exactly on the assignments that are no solutions, and otherwise fixes
     every observation to its executed value */
  memset(pick, 0, sizeof pick);
  do {
    tally->assignments++;
    BfRun r = bf_run(s, &c, pick, obs);
    bool sol = r == BF_SOLUTION;
    fx.t->incomplete_reason = NULL;
    prop_push(s);
    bool ok = true;
    for (int i = 0; i < c.nin && ok; i++) ok = prop_fix(s, c.in[i], c.vals[i][pick[i]]);
    ok = ok && prop_propagate(s);
    if (r == BF_GARBAGE && (ok || !fx.t->incomplete_reason)) {
      bf_fail(seed, "inputs fixed: the execution reads garbage, but the store %s", ok ? "holds" : "failed as a refutation");
    } else if (r != BF_GARBAGE && ok != sol) {
      char in[160];
      size_t n = 0;
      for (int i = 0; i < c.nin && n < sizeof in; i++)
        n += (size_t)snprintf(in + n, sizeof in - n, " %lld", (long long)c.vals[i][pick[i]]);
      bf_fail(seed, "inputs fixed (%s): the store %s but the execution %s", in,
              ok ? "holds" : fx.t->incomplete_reason ? fx.t->incomplete_reason : "failed", sol ? "is a solution" : "is not");
    } else if (ok) {
      for (int k = 0; k < c.nobs; k++)
        if (!prop_is_fixed(s, c.obs[k].var) || prop_value(s, c.obs[k].var) != obs[k])
          bf_fail(seed, "inputs fixed: observation %d is %s, executed %lld", k, dom(s, c.obs[k].var),
                  (long long)obs[k]);
      if (*fx.t->undecided) bf_fail(seed, "inputs fixed: %d operators still wait", *fx.t->undecided);
      bf_check_rules(&fx, &c, seed);
    }
    prop_pop(s);
  } while (bf_next(&c, pick));
  fx_close(&fx);
}

TEST(brute_force_random_memories) {
  BfTally tally = {0};
  int failures_before = check_failures_in_test;
  /* BF_SEED=n runs case n alone; BF_DUMP=1 prints each case */
  int lo = getenv("BF_SEED") ? atoi(getenv("BF_SEED")) : 1, hi = getenv("BF_SEED") ? lo : 300;
  for (int seed = lo; seed <= hi && check_failures_in_test - failures_before < 20; seed++) bf_one(seed, &tally);
  if (getenv("BF_SEED")) return;
  printf("brute force: %d cases (%d failed at the root), %d solutions, %d reading garbage, %d fixed assignments\n",
         tally.cases, tally.refuted_root, tally.solutions, tally.garbage, tally.assignments);
  /* the sample is not degenerate */
  CHECK(tally.cases >= 300);
  CHECK(tally.refuted_root > 10);
  CHECK(tally.solutions > 1000);
  CHECK(tally.garbage > 100);
}

/* ---- main ------------------------------------------------------------------------------- */

int main(void) {
  if (!parse_types()) {
    fprintf(stderr, "cannot parse the test program\n");
    printf("0 passed, 1 failed\n");
    return 1;
  }
  RUN(brute_force_random_memories);
  fe_program_free(prog);
  return check_summary();
}
