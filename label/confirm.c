/* confirm.c - the run that confirms a model answer (see lbl_confirm.h).
 *
 * The run must start from what the driver builds, not from what the model
 * holds: the input objects the driver allocates (LblObject.given) with
 * every cell as it writes them (a pointer to another given object, at the
 * start of one of its elements, or NULL), a pointer parameter NULL or the
 * start of its object, a struct parameter a copy of its object, and 0 for
 * every nondet call past the values given.  A run that agrees with the
 * driver and meets the objective is what makes a REACHABLE true.
 */
#include <stdlib.h>
#include <string.h>

#include "inka/concrete.h"
#include "lbl_confirm.h"

void (*lbl_confirm_test_tamper)(LblResult *r);

enum {
  CONFIRM_STEPS = 100000000,  /* the run's budget: past it, unconfirmed */
  CONFIRM_MAX_CELLS = 1 << 24 /* input cells a run may build */
};

/* The nondet values the run takes, in call order. */
typedef struct Taken {
  const IrStmt **call;
  int64_t *v;
  int n, cap;
} Taken;

/* Per call statement, the next of the model's values it takes. */
typedef struct Cursor {
  const IrStmt *call;
  int next;                   /* index into calls */
} Cursor;

struct LblConfirm {
  const LblQuery *q;
  Tr *t;
  CxProgram *cx;              /* NULL: the concrete mode does not cover fn */
  const char *why_not;
  PropStore *s;               /* the leaf's store while a run serves values */
  const LblResult *r;
  TrNondetCall *calls;        /* undecided trace: the model's values by call */
  int ncalls;
  Cursor *cursors;
  int ncursors;
  Taken taken;
};

bool lbl_confirm_aborts(void) {
  const char *e = getenv("INKA_INCONSISTENCY");
  if (e && !strcmp(e, "abort")) return true;
  if (e && !strcmp(e, "count")) return false;
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#endif
#endif
  return false;
}

/* Why the concrete mode does not cover a function, kept for the life of
   the process (LblResult.unconfirmed outlives the model): the messages of
   cx_new without their "file:line:col: error: " prefix, each kept once. */
typedef struct Kept {
  struct Kept *next;
  char text[];
} Kept;
static Kept *kept;

static const char *keep(const char *err) {
  const char *at = err ? strstr(err, "error: ") : NULL;
  const char *text = at ? at + strlen("error: ") : err ? err : "the concrete mode does not cover the function";
  for (const Kept *k = kept; k; k = k->next)
    if (!strcmp(k->text, text)) return k->text;
  Kept *k = malloc(sizeof *k + strlen(text) + 1);
  if (!k) return "the concrete mode does not cover the function";
  strcpy(k->text, text);
  k->next = kept;
  kept = k;
  return k->text;
}

LblConfirm *lbl_confirm_new(const LblQuery *q, Tr *t) {
  LblConfirm *c = calloc(1, sizeof *c);
  c->q = q;
  c->t = t;
  CxObjective obj = {q->obj.target, q->obj.target_call, q->obj.iter, q->obj.niter};
  char *err = NULL;
  c->cx = cx_new(q->prog, q->fn, &obj, &err);
  c->why_not = c->cx ? NULL : keep(err);
  free(err);
  /* the preconditions the run can check, checked (an answer outside them is
     a bug of the model too); the driver checks none, so one the concrete
     mode cannot evaluate is left out rather than the run */
  for (int i = 0; c->cx && i < q->nassumes; i++)
    if (!cx_add_assume(c->cx, q->assumes[i], &err)) free(err);
  return c;
}

void lbl_confirm_free(LblConfirm *c) {
  if (!c) return;
  cx_free(c->cx);
  free(c->calls);
  free(c->cursors);
  free(c->taken.call);
  free(c->taken.v);
  free(c);
}

const char *lbl_confirm_why_not(const LblConfirm *c) { return c->why_not; }

static void take(Taken *tk, const IrStmt *call, int64_t v) {
  if (tk->n == tk->cap) {
    int cap = tk->cap ? 2 * tk->cap : 64;
    const IrStmt **calls = realloc(tk->call, sizeof *calls * (size_t)cap);
    if (calls) tk->call = calls;
    int64_t *vs = calls ? realloc(tk->v, sizeof *vs * (size_t)cap) : NULL;
    if (!vs) return; /* (the count stays short: the answer is then unconfirmed) */
    tk->v = vs;
    tk->cap = cap;
  }
  tk->call[tk->n] = call;
  tk->v[tk->n++] = v;
}

/* The model's value for the next execution of `call`: its values of that
   statement are taken in creation order; 0 when it has no more. */
static int64_t by_call(LblConfirm *c, const IrStmt *call) {
  Cursor *cur = NULL;
  for (int i = 0; i < c->ncursors && !cur; i++)
    if (c->cursors[i].call == call) cur = &c->cursors[i];
  if (!cur) {
    Cursor *grown = realloc(c->cursors, sizeof *grown * (size_t)(c->ncursors + 1));
    if (!grown) return 0;
    c->cursors = grown;
    cur = &c->cursors[c->ncursors++];
    *cur = (Cursor){call, 0};
  }
  while (cur->next < c->ncalls && c->calls[cur->next].call != call) cur->next++;
  if (cur->next == c->ncalls) return 0;
  PropVar x = c->calls[cur->next++].var;
  return prop_is_fixed(c->s, x) ? prop_value(c->s, x) : prop_min(c->s, x);
}

/* CxRunOptions.nondet_value: the trace's k-th value when it is known (0
   past it, as the driver serves), else the model's value of that call. */
static int64_t serve(void *ctx, int k, const IrStmt *call) {
  LblConfirm *c = ctx;
  int64_t v = 0;
  if (c->calls) v = by_call(c, call);
  else if (k < c->r->nnondet) v = c->r->nondet[k].value;
  take(&c->taken, call, v);
  return v;
}

/* The run's location of a pointer the driver writes: NULL, or the start of
   an element of a given object (cli_input_pointer_c). */
static int64_t pointer(const LblResult *r, const int64_t *loc, int64_t value, int ref, int64_t cell) {
  const LblObject *o = ref >= 0 && ref < r->nobjects ? &r->objects[ref] : NULL;
  int64_t per = o && o->count > 0 ? o->ncells / o->count : 1;
  if (value == 0 || !o || !o->given || !o->initial || per <= 0 || cell % per != 0) return 0;
  return loc[ref] + cell;
}

/* The input memory as the driver builds it: objs (one per given object,
   in order), with loc[i] the run's location of object i of r.  False when
   it is too large to build. */
static bool input_memory(LblConfirm *c, const LblResult *r, CxInputObject *objs, int *nobjs, int64_t *loc,
                         int64_t **cells) {
  int n = 0;
  int64_t total = 0;
  for (int i = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    loc[i] = 0;
    if (!o->given || !o->initial) continue;
    int64_t size = o->count * cx_cells(o->type);
    if (size < o->ncells || size > CONFIRM_MAX_CELLS || (total += size) > CONFIRM_MAX_CELLS) return false;
    objs[n++] = (CxInputObject){o->type, o->count, NULL};
  }
  *cells = calloc((size_t)total + 1, sizeof **cells);
  if (!*cells) return false;
  int64_t at = 0;
  for (int i = 0, j = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (!o->given || !o->initial) continue;
    loc[i] = cx_input_location(c->cx, objs, j);
    objs[j].cells = *cells + at;
    at += o->count * cx_cells(o->type);
    j++;
  }
  for (int i = 0, j = 0; i < r->nobjects; i++) {
    const LblObject *o = &r->objects[i];
    if (!o->given || !o->initial) continue;
    int64_t *cell = (int64_t *)objs[j++].cells; /* past ncells: 0, as calloc leaves them */
    for (int k = 0; k < o->ncells; k++) {
      const LblCell *in = &o->initial[k];
      cell[k] = in->type->kind == IR_TY_PTR ? pointer(r, loc, in->value, in->ref, in->ref_cell) : in->value;
    }
  }
  *nobjs = n;
  return true;
}

/* The parameters as the driver passes them. */
static void parameters(const LblResult *r, const int64_t *loc, int64_t *args) {
  for (int i = 0; i < r->ninputs; i++) {
    const LblValue *v = &r->inputs[i];
    if (v->type->kind == IR_TY_PTR) args[i] = pointer(r, loc, v->value, v->ref, 0);
    else if (v->type->kind == IR_TY_STRUCT) args[i] = pointer(r, loc, 1, v->ref, 0); /* a copy of its object */
    else args[i] = v->value;
  }
}

static LblConfirmation judge(LblConfirm *c, const CxResult *res) {
  switch (res->outcome) {
  case CX_REACHED: return LBL_CONFIRMED;
  case CX_RETURNED: case CX_ENDED: case CX_TRAP: return LBL_CONTRADICTED;
  default:
    c->why_not = res->reason ? res->reason : "the confirming run was no answer";
    return LBL_UNCONFIRMED;
  }
}

/* r->nondet: the values the run took. */
static void record(LblConfirm *c, LblResult *r) {
  free(r->nondet);
  r->nnondet = c->taken.n;
  r->nondet = calloc((size_t)c->taken.n + 1, sizeof *r->nondet);
  for (int i = 0; i < c->taken.n; i++)
    r->nondet[i] = (LblValue){c->taken.call[i]->callee_name, c->taken.call[i]->type, c->taken.v[i], -1};
}

LblConfirmation lbl_confirm_run(LblConfirm *c, PropStore *s, LblResult *r) {
  if (lbl_confirm_test_tamper) lbl_confirm_test_tamper(r);
  if (!c->cx) return LBL_UNCONFIRMED;
  LblConfirmation verdict = LBL_UNCONFIRMED;
  CxInputObject *objs = calloc((size_t)r->nobjects + 1, sizeof *objs);
  int64_t *loc = calloc((size_t)r->nobjects + 1, sizeof *loc);
  int64_t *args = calloc((size_t)r->ninputs + 1, sizeof *args), *cells = NULL;
  int nobjs = 0;
  free(c->calls);
  c->calls = NULL;
  c->ncalls = c->ncursors = c->taken.n = 0;
  c->s = s;
  c->r = r;
  if (tr_nondet(c->t, NULL, 0) < 0) { /* an undecided join: the values by call identity */
    int n = tr_nondet_calls(c->t, NULL, 0);
    c->calls = calloc((size_t)n + 1, sizeof *c->calls);
    c->ncalls = c->calls ? tr_nondet_calls(c->t, c->calls, n) : 0;
  }
  c->why_not = "the input memory is too large to run";
  if (objs && loc && args && input_memory(c, r, objs, &nobjs, loc, &cells)) {
    parameters(r, loc, args);
    CxRunOptions o = {.max_steps = CONFIRM_STEPS, .nondet_value = serve, .nondet_ctx = c, .inputs = objs,
                      .ninputs = nobjs};
    CxResult res;
    cx_run(c->cx, args, NULL, 0, &o, &res);
    verdict = judge(c, &res);
    if (verdict != LBL_UNCONFIRMED && c->taken.n == res.nondet_used) record(c, r);
    else if (verdict == LBL_CONFIRMED) { /* a value the record lost: the driver would not serve it */
      verdict = LBL_UNCONFIRMED;
      c->why_not = "out of memory for the nondet values";
    }
  }
  free(objs);
  free(loc);
  free(args);
  free(cells);
  c->s = NULL;
  c->r = NULL;
  return verdict;
}
