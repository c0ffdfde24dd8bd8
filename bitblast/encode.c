/* encode.c - the function under test as one predicated circuit
 * (bb_encode.h): every path merged, loops unrolled up to a bound, calls
 * inlined up to a depth.
 *
 * The walk is symbolic execution with a path literal `act`: true exactly
 * when the current statement runs.  Every update of the state is guarded by
 * it (x' = act ? v : x), an if runs both branches one after the other under
 * act & c and act & !c (their updates exclude each other), and whatever
 * ends a path (a trap, abort, a false assume, the objective, a return, a
 * break) takes it out of act.  Three literals collect what happened:
 *   reach    the objective happened on the path (the path ends there);
 *   abandon  a read of a value nobody wrote (the model abandons such a path,
 *            so no proof may rest on it);
 *   unwind   a loop wanted iteration bound + 1, or a call went deeper than
 *            the depth bound (the encoding no longer covers that path).
 * Semantics follow the concrete mode (concrete/run.c) statement by
 * statement.  Whatever the encoding does not model exactly (pointers,
 * floats, the heap, struct values, VLAs) makes the whole answer
 * "not applicable": this file never approximates.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bb_encode.h"
#include "inka/prop.h"

typedef struct BbVal {
  BbVec v;
  int def;                   /* literal: the value was written */
} BbVal;

/* An object in memory: an array, a struct, or a variable whose address is
   taken; one cell per scalar, flattened as the translation counts them. */
typedef struct Obj {
  int64_t ncells;
  BbVal *cells;
  bool opaque;               /* an initializer the encoding does not read (an
                                address in an integer cell): never accessed */
} Obj;

typedef struct Slot {
  bool in_mem;
  BbVal val;                 /* !in_mem: an SSA scalar */
  Obj *obj;
} Slot;

typedef struct Frame {
  const IrFunction *fn;
  Slot *slots;               /* params, then locals */
  int ret_act;               /* the paths that returned */
  BbVal ret;
  int depth;
} Frame;

typedef struct Loop {
  int brk, cont;
} Loop;

struct BbEnc {
  BbGates *g;
  const IrProgram *prog;
  const IrFunction *fn;
  const IrObjective *obj;
  int bound, max_depth;
  jmp_buf fail;
  const char *na;
  int act, reach, abandon, unwind;
  Slot *globals;
  const IrStmt **obj_loops;
  int *ctx;                  /* the iteration each --iter loop is in (0: none) */
  BbNondetUse *nd;
  int nnd, capnd;
  BbVec *params;
  double deadline;
  uint64_t checks;
};

enum { MAX_OBJECT_CELLS = 1 << 16, MAX_PLACES = 1 << 14 };

static _Noreturn void na(BbEnc *e, const char *why) {
  e->na = why;
  longjmp(e->fail, 1);
}

/* Too large or too slow: NULL is no reason of inapplicability (see bb_encode). */
static void check_size(BbEnc *e) {
  if (e->g->overflow) na(e, NULL);
  if (e->deadline > 0 && ++e->checks % 64 == 0 && prop_now() > e->deadline) na(e, NULL);
}

/* ---- Types ---------------------------------------------------------------- */
static int width_of(BbEnc *e, const IrType *t) {
  if (t->kind == IR_TY_BOOL) return 1;
  if (t->kind == IR_TY_INT && t->bits >= 1 && t->bits <= 64) return t->bits;
  if (t->kind == IR_TY_FLOAT) na(e, "floating-point values");
  if (t->kind == IR_TY_PTR) na(e, "pointers");
  na(e, "values that are not integers");
}

static bool signed_type(const IrType *t) { return t->kind == IR_TY_INT && t->is_signed; }

static int64_t cells_of(BbEnc *e, const IrType *t) {
  switch (t->kind) {
  case IR_TY_ARRAY:
    if (t->variable || t->count <= 0) na(e, "arrays of variable length");
    int64_t per = cells_of(e, t->base);
    if (per > MAX_OBJECT_CELLS / t->count) na(e, "objects too large to encode");
    return t->count * per;
  case IR_TY_STRUCT: {
    if (!t->complete) na(e, "incomplete structs"); /* (a union is one cell, frontend/unions.c) */
    int64_t n = 0;
    for (int i = 0; i < t->nfields; i++) n += cells_of(e, t->fields[i].type);
    if (n > MAX_OBJECT_CELLS) na(e, "objects too large to encode");
    return n;
  }
  case IR_TY_VOID: na(e, "void objects");
  default: return 1;
  }
}

/* cells_of without refusing: -1 when t is no object the encoding holds. */
static int64_t try_cells(const IrType *t) {
  switch (t->kind) {
  case IR_TY_ARRAY: {
    if (t->variable || t->count <= 0) return -1;
    int64_t per = try_cells(t->base);
    return per < 0 || per > MAX_OBJECT_CELLS / t->count ? -1 : t->count * per;
  }
  case IR_TY_STRUCT: {
    if (!t->complete) return -1;
    int64_t n = 0;
    for (int i = 0; i < t->nfields && n >= 0; i++) {
      int64_t k = try_cells(t->fields[i].type);
      n = k < 0 || n + k > MAX_OBJECT_CELLS ? -1 : n + k;
    }
    return n;
  }
  case IR_TY_VOID: return -1;
  default: return 1;
  }
}

/* The scalar types of t's cells, in order, into out (n so far). */
static void cell_types(BbEnc *e, const IrType *t, const IrType **out, int64_t *n) {
  if (t->kind == IR_TY_ARRAY) {
    for (int64_t i = 0; i < t->count; i++) cell_types(e, t->base, out, n);
  } else if (t->kind == IR_TY_STRUCT) {
    for (int i = 0; i < t->nfields; i++) cell_types(e, t->fields[i].type, out, n);
  } else {
    out[(*n)++] = t;
  }
}

/* A cell's width: integers their own; the others (floats, pointers) a
   placeholder that no read can reach (a read of their type is refused). */
static int cell_width(const IrType *t) {
  if (t->kind == IR_TY_BOOL) return 1;
  return t->bits >= 1 && t->bits <= 64 ? t->bits : 8;
}

static Obj *new_obj(BbEnc *e, const IrType *t) {
  Obj *o = bb_alloc(e->g, sizeof *o);
  o->ncells = cells_of(e, t);
  o->cells = bb_alloc(e->g, sizeof *o->cells * (size_t)o->ncells);
  const IrType **types = malloc(sizeof *types * (size_t)o->ncells);
  int64_t n = 0;
  cell_types(e, t, types, &n);
  assert(n == o->ncells);
  for (int64_t i = 0; i < n; i++) o->cells[i] = (BbVal){bb_vec_const(e->g, cell_width(types[i]), 0), BB_FALSE};
  free(types);
  return o;
}

/* Global cells from an initializer (absent parts are 0). */
static void init_cells(BbEnc *e, const IrType *t, const IrInit *in, Obj *o, int64_t *at) {
  if (t->kind == IR_TY_ARRAY || t->kind == IR_TY_STRUCT) {
    int64_t n = t->kind == IR_TY_ARRAY ? t->count : t->nfields;
    for (int64_t i = 0; i < n; i++) {
      const IrType *et = t->kind == IR_TY_ARRAY ? t->base : t->fields[i].type;
      const IrInit *ei = in && in->kind == IR_INIT_LIST && i < in->nelems ? in->elems[i] : NULL;
      init_cells(e, et, ei, o, at);
    }
    return;
  }
  BbVal *c = &o->cells[(*at)++];
  bool integer = t->kind == IR_TY_INT || t->kind == IR_TY_BOOL;
  if (integer && in && in->kind != IR_INIT_INT) o->opaque = true;
  c->v = bb_vec_const(e->g, c->v.w, in && in->kind == IR_INIT_INT ? in->ival : 0);
  c->def = BB_TRUE; /* a float or pointer cell cannot be read here (its type is refused) */
}

static void make_globals(BbEnc *e) {
  const IrProgram *p = e->prog;
  e->globals = bb_alloc(e->g, sizeof *e->globals * (size_t)(p->nglobals + 1));
  for (int i = 0; i < p->nglobals; i++) {
    const IrVar *v = p->globals[i];
    Slot *s = &e->globals[i];
    if (v->address_taken || v->type->kind == IR_TY_ARRAY || v->type->kind == IR_TY_STRUCT) {
      if (try_cells(v->type) < 0) continue; /* refused when used: it may not be */
      s->in_mem = true;
      s->obj = new_obj(e, v->type);
      int64_t at = 0;
      init_cells(e, v->type, v->init, s->obj, &at);
      continue;
    }
    if (v->type->kind != IR_TY_INT && v->type->kind != IR_TY_BOOL) continue;
    if (v->init && v->init->kind != IR_INIT_INT) continue; /* refused when used */
    int64_t x = v->init && v->init->kind == IR_INIT_INT ? v->init->ival : 0;
    s->val = (BbVal){bb_vec_const(e->g, width_of(e, v->type), x), BB_TRUE};
  }
}

/* ---- Path events ------------------------------------------------------------ */
/* A trap (under evaluation guard g): the path ends. */
static void trap(BbEnc *e, int cond, int g) { e->act = bb_and(e->g, e->act, -bb_and(e->g, g, cond)); }

/* A read of a value written or not (def): an unwritten one abandons the path. */
static void read_def(BbEnc *e, int def, int g) {
  int bad = bb_and(e->g, bb_and(e->g, e->act, g), -def);
  e->abandon = bb_or(e->g, e->abandon, bad);
  e->act = bb_and(e->g, e->act, -bad);
}

static void reached(BbEnc *e, int cond) {
  int hit = bb_and(e->g, e->act, cond);
  e->reach = bb_or(e->g, e->reach, hit);
  e->act = bb_and(e->g, e->act, -hit);
}

static bool objective_now(const BbEnc *e) {
  for (int j = 0; j < e->obj->niter; j++)
    if (e->ctx[j] != e->obj->iter[j]) return false;
  return true;
}

/* ---- Places ------------------------------------------------------------------- */
typedef struct Place {
  Slot *slot;                /* an SSA scalar, or */
  Obj *obj;                  /* candidate cells of an object: */
  int n;
  int *cond;                 /*   cond[k] says the place is cells[k] */
  int64_t *cell;
} Place;

static Slot *var_slot(BbEnc *e, Frame *f, const IrVar *v) {
  switch (v->kind) {
  case IR_VAR_GLOBAL: return &e->globals[v->index];
  case IR_VAR_PARAM: return &f->slots[v->index];
  default: return &f->slots[f->fn->nparams + v->index];
  }
}

static BbVec expr(BbEnc *e, Frame *f, const IrExpr *x, int g);

static int64_t field_offset(BbEnc *e, const IrType *t, int field) {
  int64_t n = 0;
  for (int i = 0; i < field; i++) n += cells_of(e, t->fields[i].type);
  return n;
}

static Place place(BbEnc *e, Frame *f, const IrExpr *x, int g) {
  Place p = {0};
  switch (x->kind) {
  case IR_VAR: {
    Slot *s = var_slot(e, f, x->var);
    if (!s->in_mem) {
      if (!s->val.v.b) na(e, "a variable of a type outside the encoding");
      p.slot = s;
      return p;
    }
    if (!s->obj && x->var->kind == IR_VAR_GLOBAL) na(e, "a global object outside the encoding");
    if (!s->obj) s->obj = new_obj(e, x->var->type); /* a local's object, made when first used */
    if (s->obj->opaque) na(e, "an initializer outside the encoding");
    p.obj = s->obj;
    p.n = 1;
    p.cond = bb_alloc(e->g, sizeof *p.cond);
    p.cell = bb_alloc(e->g, sizeof *p.cell);
    p.cond[0] = BB_TRUE;
    return p;
  }
  case IR_FIELD: {
    const IrType *t = x->a[0]->type;
    if (t->kind != IR_TY_STRUCT) na(e, "a member of something that is not a struct");
    p = place(e, f, x->a[0], g);
    if (!p.obj) na(e, "a member outside memory");
    int64_t off = field_offset(e, t, x->field);
    for (int k = 0; k < p.n; k++) p.cell[k] += off;
    return p;
  }
  case IR_INDEX: {
    const IrType *t = x->a[0]->type;
    if (t->kind != IR_TY_ARRAY || t->variable || t->count <= 0) na(e, "an index into something that is not an array");
    Place b = place(e, f, x->a[0], g);
    if (!b.obj) na(e, "an index outside memory");
    const IrType *it = x->a[1]->type;
    BbVec i = expr(e, f, x->a[1], g);
    int64_t stride = cells_of(e, x->type);
    /* the indexes the index's type can hold, below the count */
    int64_t top = t->count;
    if (i.w < 63) {
      int64_t most = signed_type(it) ? ((int64_t)1 << (i.w - 1)) - 1 : ((int64_t)1 << i.w) - 1;
      if (most + 1 < top) top = most + 1;
    }
    if ((int64_t)b.n * top > MAX_PLACES) na(e, "an index with too many candidate cells");
    p.obj = b.obj;
    p.cond = bb_alloc(e->g, sizeof *p.cond * (size_t)(b.n * top + 1));
    p.cell = bb_alloc(e->g, sizeof *p.cell * (size_t)(b.n * top + 1));
    int inside = BB_FALSE;
    for (int64_t k = 0; k < top; k++) {
      int is_k = bb_vec_eq(e->g, i, bb_vec_const(e->g, i.w, k));
      if (is_k == BB_FALSE) continue;
      inside = bb_or(e->g, inside, is_k);
      for (int j = 0; j < b.n; j++) {
        int c = bb_and(e->g, b.cond[j], is_k);
        if (c == BB_FALSE) continue;
        p.cond[p.n] = c;
        p.cell[p.n++] = b.cell[j] + k * stride;
      }
    }
    trap(e, -inside, g);
    check_size(e);
    return p;
  }
  case IR_DEREF: na(e, "a dereference");
  default: na(e, "an lvalue outside the encoding");
  }
}

static BbVec load(BbEnc *e, Place p, const IrType *t, int g) {
  int w = width_of(e, t);
  if (p.slot) {
    if (p.slot->val.v.w != w) na(e, "a read of another width");
    read_def(e, p.slot->val.def, g);
    return p.slot->val.v;
  }
  if (p.n == 0) return bb_vec_const(e->g, w, 0); /* every index traps */
  BbVal v = p.obj->cells[p.cell[0]];
  if (v.v.w != w) na(e, "a read of another width");
  for (int k = 1; k < p.n; k++) {
    BbVal c = p.obj->cells[p.cell[k]];
    if (c.v.w != w) na(e, "a read of another width");
    v.v = bb_vec_mux(e->g, p.cond[k], c.v, v.v);
    v.def = bb_mux(e->g, p.cond[k], c.def, v.def);
  }
  read_def(e, v.def, g);
  return v.v;
}

static void store(BbEnc *e, Place p, BbVal v) {
  if (p.slot) {
    if (p.slot->val.v.w != v.v.w) na(e, "a store of another width");
    p.slot->val.v = bb_vec_mux(e->g, e->act, v.v, p.slot->val.v);
    p.slot->val.def = bb_mux(e->g, e->act, v.def, p.slot->val.def);
    return;
  }
  for (int k = 0; k < p.n; k++) {
    BbVal *c = &p.obj->cells[p.cell[k]];
    if (c->v.w != v.v.w) na(e, "a store of another width");
    int at = bb_and(e->g, e->act, p.cond[k]);
    c->v = bb_vec_mux(e->g, at, v.v, c->v);
    c->def = bb_mux(e->g, at, v.def, c->def);
  }
}

/* ---- Expressions ---------------------------------------------------------------- */
static int truth(BbEnc *e, Frame *f, const IrExpr *x, int g) { return bb_vec_nonzero(e->g, expr(e, f, x, g)); }

/* Does a signed overflow of x trap?  ISO C, unless --wrapv. */
static bool overflow_traps(const BbEnc *e, const IrExpr *x) { return !e->prog->wrapv && signed_type(x->type); }

static BbVec binary(BbEnc *e, Frame *f, const IrExpr *x, int g) {
  BbVec a = expr(e, f, x->a[0], g), b = expr(e, f, x->a[1], g);
  bool sg = signed_type(x->type), ovf = overflow_traps(e, x);
  int t = BB_FALSE;
  BbVec r;
  switch (x->kind) {
  case IR_ADD:
    r = bb_vec_add(e->g, a, b);
    if (ovf) t = bb_add_overflows(e->g, a, b, r);
    break;
  case IR_SUB:
    r = bb_vec_sub(e->g, a, b);
    if (ovf) t = bb_sub_overflows(e->g, a, b, r);
    break;
  case IR_MUL:
    r = ovf ? bb_vec_mul_checked(e->g, a, b, &t) : bb_vec_mul(e->g, a, b);
    break;
  case IR_BAND: return bb_vec_and(e->g, a, b);
  case IR_BOR: return bb_vec_or(e->g, a, b);
  case IR_BXOR: return bb_vec_xor(e->g, a, b);
  case IR_DIV: case IR_REM: r = bb_vec_div(e->g, a, b, sg, x->kind == IR_REM, &t); break;
  default:
    r = bb_vec_shift(e->g, a, b, x->kind == IR_SHL, sg, signed_type(x->a[1]->type), &t);
    if (ovf && x->kind == IR_SHL) t = bb_or(e->g, t, bb_shl_overflows(e->g, a, b, signed_type(x->a[1]->type), r));
    break;
  }
  trap(e, t, g);
  return r;
}

static int compare(BbEnc *e, Frame *f, const IrExpr *x, int g) {
  BbVec a = expr(e, f, x->a[0], g), b = expr(e, f, x->a[1], g);
  if (a.w != b.w) na(e, "a comparison of different widths");
  bool sg = signed_type(x->a[0]->type);
  switch (x->kind) {
  case IR_LT: return bb_vec_lt(e->g, a, b, sg);
  case IR_GT: return bb_vec_lt(e->g, b, a, sg);
  case IR_LE: return -bb_vec_lt(e->g, b, a, sg);
  case IR_GE: return -bb_vec_lt(e->g, a, b, sg);
  case IR_EQ: return bb_vec_eq(e->g, a, b);
  default: return -bb_vec_eq(e->g, a, b);
  }
}

/* x's value under evaluation guard g (its reads and traps count only where
   g holds: the right operand of && runs only when the left one is true). */
static BbVec expr(BbEnc *e, Frame *f, const IrExpr *x, int g) {
  int w = width_of(e, x->type);
  switch (x->kind) {
  case IR_INT_CONST: return bb_vec_const(e->g, w, x->ival);
  case IR_VAR: case IR_FIELD: case IR_INDEX: case IR_DEREF: return load(e, place(e, f, x, g), x->type, g);
  case IR_CAST: {
    const IrType *from = x->a[0]->type;
    BbVec a = expr(e, f, x->a[0], g);
    if (x->type->kind == IR_TY_BOOL) return bb_vec_from_bit(e->g, bb_vec_nonzero(e->g, a), 1);
    return bb_vec_resize(e->g, a, w, signed_type(from));
  }
  case IR_NEG: {
    BbVec a = expr(e, f, x->a[0], g), r = bb_vec_neg(e->g, a);
    if (overflow_traps(e, x)) trap(e, bb_sub_overflows(e->g, bb_vec_const(e->g, a.w, 0), a, r), g); /* -MIN */
    return r;
  }
  case IR_BITNOT: return bb_vec_not(e->g, expr(e, f, x->a[0], g));
  case IR_LNOT: return bb_vec_from_bit(e->g, -truth(e, f, x->a[0], g), w);
  case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM: case IR_SHL: case IR_SHR:
  case IR_BAND: case IR_BOR: case IR_BXOR: {
    BbVec r = binary(e, f, x, g);
    if (r.w != w) na(e, "an operation of another width");
    return r;
  }
  case IR_LT: case IR_LE: case IR_GT: case IR_GE: case IR_EQ: case IR_NE:
    return bb_vec_from_bit(e->g, compare(e, f, x, g), w);
  case IR_LAND: case IR_LOR: {
    int a = truth(e, f, x->a[0], g);
    bool and = x->kind == IR_LAND;
    int b = truth(e, f, x->a[1], bb_and(e->g, g, and ? a : -a));
    return bb_vec_from_bit(e->g, and ? bb_and(e->g, a, b) : bb_or(e->g, a, b), w);
  }
  case IR_COND: {
    int c = truth(e, f, x->a[0], g);
    BbVec t = expr(e, f, x->a[1], bb_and(e->g, g, c));
    BbVec o = expr(e, f, x->a[2], bb_and(e->g, g, -c));
    if (t.w != w || o.w != w) na(e, "a conditional of another width");
    return bb_vec_mux(e->g, c, t, o);
  }
  default: na(e, "an expression outside the encoding");
  }
}

/* ---- Statements ------------------------------------------------------------------ */
static void block(BbEnc *e, Frame *f, Loop *l, const IrBlock *b);

static bool is_objective_call(const IrObjective *obj, const IrStmt *s) { return ir_is_call_to(s, obj->target_call); }

static Frame *new_frame(BbEnc *e, const IrFunction *fn, int depth) {
  if (!fn->defined) na(e, "a call to a function without a body");
  if (fn->unsupported) na(e, "a function outside the subset");
  Frame *f = bb_alloc(e->g, sizeof *f);
  f->fn = fn;
  f->depth = depth;
  f->ret_act = BB_FALSE;
  int n = fn->nparams + fn->nlocals;
  f->slots = bb_alloc(e->g, sizeof *f->slots * (size_t)(n + 1));
  for (int i = 0; i < n; i++) {
    const IrVar *v = i < fn->nparams ? fn->params[i] : fn->locals[i - fn->nparams];
    Slot *s = &f->slots[i];
    if (v->address_taken || v->type->kind == IR_TY_ARRAY || v->type->kind == IR_TY_STRUCT) {
      s->in_mem = true; /* made when used: a VLA or union local is refused only when reached */
      continue;
    }
    if (v->type->kind == IR_TY_INT || v->type->kind == IR_TY_BOOL)
      s->val = (BbVal){bb_vec_const(e->g, width_of(e, v->type), 0), BB_FALSE};
  }
  if (fn->ret->kind == IR_TY_INT || fn->ret->kind == IR_TY_BOOL)
    f->ret = (BbVal){bb_vec_const(e->g, width_of(e, fn->ret), 0), BB_FALSE};
  return f;
}

static Slot *mem_slot(BbEnc *e, Frame *f, const IrVar *v) {
  Slot *s = var_slot(e, f, v);
  if (s->in_mem && !s->obj) s->obj = new_obj(e, v->type);
  return s;
}

static void set_param(BbEnc *e, Frame *f, int i, BbVec v) {
  const IrVar *p = f->fn->params[i];
  if (p->type->kind != IR_TY_INT && p->type->kind != IR_TY_BOOL) na(e, "a parameter that is not an integer");
  if (v.w != width_of(e, p->type)) na(e, "an argument of another width");
  Slot *s = f->fn->params[i]->address_taken ? mem_slot(e, f, p) : &f->slots[i];
  if (s->in_mem) s->obj->cells[0] = (BbVal){v, BB_TRUE};
  else s->val = (BbVal){v, BB_TRUE};
}

static void call(BbEnc *e, Frame *f, const IrStmt *s) {
  const IrFunction *fn = s->callee;
  if (!fn) na(e, "a call to an unknown function");
  BbVec *args = bb_alloc(e->g, sizeof *args * (size_t)(s->nargs + 1));
  for (int i = 0; i < s->nargs; i++) args[i] = expr(e, f, s->args[i], BB_TRUE);
  if (s->nargs != fn->nparams) na(e, "a call with another number of arguments");
  Place at = {0};
  if (s->lhs) {
    if (fn->ret->kind != IR_TY_INT && fn->ret->kind != IR_TY_BOOL) na(e, "a result that is not an integer");
    at = place(e, f, s->lhs, BB_TRUE); /* before the call, as gcc computes it */
  }
  if (f->depth + 1 > e->max_depth) { /* deeper than the bound: not covered */
    e->unwind = bb_or(e->g, e->unwind, e->act);
    e->act = BB_FALSE;
    return;
  }
  Frame *c = new_frame(e, fn, f->depth + 1);
  for (int i = 0; i < s->nargs; i++) set_param(e, c, i, args[i]);
  if (is_objective_call(e->obj, s) && objective_now(e)) reached(e, BB_TRUE);
  block(e, c, NULL, &fn->body);
  e->act = bb_or(e->g, e->act, c->ret_act);
  if (s->lhs) store(e, at, c->ret);
}

static void builtin(BbEnc *e, Frame *f, const IrStmt *s) {
  bool objective = is_objective_call(e->obj, s);
  switch (s->builtin) {
  case IR_BI_NONE: call(e, f, s); return;
  case IR_BI_NONDET: {
    if (objective) na(e, "a target call that the model may count differently");
    int w = width_of(e, s->type);
    BbVec v = bb_vec_new(e->g, w);
    if (e->nnd == e->capnd) {
      e->capnd = e->capnd ? 2 * e->capnd : 64;
      e->nd = realloc(e->nd, sizeof *e->nd * (size_t)e->capnd);
      if (!e->nd) abort();
    }
    e->nd[e->nnd++] = (BbNondetUse){v, e->act, signed_type(s->type)};
    if (s->lhs) store(e, place(e, f, s->lhs, BB_TRUE), (BbVal){v, BB_TRUE});
    return;
  }
  case IR_BI_ASSUME: case IR_BI_ASSERT: {
    if (s->nargs < 1) na(e, "an assume or assert without a condition");
    int c = truth(e, f, s->args[0], BB_TRUE);
    if (s->builtin == IR_BI_ASSERT && objective && objective_now(e)) reached(e, -c);
    e->act = bb_and(e->g, e->act, c);
    return;
  }
  case IR_BI_ABORT: case IR_BI_EXIT: case IR_BI_ERROR:
    if (objective && s->builtin != IR_BI_ERROR) na(e, "a target call that the model may count differently");
    for (int i = 0; i < s->nargs; i++) (void)expr(e, f, s->args[i], BB_TRUE);
    if (objective && objective_now(e)) reached(e, BB_TRUE);
    e->act = BB_FALSE;
    return;
  default: na(e, "the heap or floating-point library calls");
  }
}

static void loop(BbEnc *e, Frame *f, const IrStmt *s) {
  if (s == e->obj->target && e->obj->niter == 0) {
    reached(e, BB_TRUE);
    return;
  }
  int j = -1;
  for (int k = 0; k < e->obj->niter; k++)
    if (e->obj_loops[k] == s) j = k;
  int saved = j >= 0 ? e->ctx[j] : 0;
  int out = BB_FALSE; /* the paths that left the loop */
  for (int k = 1; e->act != BB_FALSE; k++) {
    check_size(e);
    if (k > 1 || !s->is_do_while) {
      Loop pre = {BB_FALSE, BB_FALSE};
      block(e, f, &pre, &s->pre);
      if (pre.brk != BB_FALSE || pre.cont != BB_FALSE) na(e, "a break inside a loop condition");
      int c = truth(e, f, s->cond, BB_TRUE);
      out = bb_or(e->g, out, bb_and(e->g, e->act, -c));
      e->act = bb_and(e->g, e->act, c);
    }
    if (k > e->bound) { /* iteration bound + 1 wanted: not covered */
      e->unwind = bb_or(e->g, e->unwind, e->act);
      e->act = BB_FALSE;
      break;
    }
    if (j >= 0) {
      e->ctx[j] = k;
      if (s == e->obj->target && objective_now(e)) reached(e, BB_TRUE);
    }
    Loop l = {BB_FALSE, BB_FALSE};
    block(e, f, &l, &s->body);
    out = bb_or(e->g, out, l.brk);
    e->act = bb_or(e->g, e->act, l.cont);
    Loop step = {BB_FALSE, BB_FALSE};
    block(e, f, &step, &s->step);
    if (step.brk != BB_FALSE || step.cont != BB_FALSE) na(e, "a break inside a loop step");
  }
  if (j >= 0) e->ctx[j] = saved;
  e->act = out;
}

static void stmt(BbEnc *e, Frame *f, Loop *l, const IrStmt *s) {
  if (s == e->obj->target && s->kind != IR_ST_WHILE && objective_now(e)) reached(e, BB_TRUE);
  switch (s->kind) {
  case IR_ST_SKIP:
    if (s->callee_name && e->obj->target_call && strcmp(s->callee_name, e->obj->target_call) == 0)
      na(e, "a target call that the model may count differently"); /* a stub returning void */
    return;
  case IR_ST_DECL: {
    if (s->var->kind == IR_VAR_GLOBAL) return;
    if (s->rhs) na(e, "a variable length array");
    Slot *v = var_slot(e, f, s->var);
    if (v->in_mem) {
      Obj *o = mem_slot(e, f, s->var)->obj; /* a fresh object: nothing written yet */
      for (int64_t k = 0; k < o->ncells; k++) o->cells[k].def = bb_and(e->g, -e->act, o->cells[k].def);
    } else {
      v->val.def = bb_and(e->g, -e->act, v->val.def);
    }
    return;
  }
  case IR_ST_ASSIGN: {
    if (s->lhs->type->kind == IR_TY_STRUCT || s->lhs->type->kind == IR_TY_ARRAY) na(e, "an aggregate assignment");
    BbVec v = expr(e, f, s->rhs, BB_TRUE);
    store(e, place(e, f, s->lhs, BB_TRUE), (BbVal){v, BB_TRUE});
    return;
  }
  case IR_ST_CALL: builtin(e, f, s); return;
  case IR_ST_IF: {
    int c = truth(e, f, s->cond, BB_TRUE), a = e->act;
    e->act = bb_and(e->g, a, c);
    block(e, f, l, &s->then);
    int then_out = e->act;
    e->act = bb_and(e->g, a, -c);
    block(e, f, l, &s->els);
    e->act = bb_or(e->g, then_out, e->act);
    return;
  }
  case IR_ST_WHILE: loop(e, f, s); return;
  case IR_ST_BREAK: case IR_ST_CONTINUE:
    if (!l) na(e, "a break outside a loop");
    if (s->kind == IR_ST_BREAK) l->brk = bb_or(e->g, l->brk, e->act);
    else l->cont = bb_or(e->g, l->cont, e->act);
    e->act = BB_FALSE;
    return;
  case IR_ST_RETURN:
    if (s->rhs) {
      if (!f->ret.v.b) na(e, "a result that is not an integer");
      BbVec v = expr(e, f, s->rhs, BB_TRUE);
      if (v.w != f->ret.v.w) na(e, "a result of another width");
      f->ret.v = bb_vec_mux(e->g, e->act, v, f->ret.v);
      f->ret.def = bb_or(e->g, f->ret.def, e->act);
    }
    f->ret_act = bb_or(e->g, f->ret_act, e->act);
    e->act = BB_FALSE;
    return;
  case IR_ST_BLOCK: block(e, f, l, &s->body); return;
  }
  na(e, "a statement outside the encoding");
}

static void block(BbEnc *e, Frame *f, Loop *l, const IrBlock *b) {
  for (int i = 0; i < b->n && e->act != BB_FALSE; i++) {
    stmt(e, f, l, b->stmts[i]);
    check_size(e);
  }
}

/* ---- Entry ---------------------------------------------------------------------------- */
BbEnc *bb_encode(BbGates *g, const BbEncodeInput *in, const char **na_reason, bool *too_large) {
  BbEnc *volatile e = calloc(1, sizeof *e); /* (read after longjmp) */
  e->g = g;
  e->prog = in->prog;
  e->fn = in->fn;
  e->obj = in->obj;
  e->bound = in->bound;
  e->max_depth = in->max_depth;
  e->deadline = in->deadline;
  e->reach = e->abandon = e->unwind = BB_FALSE;
  e->act = BB_TRUE;
  *na_reason = NULL;
  *too_large = false;
  if (setjmp(e->fail)) {
    *na_reason = e->na;
    *too_large = e->na == NULL;
    bb_encode_free(e);
    return NULL;
  }
  const IrObjective *obj = in->obj;
  e->ctx = bb_alloc(g, sizeof(int) * (size_t)(obj->niter + 1));
  if (obj->niter > 0) {
    const IrStmt **loops = NULL;
    int n = obj->target ? ir_loops_around(in->prog, obj->target, &loops) : 0;
    if (n < obj->niter) {
      free(loops);
      na(e, "--iter deeper than the loops around the target");
    }
    e->obj_loops = bb_alloc(g, sizeof *e->obj_loops * (size_t)obj->niter);
    memcpy(e->obj_loops, loops + (n - obj->niter), sizeof *e->obj_loops * (size_t)obj->niter);
    free(loops);
  }
  make_globals(e);
  const IrFunction *fn = in->fn;
  Frame *f = new_frame(e, fn, 0);
  e->params = bb_alloc(g, sizeof *e->params * (size_t)(fn->nparams + 1));
  for (int i = 0; i < fn->nparams; i++) {
    e->params[i] = bb_vec_new(g, width_of(e, fn->params[i]->type));
    set_param(e, f, i, e->params[i]);
  }
  for (int i = 0; i < in->nassumes; i++) e->act = bb_and(g, e->act, truth(e, f, in->assumes[i], BB_TRUE));
  block(e, f, NULL, &fn->body);
  check_size(e);
  return e;
}

void bb_encode_free(BbEnc *e) {
  if (!e) return;
  free(e->nd);
  free(e);
}

int bb_enc_reach(const BbEnc *e) { return e->reach; }
int bb_enc_abandon(const BbEnc *e) { return e->abandon; }
int bb_enc_unwind(const BbEnc *e) { return e->unwind; }
const BbVec *bb_enc_params(const BbEnc *e) { return e->params; }
const BbNondetUse *bb_enc_nondet(const BbEnc *e, int *n) {
  *n = e->nnd;
  return e->nd;
}
