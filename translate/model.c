/* model.c - the model of one function under test: the initial state (its
 * inputs), the translation of its body in a root propagator, the objective,
 * and what the search asks of the model afterwards (inputs, nondet values
 * in call order, return value, whether every control operator decided).
 *
 * It also says which programs the translator handles today
 * (check_subset): what it cannot translate is reported before solving,
 * never silently mistranslated.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tr_internal.h"

/* ---- The translated subset ------------------------------------------------ */
typedef struct Subset {
  const IrProgram *prog;
  char *err;
  bool sign_puns;        /* a cast between int32_t * and uint32_t * (and the like) */
  const IrFunction **seen;
  int nseen, capseen;
  /* Pointee types converted to void * and from void *, with where (the
     first conversion from void * of each type): a T * stored as void * and
     read back as a U * is type punning too. */
  const IrType *to_void[16], *from_void[16];
  IrLoc from_void_at[16];
  int nto_void, nfrom_void;
  bool void_overflow;    /* more types than the arrays hold */
} Subset;

static void reject(Subset *c, IrLoc loc, const char *fmt, ...) {
  if (c->err) return;
  char what[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  size_t n = strlen(what) + strlen(loc.file ? loc.file : "?") + 64;
  c->err = malloc(n);
  snprintf(c->err, n, "%s:%d:%d: error: unsupported: %s (not implemented yet)", loc.file ? loc.file : "?",
           loc.line, loc.col, what);
}

static bool scalar_type(const IrType *t) {
  return t->kind == IR_TY_INT || t->kind == IR_TY_BOOL || t->kind == IR_TY_FLOAT;
}

/* What an input of type t holds, itself or in the objects it reaches, that
   the test could not be given as the solver chooses it: a function pointer
   (a function id: the test would need a real function), a bit-field (its
   cell is of the promoted type, wider than the field).  NULL if nothing.
   `seen` holds the structs already on the way (types may be recursive). */
static const char *unmodelled_input(const IrType *t, const IrType **seen, int nseen) {
  if (t->fnptr) return "function-pointer input";
  if (t->kind == IR_TY_PTR || t->kind == IR_TY_ARRAY) return unmodelled_input(t->base, seen, nseen);
  if (t->kind != IR_TY_STRUCT) return NULL;
  for (int i = 0; i < nseen; i++)
    if (seen[i] == t) return NULL;
  if (nseen == 64) return "an input of too deeply nested structs";
  seen[nseen] = t;
  for (int i = 0; i < t->nfields; i++) {
    if (t->fields[i].bit_width) return "bit-field input (a pointer input reaching a struct with bit-fields)";
    if (t->fields[i].hidden) return "a union input with no integer member as wide as it";
    const char *why = unmodelled_input(t->fields[i].type, seen, nseen + 1);
    if (why) return why;
  }
  return NULL;
}

/* A struct given by value whose cells are all numbers (integers, floats,
   arrays and structs of them): the test writes it field by field. */
static bool plain_struct(const IrType *t) {
  switch (t->kind) {
  case IR_TY_INT: return !t->fnptr;
  case IR_TY_BOOL: case IR_TY_FLOAT: return true;
  case IR_TY_ARRAY: return !t->variable && t->count > 0 && plain_struct(t->base);
  case IR_TY_STRUCT:
    if (t->is_union || !t->complete) return false;
    for (int i = 0; i < t->nfields; i++)
      if (!plain_struct(t->fields[i].type)) return false;
    return true;
  default: return false;
  }
}

static bool same_cells(const IrType *a, const IrType *b) {
  return a == b || (a->kind == IR_TY_INT && b->kind == IR_TY_INT && a->bits == b->bits);
}

/* T * -> void * (to_void) or void * -> T *.  malloc's result and free's
   argument carry no such conversion (ir.h), so what is left are pointers
   laundered through void *. */
static void note_void_conversion(Subset *c, const IrType *t, bool to_void, IrLoc loc) {
  const IrType **set = to_void ? c->to_void : c->from_void;
  int *n = to_void ? &c->nto_void : &c->nfrom_void;
  for (int i = 0; i < *n; i++)
    if (set[i] == t) return;
  if (*n == 16) {
    c->void_overflow = true;
    return;
  }
  if (!to_void) c->from_void_at[*n] = loc;
  set[(*n)++] = t;
}

/* After the whole program is seen: a type converted to void * and another
   converted from void * may be the same pointer read as another type. */
static void check_void_conversions(Subset *c) {
  if (c->nto_void == 0 || c->nfrom_void == 0) return;
  for (int j = 0; j < c->nfrom_void; j++)
    for (int i = 0; i < c->nto_void; i++) {
      if (c->void_overflow || !same_cells(c->to_void[i], c->from_void[j])) {
        reject(c, c->from_void_at[j], "a conversion from void * that may read a value of type %s as another type (type punning)",
               c->to_void[i]->spelling);
        return;
      }
      if (c->to_void[i] != c->from_void[j]) c->sign_puns = true;
    }
}

static void check_expr(Subset *c, const IrExpr *e) {
  if (!e || c->err) return;
  /* A cell holds one value of its declared type: reading or writing it as
     another type (a char * into an int) would need the bytes, which the
     model does not have.  (void * conversions, as from malloc, are fine.)
     Integer types of one width that differ only in signedness are the
     exception C makes: the same bits, read in the accessed type (loads
     wrap, see tr_fresh_cell). */
  if (e->kind == IR_CAST && e->type->kind == IR_TY_PTR && e->a[0]->type->kind == IR_TY_PTR) {
    const IrType *to = e->type->base, *from = e->a[0]->type->base;
    if ((to->kind == IR_TY_VOID) != (from->kind == IR_TY_VOID)) {
      note_void_conversion(c, to->kind == IR_TY_VOID ? from : to, to->kind == IR_TY_VOID, e->loc);
    } else if (to->kind == IR_TY_INT && from->kind == IR_TY_INT && to->bits == from->bits) {
      c->sign_puns |= to->is_signed != from->is_signed;
    } else if (to->kind != IR_TY_VOID && from->kind != IR_TY_VOID && to != from) {
      reject(c, e->loc, "a cast between pointers to different types (type punning)");
      return;
    }
  }
  for (int i = 0; i < 3; i++) check_expr(c, e->a[i]);
}

static void check_function(Subset *c, const IrFunction *fn);

static void check_block(Subset *c, const IrBlock *b) {
  for (int i = 0; i < b->n && !c->err; i++) {
    const IrStmt *s = b->stmts[i];
    check_expr(c, s->lhs);
    check_expr(c, s->rhs);
    check_expr(c, s->cond);
    for (int a = 0; a < s->nargs; a++) check_expr(c, s->args[a]);
    if (s->kind == IR_ST_CALL) {
      if (s->builtin == IR_BI_NONDET && (!scalar_type(s->type) || s->type->fnptr))
        reject(c, s->loc, s->type->fnptr ? "a function pointer from a function without a body" : "nondet values that are not numbers");
      if (s->builtin == IR_BI_NONE && s->callee) check_function(c, s->callee);
      if ((s->builtin == IR_BI_FABS || s->builtin == IR_BI_SQRT) &&
          (s->type->kind != IR_TY_FLOAT || s->nargs != 1 || s->args[0]->type != s->type))
        reject(c, s->loc, "a call to '%s' with an unusual declaration", s->callee_name);
      if (s->builtin == IR_BI_FP_CLASS &&
          (s->nargs != 1 || s->args[0]->type->kind != IR_TY_FLOAT || s->type->kind != IR_TY_INT))
        reject(c, s->loc, "'%s' on a value that is not a float or double", s->callee_name);
    }
    check_block(c, &s->then);
    check_block(c, &s->els);
    check_block(c, &s->pre);
    check_block(c, &s->body);
    check_block(c, &s->step);
  }
}

static void check_function(Subset *c, const IrFunction *fn) {
  for (int i = 0; i < c->nseen; i++)
    if (c->seen[i] == fn) return;
  if (c->nseen == c->capseen) {
    c->capseen = c->capseen ? 2 * c->capseen : 16;
    c->seen = realloc(c->seen, sizeof *c->seen * (size_t)c->capseen);
  }
  c->seen[c->nseen++] = fn;
  check_block(c, &fn->body);
}

static char *check_subset(const IrProgram *p, const IrFunction *fn, bool *sign_puns) {
  Subset c = {.prog = p};
  for (int i = 0; i < fn->nparams; i++) {
    const IrType *ty = fn->params[i]->type, *seen[64];
    const char *unmodelled = unmodelled_input(ty, seen, 0);
    if (unmodelled) reject(&c, fn->params[i]->loc, "%s", unmodelled);
    else if (ty->kind == IR_TY_PTR && !tr_can_be_input(ty->base))
      reject(&c, fn->params[i]->loc, "a pointer input to %s", ty->base->kind == IR_TY_VOID ? "void" : "an incomplete type");
    else if (ty->kind == IR_TY_STRUCT && !plain_struct(ty))
      reject(&c, fn->params[i]->loc, "a struct input holding pointers, unions or variable arrays (a struct parameter of "
                                     "the function under test)");
  }
  check_function(&c, fn);
  check_void_conversions(&c);
  free(c.seen);
  *sign_puns = c.sign_puns;
  return c.err;
}

/* ---- The objective's loops ------------------------------------------------- */

static char *format_error(const char *fmt, ...) {
  char *buf = malloc(512);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, 512, fmt, ap);
  va_end(ap);
  return buf;
}

static char *objective_loops(Tr *t) {
  if (t->obj.niter == 0) return NULL;
  if (!t->obj.target) return format_error("--iter needs a --reach target");
  const IrStmt **loops;
  int nloops = ir_loops_around(t->prog, t->obj.target, &loops);
  if (nloops < t->obj.niter) {
    const IrLoc *l = &t->obj.target->loc;
    char *e = format_error("%s:%d:%d: error: --iter gives %d iteration number(s) but line %d is inside %d loop(s)",
                           l->file, l->line, l->col, t->obj.niter, l->line, nloops);
    free(loops);
    return e;
  }
  t->obj_loop = malloc(sizeof *t->obj_loop * (size_t)t->obj.niter);
  memcpy(t->obj_loop, loops + (nloops - t->obj.niter), sizeof *t->obj_loop * (size_t)t->obj.niter);
  int *iter = malloc(sizeof *iter * (size_t)t->obj.niter);
  memcpy(iter, t->obj.iter, sizeof *iter * (size_t)t->obj.niter);
  t->obj.iter = iter;
  free(loops);
  return NULL;
}

/* ---- The model ------------------------------------------------------------------ */
/* Building the memory of the globals can be the biggest work of a run
   (int a[100000000]): the budgets are checked every few thousand cells,
   and running out abandons the model (no proof). */
static bool budgets_left(Tr *t) {
  if (prop_out_of_memory(t->s)) {
    t->budget_hit = true;
    t->incomplete_reason = "the memory budget (--max-memory) ran out";
    return false;
  }
  return !tr_out_of_time(t);
}

/* The initial cells of a global from its initializer (absent parts are 0,
   all sharing the constant zero); false when a budget ran out. */
static bool initial_cells(Tr *t, const IrType *ty, const IrInit *in, PropVar *cell, int64_t *done) {
  if (ty->kind == IR_TY_ARRAY || ty->kind == IR_TY_STRUCT) {
    int64_t n = ty->kind == IR_TY_ARRAY ? ty->count : ty->nfields, at = 0;
    for (int64_t i = 0; i < n; i++) {
      const IrType *et = ty->kind == IR_TY_ARRAY ? ty->base : ty->fields[i].type;
      const IrInit *ei = in && in->kind == IR_INIT_LIST && i < in->nelems ? in->elems[i] : NULL;
      if (!initial_cells(t, et, ei, cell + at, done)) return false;
      at += tr_cells(et);
    }
    return true;
  }
  if ((++*done & 4095) == 0 && !budgets_left(t)) return false;
  int64_t v = 0;   /* (+0.0 is key 0 too) */
  if (in && in->kind == IR_INIT_INT) v = in->ival;
  if (in && in->kind == IR_INIT_FLOAT) v = tr_fp_key(ty, in->fval);
  if (in && in->kind == IR_INIT_ADDR && t->global_obj[in->addr_of->index])
    v = t->global_obj[in->addr_of->index]->base + in->addr_cell;
  cell[0] = v == 0 ? t->zero : prop_new_const(t->s, v);
  return true;
}

/* Globals whose address is taken, or that are arrays or structs, are objects
   of the memory; the others are SSA scalars.  False when a budget ran out. */
static bool global_objects(Tr *t) {
  const IrProgram *p = t->prog;
  t->global_obj = calloc((size_t)p->nglobals + 1, sizeof *t->global_obj);
  for (int g = 0; g < p->nglobals; g++) {
    const IrVar *v = p->globals[g];
    if (v->address_taken) t->global_obj[g] = tr_new_object(t, TR_OBJ_GLOBAL, v->type, 1, v->name, v->loc.line);
  }
  int64_t done = 0;
  for (int g = 0; g < p->nglobals; g++) {
    TrObject *o = t->global_obj[g];
    if (!o) continue;
    size_t bytes = sizeof(PropVar) * (size_t)(o->ncells + 1);
    if (!prop_memory_fits(t->s, bytes)) {
      budgets_left(t); /* records why */
      return false;
    }
    o->initial = prop_alloc(t->s, bytes);
    if (!initial_cells(t, o->type, p->globals[g]->init, o->initial, &done)) return false;
  }
  return true;
}

static TrState *initial_state(Tr *t) {
  const IrFunction *fn = t->fn;
  TrState *st = prop_alloc(t->s, sizeof *st);
  int n = fn->nparams + fn->nlocals;
  st->fn = fn;
  st->slot = prop_alloc(t->s, sizeof(PropVar) * (size_t)(n + 1));
  t->params = calloc((size_t)fn->nparams + 1, sizeof *t->params);
  for (int i = 0; i < n; i++) st->slot[i] = TR_UNINIT;
  for (int i = 0; i < fn->nparams; i++) {
    const IrVar *v = fn->params[i];
    if (v->type->kind == IR_TY_PTR) { /* NULL or an input object (operators/memory/input.c) */
      st->slot[i] = tr_input_pointer(t, v->type);
      if (st->slot[i] == TR_FAIL || st->slot[i] == TR_UNINIT) return NULL;
    } else if (v->type->kind == IR_TY_STRUCT) { /* its own input object, in memory from the start */
      PropVar at = tr_input_value(t, v->type, NULL, v->loc.line);
      if (at == TR_FAIL) return NULL;
      t->params[i] = (TrInput){v->name, v->type, at};
      st->slot[i] = at;
      continue;
    } else {
      st->slot[i] = tr_fresh(t, v->type);
      prop_add_decision(t->s, st->slot[i]);
    }
    t->params[i] = (TrInput){v->name, v->type, st->slot[i]};
    if (v->address_taken) { /* the parameter lives in memory from the start */
      TrObject *o = tr_new_object(t, TR_OBJ_LOCAL, v->type, 1, v->name, v->loc.line);
      o->initial = prop_alloc(t->s, sizeof(PropVar));
      o->initial[0] = st->slot[i];
      st->slot[i] = prop_new_const(t->s, o->base);
    }
  }
  int ng = t->prog->nglobals;
  st->global = prop_alloc(t->s, sizeof(PropVar) * (size_t)(ng + 1));
  for (int g = 0; g < ng; g++) {
    const IrVar *v = t->prog->globals[g];
    bool scalar = scalar_type(v->type) && !v->address_taken;
    int64_t init = v->init && v->init->kind == IR_INIT_INT ? v->init->ival : 0;
    if (v->type->kind == IR_TY_PTR && !v->address_taken) { /* NULL, or the address of a global's cell */
      const IrInit *in = v->init;
      scalar = !in || in->kind == IR_INIT_NULL || (in->kind == IR_INIT_ADDR && t->global_obj[in->addr_of->index]);
      if (in && in->kind == IR_INIT_ADDR && scalar) init = t->global_obj[in->addr_of->index]->base + in->addr_cell;
    }
    if (v->init && v->init->kind == IR_INIT_FLOAT) init = tr_fp_key(v->type, v->init->fval);
    st->global[g] = scalar ? prop_new_const(t->s, init) : TR_UNINIT;
  }
  for (int f = 0; f < TR_NFLAGS; f++) st->flag[f] = t->zero;
  st->retval = fn->ret->kind == IR_TY_VOID ? TR_UNINIT : tr_fresh(t, fn->ret);
  st->reached = t->zero;
  st->iter = prop_alloc(t->s, sizeof(int) * (size_t)(t->obj.niter + 1));
  st->mem = tr_mem_initial(t);
  return st;
}

/* The translation runs inside a propagator, so that constraints posted while
   translating are queued and propagated together, with the objective. */
typedef struct Root {
  Propagator base;
  Tr *t;
} Root;

static PropStatus root_propagate(PropStore *s, Propagator *p) {
  Tr *t = ((Root *)p)->t;
  t->final = tr_block(t, &t->fn->body, 0, NULL, t->initial);
  if (!t->final) return PROP_FAILED;
  return prop_fix(s, t->final->reached, 1) ? PROP_ENTAILED : PROP_FAILED;
}

static const PropClass root_class = {"translate", root_propagate, PROP_PRIO_CONTROL, true};

Tr *tr_new(PropStore *s, const IrProgram *p, const IrFunction *fn, const TrObjective *obj, const TrLimits *lim,
           char **err) {
  *err = NULL;
  Tr *t = calloc(1, sizeof *t);
  t->s = s;
  t->prog = p;
  t->fn = fn;
  t->obj = *obj;
  t->lim = *lim;
  t->trial_credit = TR_TRIAL_UNLIMITED; /* until the search sets a budget */
  if ((*err = objective_loops(t)) || (*err = check_subset(p, fn, &t->sign_puns))) {
    tr_free(t);
    return NULL;
  }
  t->memo = tr_memo_new();
  t->vn = tr_vn_new();
  t->zero = prop_new_const(s, 0);
  t->one = prop_new_const(s, 1);
  t->unfolded = prop_alloc(s, sizeof *t->unfolded);
  t->undecided = prop_alloc(s, sizeof *t->undecided);
  t->nobjs = prop_alloc(s, sizeof *t->nobjs);
  t->ninputs = prop_alloc(s, sizeof *t->ninputs);
  prop_set_deadline(s, lim->deadline);
  if (global_objects(t)) t->initial = initial_state(t); /* else no model: tr_start fails, no proof */
  return t;
}

bool tr_start(Tr *t) {
  if (prop_failed(t->s) || !t->initial) return false;
  Root *root = prop_propagator_new(t->s, &root_class, sizeof *root);
  root->t = t;
  return prop_post(t->s, &root->base);
}

void tr_free(Tr *t) {
  if (!t) return;
  tr_memo_free(t->memo);
  tr_polyhedra_free(t);
  tr_vn_free(t->vn);
  if (t->obj_loop) free((void *)t->obj.iter);
  free(t->obj_loop);
  free(t->params);
  free(t->objs);
  free(t->global_obj);
  free(t);
}

bool tr_assume(Tr *t, const IrExpr *e) {
  if (prop_failed(t->s) || !t->initial) return false;
  bool ok;
  PropVar v = tr_eval_pure(t, t->initial, e, &ok);
  if (!ok) {
    if (!prop_failed(t->s)) t->incomplete_reason = "an --assume or --pre expression may trap (dereferences are not supported there)";
    return false;
  }
  PropVar b = tr_truth(t, e->type, v);
  return b != TR_FAIL && prop_fix(t->s, b, 1) && prop_propagate(t->s);
}

int tr_param_count(const Tr *t) { return t->fn->nparams; }
TrInput tr_param(const Tr *t, int i) { return t->params[i]; }

int tr_nondet(const Tr *t, TrInput *out, int cap) {
  if (!t->final) return -1;
  int n = 0;
  for (const TrTrace *tr = t->final->trace; tr;) {
    if (tr->kind == TR_TRACE_JOIN) {
      if (!tr->resolved) return -1;
      tr = tr->resolved;
      continue;
    }
    if (n < cap) out[n] = (TrInput){tr->name, tr->type, tr->var};
    n++;
    tr = tr->prev;
  }
  int m = n < cap ? n : cap; /* newest first: reverse into call order */
  for (int i = 0; i < m / 2; i++) {
    TrInput x = out[i];
    out[i] = out[m - 1 - i];
    out[m - 1 - i] = x;
  }
  return n;
}

int tr_nondet_calls(const Tr *t, TrNondetCall *out, int cap) {
  int n = 0;
  for (const TrTrace *tr = t->nondet_created; tr; tr = tr->created_prev) {
    if (n < cap) out[n] = (TrNondetCall){tr->call, tr->var};
    n++;
  }
  int m = n < cap ? n : cap; /* newest first: reverse into creation order */
  for (int i = 0; i < m / 2; i++) {
    TrNondetCall x = out[i];
    out[i] = out[m - 1 - i];
    out[m - 1 - i] = x;
  }
  return n;
}

bool tr_decided(const Tr *t) { return *t->undecided == 0; }

bool tr_return_value(const Tr *t, int64_t *out) {
  const TrState *f = t->final;
  if (!f || f->retval == TR_UNINIT || t->fn->ret->kind == IR_TY_STRUCT) return false; /* (a struct: its location) */
  PropStore *s = t->s;
  if (!prop_is_fixed(s, f->flag[TR_ENDED]) || prop_value(s, f->flag[TR_ENDED])) return false;
  if (!prop_is_fixed(s, f->retval)) return false;
  *out = prop_value(s, f->retval);
  return true;
}

bool tr_incomplete(const Tr *t, const char **reason) {
  if (prop_timed_out(t->s)) {
    if (reason) *reason = "a time or work budget ran out";
    return true;
  }
  if (reason) *reason = t->incomplete_reason;
  return t->budget_hit || t->incomplete_reason;
}

const TrStats *tr_stats(const Tr *t) { return &t->stats; }

TrCut tr_cut(const Tr *t) { return (TrCut){t->budget_hit, t->incomplete_reason}; }

void tr_restore_cut(Tr *t, TrCut c) {
  t->budget_hit = c.budget_hit;
  t->incomplete_reason = c.reason;
}

void tr_set_deadline(Tr *t, double deadline) {
  t->lim.deadline = deadline;
  prop_set_deadline(t->s, deadline);
}

void tr_deadline_excludes_analyses(Tr *t, bool on) { t->analyses_free = on; }

/* ---- The output memory ------------------------------------------------------------ */
int tr_object_count(const Tr *t) { return *t->nobjs; }

TrObjectView tr_object_view(const Tr *t, int i) {
  const TrObject *o = t->objs[i];
  bool live = true;
  if ((o->kind == TR_OBJ_HEAP || o->kind == TR_OBJ_INPUT) && t->final) {
    PropVar h = tr_mem_read((Tr *)t, t->final->mem, o->base - 1, t->one);
    live = h != TR_UNINIT && h != TR_FAIL && prop_is_fixed(t->s, h) && prop_value(t->s, h) == 1;
  }
  TrObjectView v = {.name = o->name, .heap = o->kind == TR_OBJ_HEAP, .live = live, .type = o->type,
                    .count = o->count, .ncells = o->ncells, .line = o->line};
  v.input = o->kind == TR_OBJ_INPUT;
  if (o->len != TR_UNINIT) { /* as long as the test or the program makes it */
    v.count = prop_min(t->s, o->len);
    v.ncells = v.count * tr_cells(o->type);
  }
  return v;
}

/* The path of cell k inside a value of type ty ("key", "[2].next"). */
static const IrType *cell_path(const IrType *ty, int64_t k, char *buf, size_t len) {
  size_t used = strlen(buf);
  while (ty->kind == IR_TY_ARRAY || ty->kind == IR_TY_STRUCT) {
    if (ty->kind == IR_TY_ARRAY) {
      int64_t per = tr_cells(ty->base);
      used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "[%lld]", (long long)(k / per));
      k %= per;
      ty = ty->base;
    } else {
      int f = 0;
      while (f + 1 < ty->nfields && k >= tr_cells(ty->fields[f].type)) k -= tr_cells(ty->fields[f++].type);
      const char *name = ty->fields[f].name ? ty->fields[f].name : "?";
      if (name[0]) /* an anonymous member adds nothing: its members are the enclosing one's */
        used += (size_t)snprintf(buf + used, used < len ? len - used : 0, "%s%s", used ? "." : "", name);
      ty = ty->fields[f].type;
    }
  }
  return ty;
}

bool tr_final_cell(Tr *t, int i, int64_t k, const IrType **type, char *path, size_t len, int64_t *value) {
  const TrObject *o = t->objs[i];
  path[0] = 0;
  if (o->count > 1) {
    int64_t per = tr_cells(o->type);
    snprintf(path, len, "[%lld]", (long long)(k / per));
    *type = cell_path(o->type, k % per, path, len);
  } else {
    *type = cell_path(o->type, k, path, len);
  }
  if (!t->final) return false;
  t->inputs_frozen = true; /* reading the solution must not build more input memory */
  PropVar v = tr_mem_read(t, t->final->mem, o->base + k, t->one);
  t->inputs_frozen = false;
  if (v == TR_UNINIT || v == TR_FAIL || !prop_is_fixed(t->s, v)) return false;
  *value = prop_value(t->s, v);
  return true;
}

bool tr_initial_cell(const Tr *t, int i, int64_t k, int64_t *value) {
  const TrObject *o = t->objs[i];
  PropVar v;
  if (o->kind != TR_OBJ_INPUT || !tr_input_read(o, k, &v) || !prop_is_fixed(t->s, v)) return false;
  *value = prop_value(t->s, v);
  return true;
}

bool tr_locate(Tr *t, int64_t loc, int *object, int64_t *cell) {
  TrObject *o = loc ? tr_object_at(t, loc) : NULL;
  if (!o) return false;
  *object = o->index;
  *cell = loc - o->base;
  return true;
}

void tr_out_of_memory(Tr *t) {
  t->budget_hit = true; /* a failure now is no refutation */
  t->incomplete_reason = "out of memory";
}
