/* access_s.c - is an access through a pointer valid?  access_s(S, X, f, Vp)
 * of the INKA memory paper (5.4), and the same question for free and for
 * pointer arithmetic.
 *
 * Here the field's location is plain arithmetic, Vp = X + offset(f) (a
 * linear constraint posted by translate/expr.c), and this file decides the
 * boolean trap <=> "the access through Vp is invalid" (NULL, a header or
 * gap, a freed block; for free: anything but the start of a live heap
 * block).  An invalid access ends the path like abort() (the statement is
 * split on trap), so on the path that goes on, trap = 0.
 *
 * The paper's rules, and where each lives here:
 *   (1) X is not NULL: location 0 belongs to no object, so bad_access says
 *       1 for it; with trap = 0, restrict_to_objects removes it.
 *   (2) Vp within {loc.f | loc in dom(X)}, and (5) X within the locations
 *       whose field f is in dom(Vp): the linear constraint Vp = X + offset
 *       prunes both ways (bounds); a gap or header value left in Vp has no
 *       access-valid preimage and is removed by (6).
 *   (6) closed(M) => X points into S: once trap = 0, restrict_to_objects
 *       keeps only the cells of objects below the frontier (the closed part;
 *       for free, the first cell of each heap block) and everything past the
 *       frontier (the open part, where later allocations may put blocks).
 *   With few candidates (at most MEM_MAX_TARGETS, all below the frontier),
 *   trap = bad[idx] where X = where[idx]: an element constraint, so a trap
 *   known to be 0 removes every invalid candidate, and a single valid
 *   candidate fixes X.  With more, or with candidates past the frontier,
 *   the check waits (tr_memory_status) and counts as undecided.
 *
 * Pointer arithmetic q = p + k that leaves p's object (one past the end is
 * inside) is undefined behaviour: tr_arith_trap decides its trap once p is
 * known.
 */
#include <assert.h>
#include <stdlib.h>

#include "memory_internal.h"

/* The boolean "sized object o (an input, a variable length array) is too
   short to hold location l": a condition on its length variable. */
static PropVar past_length(Tr *t, const TrObject *o, int64_t l) {
  int64_t element = (l - o->base) / tr_cells(o->type);
  if (prop_max(t->s, o->len) <= element) return t->one;
  if (prop_min(t->s, o->len) > element) return t->zero;
  PropVar b = prop_new_var(t->s, 0, 1);
  return op_reify(t->s, b, o->len, OP_LE, prop_new_const(t->s, element)) ? b : TR_FAIL;
}

static PropVar either(Tr *t, PropVar a, PropVar b) {
  PropVar c = prop_new_var(t->s, 0, 1);
  return op_bool_or(t->s, c, a, b) ? c : TR_FAIL;
}

/* What is asked of location l: is an access through it invalid, is a free
   of it invalid, or (for --check free) does it lie in a freed block? */
typedef enum { USE_ACCESS, USE_FREE, USE_DANGLING } Use;

/* 1 when the use of l is invalid, 0 when valid, otherwise the boolean
   "the block is freed"; TR_FAIL on failure.  Dangling: only a freed block
   is, not NULL nor a location outside every object (a block past the
   frontier is allocated later: not freed yet). */
static PropVar bad_access(Tr *t, TrMem *m, PropVar x, int64_t l, Use use) {
  bool for_free = use == USE_FREE, dangling = use == USE_DANGLING;
  if (l >= tr_frontier(t)) return dangling ? t->zero : prop_new_var(t->s, 0, 1); /* not allocated yet */
  TrObject *o = tr_object_at(t, l);
  /* malloc(0) gives a block of no cells that free takes */
  bool empty_block = for_free && o && o->kind == TR_OBJ_HEAP && o->ncells == 0 && l == o->base;
  if (!o || l < o->base || (l >= o->base + o->ncells && !empty_block)) return dangling ? t->zero : t->one;
  bool dynamic = o->kind == TR_OBJ_HEAP || (o->kind == TR_OBJ_INPUT && !o->by_value); /* may be freed */
  if (for_free && (!dynamic || l != o->base)) return t->one;
  if (dangling && !dynamic) return t->zero;
  PropVar dead = t->zero;
  if (dynamic) {
    PropVar used = mem_candidate(t, x, l);
    if (used == TR_FAIL) return TR_FAIL;
    PropVar live = tr_mem_read(t, m, o->base - 1, used);
    if (live == TR_FAIL) return TR_FAIL;
    if (live == TR_UNINIT) return dangling ? prop_new_var(t->s, 0, 1) : t->one; /* not known */
    if (prop_is_fixed(t->s, live)) dead = prop_value(t->s, live) ? t->zero : t->one;
    else if ((dead = prop_new_var(t->s, 0, 1)) == TR_FAIL || !op_bool_not(t->s, dead, live)) return TR_FAIL;
  }
  if (o->len == TR_UNINIT || dead == t->one || dangling || for_free) return dead; /* free(malloc(0)) is valid */
  PropVar short_ = past_length(t, o, l);
  if (short_ == t->zero) return dead;
  return dead == t->zero || short_ == t->one || short_ == TR_FAIL ? short_ : either(t, dead, short_);
}

/* ---- access --------------------------------------------------------------- */
typedef struct Access {
  Propagator base;
  Tr *t;
  TrMem *m;
  PropVar x, trap;
  Use use;
  int restricted;     /* trailed: x already restricted to valid locations */
  int waiting;        /* trailed */
} Access;

/* trap <=> bad(x) once x has few targets; false on failure, *done when posted. */
static bool access_now(Tr *t, TrMem *m, PropVar x, PropVar trap, Use use, bool *done) {
  int64_t where[MEM_MAX_TARGETS];
  PropVar bad[MEM_MAX_TARGETS];
  int n = mem_targets(t, x, where);
  *done = n >= 0;
  if (n < 0) return true;
  for (int i = 0; i < n; i++)
    if ((bad[i] = bad_access(t, m, x, where[i], use)) == TR_FAIL) return false;
  return mem_pick(t, x, where, bad, n, trap);
}

/* The locations an access may use: the cells of every object (for free,
   the first cell of every heap block), and whatever lies past the frontier. */
static bool restrict_to_objects(Tr *t, PropVar x, bool for_free) {
  PropDomain d = {0};
  int n = *t->nobjs;
  d.iv = malloc(sizeof *d.iv * (size_t)(n + 2));
  if (!d.iv) {
    tr_out_of_memory(t);
    return false;
  }
  d.cap = n + 2;
  for (int i = 0; i < n; i++) {
    const TrObject *o = t->objs[i];
    if (for_free ? o->kind != TR_OBJ_HEAP : o->ncells == 0) continue; /* free: malloc(0)'s block too */
    d.iv[d.n++] = (PropInterval){o->base, for_free ? o->base : o->base + o->ncells - 1};
  }
  d.iv[d.n++] = (PropInterval){tr_frontier(t), INT64_MAX};
  assert(d.n <= d.cap);
  bool ok = prop_restrict_domain(t->s, x, &d);
  prop_domain_free(&d);
  return ok;
}

static PropStatus access_propagate(PropStore *s, Propagator *p) {
  Access *a = (Access *)p;
  /* a valid access or free stays inside the objects (a pointer that is not
     dangling may still be NULL or wild) */
  if (!a->restricted && a->use != USE_DANGLING && prop_is_fixed(s, a->trap) && prop_value(s, a->trap) == 0) {
    prop_save_int(s, &a->restricted, 1);
    if (!restrict_to_objects(a->t, a->x, a->use == USE_FREE)) return PROP_FAILED;
  }
  bool done;
  bool ok = access_now(a->t, a->m, a->x, a->trap, a->use, &done);
  return tr_memory_status(a->t, p, a->x, &a->waiting, ok, done);
}

static const PropClass access_class = {"access", access_propagate, PROP_PRIO_GLOBAL, false};

/* An access through x whose every location lies in the cells reserved for
   one sized object o (p[k] of a block of a length the inputs decide): the
   trap, as one condition on x instead of a candidate per location: o is
   freed, or x is at or past its end, base + cells * len.  TR_UNINIT when x
   may leave o's cells. */
static PropVar sized_trap(Tr *t, TrMem *m, PropVar x) {
  PropStore *s = t->s;
  int64_t lo = prop_min(s, x), hi = prop_max(s, x);
  if (lo == hi || hi >= tr_frontier(t)) return TR_UNINIT;
  TrObject *o = tr_object_at(t, lo);
  if (!o || o->len == TR_UNINIT || lo < o->base || hi >= o->base + o->ncells) return TR_UNINIT;
  PropVar dead = t->zero;
  if (o->kind == TR_OBJ_HEAP || (o->kind == TR_OBJ_INPUT && !o->by_value)) { /* x surely lies in o: read for it */
    PropVar live = tr_mem_read(t, m, o->base - 1, t->one);
    if (live == TR_FAIL) return TR_FAIL;
    if (live == TR_UNINIT) return TR_UNINIT; /* the candidates say what is known */
    if (prop_is_fixed(s, live)) dead = prop_value(s, live) ? t->zero : t->one;
    else if ((dead = prop_new_var(s, 0, 1)) == TR_FAIL || !op_bool_not(s, dead, live)) return TR_FAIL;
  }
  if (dead == t->one) return t->one;
  PropVar last = prop_new_var(s, o->base - 1, o->base + o->ncells - 1), short_ = prop_new_var(s, 0, 1);
  int64_t coef[2] = {1, -tr_cells(o->type)};
  PropVar terms[2] = {last, o->len};
  if (dead == TR_FAIL || !op_linear(s, 2, coef, terms, OP_EQ, o->base - 1) ||
      !op_reify(s, short_, x, OP_GT, last)) /* last = base + cells * len - 1 */
    return TR_FAIL;
  return dead == t->zero ? short_ : either(t, dead, short_);
}

static PropVar use_trap(Tr *t, TrMem *m, PropVar x, Use use) {
  int64_t where[MEM_MAX_TARGETS];
  PropVar bad[MEM_MAX_TARGETS];
  if (use == USE_ACCESS) {
    PropVar trap = sized_trap(t, m, x);
    if (trap != TR_UNINIT) return trap;
  }
  int n = mem_targets(t, x, where);
  if (n >= 0) { /* decide now when every target is surely fine */
    bool any = false;
    for (int i = 0; i < n; i++) {
      if ((bad[i] = bad_access(t, m, x, where[i], use)) == TR_FAIL) return TR_FAIL;
      any |= bad[i] != t->zero;
    }
    if (!any) return t->zero;
    if (n == 1) return bad[0];
  }
  PropVar trap = prop_new_var(t->s, 0, 1);
  Access *a = prop_propagator_new(t->s, &access_class, sizeof *a);
  a->t = t;
  a->m = m;
  a->x = x;
  a->trap = trap;
  a->use = use;
  prop_subscribe(t->s, &a->base, x, PROP_EV_DOMAIN);
  prop_subscribe(t->s, &a->base, trap, PROP_EV_FIX);
  return prop_post(t->s, &a->base) ? trap : TR_FAIL;
}

PropVar tr_access_trap(Tr *t, TrMem *m, PropVar x, bool for_free) {
  return use_trap(t, m, x, for_free ? USE_FREE : USE_ACCESS);
}

PropVar tr_dangling(Tr *t, TrMem *m, PropVar x) { return use_trap(t, m, x, USE_DANGLING); }

/* ---- Pointer arithmetic stays inside its object ------------------------------
 * q = p + k is undefined behaviour unless q stays within p's object (one
 * past the end included): like an out-of-bounds index, it ends the path
 * (docs/design.md, "Runtime errors").  The trap boolean is decided once p is known. */
/* The location p holds, once p is fixed and its block allocated (below the
   frontier): true with *l and *done; false while a rule must wait. */
static bool known_location(Tr *t, PropVar p, int64_t *l, bool *done) {
  *done = false;
  if (!prop_is_fixed(t->s, p)) return false;
  *l = prop_value(t->s, p);
  if (*l >= tr_frontier(t)) return false; /* its block is not allocated yet */
  return *done = true;
}

/* A rule decided once pointer p is known: rule(t, p, x, stride, out, &done)
   posts what it decides about out (x: a second operand), or waits (done
   false) while p is not fixed. */
typedef bool (*PointerRule)(Tr *t, PropVar p, PropVar x, int64_t stride, PropVar out, bool *done);

typedef struct WhenKnown {
  Propagator base;
  Tr *t;
  PointerRule rule;
  PropVar p, x, out;
  int64_t stride;
  int waiting;        /* trailed */
} WhenKnown;

static PropStatus when_known_propagate(PropStore *s, Propagator *p) {
  (void)s;
  WhenKnown *a = (WhenKnown *)p;
  bool done;
  bool ok = a->rule(a->t, a->p, a->x, a->stride, a->out, &done);
  return tr_memory_status(a->t, p, a->p, &a->waiting, ok, done);
}

static const PropClass when_known_class = {"pointer_rule", when_known_propagate, PROP_PRIO_GLOBAL, false};

/* out, decided by rule now or once p is fixed; TR_FAIL on failure. */
static PropVar when_known(Tr *t, PointerRule rule, PropVar p, PropVar x, int64_t stride, PropVar out) {
  bool done;
  if (!rule(t, p, x, stride, out, &done)) return TR_FAIL;
  if (done) return out;
  WhenKnown *a = prop_propagator_new(t->s, &when_known_class, sizeof *a);
  a->t = t;
  a->rule = rule;
  a->p = p;
  a->x = x;
  a->out = out;
  a->stride = stride;
  prop_subscribe(t->s, &a->base, p, PROP_EV_FIX);
  return prop_post(t->s, &a->base) ? out : TR_FAIL;
}

/* For a sized object the end is base + cells * len, len a variable; past
   the reserved range, a longer input could still hold q, so that path is
   abandoned rather than refuted. */
static bool sized_arith(Tr *t, const TrObject *o, PropVar q, PropVar trap, PropVar below, PropVar above) {
  PropStore *s = t->s;
  PropVar end = prop_new_var(s, o->base, o->base + o->ncells), beyond = prop_new_var(s, 0, 1);
  int64_t coef[2] = {1, -tr_cells(o->type)};
  PropVar x[2] = {end, o->len};
  return op_linear(s, 2, coef, x, OP_EQ, o->base) && op_reify(s, below, q, OP_LT, prop_new_const(s, o->base)) &&
         op_reify(s, above, q, OP_GT, end) && op_bool_or(s, trap, below, above) &&
         op_reify(s, beyond, q, OP_GT, prop_new_const(s, o->base + o->ncells)) &&
         tr_abandon_if(t, beyond, "an input array longer than inka-ng reserves");
}

/* trap <=> q is outside p's object, once p is known (*done). */
static bool arith_now(Tr *t, PropVar p, PropVar q, int64_t stride, PropVar trap, bool *done) {
  (void)stride;
  PropStore *s = t->s;
  int64_t l;
  if (!known_location(t, p, &l, done)) return true;
  TrObject *o = tr_object_at(t, l);
  int64_t lo = o ? o->base : l, hi = o ? o->base + o->ncells : l; /* NULL or a gap: only + 0 */
  PropVar below = prop_new_var(s, 0, 1), above = prop_new_var(s, 0, 1);
  if (o && o->len != TR_UNINIT) return sized_arith(t, o, q, trap, below, above);
  return op_reify(s, below, q, OP_LT, prop_new_const(s, lo)) && op_reify(s, above, q, OP_GT, prop_new_const(s, hi)) &&
         op_bool_or(s, trap, below, above);
}

PropVar tr_arith_trap(Tr *t, PropVar p, PropVar q) {
  PropStore *s = t->s;
  if (prop_is_fixed(s, p) && prop_value(s, p) < tr_frontier(t)) {
    TrObject *o = tr_object_at(t, prop_value(s, p));
    int64_t end = !o ? 0 : o->len != TR_UNINIT ? o->base + tr_cells(o->type) * prop_min(s, o->len) : o->base + o->ncells;
    if (o && prop_min(s, q) >= o->base && prop_max(s, q) <= end) return t->zero;
  }
  return when_known(t, arith_now, p, q, 0, prop_new_var(s, 0, 1));
}

/* ---- An access through p + k stays inside p's object (--check bounds) -----
 * The boolean bad <=> "the element p + k (k elements of `stride` cells) is
 * not wholly inside the object p points into", decided once p is known, as
 * bounds on k: no location p + k is computed, so no value of k is lost to
 * the range of locations (p[-1000000000] is an error like p[-1]).  NULL is
 * not this error (bad = 0: the caller asks about a pointer not NULL); a p
 * outside every object has no element inside one (bad = 1).  For a sized
 * input object the upper bound is its length variable. */
static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

static bool outside_now(Tr *t, PropVar p, PropVar k, int64_t stride, PropVar bad, bool *done) {
  PropStore *s = t->s;
  int64_t l;
  if (!known_location(t, p, &l, done)) return true;
  TrObject *o = l ? tr_object_at(t, l) : NULL;
  if (!l) return prop_fix(s, bad, 0);
  if (!o || l < o->base || l >= o->base + o->ncells) return prop_fix(s, bad, 1);
  int64_t off = l - o->base, cells = o->len == TR_UNINIT ? o->ncells : 0;
  PropVar below = prop_new_var(s, 0, 1), above = prop_new_var(s, 0, 1);
  /* inside <=> 0 <= off + stride * k <= end - stride */
  if (!op_reify(s, below, k, OP_LT, prop_new_const(s, -floor_div(off, stride)))) return false;
  if (o->len == TR_UNINIT) {
    if (!op_reify(s, above, k, OP_GT, prop_new_const(s, floor_div(cells - stride - off, stride)))) return false;
  } else { /* end = base + stride * len: k > len - 1 - off / stride */
    if (tr_cells(o->type) != stride || off % stride)
      return tr_abandon_if(t, t->one, "an access to an input array through a pointer of another type");
    PropVar d = prop_new_var(s, INT64_MIN / 4, INT64_MAX / 4);
    int64_t coef[3] = {1, -1, 1};
    PropVar x[3] = {d, k, o->len};
    if (!op_linear(s, 3, coef, x, OP_EQ, 0) || !op_reify(s, above, d, OP_GT, prop_new_const(s, -1 - off / stride)))
      return false; /* d = k - len */
  }
  return op_bool_or(s, bad, below, above);
}

PropVar tr_outside(Tr *t, PropVar p, const IrType *ptr, PropVar k) {
  PropStore *s = t->s;
  int64_t stride = ptr->base->kind == IR_TY_VOID ? 1 : tr_cells(ptr->base);
  return when_known(t, outside_now, p, k, stride, prop_new_var(s, 0, 1));
}

/* ---- length(p) of a --pre contract -----------------------------------------
 * n = the elements of `stride` cells from p to the end of p's object,
 * decided once p is known: 0 for NULL; for a sized input object, a linear
 * function of its length variable (so the contract `length(buf) == len`
 * sizes the input); a pointer outside every object has no length (the path
 * is abandoned: no test can build it). */
static bool length_now(Tr *t, PropVar p, PropVar unused, int64_t stride, PropVar n, bool *done) {
  (void)unused;
  PropStore *s = t->s;
  int64_t l;
  if (!known_location(t, p, &l, done)) return true;
  if (!l) return prop_fix(s, n, 0);
  TrObject *o = tr_object_at(t, l);
  if (!o || l < o->base || l >= o->base + o->ncells)
    return tr_abandon_if(t, t->one, "length() of a pointer outside every object");
  int64_t off = l - o->base;
  if (o->len == TR_UNINIT) return prop_fix(s, n, (o->ncells - off) / stride);
  if (tr_cells(o->type) != stride || off % stride)
    return tr_abandon_if(t, t->one, "length() of an input array through a pointer of another type");
  int64_t coef[2] = {1, -1};
  PropVar x[2] = {n, o->len};
  return op_linear(s, 2, coef, x, OP_EQ, -off / stride); /* n = len - off / stride */
}

PropVar tr_length(Tr *t, PropVar p, const IrType *ptr) {
  PropStore *s = t->s;
  int64_t stride = tr_cells(ptr->base);
  return when_known(t, length_now, p, TR_UNINIT, stride, prop_new_var(s, 0, TR_LOC_MAX));
}

/* ---- The allocation of p's block (--check leak) ------------------------------
 * line = the source line of the allocation that made the heap block p
 * points into, 0 when p points into no heap block (NULL, an input object,
 * a variable), decided once p is known. */
static bool alloc_line_now(Tr *t, PropVar p, PropVar unused, int64_t stride, PropVar line, bool *done) {
  (void)unused, (void)stride;
  PropStore *s = t->s;
  int64_t l;
  if (!known_location(t, p, &l, done)) return true;
  TrObject *o = l ? tr_object_at(t, l) : NULL;
  bool heap = o && o->kind == TR_OBJ_HEAP && l >= o->base && l < o->base + o->ncells;
  return prop_fix(s, line, heap ? o->line : 0);
}

PropVar tr_alloc_line(Tr *t, PropVar p) {
  return when_known(t, alloc_line_now, p, TR_UNINIT, 1, prop_new_var(t->s, 0, INT32_MAX));
}
