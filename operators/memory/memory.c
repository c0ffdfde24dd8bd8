/* memory.c - the abstract memory (DESIGN 5.1, INKA paper section 4).
 *
 * Locations.  Every object (a global or local whose address is taken or that
 * is an array or struct, a heap block) owns a contiguous range of location
 * numbers, one per scalar cell (struct fields and array elements flattened),
 * framed by a header before it and a gap after it:
 *     [header][cell 0 ... cell n-1][gap]
 * A pointer's value is the location of the cell it points to (0 is NULL), so
 * p->f is p + offset(f), &a[i] is &a[0] + i * stride: linear constraints.
 * The header of a heap block holds 1 while the block is allocated and 0 once
 * freed (the paper's struct(m) sets, one bit per block); the gap makes the
 * one-past-the-end pointer of an object a valid value that no access accepts.
 * Objects are numbered in allocation order along the path, so their
 * locations are repeatable; but a trial of an undecided branch may number
 * a block that the real translation, meeting other allocations first, puts
 * elsewhere: tr_try widens what such a trial says past the frontier.
 *
 * Memory states.  A state does not copy the cells of its parent: it is a
 * node that says how it differs (a store, an allocation, a join of two
 * paths), and a read of location l asks the chain (tr_mem_read).  A store to
 * an unknown location X keeps the disjunction inside the solver: the value at
 * l is (X == l ? V : parent[l]).  A join of an undecided ite or w hands out a
 * fresh variable per location read and ties it to the taken branch's memory
 * when the operator decides.  Work is proportional to the cells the program
 * reads, not cells x statements.
 *
 * Must never invent a value the program did not write: a cell never written
 * (malloc'd, an uninitialised local) reads as TR_UNINIT, which the caller
 * treats as "no test controls this".
 */
#include <stdlib.h>
#include <string.h>

#include "translate/tr_internal.h"

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
  if (n == t->capobjs) {
    t->capobjs = t->capobjs ? 2 * t->capobjs : 64;
    t->objs = realloc(t->objs, sizeof *t->objs * (size_t)t->capobjs);
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
  int ordinal = 1;
  for (int i = 0; i < n; i++) ordinal += t->objs[i]->kind == kind && t->objs[i]->line == line;
  o->ordinal = ordinal;
  t->objs[n] = o;
  prop_save_int(t->s, t->nobjs, n + 1);
  t->allocations++;
  for (TrWaiting *w = t->waiting; w; w = w->next) prop_wake(t->s, w->p); /* the frontier moved */
  return o;
}

const IrType *tr_cell_type(const TrObject *o, int64_t loc) { return cell_type(o->type, (loc - o->base)); }

/* ---- Memory states ------------------------------------------------------------ */
/* Who read a join's cell, as a boolean "the value read is used": a load
   through a pointer with several candidates uses it only if the pointer
   takes this one (and no later store hit the cell).  If the taken path never
   wrote the cell, every reader must be unused (1 for a direct read: the path
   is abandoned). */
typedef struct Reader {
  PropVar need;
  struct Reader *next;
} Reader;

typedef struct Cached {
  int64_t loc;
  PropVar v;
  Reader *readers;    /* trailed */
  struct Cached *next;
} Cached;

struct TrMem {
  TrMemKind kind;
  TrMem *parent;
  PropVar x, v;       /* STORE: location, value */
  TrObject *obj;      /* ALLOC */
  bool zeroed;        /* ALLOC: calloc */
  TrMem *resolved;    /* JOIN: the memory where execution went (trailed) */
  Cached *cache;      /* JOIN: one variable per location read; STORE: merges (trailed) */
};

static TrMem *new_mem(Tr *t, TrMemKind kind, TrMem *parent) {
  TrMem *m = prop_alloc(t->s, sizeof *m);
  m->kind = kind;
  m->parent = parent;
  return m;
}

TrMem *tr_mem_initial(Tr *t) { return new_mem(t, TR_MEM_INIT, NULL); }
TrMem *tr_mem_join(Tr *t) { return new_mem(t, TR_MEM_JOIN, NULL); }

TrMem *tr_mem_store(Tr *t, TrMem *parent, PropVar x, PropVar v) {
  TrMem *m = new_mem(t, TR_MEM_STORE, parent);
  m->x = x;
  m->v = v;
  return m;
}

TrMem *tr_mem_alloc(Tr *t, TrMem *parent, TrObject *o, bool zeroed) {
  TrMem *m = new_mem(t, TR_MEM_ALLOC, parent);
  m->obj = o;
  m->zeroed = zeroed;
  return m;
}

static Cached *cached(const TrMem *m, int64_t loc) {
  for (Cached *c = m->cache; c; c = c->next)
    if (c->loc == loc) return c;
  return NULL;
}

static Cached *remember(Tr *t, TrMem *m, int64_t loc, PropVar v) {
  Cached *c = prop_alloc(t->s, sizeof *c);
  c->loc = loc;
  c->v = v;
  c->next = m->cache;
  prop_save_ptr(t->s, (void **)&m->cache, c);
  return c;
}

static void add_reader(Tr *t, Cached *c, PropVar need) {
  for (Reader *r = c->readers; r; r = r->next)
    if (r->need == need) return;
  Reader *r = prop_alloc(t->s, sizeof *r);
  r->need = need;
  r->next = c->readers;
  prop_save_ptr(t->s, (void **)&c->readers, r);
}

/* A read whose value would be a cell nobody wrote must not be needed: the
   path that needs it is abandoned (and the search can claim no proof).  It
   waits until `need` is decided, so that a candidate no execution takes
   does not count. */
typedef struct Uncontrolled {
  Propagator base;
  Tr *t;
  PropVar need;
  const char *reason;
} Uncontrolled;

static PropStatus uncontrolled_propagate(PropStore *s, Propagator *p) {
  Uncontrolled *u = (Uncontrolled *)p;
  if (!prop_is_fixed(s, u->need)) return PROP_SUSPEND;
  if (prop_value(s, u->need) == 0) return PROP_ENTAILED;
  u->t->incomplete_reason = u->reason;
  return PROP_FAILED;
}

static const PropClass uncontrolled_class = {"uncontrolled", uncontrolled_propagate, PROP_PRIO_UNARY, true};

bool tr_abandon_if(Tr *t, PropVar cond, const char *reason) {
  Uncontrolled *u = prop_propagator_new(t->s, &uncontrolled_class, sizeof *u);
  u->t = t;
  u->need = cond;
  u->reason = reason;
  prop_subscribe(t->s, &u->base, cond, PROP_EV_FIX);
  return prop_post(t->s, &u->base);
}

bool tr_mem_uncontrolled(Tr *t, PropVar need) {
  return tr_abandon_if(t, need, "a path reads memory that no test controls");
}

/* need && !hit: the read below a store matters only if the store missed. */
static PropVar missed(Tr *t, PropVar need, PropVar hit) {
  PropStore *s = t->s;
  PropVar miss = prop_new_var(s, 0, 1), both = prop_new_var(s, 0, 1);
  if (!op_bool_not(s, miss, hit)) return TR_UNINIT;
  if (need == t->one) return miss;
  return op_bool_and(s, both, need, miss) ? both : TR_UNINIT;
}

/* The fresh variable standing for a cell's value.  Past the frontier the
   block is not allocated yet on this path, so nothing is known of it. */
static PropVar cell_var(Tr *t, int64_t loc) {
  TrObject *o = tr_object_at(t, loc);
  if (!o) return prop_new_var(t->s, INT64_MIN, INT64_MAX);
  if (loc < o->base) return prop_new_var(t->s, 0, 1); /* a header */
  return tr_fresh(t, tr_cell_type(o, loc));
}

static PropVar read_initial(Tr *t, int64_t loc) {
  TrObject *o = tr_object_at(t, loc);
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

/* The value at loc in m: a variable, or TR_UNINIT when nobody wrote it.
   `need` is the boolean "this value is used" (t->one for a read of a known
   location; a load's candidate is used only if its pointer takes it). */
PropVar tr_mem_read(Tr *t, TrMem *m, int64_t loc, PropVar need) {
  PropStore *s = t->s;
  for (;;) {
    switch (m->kind) {
    case TR_MEM_INIT: return read_initial(t, loc);
    case TR_MEM_ALLOC: {
      TrObject *o = m->obj;
      if (loc == o->base - 1) return t->one; /* the header: allocated */
      if (loc >= o->base && loc < o->base + o->ncells) return m->zeroed ? t->zero : TR_UNINIT;
      m = m->parent;
      continue;
    }
    case TR_MEM_STORE: {
      if (prop_is_fixed(s, m->x)) {
        if (prop_value(s, m->x) == loc) return m->v;
        m = m->parent;
        continue;
      }
      if (!prop_has(s, m->x, loc)) {
        m = m->parent;
        continue;
      }
      Cached *c = cached(m, loc);
      if (c) return c->v;
      /* a store to an unknown place: a guarded candidate */
      PropVar l = prop_new_const(s, loc), hit = prop_new_var(s, 0, 1);
      if (!op_reify(s, hit, m->x, OP_EQ, l)) return TR_UNINIT;
      PropVar below = missed(t, need, hit);
      if (below == TR_UNINIT) return TR_UNINIT;
      PropVar old = tr_mem_read(t, m->parent, loc, below);
      if (old == TR_UNINIT) { /* only the store can have written loc */
        if (!tr_mem_uncontrolled(t, below)) return TR_UNINIT;
        return m->v;
      }
      PropVar v = cell_var(t, loc);
      if (!op_merge(s, v, hit, m->v, old)) return TR_UNINIT;
      remember(t, m, loc, v);
      return v;
    }
    case TR_MEM_JOIN: {
      if (m->resolved) {
        m = skip_resolved(t, m);
        continue;
      }
      Cached *c = cached(m, loc);
      if (!c) c = remember(t, m, loc, cell_var(t, loc));
      add_reader(t, c, need);
      return c->v;
    }
    }
  }
}

/* The join m now continues as `end`: every variable it handed out equals the
   value in `end`.  False on failure. */
bool tr_mem_resolve(Tr *t, TrMem *m, TrMem *end) {
  if (m == end) return true;
  prop_save_ptr(t->s, (void **)&m->resolved, end);
  for (Cached *c = m->cache; c; c = c->next) {
    PropVar v = tr_mem_read(t, end, c->loc, t->one);
    if (v == TR_UNINIT) {
      for (Reader *r = c->readers; r; r = r->next)
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
  for (const Cached *c = m->cache; c && n < cap; c = c->next) vars[n++] = c->v;
  return n;
}
