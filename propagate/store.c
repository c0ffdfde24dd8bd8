/* store.c - the store's life cycle, decision variables, known-equal classes
 * (union-find) and statistics.  Everything the kernel keeps hangs off the
 * store: no global mutable state.
 */
#include <assert.h>
#include <stdlib.h>

#include "store_internal.h"

PropStore *prop_store_new(void) {
  PropStore *s = calloc(1, sizeof *s);
  if (!s) abort();
  prop_arena_init(s);
  s->trial_limit = 4;
  static uint64_t stores_made;
  s->serial = ++stores_made;
  return s;
}

uint64_t prop_store_serial(const PropStore *s) { return s->serial; }

void prop_store_free(PropStore *s) {
  if (!s) return;
  prop_arena_free(s);
  free(s->trail);
  free(s->choices);
  free(s->vars);
  free(s->scratch);
  free(s->scratch2);
  free(s->qsave);
  free(s->decisions.v);
  free(s->linear);
  free(s->hints.v);
  free(s->branches.v);
  free(s);
}

bool prop_failed(const PropStore *s) { return s->failed; }

const PropStats *prop_stats(const PropStore *s) { return &s->stats; }

/* ---- Decisions, hints, branches: append-only lists whose lengths are
   restored by prop_pop. ------------------------------------------------------ */

static void list_add(PropStore *s, PropVarList *l, PropVar x) {
  assert(x >= 0 && x < s->nvars);
  prop_grow((void **)&l->v, &l->cap, l->n + 1, sizeof *l->v);
  l->v[l->n++] = x;
}

static PropVar list_get(const PropVarList *l, int i) {
  assert(i >= 0 && i < l->n);
  return l->v[i];
}

void prop_add_decision(PropStore *s, PropVar x) { list_add(s, &s->decisions, x); }
int prop_decision_count(const PropStore *s) { return s->decisions.n; }
PropVar prop_decision(const PropStore *s, int i) { return list_get(&s->decisions, i); }

void prop_add_linear(PropStore *s, Propagator *p) {
  prop_grow((void **)&s->linear, &s->caplinear, s->nlinear + 1, sizeof *s->linear);
  s->linear[s->nlinear++] = p;
}
int prop_linear_count(const PropStore *s) { return s->nlinear; }
Propagator *prop_linear(const PropStore *s, int i) {
  assert(i >= 0 && i < s->nlinear);
  return s->linear[i];
}

void prop_add_hint(PropStore *s, PropVar x) { list_add(s, &s->hints, x); }
int prop_hint_count(const PropStore *s) { return s->hints.n; }
PropVar prop_hint(const PropStore *s, int i) { return list_get(&s->hints, i); }

void prop_add_branch(PropStore *s, PropVar b) { list_add(s, &s->branches, b); }
int prop_branch_count(const PropStore *s) { return s->branches.n; }
PropVar prop_branch(const PropStore *s, int i) { return list_get(&s->branches, i); }

/* ---- Known-equal classes: union by size, no path compression, every
   write trailed. ---------------------------------------------------------------- */

static PropVar find(const PropStore *s, PropVar x) {
  while (s->vars[x].parent != x) x = s->vars[x].parent;
  return x;
}

static void set_uf(PropStore *s, PropVar x, int32_t parent, int32_t size) {
  PropVarRec *v = &s->vars[x];
  if (s->nchoices > 0 && x < s->choices[s->nchoices - 1].nvars) {
    PropTrailEntry e = {.kind = TR_UF, .var = x, .u.uf = {v->parent, v->size}};
    prop_trail_entry(s, &e);
  }
  v->parent = parent;
  v->size = size;
}

void prop_unify(PropStore *s, PropVar x, PropVar y) {
  assert(x >= 0 && x < s->nvars && y >= 0 && y < s->nvars);
  PropVar a = find(s, x), b = find(s, y);
  if (a == b) return;
  /* union by size; on a tie the older variable stays the representative, so
     keys made from it (value numbering) keep finding it */
  if (s->vars[a].size < s->vars[b].size || (s->vars[a].size == s->vars[b].size && b < a)) { PropVar t = a; a = b; b = t; }
  set_uf(s, b, a, s->vars[b].size);
  set_uf(s, a, a, s->vars[a].size + s->vars[b].size);
  /* what x and y are known to be changed: wake their subscribers as if
     their domains had (a reified x == y can now decide) */
  if (!prop_is_fixed(s, x) && !prop_is_fixed(s, y)) { /* a fixed side decides by value anyway */
    prop_notify(s, x, PROP_EV_DOMAIN);
    prop_notify(s, y, PROP_EV_DOMAIN);
  }
}

void prop_note(PropStore *s, PropNote what) {
  assert(what >= 0 && what < PROP_NOTE_COUNT);
  s->stats.notes[what]++;
}

PropVar prop_find(const PropStore *s, PropVar x) {
  assert(x >= 0 && x < s->nvars);
  return find(s, x);
}

bool prop_same(PropStore *s, PropVar x, PropVar y) {
  assert(x >= 0 && x < s->nvars && y >= 0 && y < s->nvars);
  return x == y || find(s, x) == find(s, y);
}
