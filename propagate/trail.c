/* trail.c - the trail and choice points (docs/design.md §4).  A choice point
 * records the arena top, the trail top, the number of variables and of
 * decision variables, the propagator id counter and the level's stamp;
 * prop_pop undoes the trail entries above it in reverse order and restores
 * the rest, so the store is exactly as it was at the matching prop_push.
 * Writes at level 0 are not trailed: nothing can undo them.
 */
#include <assert.h>
#include <stdlib.h>

#include "store_internal.h"

void prop_trail_grow(PropStore *s) {
  size_t ncap = s->captrail ? 2 * s->captrail : 1024;
  PropTrailEntry *nt = realloc(s->trail, ncap * sizeof *nt);
  if (!nt) abort();
  s->trail = nt;
  s->captrail = ncap;
  prop_memory_check(s);
}

void prop_save_int(PropStore *s, int *addr, int value) {
  if (s->nchoices > 0 && *addr != value) {
    PropTrailEntry e = {.kind = TR_INT, .u.w = {.addr = addr, .i = *addr}};
    prop_trail_entry(s, &e);
  }
  *addr = value;
}

void prop_save_i64(PropStore *s, int64_t *addr, int64_t value) {
  if (s->nchoices > 0 && *addr != value) {
    PropTrailEntry e = {.kind = TR_I64, .u.w = {.addr = addr, .i = *addr}};
    prop_trail_entry(s, &e);
  }
  *addr = value;
}

void prop_save_ptr(PropStore *s, void **addr, void *value) {
  if (s->nchoices > 0 && *addr != value) {
    PropTrailEntry e = {.kind = TR_PTR, .u.w = {.addr = addr, .p = *addr}};
    prop_trail_entry(s, &e);
  }
  *addr = value;
}

void prop_push_internal(PropStore *s) {
  prop_grow((void **)&s->choices, &s->capchoices, s->nchoices + 1, sizeof *s->choices);
  PropChoice *c = &s->choices[s->nchoices++];
  c->chunk = s->chunk;
  c->off = s->off;
  c->trail_top = s->ntrail;
  c->nvars = s->nvars;
  c->ndecisions = s->decisions.n;
  c->nhints = s->hints.n;
  c->nbranches = s->branches.n;
  c->nlinear = s->nlinear;
  c->next_id = s->next_id;
  c->stamp = s->stamp;
  s->stamp = ++s->stamp_counter;
  s->stats.choice_points++;
}

void prop_push(PropStore *s) {
  assert(s->nonempty == 0 && "prop_push: the queue must be at its fixpoint");
  prop_push_internal(s);
}

static void undo(PropStore *s, const PropTrailEntry *e) {
  switch (e->kind) {
  case TR_INT: *(int *)e->u.w.addr = (int)e->u.w.i; break;
  case TR_I64: *(int64_t *)e->u.w.addr = e->u.w.i; break;
  case TR_PTR: *(void **)e->u.w.addr = e->u.w.p; break;
  case TR_DOM: {
    PropVarRec *v = &s->vars[e->var];
    v->lo = e->u.dom.lo;
    v->hi = e->u.dom.hi;
    v->iv = e->u.dom.iv;
    v->n = e->u.dom.n;
    v->stamp = e->u.dom.stamp;
    break;
  }
  case TR_SUBS: s->vars[e->var].subs[e->u.subs.which] = e->u.subs.old; break;
  case TR_UF:
    s->vars[e->var].parent = e->u.uf.parent;
    s->vars[e->var].size = e->u.uf.size;
    break;
  case TR_CONG:
    s->vars[e->var].cres = e->u.cong.res;
    s->vars[e->var].cbits = e->u.cong.bits;
    break;
  case TR_ODD:
    s->vars[e->var].omod = e->u.odd.mod;
    s->vars[e->var].ores = e->u.odd.res;
    break;
  default: assert(!"bad trail entry");
  }
}

void prop_pop(PropStore *s) {
  assert(s->nchoices > 0 && "prop_pop without prop_push");
  prop_queue_clear(s);
  PropChoice *c = &s->choices[--s->nchoices];
  /* variables created after the push are dropped first: their entries on
     the trail (if any) refer to nothing */
  s->nvars = c->nvars;
  while (s->ntrail > c->trail_top) {
    const PropTrailEntry *e = &s->trail[--s->ntrail];
    if ((e->kind == TR_DOM || e->kind == TR_SUBS || e->kind == TR_UF || e->kind == TR_CONG || e->kind == TR_ODD) && e->var >= s->nvars)
      continue;
    undo(s, e);
  }
  s->chunk = c->chunk;
  s->off = c->off;
  s->decisions.n = c->ndecisions;
  s->hints.n = c->nhints;
  s->branches.n = c->nbranches;
  s->nlinear = c->nlinear;
  s->next_id = c->next_id;
  s->stamp = c->stamp;
  s->failed = false;
  s->stats.backtracks++;
}

int prop_level(const PropStore *s) { return s->nchoices; }
