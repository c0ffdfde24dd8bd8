/* list_length.c - how many cells a list built by one loop holds, and how
 * many iterations a loop that walks it can run: links between the trip
 * counts of two loops (trip_count.c) through the memory between them.
 *
 * The length of a pointer x along field f in memory M, len(x, M), is the
 * number of pointers x_0 = x, x_1 = M[x_0.f], x_2 = M[x_1.f], ... before
 * the first NULL; it is infinite when there is none (a cycle) and when some
 * x_j is not NULL and not a live cell of the struct (no x_{j+1} exists).
 * Trip counts and lengths saturate at TR_TRIPS_MAX (2^60; trip_count.c):
 * a length fact (p, M, f, B) says min(len(p, M), TR_TRIPS_MAX) <= B, B a
 * variable of [0, TR_TRIPS_MAX]; facts live
 * on the Tr (trailed, in the arena) and vanish with the search state that
 * made them.  NULL has length 0.
 *
 * A walk: `while (p) { ...; p = p->f; ... }` (or `p != NULL`), p a scalar
 * pointer local written by exactly that one top-level statement of the
 * body or step, no continue before it in the body, no statement of the
 * loop storing a pointer cell or freeing (type-based: a cell of a pointer
 * type is written only by stores of a pointer type, see
 * operators/memory/memory.c same_storage), not a do-while, no pre block.
 * Iteration j + 1 of the walk starts only after iterations 1..j each ran
 * the update once (a break, return or end leaves the loop), so p at check
 * j + 1 is x_j for x = p0 in the entry memory M (no f cell changes in the
 * loop), and the check demands x_j != NULL: x_0..x_j are all non-NULL and
 * len(p0, M) >= j + 1 (or infinite).  So the walk's trip count T_w <=
 * len(p0, M): with a fact (p0, M, f, B), T_w <= B.
 *
 * A builder pushes one fresh cell per iteration in front of a list h:
 *     c = malloc(...);  ...  c->f = h;  ...  h = c;
 * three top-level statements of the body in this order, c and h scalar
 * pointer locals, c's pointee the struct of f; c written only by the
 * malloc/calloc, h only by `h = c`, no continue before `h = c`, and no
 * other statement of the loop storing a pointer cell or freeing.  An
 * iteration that runs `h = c` ran the malloc (a new object, never NULL in
 * the model) and the store before it; the store wrote c's own cell only.
 * So if len(h, M) is finite, its cells existed before c and did not change:
 * len(c, M') = 1 + len(h, M).  An iteration that does not reach `h = c`
 * leaves h and every existing f cell as they were.  By induction, after
 * the T_b iterations the loop starts, len(h_out, M_out) <= T_b +
 * len(h0, M_in): the fact (h_out, M_out, f, T_b + B0) when (h0, M_in, f,
 * B0) is known.  (h_out and M_out matter only when the loop is left
 * normally; on a path that ends inside it nothing reads them, and the
 * fact's fresh bound is satisfiable.)
 *
 * A builder may also append through a tail pointer:
 *     c = malloc(...);  ...  c->f = NULL;  ...  then, in any order, under
 *     ifs: `h = c` (every write of h) and at most one link `q->f = c`
 * (where c may also be a copy of c: a local assigned c, or a copy, earlier
 * on the same path through the iteration and not written since, as in
 * `head = tail = c`)
 * c written only by the allocation; before the NULL store nothing writes
 * h or stores a pointer; after it the only pointer store is the one link
 * (not in a loop: it runs at most once per iteration), q a pointer local
 * other than c that nothing writes before the link in the iteration (so q
 * holds a value from before the allocation: q != c); the step writes
 * neither h nor c and stores no pointer.  When the link runs, c.f is NULL
 * and stays so (the link writes q's cell, not c's).  In the iteration's
 * memory M', if h ends as c its list is c alone: length 1.  Otherwise h
 * is unchanged; if its list in M is finite and passes through q (at
 * position i < len), it now runs x_0..x_i = q, c, NULL: i + 2 <= len + 1
 * cells; if it does not pass through q it is unchanged (c is fresh, not
 * on it).  Either way len(h, M') <= len(h, M) + 1, and the same fact
 * follows for every h that fits (the head and the tail both do in the
 * usual `if (tail) tail->f = c; else head = c; tail = c;`).
 *
 * Between the builder and the walk the fact follows the same pointer
 * variable down the memory chain across allocations (new objects are not
 * on the list), stores to cells of a known non-pointer type, and undecided
 * joins whose branches store no pointer and free nothing; anything else
 * (a pointer store, a store to an unknown location, a free) ends the look.
 */
#include "tr_internal.h"
#include "operators/memory/memory_internal.h"

struct TrLength {
  PropVar ptr;
  const TrMem *mem;
  const IrType *st;          /* the struct */
  int field;                 /* of st */
  PropVar bound;             /* len(ptr, mem) <= bound */
  TrLength *next;
};

enum { LOOK_BACK = 256 };    /* memory nodes a look follows before giving up */

static bool scalar_local(const IrExpr *e) {
  return e && e->kind == IR_VAR && e->var->kind != IR_VAR_GLOBAL && !e->var->address_taken;
}

static bool is_ptr_local(const IrExpr *e) { return scalar_local(e) && e->type->kind == IR_TY_PTR; }

/* Does memory node m leave every pointer cell of existing objects alone? */
static bool keeps_pointers(Tr *t, const TrMem *m) {
  switch (m->kind) {
  case TR_MEM_ALLOC: return true;
  case TR_MEM_STORE: {
    if (!prop_is_fixed(t->s, m->x)) return false;
    int64_t loc = prop_value(t->s, m->x);
    TrObject *o = tr_object_at(t, loc);
    if (!o || loc < o->base || loc >= o->base + o->ncells) return false; /* a header: a free */
    const IrType *ty = tr_cell_type(o, loc);
    return ty && ty->kind != IR_TY_PTR;
  }
  case TR_MEM_JOIN:
    if (!m->parent) return false; /* its branches may store anything, or free */
    for (int i = 0; i < m->nstored; i++)
      if (m->stored[i]->kind == IR_TY_PTR) return false;
    return true;
  default: return false;
  }
}

PropVar tr_list_length(Tr *t, PropVar ptr, const TrMem *mem, const IrType *st, int field) {
  if (ptr == TR_UNINIT || ptr == TR_FAIL) return TR_UNINIT;
  if (prop_is_fixed(t->s, ptr) && prop_value(t->s, ptr) == 0) return t->zero;
  for (int step = 0; mem && step < LOOK_BACK; step++) {
    for (const TrLength *l = t->lengths; l; l = l->next)
      if (l->ptr == ptr && l->mem == mem && l->st == st && l->field == field) return l->bound;
    if (!keeps_pointers(t, mem)) return TR_UNINIT;
    mem = mem->parent;
  }
  return TR_UNINIT;
}

static void add_length(Tr *t, PropVar ptr, const TrMem *mem, const IrType *st, int field, PropVar bound) {
  TrLength *l = prop_alloc(t->s, sizeof *l);
  *l = (TrLength){ptr, mem, st, field, bound, t->lengths};
  prop_save_ptr(t->s, (void **)&t->lengths, l);
}

/* Does the loop (its facts) store no pointer cell and free nothing? */
static bool no_pointer_stores(const TrFacts *f) {
  if (f->stores_any) return false;
  for (int i = 0; i < f->nstored; i++)
    if (f->stored[i]->kind == IR_TY_PTR) return false;
  return true;
}

/* p->f as an expression: FIELD(DEREF(VAR p), f); *st and *field. */
static bool field_of(const IrExpr *e, const IrVar *p, const IrType **st, int *field) {
  if (!e || e->kind != IR_FIELD || e->a[0]->kind != IR_DEREF) return false;
  const IrExpr *base = e->a[0]->a[0];
  if (!is_ptr_local(base) || base->var != p) return false;
  *st = e->a[0]->type;
  *field = e->field;
  return (*st)->kind == IR_TY_STRUCT && e->type->kind == IR_TY_PTR;
}

/* The pointer local a loop condition tests against NULL, or NULL. */
static const IrVar *tested_pointer(const IrExpr *c) {
  if (!c) return NULL;
  if (is_ptr_local(c)) return c->var;
  if (c->kind != IR_NE) return NULL;
  for (int i = 0; i < 2; i++) {
    const IrExpr *o = c->a[1 - i];
    if (is_ptr_local(c->a[i]) && (o->kind == IR_NULL || (o->kind == IR_INT_CONST && o->ival == 0))) return c->a[i]->var;
  }
  return NULL;
}

PropVar tr_list_walk_bound(Tr *t, const IrStmt *loop, const TrState *in) {
  if (loop->is_do_while || loop->pre.n > 0) return TR_UNINIT;
  const IrVar *p = tested_pointer(loop->cond);
  if (!p) return TR_UNINIT;
  const IrFunction *fn = in->fn;
  if (!no_pointer_stores(tr_facts(t, fn, loop))) return TR_UNINIT;
  int sp = tr_frame_slot(fn, p);
  const IrType *st = NULL;
  int field = -1;
  const IrStmt *s = tr_loop_update(t, fn, loop, p); /* p = p->field, once per iteration */
  if (!s || s->kind != IR_ST_ASSIGN || !scalar_local(s->lhs) || s->lhs->var != p || s->rhs->type != p->type ||
      !field_of(s->rhs, p, &st, &field))
    return TR_UNINIT;
  if (tr_slot_defined(t, in, sp) != t->one) return TR_UNINIT; /* (maybe unassigned: its read gives up) */
  return tr_list_length(t, in->slot[sp], in->mem, st, field);
}

/* The builder's parts: h, its struct and field; false if the loop is not one. */
static bool builder_shape(Tr *t, const IrStmt *loop, const IrFunction *fn, const IrVar **h, const IrType **st,
                          int *field) {
  const IrBlock *body = &loop->body;
  /* h = c: the last of the three; find it first */
  for (int k = 0; k < body->n; k++) {
    const IrStmt *set = body->stmts[k];
    if (set->kind != IR_ST_ASSIGN || !is_ptr_local(set->lhs) || !is_ptr_local(set->rhs) ||
        set->lhs->type != set->rhs->type || set->lhs->var == set->rhs->var)
      continue;
    const IrVar *hv = set->lhs->var, *c = set->rhs->var;
    int sh = tr_frame_slot(fn, hv), sc = tr_frame_slot(fn, c);
    int alloc_at = -1, store_at = -1, hwrites = 0, cwrites = 0;
    bool ok = true, may_continue = false;
    const IrBlock *blocks[2] = {&loop->body, &loop->step};
    for (int b = 0; b < 2 && ok; b++)
      for (int i = 0; i < blocks[b]->n && ok; i++) {
        const IrStmt *s = blocks[b]->stmts[i];
        const TrFacts *f = tr_facts(t, fn, s);
        bool in_body = b == 0;
        if (s->kind == IR_ST_DECL && s->var == c) continue; /* c's lifetime starts, no value yet */
        if (in_body && i < k) may_continue |= f->has_continue;
        if (f->slot && f->slot[sh]) hwrites++;
        if (f->slot && f->slot[sc]) {
          cwrites++;
          ok = in_body && s->kind == IR_ST_CALL && (s->builtin == IR_BI_MALLOC || s->builtin == IR_BI_CALLOC) &&
               scalar_local(s->lhs) && s->lhs->var == c && s->type == c->type;
          alloc_at = i;
          continue;
        }
        if (no_pointer_stores(f)) continue;
        /* the one pointer store: c->f = h */
        const IrType *sst = NULL;
        int sf = -1;
        ok = in_body && store_at < 0 && s->kind == IR_ST_ASSIGN && field_of(s->lhs, c, &sst, &sf) &&
             scalar_local(s->rhs) && s->rhs->var == hv && s->lhs->type == hv->type && sst == c->type->base;
        store_at = i;
        *st = sst;
        *field = sf;
      }
    if (ok && hwrites == 1 && cwrites == 1 && !may_continue && alloc_at >= 0 && alloc_at < store_at &&
        store_at < k && (*st)->fields[*field].type == hv->type) {
      *h = hv;
      return true;
    }
  }
  return false;
}

/* ---- Appends ---------------------------------------------------------------- */
typedef struct Append {
  const IrVar *h, *c, *q; /* q: the local whose cell gets the link q->f = c */
  const IrType *st;
  int field;
  int links;              /* q->f = c stores seen */
  int link_at;            /* the top-level statement holding it */
} Append;

static bool is_null(const IrExpr *e) {
  e = tr_uncast(e);
  return e->kind == IR_NULL || (e->kind == IR_INT_CONST && e->ival == 0);
}

/* Copies of c: the pointer locals that hold c at a point of the iteration
   (`tail = c; head = tail;`).  A set of at most 8, copied into branches. */
typedef struct Copies {
  const IrVar *v[8];
  int n;
} Copies;

static bool holds_c(const Append *a, const Copies *cp, const IrExpr *e) {
  if (!scalar_local(e)) return false;
  if (e->var == a->c) return true;
  for (int i = 0; i < cp->n; i++)
    if (cp->v[i] == e->var) return true;
  return false;
}

/* After s: the copies s leaves (an assignment from c or a copy adds its
   target; any other write of a copy removes it). */
static void track_copies(Tr *t, const IrFunction *fn, const IrStmt *s, const Append *a, Copies *cp) {
  const TrFacts *f = tr_facts(t, fn, s);
  int keep = 0;
  for (int i = 0; i < cp->n; i++)
    if (!(f->slot && f->slot[tr_frame_slot(fn, cp->v[i])])) cp->v[keep++] = cp->v[i];
  cp->n = keep;
  if (s->kind == IR_ST_ASSIGN && is_ptr_local(s->lhs) && s->lhs->var != a->c && holds_c(a, cp, s->rhs) &&
      cp->n < 8)
    cp->v[cp->n++] = s->lhs->var;
}

/* Every statement of b that writes h or stores a pointer is `h = c` or the
   link `q->f = c` (q a pointer local other than c; c or a copy of it),
   through ifs and blocks only (never in a loop: once per iteration). */
static bool append_stmts(Tr *t, const IrFunction *fn, const IrBlock *b, Append *a, int top, Copies cp) {
  int sh = tr_frame_slot(fn, a->h);
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    const TrFacts *f = tr_facts(t, fn, s);
    int at = top >= 0 ? top : i;
    Copies here = cp;
    track_copies(t, fn, s, a, &cp);
    if (!(f->slot && f->slot[sh]) && no_pointer_stores(f)) continue;
    const IrType *st;
    int field;
    switch (s->kind) {
    case IR_ST_ASSIGN:
      if (!holds_c(a, &here, s->rhs)) return false;
      if (scalar_local(s->lhs) && s->lhs->var == a->h) continue;
      if (s->lhs->kind != IR_FIELD || s->lhs->a[0]->kind != IR_DEREF || !is_ptr_local(s->lhs->a[0]->a[0]))
        return false;
      a->q = s->lhs->a[0]->a[0]->var;
      if (holds_c(a, &here, s->lhs->a[0]->a[0]) || !field_of(s->lhs, a->q, &st, &field) || st != a->st ||
          field != a->field)
        return false;
      a->links++;
      a->link_at = at;
      continue;
    case IR_ST_IF:
      if (!append_stmts(t, fn, &s->then, a, at, here) || !append_stmts(t, fn, &s->els, a, at, here)) return false;
      continue;
    case IR_ST_BLOCK:
      if (!append_stmts(t, fn, &s->body, a, at, here)) return false;
      continue;
    default: return false;
    }
  }
  return true;
}

/* Is q written in b before the statement that holds the link (in the
   order the link's path runs them)?  *found: the link was in b. */
static bool q_written_before(Tr *t, const IrFunction *fn, const IrBlock *b, const Append *a, bool *found) {
  int sq = tr_frame_slot(fn, a->q);
  for (int i = 0; i < b->n; i++) {
    const IrStmt *s = b->stmts[i];
    bool inner = false;
    if (s->kind == IR_ST_ASSIGN && s->lhs->kind == IR_FIELD && s->lhs->a[0]->kind == IR_DEREF &&
        is_ptr_local(s->lhs->a[0]->a[0]) && s->lhs->a[0]->a[0]->var == a->q && scalar_local(s->rhs) &&
        s->rhs->var == a->c) {
      *found = true;
      return false;
    }
    if (s->kind == IR_ST_IF) {
      bool w = q_written_before(t, fn, &s->then, a, &inner);
      if (!inner) w = q_written_before(t, fn, &s->els, a, &inner);
      if (inner) {
        *found = true;
        return w;
      }
    } else if (s->kind == IR_ST_BLOCK) {
      bool w = q_written_before(t, fn, &s->body, a, &inner);
      if (inner) {
        *found = true;
        return w;
      }
    }
    const TrFacts *f = tr_facts(t, fn, s);
    if (f->slot && f->slot[sq]) return true;
  }
  return false;
}

/* With h: the checks of append_shape past the allocation (k) and the
   NULL store (z).  a->links and a->q are filled. */
static bool append_fits(Tr *t, const IrStmt *loop, const IrFunction *fn, int k, int z, const IrVar *hv, Append *a) {
  const IrBlock *body = &loop->body;
  a->h = hv;
  a->links = 0;
  a->q = NULL;
  a->link_at = -1;
  int sh = tr_frame_slot(fn, hv), sc = tr_frame_slot(fn, a->c);
  /* up to z: nothing writes h or c (but the allocation) or stores a pointer
     (but the NULL store); after z nothing writes c; the step neither */
  for (int i = 0; i <= z; i++) {
    const IrStmt *s = body->stmts[i];
    const TrFacts *f = tr_facts(t, fn, s);
    if (i == k || (s->kind == IR_ST_DECL && s->var == a->c)) continue;
    if ((f->slot && (f->slot[sh] || f->slot[sc])) || (i != z && !no_pointer_stores(f))) return false;
  }
  for (int i = z + 1; i < body->n; i++) {
    const TrFacts *f = tr_facts(t, fn, body->stmts[i]);
    if (f->slot && f->slot[sc]) return false;
  }
  for (int i = 0; i < loop->step.n; i++) {
    const TrFacts *f = tr_facts(t, fn, loop->step.stmts[i]);
    if ((f->slot && (f->slot[sh] || f->slot[sc])) || !no_pointer_stores(f)) return false;
  }
  IrBlock rest = {body->stmts + z + 1, body->n - z - 1};
  Copies none = {.n = 0};
  if (!append_stmts(t, fn, &rest, a, -1, none) || a->links > 1) return false;
  if (a->links == 0) return true;
  bool found = false;
  return !q_written_before(t, fn, body, a, &found) && found;
}

/* An append: c = malloc (or calloc) at the top level; c->f = NULL next;
   after that only `h = c` and at most one link `q->f = c`, q unwritten
   before it in the iteration.  See the header.  The pointer locals h that
   fit (up to 8, both the head and the tail of the usual append), their
   number. */
static int append_shape(Tr *t, const IrStmt *loop, const IrFunction *fn, const IrVar **h, const IrType **st,
                        int *field) {
  const IrBlock *body = &loop->body;
  for (int k = 0; k < body->n; k++) {
    const IrStmt *al = body->stmts[k];
    if (al->kind != IR_ST_CALL || (al->builtin != IR_BI_MALLOC && al->builtin != IR_BI_CALLOC) ||
        !is_ptr_local(al->lhs) || al->type != al->lhs->var->type || al->type->base->kind != IR_TY_STRUCT)
      continue;
    Append a = {.c = al->lhs->var, .st = al->type->base, .field = -1, .link_at = -1};
    int z = k;
    /* c->f = NULL right after (any statements between store no pointer) */
    for (int i = k + 1; i < body->n && a.field < 0; i++) {
      const IrStmt *s = body->stmts[i];
      const TrFacts *f = tr_facts(t, fn, s);
      if (no_pointer_stores(f)) continue;
      const IrType *sst;
      int sf;
      if (s->kind != IR_ST_ASSIGN || !field_of(s->lhs, a.c, &sst, &sf) || !is_null(s->rhs)) break;
      a.field = sf;
      z = i;
    }
    if (a.field < 0) continue; /* calloc without a NULL store: which field is unknown */
    if (a.st->fields[a.field].type->kind != IR_TY_PTR || a.st->fields[a.field].type->base != a.st) continue;
    /* h: a pointer local every write of which is `h = c` after z */
    const IrVar *cand[8];
    int ncand = 0;
    for (int i = z + 1; i < body->n; i++) {
      const IrStmt *s = body->stmts[i];
      const IrBlock top = {body->stmts + i, 1};
      const IrBlock *bb[3] = {&top, s->kind == IR_ST_IF ? &s->then : NULL, s->kind == IR_ST_IF ? &s->els : NULL};
      for (int b = 0; b < 3; b++)
        for (int j = 0; bb[b] && j < bb[b]->n && ncand < 8; j++) {
          const IrStmt *u = bb[b]->stmts[j];
          if (u->kind == IR_ST_ASSIGN && is_ptr_local(u->lhs) && u->lhs->var != a.c && scalar_local(u->rhs) &&
              u->lhs->type == a.c->type)
            cand[ncand++] = u->lhs->var;
        }
    }
    int nh = 0;
    for (int ci = 0; ci < ncand; ci++) {
      bool again = false;
      for (int j = 0; j < nh; j++) again |= h[j] == cand[ci];
      if (!again && append_fits(t, loop, fn, k, z, cand[ci], &a)) h[nh++] = cand[ci];
    }
    if (nh == 0) continue;
    *st = a.st;
    *field = a.field;
    return nh;
  }
  return 0;
}

/* The fact for h's list at the exit: at most T cells more than at the entry. */
static bool builder_fact(Tr *t, const TrState *in, const TrState *out, const IrVar *h, const IrType *st, int field,
                         PropVar *trips) {
  int sh = tr_frame_slot(in->fn, h);
  if (tr_slot_defined(t, in, sh) != t->one || out->slot[sh] == TR_UNINIT || out->slot[sh] == in->slot[sh])
    return true;
  PropVar b0 = tr_list_length(t, in->slot[sh], in->mem, st, field);
  if (b0 == TR_UNINIT) return true;
  if (*trips == TR_UNINIT) *trips = tr_trips_var(t);
  /* bound = min(T + B0, TR_TRIPS_MAX): both saturate there (see the header) */
  PropVar sum = prop_new_var(t->s, 0, 2 * TR_TRIPS_MAX), bound = prop_new_var(t->s, 0, TR_TRIPS_MAX);
  int64_t coef[3] = {1, -1, -1};
  PropVar x[3] = {sum, *trips, b0};
  prop_note(t->s, PROP_NOTE_SUMMARY);
  if (!op_linear(t->s, 3, coef, x, OP_EQ, 0) || !op_min(t->s, sum, prop_new_const(t->s, TR_TRIPS_MAX), bound))
    return false;
  add_length(t, out->slot[sh], out->mem, st, field, bound);
  return true;
}

bool tr_list_builder(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, PropVar *trips) {
  if (loop->is_do_while || loop->pre.n > 0) return true;
  const IrFunction *fn = in->fn;
  const IrVar *h[8];
  const IrType *st = NULL;
  int field = -1, nh = builder_shape(t, loop, fn, &h[0], &st, &field) ? 1 : append_shape(t, loop, fn, h, &st, &field);
  for (int i = 0; i < nh; i++)
    if (!builder_fact(t, in, out, h[i], st, field, trips)) return false;
  return true;
}
