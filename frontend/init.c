/* init.c - initializers: of locals as statements, of globals as IrInit.
 *
 * Both follow C's rules for braced lists, brace elision included: each
 * initializer fills the next scalar of the object in declaration order, a
 * nested list fills one sub-aggregate.  A local's members that no
 * initializer names are assigned zero; a global's stay NULL (zero) in the
 * IrInit.  A string literal initializing a char array is its bytes.
 * Designators of one level (`.f = v`, `[3] = v`, constant index) place
 * their initializer and the next ones after it; a list holding one
 * zero-fills the local first (later initializers override earlier ones).
 * Chains (`.a.b = v`, `[1].x = v`), GNU ranges and a designated aggregate
 * member initialized without braces are unsupported.  Never emits more than FE_MAX_INIT_ELEMS assignments for one
 * initializer.
 */
#include <string.h>

#include "fe.h"

void fe_assign_from(FeCtx *c, IrExpr *lv, CXCursor rhs, IrLoc loc, IrBlock *out);

typedef struct Iter {
  FeKids k;
  int pos;
} Iter;

static bool is_aggregate(const IrType *t) { return t->kind == IR_TY_STRUCT || t->kind == IR_TY_ARRAY; }

static int64_t nsub(const IrType *t) { return t->kind == IR_TY_STRUCT ? t->nfields : t->count; }

static IrType *sub_type(const IrType *t, int64_t i) {
  return t->kind == IR_TY_STRUCT ? t->fields[i].type : t->base;
}

static bool is_designated(CXCursor x);

/* A designated initializer shows up as a void-typed UnexposedExpr; this
   check is for lists of scalars (aggregates handle designators). */
static bool list_ok(FeCtx *c, CXCursor list, FeKids k) {
  for (int i = 0; i < k.n; i++)
    if (is_designated(k.k[i])) {
      fe_unsupported(c, fe_loc(c, k.k[i]), "unsupported: designated initializer");
      return false;
    }
  (void)list;
  return true;
}

static bool is_designated(CXCursor x) {
  return clang_getCursorKind(x) == CXCursor_UnexposedExpr &&
         clang_getCanonicalType(clang_getCursorType(x)).kind == CXType_Void;
}

static bool same_type(FeCtx *c, CXCursor e, const IrType *t);

/* The subobject of aggregate t that the designated initializer x names, in
   *index, and its value in *value; false (after a diagnostic) when x is not
   a designator of one level in bounds, or its value would need brace
   elision. */
static bool designator(FeCtx *c, CXCursor x, const IrType *t, int64_t *index, CXCursor *value) {
  FeKids k = fe_kids(c, x);
  bool ok = false;
  if (k.n == 2 && t->kind == IR_TY_STRUCT && clang_getCursorKind(k.k[0]) == CXCursor_MemberRef) {
    char *name = fe_spelling(c, k.k[0]);
    for (int f = 0; f < t->nfields && !ok; f++)
      if (t->fields[f].name && strcmp(t->fields[f].name, name) == 0) {
        *index = f;
        ok = true;
      }
  } else if (k.n == 2 && t->kind == IR_TY_ARRAY && clang_getCursorKind(k.k[0]) != CXCursor_MemberRef) {
    ok = fe_eval_int(k.k[0], index) && *index >= 0 && *index < t->count;
  }
  if (ok) {
    *value = k.k[1];
    const IrType *st = sub_type(t, *index);
    enum CXCursorKind vk = clang_getCursorKind(fe_strip(*value));
    if (is_aggregate(st) && vk != CXCursor_InitListExpr && vk != CXCursor_StringLiteral && !same_type(c, *value, st))
      ok = false;
  }
  if (!ok) fe_unsupported(c, fe_loc(c, x), "unsupported: designated initializer of this form");
  return ok;
}

/* A carrier union's list `.m = value` (the last designator wins, as in C):
   the member it names, and its value at *value; -1 after a diagnostic. */
static int union_designator(FeCtx *c, const IrType *t, FeKids k, CXCursor *value) {
  int member = -1;
  for (int i = 0; i < k.n; i++) {
    FeKids d = fe_kids(c, k.k[i]);
    int m = -1;
    if (is_designated(k.k[i]) && d.n == 2 && clang_getCursorKind(d.k[0]) == CXCursor_MemberRef)
      m = fe_union_member_index(c, t, fe_spelling(c, d.k[0]));
    if (m < 0) {
      fe_unsupported(c, fe_loc(c, k.k[i]), "unsupported: designated initializer of this form");
      return -1;
    }
    member = m;
    *value = d.k[1];
  }
  return member;
}

static bool has_designator(FeKids k) {
  for (int i = 0; i < k.n; i++)
    if (is_designated(k.k[i])) return true;
  return false;
}

static bool same_type(FeCtx *c, CXCursor e, const IrType *t) {
  const char *why;
  return fe_type(c, clang_getCursorType(e), &why) == t;
}

/* ---- locals ------------------------------------------------------------------- */
typedef struct Local {
  FeCtx *c;
  IrBlock *out;
  int64_t budget;
} Local;

static IrExpr *sub_place(FeCtx *c, IrExpr *lv, int64_t i, IrLoc loc) {
  if (lv->type->kind == IR_TY_STRUCT && lv->type->is_union) return fe_union_member_place(c, lv, 0, loc);
  IrExpr *e = fe_alloc(c->A, sizeof *e);
  e->type = sub_type(lv->type, i);
  e->loc = loc;
  e->a[0] = lv;
  if (lv->type->kind == IR_TY_STRUCT) {
    e->kind = IR_FIELD;
    e->field = (int)i;
  } else {
    e->kind = IR_INDEX;
    e->a[1] = fe_int_const(c, fe_type_ptrdiff(c), i, loc);
  }
  return e;
}

static bool spend(Local *L, IrLoc loc) {
  if (--L->budget >= 0) return true;
  if (L->budget == -1) fe_unsupported(L->c, loc, "unsupported: initializer larger than %d elements", FE_MAX_INIT_ELEMS);
  return false;
}

static void zero_fill(Local *L, IrExpr *lv, IrLoc loc) {
  if (lv->type->kind == IR_TY_STRUCT && lv->type->is_union) lv = fe_union_cell(L->c, lv, loc); /* all its bytes */
  if (!is_aggregate(lv->type)) {
    if (!spend(L, loc)) return;
    IrStmt *s = fe_stmt_new(L->c, IR_ST_ASSIGN, loc);
    s->lhs = lv;
    s->rhs = fe_zero(L->c, lv->type, loc);
    fe_emit(L->c, L->out, s);
    return;
  }
  for (int64_t i = 0; i < nsub(lv->type) && L->budget >= 0; i++) zero_fill(L, sub_place(L->c, lv, i, loc), loc);
}

void fe_zero_fill(FeCtx *c, IrExpr *lv, IrLoc loc, IrBlock *out) {
  Local L = {c, out, FE_MAX_INIT_ELEMS};
  zero_fill(&L, lv, loc);
}

static void local_list(Local *L, IrExpr *lv, CXCursor list);

static void local_obj(Local *L, IrExpr *lv, Iter *it) {
  FeCtx *c = L->c;
  CXCursor x = it->k.k[it->pos];
  IrLoc loc = fe_loc(c, x);
  enum CXCursorKind kind = clang_getCursorKind(fe_strip(x));
  if (kind == CXCursor_InitListExpr) {
    it->pos++;
    local_list(L, lv, fe_strip(x));
    return;
  }
  if (kind == CXCursor_StringLiteral && lv->type->kind == IR_TY_ARRAY) { /* char s[] = "..." */
    it->pos++;
    const char *bytes;
    int64_t n;
    if (!fe_string_bytes(c, fe_strip(x), &bytes, &n)) return;
    for (int64_t i = 0; i < lv->type->count && L->budget >= 0; i++) {
      if (!spend(L, loc)) return;
      IrStmt *s = fe_stmt_new(c, IR_ST_ASSIGN, loc);
      s->lhs = sub_place(c, lv, i, loc);
      s->rhs = fe_int_const(c, lv->type->base, i < n ? (unsigned char)bytes[i] : 0, loc);
      fe_emit(c, L->out, s);
    }
    return;
  }
  if (!is_aggregate(lv->type) || same_type(c, x, lv->type)) {
    it->pos++;
    if (spend(L, loc)) fe_assign_from(c, lv, x, loc, L->out);
    return;
  }
  if (fe_union_is_carrier(c, lv->type)) zero_fill(L, lv, loc); /* the bytes past the first member */
  for (int64_t i = 0; i < nsub(lv->type) && L->budget >= 0; i++) { /* brace elision */
    IrExpr *s = sub_place(c, lv, i, loc);
    if (it->pos < it->k.n && !is_designated(it->k.k[it->pos])) local_obj(L, s, it);
    else zero_fill(L, s, loc);
  }
}

/* An aggregate's list holding designators: zero everything, then each
   initializer in order at its place (a designator's, else the next). */
static void local_designated(Local *L, IrExpr *lv, Iter *it, IrLoc loc) {
  FeCtx *c = L->c;
  zero_fill(L, lv, loc);
  int64_t i = 0;
  while (it->pos < it->k.n && L->budget >= 0 && !fe_failed(c)) {
    CXCursor x = it->k.k[it->pos];
    if (is_designated(x)) {
      CXCursor value;
      if (!designator(c, x, lv->type, &i, &value)) return;
      it->pos++;
      Iter one = {{&value, 1}, 0};
      local_obj(L, sub_place(c, lv, i, fe_loc(c, x)), &one);
    } else {
      if (i >= nsub(lv->type)) return;
      local_obj(L, sub_place(c, lv, i, fe_loc(c, x)), it);
    }
    i++;
  }
}

static void local_list(Local *L, IrExpr *lv, CXCursor list) {
  FeCtx *c = L->c;
  IrLoc loc = fe_loc(c, list);
  Iter it = {fe_kids(c, list), 0};
  if (fe_union_is_carrier(c, lv->type) && has_designator(it.k)) {
    CXCursor value;
    int k = union_designator(c, lv->type, it.k, &value);
    if (k < 0) return;
    zero_fill(L, lv, loc);
    Iter one = {{&value, 1}, 0};
    local_obj(L, fe_union_member_place(c, lv, k, loc), &one);
    return;
  }
  if (is_aggregate(lv->type) && has_designator(it.k)) {
    local_designated(L, lv, &it, loc);
    return;
  }
  if (lv->type->kind == IR_TY_ARRAY && lv->type->base->kind == IR_TY_INT && lv->type->base->size == 1 &&
      it.k.n == 1 && clang_getCursorKind(fe_strip(it.k.k[0])) == CXCursor_StringLiteral) {
    local_obj(L, lv, &it); /* char s[] = {"..."}: the braces are optional */
    return;
  }
  if (!list_ok(c, list, it.k)) return;
  if (!is_aggregate(lv->type)) {
    if (it.k.n) local_obj(L, lv, &it);
    else zero_fill(L, lv, loc);
    return;
  }
  if (fe_union_is_carrier(c, lv->type)) zero_fill(L, lv, loc); /* the bytes past the first member */
  for (int64_t i = 0; i < nsub(lv->type) && L->budget >= 0; i++) {
    IrExpr *s = sub_place(c, lv, i, loc);
    if (it.pos < it.k.n) local_obj(L, s, &it);
    else zero_fill(L, s, loc);
  }
}

void fe_local_init(FeCtx *c, IrExpr *lv, CXCursor init, IrBlock *out) {
  Local L = {c, out, FE_MAX_INIT_ELEMS};
  Iter it = {{&init, 1}, 0};
  local_obj(&L, lv, &it);
}

/* ---- globals ------------------------------------------------------------------- */
static CXCursor strip_casts(FeCtx *c, CXCursor e) {
  for (;;) {
    e = fe_strip(e);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_CStyleCastExpr) return e;
    FeKids kids = fe_kids(c, e);
    CXCursor x = clang_getNullCursor();
    for (int i = 0; i < kids.n; i++)
      if (clang_isExpression(clang_getCursorKind(kids.k[i]))) x = kids.k[i];
    if (clang_Cursor_isNull(x)) return e;
    e = x;
  }
}

static IrInit *new_init(FeCtx *c, IrInitKind k, IrType *t) {
  IrInit *i = fe_alloc(c->A, sizeof *i);
  i->kind = k;
  i->type = t;
  return i;
}

static IrVar *global_object(FeCtx *c, CXCursor e) {
  if (clang_getCursorKind(e) != CXCursor_DeclRefExpr) return NULL;
  CXCursor d = clang_getCursorReferenced(e);
  if (clang_getCursorKind(d) != CXCursor_VarDecl || clang_Cursor_hasVarDeclGlobalStorage(d) != 1) return NULL;
  FeGlobal *saved = c->global;
  FeGlobal *g = fe_global_for(c, d);
  c->global = saved;
  if (g->var) g->var->address_taken = true;
  return g->var;
}

/* Cells of a value of type t, as the translation counts them: one per scalar. */
static int64_t cells(const IrType *t) {
  if (t->kind == IR_TY_ARRAY) return t->count * cells(t->base);
  if (t->kind != IR_TY_STRUCT) return 1;
  int64_t n = 0;
  for (int i = 0; i < t->nfields; i++) n += cells(t->fields[i].type);
  return n;
}

/* A constant place inside a global: g, g[3], g.f, g[1].f[2] (constant
   indices in bounds); its global, with the cell where it starts in *cell and
   its type in *ty.  NULL when e is not such a place. */
static IrVar *global_place(FeCtx *c, CXCursor e, int64_t *cell, IrType **ty) {
  e = fe_strip(e);
  enum CXCursorKind k = clang_getCursorKind(e);
  if (k == CXCursor_DeclRefExpr) {
    IrVar *g = global_object(c, e);
    *cell = 0;
    *ty = g ? g->type : NULL;
    return g;
  }
  FeKids kids = fe_kids(c, e);
  if (k == CXCursor_ArraySubscriptExpr && kids.n == 2) {
    int64_t i;
    IrVar *g = global_place(c, strip_casts(c, kids.k[0]), cell, ty);
    if (!g || (*ty)->kind != IR_TY_ARRAY || !fe_eval_int(kids.k[1], &i) || i < 0 || i >= (*ty)->count) return NULL;
    *cell += i * cells((*ty)->base);
    *ty = (*ty)->base;
    return g;
  }
  if (k == CXCursor_MemberRefExpr && kids.n == 1 &&
      clang_getCanonicalType(clang_getCursorType(kids.k[0])).kind == CXType_Record) { /* g.f, not p->f */
    IrVar *g = global_place(c, kids.k[0], cell, ty);
    if (!g || (*ty)->kind != IR_TY_STRUCT) return NULL;
    char *name = fe_spelling(c, e);
    for (int f = 0; f < (*ty)->nfields; f++) {
      if (strcmp((*ty)->fields[f].name, name) != 0) continue;
      for (int j = 0; j < f; j++) *cell += cells((*ty)->fields[j].type);
      *ty = (*ty)->fields[f].type;
      return g;
    }
  }
  return NULL;
}

/* A function pointer: NULL, f or &f (of the pointer's own type), as an id
   (fnptr.c); NULL after a diagnostic. */
static IrInit *global_fnptr(FeCtx *c, IrType *t, CXCursor x, IrLoc loc) {
  CXCursor e = strip_casts(c, x);
  int64_t v;
  if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
    FeKids kids = fe_kids(c, e);
    if (kids.n == 1) e = strip_casts(c, kids.k[0]);
  }
  CXCursor d = clang_getCursorKind(e) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e) : clang_getNullCursor();
  IrInit *i = new_init(c, IR_INIT_INT, t);
  if (!clang_Cursor_isNull(d) && clang_getCursorKind(d) == CXCursor_FunctionDecl) {
    IrExpr *id = fe_function_id(c, d, loc);
    if (fe_failed(c)) return NULL;
    if (id->type == t) {
      i->ival = id->ival;
      return i;
    }
  } else if (clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Pointer && fe_eval_int(e, &v) && v == 0) {
    return i;
  }
  fe_unsupported(c, loc, "unsupported: initializer of a function pointer that is not a function of its type or NULL");
  return NULL;
}

static IrInit *global_scalar(FeCtx *c, IrType *t, CXCursor x) {
  IrLoc loc = fe_loc(c, x);
  int64_t v;
  CXEvalResult r;
  if (t->fnptr) return global_fnptr(c, t, x, loc);
  switch (t->kind) {
  case IR_TY_INT:
  case IR_TY_BOOL:
    if (fe_eval_int(x, &v)) {
      IrInit *i = new_init(c, IR_INIT_INT, t);
      i->ival = fe_wrap(t, v);
      return i;
    }
    break;
  case IR_TY_FLOAT:
    r = clang_Cursor_Evaluate(x);
    if (r) {
      IrInit *i = NULL;
      if (clang_EvalResult_getKind(r) == CXEval_Float) {
        i = new_init(c, IR_INIT_FLOAT, t);
        i->fval = clang_EvalResult_getAsDouble(r);
      } else if (clang_EvalResult_getKind(r) == CXEval_Int) {
        i = new_init(c, IR_INIT_FLOAT, t);
        i->fval = (double)clang_EvalResult_getAsLongLong(r);
      }
      clang_EvalResult_dispose(r);
      if (i) {
        if (t->bits == 32) i->fval = (double)(float)i->fval;
        return i;
      }
    }
    break;
  case IR_TY_PTR: {
    CXCursor e = strip_casts(c, x);
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k == CXCursor_StringLiteral) { /* the address of an anonymous char array */
      CXCursor outer = c->decayed_literal;
      c->decayed_literal = x; /* its conversion to a pointer: what clang evaluates */
      IrVar *g = fe_string_literal(c, e);
      c->decayed_literal = outer;
      if (!g) return NULL;
      IrInit *i = new_init(c, IR_INIT_ADDR, t);
      i->addr_of = g;
      return i;
    }
    if (clang_getCanonicalType(clang_getCursorType(e)).kind != CXType_Pointer && fe_eval_int(e, &v) && v == 0)
      return new_init(c, IR_INIT_NULL, t);
    IrVar *g = NULL;
    int64_t cell = 0;
    IrType *pt = NULL;
    if (k == CXCursor_UnaryOperator) { /* &place: the only unary operator giving a constant address */
      FeKids kids = fe_kids(c, e);
      if (kids.n == 1) g = global_place(c, strip_casts(c, kids.k[0]), &cell, &pt);
    } else if (clang_getCanonicalType(clang_getCursorType(e)).kind == CXType_ConstantArray) {
      g = global_place(c, e, &cell, &pt); /* an array decays to the address of its first element */
    }
    if (g) {
      IrInit *i = new_init(c, IR_INIT_ADDR, t);
      i->addr_of = g;
      i->addr_cell = cell;
      return i;
    }
    break;
  }
  default: break;
  }
  fe_unsupported(c, loc, "unsupported: initializer that is not a constant number or address");
  return NULL;
}

static IrInit *global_list(FeCtx *c, IrType *t, CXCursor list);

/* The initializer `in` of element i of t: a bit-field's value is converted
   to its width, as a store would (bitfield.c). */
static IrInit *field_init(const IrType *t, int64_t i, IrInit *in) {
  if (t->kind == IR_TY_STRUCT && t->fields[i].bit_width && in && in->kind == IR_INIT_INT)
    in->ival = fe_bitfield_const(&t->fields[i], in->ival);
  return in;
}

static IrInit *global_obj(FeCtx *c, IrType *t, Iter *it);

/* The initializer of element i of aggregate t from the list at it (a
   union's: of its first member, then as the bits of its carrier). */
static IrInit *global_sub(FeCtx *c, IrType *t, int64_t i, Iter *it) {
  if (t->kind != IR_TY_STRUCT || !t->is_union) return field_init(t, i, global_obj(c, sub_type(t, i), it));
  IrLoc loc = fe_loc(c, it->k.k[it->pos]);
  return fe_union_carrier_init(c, t, 0, global_obj(c, fe_union_member_type(c, t, 0), it), loc);
}


static IrInit *global_obj(FeCtx *c, IrType *t, Iter *it) {
  CXCursor x = it->k.k[it->pos];
  enum CXCursorKind kind = clang_getCursorKind(fe_strip(x));
  if (kind == CXCursor_InitListExpr) {
    it->pos++;
    return global_list(c, t, fe_strip(x));
  }
  if (kind == CXCursor_StringLiteral && t->kind == IR_TY_ARRAY) { /* char s[] = "..." */
    it->pos++;
    const char *bytes;
    int64_t n;
    if (!fe_string_bytes(c, fe_strip(x), &bytes, &n)) return NULL;
    IrInit *r = new_init(c, IR_INIT_LIST, t);
    for (int64_t i = 0; i < n && i < t->count; i++) {
      IrInit *e = NULL;
      if (bytes[i]) {
        e = new_init(c, IR_INIT_INT, t->base);
        e->ival = fe_wrap(t->base, (unsigned char)bytes[i]);
      }
      fe_push(c->A, (void ***)&r->elems, &r->nelems, e);
    }
    return r;
  }
  if (!is_aggregate(t)) {
    it->pos++;
    return global_scalar(c, t, x);
  }
  if (same_type(c, x, t)) {
    it->pos++;
    fe_unsupported(c, fe_loc(c, x), "unsupported: initializer that is not a constant number or address");
    return NULL;
  }
  IrInit *r = new_init(c, IR_INIT_LIST, t);
  for (int64_t i = 0; i < nsub(t) && it->pos < it->k.n && !is_designated(it->k.k[it->pos]) && !fe_failed(c);
       i++) /* brace elision */
    fe_push(c->A, (void ***)&r->elems, &r->nelems, global_sub(c, t, i, it));
  return r;
}

/* An aggregate's list holding designators: each initializer at its place
   (a designator's, else the next); what none names stays NULL (zero). */
static IrInit *global_designated(FeCtx *c, IrType *t, Iter *it) {
  IrInit *r = new_init(c, IR_INIT_LIST, t);
  for (int64_t i = 0; i < nsub(t); i++) fe_push(c->A, (void ***)&r->elems, &r->nelems, NULL);
  int64_t i = 0;
  while (it->pos < it->k.n && !fe_failed(c)) {
    CXCursor x = it->k.k[it->pos];
    if (is_designated(x)) {
      CXCursor value;
      if (!designator(c, x, t, &i, &value)) return NULL;
      it->pos++;
      Iter one = {{&value, 1}, 0};
      r->elems[i] = field_init(t, i, global_obj(c, sub_type(t, i), &one));
    } else {
      if (i >= nsub(t)) break;
      r->elems[i] = field_init(t, i, global_obj(c, sub_type(t, i), it));
    }
    i++;
  }
  return r;
}

static IrInit *global_list(FeCtx *c, IrType *t, CXCursor list) {
  Iter it = {fe_kids(c, list), 0};
  if (fe_union_is_carrier(c, t) && has_designator(it.k)) {
    CXCursor value;
    int k = union_designator(c, t, it.k, &value);
    if (k < 0) return NULL;
    Iter one = {{&value, 1}, 0};
    IrInit *r = new_init(c, IR_INIT_LIST, t);
    IrInit *v = fe_union_carrier_init(c, t, k, global_obj(c, fe_union_member_type(c, t, k), &one), fe_loc(c, list));
    fe_push(c->A, (void ***)&r->elems, &r->nelems, v);
    return r;
  }
  if (is_aggregate(t) && has_designator(it.k)) return global_designated(c, t, &it);
  if (!list_ok(c, list, it.k)) return NULL;
  if (!is_aggregate(t)) return it.k.n ? global_obj(c, t, &it) : NULL;
  IrInit *r = new_init(c, IR_INIT_LIST, t);
  for (int64_t i = 0; i < nsub(t) && it.pos < it.k.n && !fe_failed(c); i++)
    fe_push(c->A, (void ***)&r->elems, &r->nelems, global_sub(c, t, i, &it));
  return r;
}

IrInit *fe_global_init(FeCtx *c, IrType *t, CXCursor init) {
  Iter it = {{&init, 1}, 0};
  return global_obj(c, t, &it);
}
