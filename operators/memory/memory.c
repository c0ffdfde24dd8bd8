/* memory.c - the abstract memory (the INKA memory paper, section 4): objects
 * and their locations, and the chain of memory states.
 *
 * Paper concept -> here:
 *   IDENT, the locations   location numbers: every object (a global or local
 *                          whose address is taken or that is an array or
 *                          struct, a heap block) owns a contiguous range, one
 *                          per scalar cell (struct fields and array elements
 *                          flattened), framed by a header and a gap:
 *                              [header][cell 0 ... cell n-1][gap]
 *                          A pointer's value is a location (0 is NULL), so
 *                          p->f is p + offset(f) and &a[i] is &a[0] + i *
 *                          stride: linear constraints (access_f of 4.1).
 *   struct(m), s_@         the header cell of each heap block: 1 while the
 *                          block is allocated, 0 once freed (one bit per
 *                          block instead of a set per type).
 *   tab_i(m), tab_p(m)     the cells, read lazily through the chain below.
 *   dom_p, ndom_p          the domain of a pointer variable: an interval list
 *                          of locations, so "all but @a" is a list with a hole.
 *   closed(m)              the frontier (tr_frontier): below it every object
 *                          of the path is known (closed); past it lie blocks
 *                          that code not translated yet may allocate (open).
 *                          Nothing is deduced about a location past the
 *                          frontier: its loads and checks wait.
 * Objects are numbered in allocation order along the path, so locations are
 * repeatable; but a trial of an undecided branch may number a block that the
 * real translation, meeting other allocations first, puts elsewhere: tr_try
 * (operators/control/trial.c) widens what such a trial says past the frontier.
 *
 * Memory states.  A state does not copy the cells of its parent: it is a
 * node that says how it differs (a store: store_element.c; an allocation:
 * new_s.c; a free is a store to the header: delete_s.c; a join of two
 * paths), and a read of location l asks the chain (tr_mem_read).  A join of
 * an undecided ite or w hands out a fresh variable per location read and
 * ties it to the taken branch's memory when the operator decides.  Work is
 * proportional to the cells the program reads, not cells x statements.
 *
 * Must never invent a value the program did not write: a cell never written
 * (malloc'd, an uninitialised local) reads as TR_UNINIT, which the caller
 * treats as "no test controls this".
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "memory_internal.h"
/* ---- Cells of a type ------------------------------------------------------ */
int64_t tr_cells(const IrType *ty) {
  switch (ty->kind) {
  case IR_TY_STRUCT: {
    int64_t n = 0;
    for (int i = 0; i < ty->nfields; i++) n += tr_cells(ty->fields[i].type);
    return n;
  }
  case IR_TY_ARRAY: return ty->count * tr_cells(ty->base);
  default: return 1;
  }
}

int64_t tr_field_cells(const IrType *st, int field) {
  int64_t n = 0;
  for (int i = 0; i < field; i++) n += tr_cells(st->fields[i].type);
  return n;
}

/* The scalar type of cell k of an object of type ty. */
static const IrType *cell_type(const IrType *ty, int64_t k) {
  for (;;) {
    if (ty->kind == IR_TY_ARRAY) {
      int64_t per = tr_cells(ty->base);
      ty = ty->base;
      k %= per;
    } else if (ty->kind == IR_TY_STRUCT) {
      int i = 0;
      for (; i + 1 < ty->nfields && k >= tr_cells(ty->fields[i].type); i++) k -= tr_cells(ty->fields[i].type);
      ty = ty->fields[i].type;
    } else {
      return ty;
    }
  }
}

/* ---- Objects ---------------------------------------------------------------- */
enum { FIRST_LOCATION = 16 };

TrObject *tr_object_at(Tr *t, int64_t loc) {
  int lo = 0, hi = *t->nobjs - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    TrObject *o = t->objs[mid];
    if (loc < o->base - 1) hi = mid - 1;
    else if (loc > o->base + o->ncells) lo = mid + 1;
    else return o;
  }
  return NULL;
}

bool tr_is_cell(Tr *t, int64_t loc) {
  TrObject *o = tr_object_at(t, loc);
  return o && loc >= o->base && loc < o->base + o->ncells;
}

int64_t tr_frontier(Tr *t) {
  int n = *t->nobjs;
  return n ? t->objs[n - 1]->base + t->objs[n - 1]->ncells + 1 : FIRST_LOCATION;
}

TrObject *tr_new_object(Tr *t, TrObjectKind kind, const IrType *type, int64_t count, const char *name, int line) {
  int n = *t->nobjs;
  if (tr_frontier(t) + 2 + count * tr_cells(type) > TR_LOC_MAX) { /* pointers could not name it */
    t->budget_hit = true; /* a failure now is no refutation */
    t->incomplete_reason = "the locations of the memory model ran out";
    return NULL;
  }
  if (n == t->capobjs) {
    int cap = t->capobjs ? 2 * t->capobjs : 64;
    TrObject **objs = realloc(t->objs, sizeof *objs * (size_t)cap);
    if (!objs) {
      tr_out_of_memory(t);
      return NULL;
    }
    t->objs = objs;
    t->capobjs = cap;
  }
  TrObject *o = prop_alloc(t->s, sizeof *o);
  o->base = tr_frontier(t) + 1; /* after the header */
  o->type = type;
  o->count = count;
  o->ncells = count * tr_cells(type);
  o->kind = kind;
  o->name = name;
  o->line = line;
  o->index = n;
  o->len = TR_UNINIT;
  o->input_cells = NULL;
  int ordinal = 1;
  for (int i = 0; i < n; i++) ordinal += t->objs[i]->kind == kind && t->objs[i]->line == line;
  o->ordinal = ordinal;
  t->objs[n] = o;
  prop_save_int(t->s, t->nobjs, n + 1);
  t->allocations++;
  /* the frontier moved: the waiters whose pointers it has just passed can
     go on (what lies below the old frontier did not change; the others
     wait on, and a narrower pointer wakes them by itself).  Waking them all
     made a list built in a loop cost its length times the loads waiting
     further down the path. */
  int64_t old = o->base - 1, frontier = tr_frontier(t); /* (the block starts after its header) */
  for (TrWaiting *w = t->waiting; w; w = w->next) {
    int64_t max = prop_max(t->s, w->x);
    if (max >= old && max < frontier) prop_wake(t->s, w->p);
  }
  return o;
}

int64_t tr_sized_reserve(const IrType *elem) {
  int64_t per = tr_cells(elem), count = TR_SIZED_CELLS / (per > 0 ? per : 1);
  return count < 1 ? 1 : count;
}

TrObject *tr_new_sized_object(Tr *t, TrObjectKind kind, const IrType *elem, PropVar len, const char *name, int line) {
  TrObject *o = tr_new_object(t, kind, elem, tr_sized_reserve(elem), name, line);
  if (o) o->len = len;
  return o;
}

const IrType *tr_cell_type(const TrObject *o, int64_t loc) { return cell_type(o->type, (loc - o->base)); }

/* ---- Memory states ------------------------------------------------------------ */
TrMem *mem_node(Tr *t, TrMemKind kind, TrMem *parent) {
  TrMem *m = prop_alloc(t->s, sizeof *m);
  m->kind = kind;
  m->parent = parent;
  m->depth = parent ? parent->depth + 1 : 0;
  return m;
}

TrMem *tr_mem_initial(Tr *t) { return mem_node(t, TR_MEM_INIT, NULL); }
TrMem *tr_mem_join(Tr *t, TrMem *in, const IrType *const *stored, int nstored) {
  TrMem *m = mem_node(t, TR_MEM_JOIN, NULL);
  m->depth = in ? in->depth + 1 : 0; /* checkpoints of read_index.c fall along the path */
  if (!stored) return m;
  m->parent = in;
  m->frontier = tr_frontier(t);
  m->nstored = nstored;
  m->stored = prop_alloc(t->s, sizeof *m->stored * (size_t)(nstored + 1));
  for (int i = 0; i < nstored; i++) m->stored[i] = stored[i];
  return m;
}

/* May a store of type a write a cell of type b?  Integers of one width may
   be accessed as either signedness (C allows it); every pointer type is
   taken as one class, to be safe. */
static bool same_storage(const IrType *a, const IrType *b) {
  if (a == b) return true;
  bool ia = a->kind == IR_TY_INT || a->kind == IR_TY_BOOL, ib = b->kind == IR_TY_INT || b->kind == IR_TY_BOOL;
  if (ia || ib) return ia && ib && a->size == b->size;
  return a->kind == b->kind && (a->kind != IR_TY_FLOAT || a->bits == b->bits);
}

/* Does the (undecided) join m leave loc as its parent has it?  Its branches
   store only to cells of m->stored types (a cell holds values of its own
   type: the translated subset has no type punning), and free nothing; an
   object allocated in them lies past m->frontier. */
static bool join_passes(Tr *t, const TrMem *m, int64_t loc) {
  if (!m->parent || loc >= m->frontier) return false;
  TrObject *o = tr_object_at(t, loc);
  if (!o || loc >= o->base + o->ncells) return false;
  if (loc < o->base) return true; /* a header: only free writes it */
  const IrType *ty = tr_cell_type(o, loc);
  for (int i = 0; i < m->nstored; i++)
    if (same_storage(m->stored[i], ty)) return false;
  return true;
}

/* ---- The values a node handed out, by location ---------------------------------
 * A node's cache is a list (trailed head); a join after a long loop may
 * hand out a value for every cell the code after it reads, so past
 * CACHE_LIST entries the node also keeps a hash table of them.  Its bucket
 * heads and its count are trailed, so a backtrack forgets the entries made
 * below the choice point with the list's; a table that fills is replaced
 * (trailed) by one twice as large, the old one left as it was. */
enum { CACHE_LIST = 8, CACHE_BUCKETS = 64 };

typedef struct CacheLink {
  MemCached *c;
  struct CacheLink *next;
} CacheLink;

struct MemCacheTable {
  int nbuckets, count;   /* count trailed */
  CacheLink **bucket;    /* heads trailed */
};

static unsigned cache_hash(int64_t loc, int nbuckets) {
  uint64_t x = (uint64_t)loc * 0x9E3779B97F4A7C15ULL;
  return (unsigned)(x >> 40) & (unsigned)(nbuckets - 1);
}

static void table_add(Tr *t, MemCacheTable *tab, MemCached *c, bool trailed) {
  CacheLink *l = prop_alloc(t->s, sizeof *l);
  CacheLink **head = &tab->bucket[cache_hash(c->loc, tab->nbuckets)];
  l->c = c;
  l->next = *head;
  if (trailed) {
    prop_save_ptr(t->s, (void **)head, l);
    prop_save_int(t->s, &tab->count, tab->count + 1);
  } else { /* a table made at this level */
    *head = l;
    tab->count++;
  }
}

/* A table of all of m's cached values, with room for twice as many. */
static void table_make(Tr *t, TrMem *m, int n) {
  MemCacheTable *tab = prop_alloc(t->s, sizeof *tab);
  tab->nbuckets = CACHE_BUCKETS;
  while (tab->nbuckets < 2 * n) tab->nbuckets *= 2;
  tab->bucket = prop_alloc(t->s, sizeof *tab->bucket * (size_t)tab->nbuckets);
  for (MemCached *c = m->cache; c; c = c->next) table_add(t, tab, c, false);
  prop_save_ptr(t->s, (void **)&m->table, tab);
}

MemCached *mem_cached(const TrMem *m, int64_t loc) {
  if (m->table) {
    for (const CacheLink *l = m->table->bucket[cache_hash(loc, m->table->nbuckets)]; l; l = l->next)
      if (l->c->loc == loc) return l->c;
    return NULL;
  }
  for (MemCached *c = m->cache; c; c = c->next)
    if (c->loc == loc) return c;
  return NULL;
}

MemCached *mem_remember(Tr *t, TrMem *m, int64_t loc, PropVar v) {
  MemCached *c = prop_alloc(t->s, sizeof *c);
  c->loc = loc;
  c->v = v;
  c->next = m->cache;
  prop_save_ptr(t->s, (void **)&m->cache, c);
  prop_save_int(t->s, &m->ncache, m->ncache + 1);
  if (m->table && m->table->count < m->table->nbuckets) table_add(t, m->table, c, true);
  else if (m->table || m->ncache > CACHE_LIST) table_make(t, m, m->ncache);
  return c;
}

bool mem_add_reader(Tr *t, MemCached *c, PropVar need) {
  for (MemReader *r = c->readers; r; r = r->next)
    if (r->need == need) return false;
  MemReader *r = prop_alloc(t->s, sizeof *r);
  r->need = need;
  r->next = c->readers;
  prop_save_ptr(t->s, (void **)&c->readers, r);
  return true;
}

/* A read whose value would be a cell nobody wrote must not be needed: the
   path that needs it is abandoned (and the search can claim no proof).  It
   waits until `need` is decided, so that a candidate no execution takes
   does not count.
   A read of a value no test controls (free_value) leaves that value free:
   the path's model then holds for whatever it is, and a refutation of the
   path stands.  Such an abandonment waits, once needed, for the fixpoint of
   the rest of propagation (a deferred run), so that a path propagation
   refutes is refuted, not abandoned at the cost of the proof (a loop exit
   whose join reads cells past what the loop wrote, posted with the
   equalities that contradict that exit).  Any other abandonment fires at
   once: there the path's model leaves out executions (one NaN for many, an
   input array cut at the reserve), and its refutation would say nothing. */
typedef struct Uncontrolled {
  Propagator base;
  Tr *t;
  PropVar need;
  const char *reason;
  bool free_value;
} Uncontrolled;

static PropStatus uncontrolled_propagate(PropStore *s, Propagator *p) {
  Uncontrolled *u = (Uncontrolled *)p;
  if (!prop_is_fixed(s, u->need)) return PROP_SUSPEND;
  if (prop_value(s, u->need) == 0) return PROP_ENTAILED;
  if (u->free_value && !prop_deferred_run(s)) {
    prop_defer(s, p);
    return PROP_SUSPEND;
  }
  u->t->incomplete_reason = u->reason;
  return PROP_FAILED;
}

static const PropClass uncontrolled_class = {"uncontrolled", uncontrolled_propagate, PROP_PRIO_UNARY, true};

static bool abandon_if(Tr *t, PropVar cond, const char *reason, bool free_value) {
  Uncontrolled *u = prop_propagator_new(t->s, &uncontrolled_class, sizeof *u);
  u->t = t;
  u->need = cond;
  u->reason = reason;
  u->free_value = free_value;
  prop_subscribe(t->s, &u->base, cond, PROP_EV_FIX);
  return prop_post(t->s, &u->base);
}

bool tr_abandon_if(Tr *t, PropVar cond, const char *reason) { return abandon_if(t, cond, reason, false); }

bool tr_abandon_read_if(Tr *t, PropVar cond, const char *reason) { return abandon_if(t, cond, reason, true); }

bool tr_mem_uncontrolled(Tr *t, PropVar need) {
  return tr_abandon_read_if(t, need, "a path reads memory that no test controls");
}

/* The fresh variable standing for a cell's value.  Past the frontier the
   block is not allocated yet on this path, so nothing is known of it. */
PropVar mem_cell_var(Tr *t, int64_t loc) {
  TrObject *o = tr_object_at(t, loc);
  if (!o) return prop_new_var(t->s, INT64_MIN, INT64_MAX);
  if (loc < o->base) return prop_new_var(t->s, 0, 1); /* a header */
  return tr_fresh_cell(t, tr_cell_type(o, loc));
}

static PropVar read_initial(Tr *t, int64_t loc) {
  TrObject *o = tr_object_at(t, loc);
  if (o && o->kind == TR_OBJ_INPUT) return tr_input_initial(t, o, loc);
  if (!o || loc < o->base || loc >= o->base + o->ncells) return TR_UNINIT;
  if (o->initial) return o->initial[loc - o->base];
  return TR_UNINIT;
}

/* Where a resolved join continues, past any further resolved joins; the
   path is compressed (trailed), so that a long run of decided ite and w
   joins costs one step on the next read. */
static TrMem *skip_resolved(Tr *t, TrMem *m) {
  TrMem *end = m->resolved;
  while (end->kind == TR_MEM_JOIN && end->resolved) end = end->resolved;
  if (m->resolved != end) prop_save_ptr(t->s, (void **)&m->resolved, end);
  return end;
}

/* The chain is walked from the newest node to the oldest; every node kind
   either answers for loc or hands the read to its parent.  A long walk
   jumps over runs of fixed stores, allocations and resolved joins by their
   index (read_index.c). */
PropVar tr_mem_read(Tr *t, TrMem *m, int64_t loc, PropVar need) {
  PropStore *s = t->s;
  assert(need != TR_UNINIT && need != TR_FAIL);
  for (int walked = 0;; walked++) {
    assert(m);
    MemIndex *ix;
    if (walked >= MEM_INDEX_AFTER && mem_index_here(t, m) && (ix = mem_index_of(t, m))) {
      PropVar v;
      if (mem_index_find(t, ix, loc, &v, &m)) return v;
      walked = 0; /* m is the run's barrier (passable by now if the index is old) */
    }
    switch (m->kind) {
    case TR_MEM_INIT: return read_initial(t, loc);
    case TR_MEM_ALLOC: {
      PropVar v;
      if (m->copy_from && loc >= m->obj->base && loc < m->obj->base + m->obj->ncells) return mem_copy_read(t, m, loc, need);
      if (mem_alloc_read(t, m, loc, &v)) return v;
      m = m->parent;
      continue;
    }
    case TR_MEM_STORE:
      if (prop_is_fixed(s, m->x)) { /* the store's location is known */
        if (prop_value(s, m->x) == loc) return m->v;
        m = m->parent;
        continue;
      }
      if (!prop_has(s, m->x, loc)) {
        m = m->parent;
        continue;
      }
      return mem_store_read(t, m, loc, need);
    case TR_MEM_JOIN: {
      if (m->resolved) {
        m = skip_resolved(t, m);
        continue;
      }
      if (join_passes(t, m, loc)) {
        m = m->parent;
        continue;
      }
      MemCached *c = mem_cached(m, loc);
      if (!c) c = mem_remember(t, m, loc, mem_cell_var(t, loc));
      mem_add_reader(t, c, need);
      return c->v;
    }
    }
  }
}

/* Whether some reader of c uses its value: the disjunction of their needs. */
static PropVar any_reader(Tr *t, const MemCached *c) {
  PropVar any = t->zero;
  for (const MemReader *r = c->readers; r; r = r->next) {
    if (r->need == t->one) return t->one;
    if (any == t->zero) {
      any = r->need;
      continue;
    }
    PropVar either = prop_new_var(t->s, 0, 1);
    if (!op_bool_or(t->s, either, any, r->need)) return TR_FAIL;
    any = either;
  }
  return any;
}

bool tr_mem_resolve(Tr *t, TrMem *m, TrMem *end) {
  if (m == end) return true;
  prop_save_ptr(t->s, (void **)&m->resolved, end);
  assert(m->kind == TR_MEM_JOIN && end);
  for (MemCached *c = m->cache; c; c = c->next) {
    /* read on behalf of c's readers: a cell unwritten below abandons the
       path only where one of them uses the value */
    PropVar need = any_reader(t, c);
    if (need == TR_FAIL) return false;
    if (need == t->zero) need = t->one; /* no reader recorded one: read as if needed (only more cautious) */
    PropVar v = tr_mem_read(t, end, c->loc, need);
    if (v == TR_FAIL) return false;
    if (v == TR_UNINIT) {
      for (MemReader *r = c->readers; r; r = r->next)
        if (!tr_mem_uncontrolled(t, r->need)) return false;
      continue;
    }
    if (v != c->v && !op_rel(t->s, c->v, OP_EQ, v)) return false;
  }
  return true;
}

int tr_mem_join_vars(const TrMem *m, PropVar *vars, int cap) {
  int n = 0;
  if (m->kind != TR_MEM_JOIN || m->resolved) return 0;
  for (const MemCached *c = m->cache; c && n < cap; c = c->next) vars[n++] = c->v;
  return n;
}

/* ---- Waiting for memory -------------------------------------------------------
 * A load or check whose pointer may still designate a block not allocated
 * yet waits; it counts as an undecided operator (a leaf where it still
 * waits is no solution) and every allocation wakes it. */
static void wait_for_memory(Tr *t, Propagator *p, PropVar x, int *waiting) {
  if (*waiting) return;
  prop_save_int(t->s, waiting, 1);
  prop_save_int(t->s, t->undecided, *t->undecided + 1);
  TrWaiting *w = prop_alloc(t->s, sizeof *w);
  w->p = p;
  w->x = x;
  w->next = t->waiting;
  prop_save_ptr(t->s, (void **)&t->waiting, w);
}

static void done_waiting(Tr *t, int *waiting) {
  if (!*waiting) return;
  prop_save_int(t->s, waiting, 0);
  prop_save_int(t->s, t->undecided, *t->undecided - 1);
  assert(*t->undecided >= 0);
}

PropStatus tr_memory_status(Tr *t, Propagator *p, PropVar x, int *waiting, bool ok, bool done) {
  if (!ok) return PROP_FAILED;
  if (!done) {
    wait_for_memory(t, p, x, waiting);
    return PROP_SUSPEND;
  }
  done_waiting(t, waiting);
  return PROP_ENTAILED;
}

/* ---- Candidates of a pointer (load_element and access_s) ------------------------ */
/* Surely more than n members in dom(x)?  (A quick count: the values
   between its ends over the modulus of its class.) */
static bool members_above(PropStore *s, PropVar x, uint64_t n) {
  int bits;
  uint64_t res, odd;
  prop_congruence(s, x, &bits, &res);
  prop_odd_congruence(s, x, &odd, &res);
  uint64_t mod = bits < 20 ? (uint64_t)1 << bits : (uint64_t)1 << 20;
  if (odd > 1 && odd < (1u << 20)) mod *= odd;
  return prop_size(s, x) / mod > n + 1;
}

/* The members of dom(x), not every value between its ends: x = &t[k].f
   with elements of c cells keeps x == &t[0].f (mod c), and the cells in
   between (the other fields) are no candidates. */
int mem_targets(Tr *t, PropVar x, int64_t *out) {
  PropStore *s = t->s;
  if (prop_max(s, x) >= tr_frontier(t) || members_above(s, x, MEM_MAX_TARGETS)) return -1;
  int n = 0;
  int64_t v = prop_min(s, x);
  for (bool more = prop_has(s, x, v) || prop_next(s, x, v, &v); more; more = prop_next(s, x, v, &v)) {
    if (n == MEM_MAX_TARGETS) return -1;
    out[n++] = v;
  }
  return n;
}

PropVar mem_candidate(Tr *t, PropVar x, int64_t l) {
  if (prop_is_fixed(t->s, x)) return t->one;
  PropVar b = prop_new_var(t->s, 0, 1);
  return op_reify(t->s, b, x, OP_EQ, prop_new_const(t->s, l)) ? b : TR_FAIL;
}

bool mem_pick(Tr *t, PropVar x, const int64_t *where, const PropVar *table, int n, PropVar v) {
  if (n == 0) return prop_fix(t->s, x, -1); /* no candidate: fails */
  if (n == 1) return prop_fix(t->s, x, where[0]) && op_rel(t->s, v, OP_EQ, table[0]);
  PropVar idx = prop_new_var(t->s, 0, n - 1);
  return op_element_const(t->s, x, where, n, idx) && op_element_var(t->s, v, table, n, idx);
}
