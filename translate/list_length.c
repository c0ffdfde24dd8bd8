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
  int sp = tr_frame_slot(fn, p), writes = 0;
  const IrType *st = NULL;
  int field = -1;
  bool may_continue = false;
  const IrBlock *blocks[2] = {&loop->body, &loop->step};
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < blocks[b]->n; i++) {
      const IrStmt *s = blocks[b]->stmts[i];
      const TrFacts *f = tr_facts(t, fn, s);
      if (f->slot && f->slot[sp]) {
        if (s->kind != IR_ST_ASSIGN || !scalar_local(s->lhs) || s->lhs->var != p || s->rhs->type != p->type ||
            !field_of(s->rhs, p, &st, &field) || (b == 0 && may_continue))
          return TR_UNINIT;
        writes++;
      }
      if (b == 0) may_continue |= f->has_continue;
    }
  if (writes != 1) return TR_UNINIT;
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

bool tr_list_builder(Tr *t, const IrStmt *loop, const TrState *in, const TrState *out, PropVar *trips) {
  if (loop->is_do_while || loop->pre.n > 0) return true;
  const IrFunction *fn = in->fn;
  const IrVar *h = NULL;
  const IrType *st = NULL;
  int field = -1;
  if (!builder_shape(t, loop, fn, &h, &st, &field)) return true;
  int sh = tr_frame_slot(fn, h);
  if (in->slot[sh] == TR_UNINIT || out->slot[sh] == TR_UNINIT || out->slot[sh] == in->slot[sh]) return true;
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
