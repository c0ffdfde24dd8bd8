/* input.c - the input memory: what the pointers given to the function under
 * test point to (lazy initialisation, as in the CLP heap solver paper, kept
 * as a disjunction inside the solver).
 *
 * Nothing is known of the input memory when the function starts, and it is
 * built only as far as the path reads it:
 *   - a pointer input (a parameter, or a pointer cell of an input object,
 *     when first read) is a variable whose domain holds NULL, the base of
 *     every input object of the same pointee type known at that moment
 *     (aliasing, sharing, cycles), and the base of a fresh input object
 *     created for it now.  The choice is the variable's value: loads and
 *     access checks through it keep one candidate per object (load_element,
 *     access_s), so aliasing is decided by propagation and labeling, not by
 *     forking the translation;
 *   - an input object is an array of its pointee type whose length `len` (at
 *     least 1) is a variable of the model: each access requires the element
 *     it touches to lie below len (access_s), so the test gives the object
 *     as many elements as the path reads.  Its header reads 1 (allocated
 *     before the call: the function may free it);
 *   - a cell of an input object is a fresh input variable at its first read,
 *     remembered on the object (trailed) so that every later read of the
 *     same cell on the path sees the same variable.
 * Every input memory is found this way, up to the naming of its objects:
 * take the cells in the order the model created them; a cell that points to
 * an object some earlier cell already reached takes that object's name,
 * otherwise it names its own fresh object.  The model therefore refutes
 * only what no input memory does, under two stated limits: an input pointer
 * points to the start of an object (never inside one, never overlapping
 * another), and an object has at most TR_SIZED_CELLS cells: an access
 * beyond that abandons the path (no proof), never refutes it.
 *
 * Input objects are objects of the memory like any other (memory.c): their
 * locations are reserved at the frontier when they are created, and their
 * cells are read through the chain of states, so stores by the function
 * into its inputs need nothing new.
 */
#include <assert.h>
#include <stdlib.h>

#include "memory_internal.h"

bool tr_can_be_input(const IrType *ty) {
  return ty->kind != IR_TY_VOID && ty->size > 0 && (ty->kind != IR_TY_STRUCT || ty->complete);
}

static TrObject *input_object(Tr *t, const IrType *elem) {
  PropVar len = prop_new_var(t->s, 1, tr_sized_reserve(elem));
  TrObject *o = tr_new_sized_object(t, TR_OBJ_INPUT, elem, len, NULL, 0);
  if (!o) return NULL;
  prop_add_decision(t->s, len);
  prop_save_int(t->s, t->ninputs, *t->ninputs + 1);
  return o;
}

/* ---- Acyclic input memories ---------------------------------------------------
 * Every pointer cell of an input object is an edge owner -> value.  A cycle
 * is closed by the last of its edges to be fixed, so a check at each fix,
 * "does the target reach the owner through fixed edges?", fails every
 * cyclic input memory (the CLP heap solver's acyclicity).  At creation, the
 * objects that already reach the owner leave the cell's domain.
 * The check holds while tr_acyclic_now says so: always under --acyclic; for
 * a while otherwise, as a search heuristic (a loop over a cyclic list runs
 * until a budget stops it, so acyclic inputs are tried first), which then
 * proves nothing (label/objective.c). */
typedef struct InputEdge {
  const TrObject *owner;
  PropVar v;
  struct InputEdge *next;
} InputEdge;

/* Does the object at location `from` reach `to` through fixed edges?  The
   input graph is small (the objects the path read): a depth-first walk with
   an explicit stack, each object visited once. */
static bool reaches(Tr *t, int64_t from, const TrObject *to) {
  const TrObject *start = from ? tr_object_at(t, from) : NULL;
  if (!start) return false;
  int n = *t->nobjs, top = 0;
  bool found = false;
  const TrObject **stack = malloc(sizeof *stack * (size_t)(n + 1));
  bool *seen = calloc((size_t)n + 1, sizeof *seen);
  if (!stack || !seen) {
    free(stack);
    free(seen);
    tr_out_of_memory(t); /* the path fails, and no proof is claimed */
    return true;
  }
  stack[top++] = start;
  seen[start->index] = true;
  while (top > 0 && !found) {
    const TrObject *o = stack[--top];
    if (o == to) found = true;
    for (const InputEdge *e = t->input_edges; e && !found; e = e->next) {
      if (e->owner != o || !prop_is_fixed(t->s, e->v) || prop_value(t->s, e->v) == 0) continue;
      const TrObject *next = tr_object_at(t, prop_value(t->s, e->v));
      if (next && next->index < n && !seen[next->index]) {
        seen[next->index] = true;
        stack[top++] = next;
      }
    }
  }
  free(stack);
  free(seen);
  return found;
}

/* Marks (in reach[], by object index, *t->nobjs entries) every object that
   reaches `to` through fixed edges, `to` included: a backward closure. */
static void mark_reaching(Tr *t, const TrObject *to, bool *reach) {
  reach[to->index] = true;
  for (bool grew = true; grew;) {
    grew = false;
    for (const InputEdge *e = t->input_edges; e; e = e->next) {
      if (reach[e->owner->index] || !prop_is_fixed(t->s, e->v) || prop_value(t->s, e->v) == 0) continue;
      const TrObject *target = tr_object_at(t, prop_value(t->s, e->v));
      if (target && target->index < *t->nobjs && reach[target->index]) grew = reach[e->owner->index] = true;
    }
  }
}

typedef struct Acyclic {
  Propagator base;
  Tr *t;
  const InputEdge *edge;
} Acyclic;

bool tr_acyclic_now(const Tr *t) { return t->lim.acyclic || t->small_inputs.acyclic; }
void tr_try_small_inputs(Tr *t, TrSmallInputs bound) { t->small_inputs = bound; }

static PropStatus acyclic_propagate(PropStore *s, Propagator *p) {
  Acyclic *a = (Acyclic *)p;
  if (!prop_is_fixed(s, a->edge->v)) return PROP_SUSPEND;
  if (!tr_acyclic_now(a->t)) return PROP_SUSPEND; /* (a later search stage may ask again) */
  return reaches(a->t, prop_value(s, a->edge->v), a->edge->owner) ? PROP_FAILED : PROP_ENTAILED;
}

static const PropClass acyclic_class = {"acyclic", acyclic_propagate, PROP_PRIO_GLOBAL, true};

/* Posts the check of the edge owner -> v and keeps the edge for later checks. */
static bool acyclic_edge(Tr *t, const TrObject *owner, PropVar v) {
  InputEdge *e = prop_alloc(t->s, sizeof *e);
  *e = (InputEdge){owner, v, t->input_edges};
  prop_save_ptr(t->s, (void **)&t->input_edges, e);
  Acyclic *a = prop_propagator_new(t->s, &acyclic_class, sizeof *a);
  a->t = t;
  a->edge = e;
  prop_subscribe(t->s, &a->base, v, PROP_EV_FIX);
  return prop_post(t->s, &a->base);
}

/* The value of a pointer cell of `owner` (NULL for a parameter). */
static PropVar input_pointer(Tr *t, const IrType *ptr, const TrObject *owner) {
  assert(ptr->kind == IR_TY_PTR);
  if (!tr_can_be_input(ptr->base)) return TR_UNINIT;
  bool room = t->small_inputs.max_objects == 0 || *t->ninputs < t->small_inputs.max_objects;
  TrObject *fresh = room ? input_object(t, ptr->base) : NULL;
  if (room && !fresh) return TR_FAIL;
  int n = *t->nobjs;
  PropDomain d = {0};
  d.iv = malloc(sizeof *d.iv * (size_t)(n + 1));
  if (!d.iv) {
    tr_out_of_memory(t);
    return TR_FAIL;
  }
  d.cap = n + 1;
  d.iv[d.n++] = (PropInterval){0, 0};
  bool *cyclic = owner && tr_acyclic_now(t) ? calloc((size_t)n + 1, sizeof *cyclic) : NULL;
  if (cyclic) mark_reaching(t, owner, cyclic); /* the objects this cell may not point to */
  for (int i = 0; i < n && !t->lim.no_alias; i++) {
    const TrObject *o = t->objs[i];
    if (o->kind != TR_OBJ_INPUT || o->by_value || o->type != ptr->base || o == fresh || (cyclic && cyclic[i]))
      continue;
    d.iv[d.n++] = (PropInterval){o->base, o->base};
  }
  free(cyclic);
  if (fresh) d.iv[d.n++] = (PropInterval){fresh->base, fresh->base};
  assert(d.n <= d.cap);
  PropVar v = prop_new_var_domain(t->s, &d);
  prop_domain_free(&d);
  prop_set_newest_first(t->s, v); /* NULL, then a fresh object, then sharing */
  prop_add_decision(t->s, v);
  if (owner && !t->lim.no_alias && !acyclic_edge(t, owner, v)) return TR_FAIL;
  return v;
}

PropVar tr_input_pointer(Tr *t, const IrType *ptr) { return input_pointer(t, ptr, NULL); }

PropVar tr_input_value(Tr *t, const IrType *ty, const char *name, int line) {
  TrObject *o = tr_new_sized_object(t, TR_OBJ_INPUT, ty, prop_new_const(t->s, 1), name, line); /* as the others */
  if (!o) return TR_FAIL;
  o->by_value = true;
  prop_save_int(t->s, t->ninputs, *t->ninputs + 1);
  return prop_new_const(t->s, o->base);
}

bool tr_input_read(const TrObject *o, int64_t k, PropVar *v) {
  for (const MemCached *c = o->input_cells; c; c = c->next)
    if (c->loc == o->base + k) {
      *v = c->v;
      return true;
    }
  return false;
}

PropVar tr_input_initial(Tr *t, TrObject *o, int64_t loc) {
  assert(o->kind == TR_OBJ_INPUT);
  if (loc == o->base - 1) return t->one; /* allocated before the call */
  if (loc < o->base || loc >= o->base + o->ncells) return TR_UNINIT;
  PropVar v;
  if (tr_input_read(o, loc - o->base, &v)) return v;
  if (t->inputs_frozen) return TR_UNINIT;
  const IrType *ty = tr_cell_type(o, loc);
  if (ty->kind == IR_TY_PTR) {
    v = input_pointer(t, ty, o);
    if (v == TR_UNINIT || v == TR_FAIL) return v;
  } else {
    v = tr_fresh(t, ty);
    prop_add_decision(t->s, v);
  }
  MemCached *c = prop_alloc(t->s, sizeof *c);
  *c = (MemCached){.loc = loc, .v = v, .next = o->input_cells};
  prop_save_ptr(t->s, (void **)&o->input_cells, c);
  return v;
}
