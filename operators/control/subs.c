/* subs.c - what the control operators subscribe to, and how a decided
 * operator passes its subscriptions on to the next one.
 *
 * A suspended ite or w must wake when its trials could come out
 * differently: when the slots its code reads change (tr_subs_reads), when
 * what its outputs may hold changes (tr_subs_outputs), and once when the
 * search fixes an input (tr_subs_inputs).  Many operators share some of
 * these variables: every check of a loop watches the loop's outputs, and
 * every operator watches the inputs and the bounds the loop never changes.
 * Decided operators never run again, but their subscriptions stayed in the
 * variables' lists, so that after K iterations a change to a loop output
 * walked K dead subscriptions (Josephus without the concrete mode spent a
 * third of its time there).  So operators form chains (the checks of one
 * loop and the splits that resume it; the other ite of the run): a new
 * member whose predecessor is decided takes over the predecessor's
 * subscriptions to the same variables (prop_resubscribe, trailed) and
 * subscribes only to the rest.
 */
#include <assert.h>
#include <stdlib.h>

#include "translate/tr_internal.h"

struct TrSubSet {
  const int *done;  /* the holder's trailed "decided" flag */
  int n;
  PropSub **sub;
};

static void add(Tr *t, TrSubReq *r, PropVar v, int ev) {
  if (v == TR_UNINIT || prop_is_fixed(t->s, v)) return;
  if (r->n == r->cap) {
    int cap = r->cap ? 2 * r->cap : 32;
    PropVar *var = realloc(r->var, sizeof *var * (size_t)cap);
    int *evs = var ? realloc(r->ev, sizeof *evs * (size_t)cap) : NULL;
    if (var) r->var = var;
    if (!var || !evs) {
      r->failed = true;
      return;
    }
    r->ev = evs;
    r->cap = cap;
  }
  r->var[r->n] = v;
  r->ev[r->n++] = ev;
}

void tr_subs_var(Tr *t, TrSubReq *r, PropVar v, int ev) { add(t, r, v, ev); }

void tr_subs_reads(Tr *t, TrSubReq *r, const TrState *st, const IrBlock *block, int from, const IrStmt *loop) {
  int n = st->fn->nparams + st->fn->nlocals;
  for (int k = block ? from : 0; block ? k < block->n : k < 1; k++) {
    const TrFacts *f = tr_facts(t, st->fn, block ? block->stmts[k] : loop);
    if (!f->read) continue;
    for (int i = 0; i < n; i++)
      if (f->read[i]) add(t, r, st->slot[i], PROP_EV_BOUNDS);
  }
  for (int f = 0; f < TR_NFLAGS; f++) add(t, r, st->flag[f], PROP_EV_FIX);
  add(t, r, st->reached, PROP_EV_FIX);
}

/* Labeling decisions reach every suspended control operator once (FIX of
   an input), so that its trials see what the search chose even when nothing
   it is subscribed to changes. */
void tr_subs_inputs(Tr *t, TrSubReq *r) {
  int n = prop_decision_count(t->s), done = 0;
  for (int i = 0; i < n && done < TR_INPUT_SUBSCRIPTIONS; i++) {
    PropVar x = prop_decision(t->s, i);
    if (prop_is_fixed(t->s, x)) continue;
    add(t, r, x, PROP_EV_FIX);
    done++;
  }
}

void tr_subs_outputs(Tr *t, TrSubReq *r, const TrState *out, const TrWrites *w) {
  int n = out->fn->nparams + out->fn->nlocals;
  for (int i = 0; i < n; i++)
    if (w->slot[i]) add(t, r, out->slot[i], PROP_EV_BOUNDS);
  for (int g = 0; g < t->prog->nglobals; g++)
    if (w->global[g]) add(t, r, out->global[g], PROP_EV_BOUNDS);
  for (int f = 0; f < TR_NFLAGS; f++)
    if (w->flag[f]) add(t, r, out->flag[f], PROP_EV_FIX);
  if (w->retval) add(t, r, out->retval, PROP_EV_BOUNDS);
  if (w->reached) add(t, r, out->reached, PROP_EV_FIX);
}

/* The donor's subscription to (v, ev) not taken yet, or NULL.  Requests
   tend to come in the donor's order: its i-th record is looked at first. */
static PropSub *take(TrSubSet *d, bool *taken, int i, PropVar v, int ev) {
  for (int k = 0; k < d->n; k++) {
    int j = (i + k) % d->n;
    if (!taken[j] && prop_sub_var(d->sub[j]) == v && prop_sub_event(d->sub[j]) == ev) {
      taken[j] = true;
      return d->sub[j];
    }
  }
  return NULL;
}

bool tr_subs_post(Tr *t, TrSubSet **chain, Propagator *p, const int *done, TrSubReq *r) {
  PropStore *s = t->s;
  bool ok = !r->failed;
  TrSubSet *d = chain ? *chain : NULL;
  bool *taken = d && *d->done && d->n > 0 ? calloc((size_t)d->n, sizeof *taken) : NULL;
  TrSubSet *set = ok ? prop_alloc(s, sizeof *set) : NULL;
  if (set) {
    set->done = done;
    set->n = r->n;
    set->sub = prop_alloc(s, sizeof *set->sub * (size_t)(r->n + 1));
    for (int i = 0; i < r->n; i++) {
      PropSub *got = taken ? take(d, taken, i, r->var[i], r->ev[i]) : NULL;
      if (got) prop_resubscribe(s, got, p);
      else got = prop_subscribe_record(s, p, r->var[i], r->ev[i]);
      set->sub[i] = got;
    }
    if (chain) prop_save_ptr(s, (void **)chain, set);
  }
  free(taken);
  free(r->var);
  free(r->ev);
  *r = (TrSubReq){0};
  if (!ok) tr_out_of_memory(t);
  return ok;
}
