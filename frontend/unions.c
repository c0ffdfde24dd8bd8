/* unions.c - unions, in the two forms the cell model handles soundly.
 *
 * The memory holds one value per cell, of the cell's type, never bytes, and
 * a union is a struct of a single cell (IrType.is_union):
 *   - a union whose accesses in the whole file all go through one member,
 *     or through integer members of one width (int and unsigned int:
 *     reading one as the other is the modular reinterpretation of the same
 *     bits), is the cell of its representative member; an access through
 *     another integer member of its width is the cell read as that type,
 *     like the cast between int32_t * and uint32_t * the translation
 *     already has (`*(unsigned *)&w.i`);
 *   - a union of 1, 2, 4 or 8 bytes whose members are all plain bits
 *     (integers, float, double, and arrays and structs of them) is its
 *     CARRIER, an unsigned integer cell of its size holding its bytes
 *     (x86-64 is little endian): every access to a scalar part of a member
 *     (w.f, w.b[i], w.h.lo) is a VIEW, bits [off, off + width) of the
 *     carrier read as the part's type (shifts and conversions, IR_BITCAST
 *     for a float), and a store into a view rewrites those bits of the
 *     carrier and keeps the others.  The carrier is the first integer
 *     member as wide as the union, else a field of its own named "(bits)"
 *     (IrField.hidden: no test driver could write it, so such a union is
 *     refused as an input).
 * Any other union that could read what another member wrote (a tagged
 * union of a pointer and an int, a union wider than 8 bytes) is refused,
 * exit 2.
 *
 * The accesses are known before any type is built (fe_scan_unions walks the
 * file once): the members named by `.`/`->`, and the first member for an
 * initializer list of the union.
 */
#include <assert.h>
#include <string.h>

#include "fe.h"
#include "inka/fp.h"

typedef struct FeUnionUse { /* what the file does with one union */
  CXCursor *members;        /* the FieldDecls accessed, canonical, no duplicates */
  int n;
  bool designated;          /* an initializer with a designator (its member unknown here) */
} FeUnionUse;

static FeUnionUse *use_of(FeCtx *c, CXCursor union_decl) {
  CXCursor key = clang_getCanonicalCursor(union_decl);
  FeUnionUse *u = fe_map_get(&c->union_uses, key);
  if (!u) {
    u = fe_alloc(c->A, sizeof *u);
    fe_map_put(&c->union_uses, key, u);
  }
  return u;
}

static void note_member(FeCtx *c, CXCursor field) {
  CXCursor parent = clang_getCursorSemanticParent(field);
  if (clang_getCursorKind(parent) != CXCursor_UnionDecl) return;
  FeUnionUse *u = use_of(c, parent);
  field = clang_getCanonicalCursor(field);
  for (int i = 0; i < u->n; i++)
    if (clang_equalCursors(u->members[i], field)) return;
  CXCursor *m = fe_alloc(c->A, sizeof(CXCursor) * (size_t)(u->n + 1));
  if (u->n) memcpy(m, u->members, sizeof(CXCursor) * (size_t)u->n);
  m[u->n++] = field;
  u->members = m;
}

static enum CXVisitorResult first_field(CXCursor f, CXClientData data) {
  *(CXCursor *)data = f;
  return CXVisit_Break;
}

static enum CXChildVisitResult has_designator(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  if (clang_getCursorKind(cur) == CXCursor_MemberRef) {
    *(bool *)data = true;
    return CXChildVisit_Break;
  }
  return CXChildVisit_Continue;
}

static enum CXChildVisitResult scan(CXCursor cur, CXCursor parent, CXClientData data) {
  (void)parent;
  FeCtx *c = data;
  if (fe_in_system_header(cur)) return CXChildVisit_Continue;
  enum CXCursorKind k = clang_getCursorKind(cur);
  if (k == CXCursor_MemberRefExpr) {
    CXCursor f = clang_getCursorReferenced(cur);
    if (clang_getCursorKind(f) == CXCursor_FieldDecl) note_member(c, f);
  } else if (k == CXCursor_InitListExpr) {
    CXType t = clang_getCanonicalType(clang_getCursorType(cur));
    CXCursor decl = clang_getTypeDeclaration(t);
    if (t.kind == CXType_Record && clang_getCursorKind(decl) == CXCursor_UnionDecl) {
      bool designated = false;
      clang_visitChildren(cur, has_designator, &designated);
      if (designated) use_of(c, decl)->designated = true;
      CXCursor f = clang_getNullCursor();
      clang_Type_visitFields(t, first_field, &f);
      if (!clang_Cursor_isNull(f)) note_member(c, f);
    }
  }
  return CXChildVisit_Recurse;
}

void fe_scan_unions(FeCtx *c) {
  clang_visitChildren(clang_getTranslationUnitCursor(c->tu), scan, c);
}

/* ---- the union types -------------------------------------------------------- */
typedef struct Members {
  FeCtx *c;
  FeUnion *u;
  const char *why;
} Members;

static enum CXVisitorResult member(CXCursor f, CXClientData data) {
  Members *m = data;
  FeCtx *c = m->c;
  char *name = fe_field_name(c, f);
  if (!*name || clang_Cursor_isBitField(f)) {
    m->why = *name ? "a bit-field in a union" : "anonymous struct or union member";
    return CXVisit_Break;
  }
  IrType *t = fe_type(c, clang_getCursorType(f), &m->why);
  if (!t) return CXVisit_Break;
  if (t->kind == IR_TY_VOID || (t->kind == IR_TY_STRUCT && !t->complete)) {
    m->why = "field of incomplete type";
    return CXVisit_Break;
  }
  FeUnion *u = m->u;
  fe_push(c->A, (void ***)&u->names, &u->n, name);
  u->n--;
  fe_push(c->A, (void ***)&u->types, &u->n, t);
  u->n--;
  CXCursor *cs = fe_alloc(c->A, sizeof(CXCursor) * (size_t)(u->n + 1));
  if (u->n) memcpy(cs, u->decls, sizeof(CXCursor) * (size_t)u->n);
  cs[u->n++] = clang_getCanonicalCursor(f);
  u->decls = cs;
  return CXVisit_Continue;
}

/* May a cell of type a be read and written as type b (same bits)? */
bool fe_same_representation(const IrType *a, const IrType *b) {
  return a == b || (a->kind == IR_TY_INT && b->kind == IR_TY_INT && !a->fnptr && !b->fnptr && a->bits == b->bits);
}

/* Plain bits: a value whose bytes a carrier can hold (integers and IEEE
   floats, every pattern of whose bytes is a value; _Bool, whose other
   patterns a read refuses; aggregates of them without bit-fields). */
static bool plain_bits(const IrType *t) {
  switch (t->kind) {
  case IR_TY_INT: return !t->fnptr;
  case IR_TY_FLOAT: return t->bits == 32 || t->bits == 64;
  case IR_TY_ARRAY: return !t->variable && t->count > 0 && plain_bits(t->base);
  case IR_TY_STRUCT:
    if (t->is_union || !t->complete || t->nfields == 0) return false;
    for (int i = 0; i < t->nfields; i++)
      if (t->fields[i].bit_width || !plain_bits(t->fields[i].type)) return false;
    return true;
  case IR_TY_BOOL: return true; /* a byte that must hold 0 or 1: see view_read */
  default: return false; /* pointers (locations have no bytes), void */
  }
}

static IrType *unsigned_of_bits(FeCtx *c, int bits) {
  switch (bits) {
  case 8: return fe_type_int(c, "unsigned char", 8, false);
  case 16: return fe_type_int(c, "unsigned short", 16, false);
  case 32: return fe_type_int(c, "unsigned int", 32, false);
  default:
    return c->prog->model == IR_LP64 ? fe_type_int(c, "unsigned long", 64, false)
                                     : fe_type_int(c, "unsigned long long", 64, false);
  }
}

/* The carrier form (see the top): true when every member is plain bits
   and the union is 1, 2, 4 or 8 bytes; its field is set. */
static bool carrier_union(FeCtx *c, FeUnion *u, IrType *st, int64_t size) {
  if (size != 1 && size != 2 && size != 4 && size != 8) return false;
  for (int i = 0; i < u->n; i++)
    if (!plain_bits(u->types[i])) return false;
  int full = -1;
  for (int i = 0; i < u->n && full < 0; i++)
    if (u->types[i]->kind == IR_TY_INT && u->types[i]->bits == 8 * size) full = i;
  st->fields = fe_alloc(c->A, sizeof(IrField));
  if (full >= 0) st->fields[0] = (IrField){u->names[full], u->types[full], 0, 0, NULL, false};
  else st->fields[0] = (IrField){"(bits)", unsigned_of_bits(c, (int)(8 * size)), 0, 0, NULL, true};
  st->nfields = 1;
  u->rep = full;
  u->carrier = true;
  return true;
}

/* Fills st (a fresh STRUCT marked is_union) from the union's definition
   def; false with *why when outside the subset. */
bool fe_union_type(FeCtx *c, IrType *st, CXCursor def, const char **why) {
  FeUnion *u = fe_alloc(c->A, sizeof *u);
  u->type = st;
  Members m = {c, u, NULL};
  clang_Type_visitFields(clang_getCursorType(def), member, &m);
  if (m.why) {
    *why = m.why;
    return false;
  }
  if (u->n == 0) {
    *why = "an empty union";
    return false;
  }
  FeUnionUse *use = fe_map_get(&c->union_uses, clang_getCanonicalCursor(def));
  int64_t size = clang_Type_getSizeOf(clang_getCursorType(def));
  if (use && use->designated) { /* its member is known only where it is lowered: views of a carrier */
    if (carrier_union(c, u, st, size)) {
      fe_push(c->A, (void ***)&c->unions, &c->nunions, u);
      return true;
    }
    *why = "a designated initializer of a union that is not plain bits within 8 bytes";
    return false;
  }
  /* the representative: the first member used (the first member when none is) */
  int rep = -1, other = -1;
  for (int i = 0; use && i < use->n; i++) {
    int k = 0;
    while (k < u->n && !clang_equalCursors(u->decls[k], use->members[i])) k++;
    if (k == u->n) continue;
    if (rep < 0) rep = k;
    else if (other < 0 && !fe_same_representation(u->types[rep], u->types[k])) other = k;
  }
  bool views = other >= 0;
  if (rep < 0) rep = 0;
  /* an initializer sets the first member, also where braces are elided
     (which the scan does not see): it must be the representative's kind */
  if (!views && fe_same_representation(u->types[rep], u->types[0])) {
    u->rep = rep;
    st->fields = fe_alloc(c->A, sizeof(IrField));
    st->fields[0] = (IrField){u->names[u->rep], u->types[u->rep], 0, 0, NULL, false};
    st->nfields = 1;
  } else if (!carrier_union(c, u, st, size)) {
    *why = views ? fe_fmt(c->A, "a union read through members of different types ('%s' and '%s') that are not all "
                                "integers, _Bool, floats and arrays or structs of them within 8 bytes",
                          u->names[rep], u->names[other])
                 : fe_fmt(c->A, "a union whose first member ('%s', the one an initializer sets) differs from '%s'",
                          u->names[0], u->names[rep]);
    return false;
  }
  fe_push(c->A, (void ***)&c->unions, &c->nunions, u);
  return true;
}

static FeUnion *union_of_type(FeCtx *c, const IrType *t) {
  for (int i = 0; i < c->nunions; i++)
    if (c->unions[i]->type == t) return c->unions[i];
  return NULL;
}

bool fe_union_is_carrier(FeCtx *c, const IrType *t) {
  FeUnion *u = t->is_union ? union_of_type(c, t) : NULL;
  return u && u->carrier;
}

IrExpr *fe_union_cell(FeCtx *c, IrExpr *obj, IrLoc loc) {
  IrExpr *cell = fe_alloc(c->A, sizeof *cell);
  cell->kind = IR_FIELD;
  cell->type = obj->type->fields[0].type;
  cell->loc = loc;
  cell->a[0] = obj;
  cell->field = 0;
  return cell;
}

/* ---- views of the carrier ----------------------------------------------------- */
/* The value of view v: (T)((SU)cell >> off), through the bits of T's width
   for a float (IR_BITCAST).  SU is the carrier's unsigned type, at least
   unsigned int (C promotes narrower ones before a shift). */
static IrExpr *view_read(FeCtx *c, const FeView *v, IrLoc loc) {
  IrExpr *bits = fe_cast(c, v->shift_type, v->cell, loc);
  if (!(v->off->kind == IR_INT_CONST && v->off->ival == 0)) bits = fe_op(c, IR_SHR, v->shift_type, bits, v->off, loc);
  if (v->type->kind == IR_TY_BOOL) { /* byte <= 1 ? byte : a value no test controls (C: undefined) */
    IrExpr *byte = fe_cast(c, unsigned_of_bits(c, 8), bits, loc);
    IrExpr *ok = fe_op(c, IR_LE, fe_type_int_(c), byte, fe_int_const(c, byte->type, 1, loc), loc);
    IrExpr *open = fe_var_expr(c, fe_temp(c, v->type, loc), loc); /* never assigned: its path is abandoned */
    IrExpr *r = fe_op(c, IR_COND, v->type, ok, fe_cast(c, v->type, byte, loc), loc);
    r->a[2] = open;
    return r;
  }
  if (v->type->kind != IR_TY_FLOAT) return fe_cast(c, v->type, bits, loc);
  IrExpr *pattern = fe_cast(c, unsigned_of_bits(c, v->type->bits), bits, loc);
  return fe_op(c, IR_BITCAST, v->type, pattern, NULL, loc);
}

/* v, of scalar type t, made readable and remembered as a view. */
static IrExpr *finish_view(FeCtx *c, FeView *v, IrType *t, IrLoc loc) {
  v->type = t;
  int carrier_bits = v->cell->type->bits;
  v->shift_type = unsigned_of_bits(c, carrier_bits < 32 ? 32 : carrier_bits);
  v->value = view_read(c, v, loc);
  fe_push(c->A, (void ***)&c->views, &c->nviews, v);
  return v->value;
}

/* The scalar part of a carrier union named by the access chain e (w.f,
   p->b[i], w.h.lo: member, field and index steps from a member of the
   union), as a view; NULL when e is no such chain. */
typedef struct Step {
  CXCursor at;      /* the MemberRefExpr or ArraySubscriptExpr */
  bool index;
} Step;
enum { MAX_STEPS = 16 };

static CXCursor through_casts(FeCtx *c, CXCursor e) {
  for (;;) {
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_UnexposedExpr) return e;
    FeKids k = fe_kids(c, e);
    if (k.n != 1) return e;
    e = k.k[0];
  }
}

static bool is_union_member(CXCursor m) {
  CXCursor field = clang_getCursorReferenced(m);
  return clang_getCursorKind(field) == CXCursor_FieldDecl &&
         clang_getCursorKind(clang_getCursorSemanticParent(field)) == CXCursor_UnionDecl;
}

/* Collects the steps of e down to the union member (steps[0]); their
   count, or 0 when e does not end in a member of a union. */
static int chain(FeCtx *c, CXCursor e, Step *steps) {
  Step rev[MAX_STEPS];
  int n = 0;
  for (e = through_casts(c, e); n < MAX_STEPS; e = through_casts(c, e)) {
    enum CXCursorKind k = clang_getCursorKind(e);
    FeKids kids = fe_kids(c, e);
    if (k == CXCursor_ArraySubscriptExpr && kids.n == 2) {
      rev[n++] = (Step){e, true};
      e = kids.k[0];
    } else if (k == CXCursor_MemberRefExpr && kids.n >= 1) {
      rev[n++] = (Step){e, false};
      if (is_union_member(e)) break;
      e = kids.k[0];
    } else {
      return 0;
    }
  }
  if (n == 0 || n == MAX_STEPS || rev[n - 1].index || !is_union_member(rev[n - 1].at)) return 0;
  for (int i = 0; i < n; i++) steps[i] = rev[n - 1 - i];
  return n;
}

/* The union object of the member access m (w in w.f, *p in p->f). */
static IrExpr *union_object(FeCtx *c, CXCursor m, IrLoc loc, IrBlock *out) {
  IrExpr *obj = fe_expr(c, fe_kids(c, m).k[0], out);
  if (obj->type->kind != IR_TY_PTR) return obj;
  if (obj->kind == IR_ADDR_OF) return obj->a[0];
  IrExpr *d = fe_op(c, IR_DEREF, obj->type->base, obj, NULL, loc);
  return d;
}

static int member_index(const FeUnion *u, CXCursor m) {
  CXCursor key = clang_getCanonicalCursor(clang_getCursorReferenced(m));
  for (int k = 0; k < u->n; k++)
    if (clang_equalCursors(u->decls[k], key)) return k;
  return -1;
}

/* off + 8 * size * index, folded when both are constants. */
static IrExpr *add_offset(FeCtx *c, IrExpr *off, IrExpr *index, int64_t bits_per, IrLoc loc) {
  IrType *it = fe_type_int_(c);
  if (index->kind == IR_INT_CONST && off->kind == IR_INT_CONST) return fe_int_const(c, it, off->ival + index->ival * bits_per, loc);
  IrExpr *scaled = fe_op(c, IR_MUL, it, fe_cast(c, it, index, loc), fe_int_const(c, it, bits_per, loc), loc);
  return fe_op(c, IR_ADD, it, off, scaled, loc);
}

/* The anonymous member of struct object obj (or of its anonymous members)
   that has type t; NULL when there is none. */
static IrExpr *anonymous_member(FeCtx *c, IrExpr *obj, const IrType *t, IrLoc loc) {
  const IrType *st = obj->type;
  for (int i = 0; st->kind == IR_TY_STRUCT && !st->is_union && i < st->nfields; i++) {
    if (st->fields[i].name[0]) continue;
    IrExpr *f = fe_op(c, IR_FIELD, st->fields[i].type, obj, NULL, loc);
    f->field = i;
    if (f->type == t) return f;
    IrExpr *inner = anonymous_member(c, f, t, loc);
    if (inner) return inner;
  }
  return NULL;
}

IrExpr *fe_union_view(FeCtx *c, CXCursor e, IrLoc loc, IrBlock *out) {
  Step steps[MAX_STEPS];
  int n = chain(c, e, steps);
  if (n == 0) return NULL;
  FeKids root = fe_kids(c, steps[0].at);
  const char *why;
  IrType *ot = fe_type(c, clang_getCursorType(root.k[0]), &why); /* builds the union's type */
  if (ot && ot->kind == IR_TY_PTR) ot = ot->base;
  /* a member of an anonymous union is named from the enclosing struct */
  CXCursor parent = clang_getCursorSemanticParent(clang_getCursorReferenced(steps[0].at));
  bool anonymous = ot && !ot->is_union && clang_Cursor_isAnonymousRecordDecl(parent);
  if (anonymous) ot = fe_type(c, clang_getCursorType(parent), &why);
  FeUnion *u = ot && ot->is_union ? union_of_type(c, ot) : NULL;
  if (!u || !u->carrier) return NULL;
  int k = member_index(u, steps[0].at);
  if (k < 0) return NULL;
  IrExpr *obj = union_object(c, steps[0].at, loc, out);
  if (anonymous && !(obj = anonymous_member(c, obj, u->type, loc))) return NULL;
  if (obj->type != u->type) {
    fe_unsupported(c, loc, "unsupported: a member of a union of an unexpected type");
    return fe_dummy(c, loc);
  }
  if (n == 1 && k == u->rep) return fe_union_cell(c, obj, loc); /* the carrier itself */
  FeView *v = fe_alloc(c->A, sizeof *v);
  v->cell = fe_union_cell(c, obj, loc);
  v->off = fe_int_const(c, fe_type_int_(c), 0, loc);
  IrType *t = u->types[k];
  for (int i = 1; i < n && !fe_failed(c); i++) {
    FeKids kids = fe_kids(c, steps[i].at);
    if (steps[i].index) {
      IrExpr *index = fe_expr(c, kids.k[1], out);
      if (index->kind == IR_INT_CONST && (index->ival < 0 || index->ival >= t->count)) {
        fe_unsupported(c, loc, "unsupported: a constant index outside an array in a union");
        return fe_dummy(c, loc);
      }
      v->off = add_offset(c, v->off, index, 8 * t->base->size, loc);
      t = t->base;
    } else {
      char *name = fe_spelling(c, steps[i].at);
      int f = 0;
      while (f < t->nfields && strcmp(t->fields[f].name, name) != 0) f++;
      if (f == t->nfields) return fe_dummy(c, loc);
      v->off = add_offset(c, v->off, fe_int_const(c, fe_type_int_(c), 1, loc), 8 * t->fields[f].offset, loc);
      t = t->fields[f].type;
    }
  }
  if (t->kind == IR_TY_ARRAY || t->kind == IR_TY_STRUCT) {
    fe_unsupported(c, loc, "unsupported: a member of a union used as a whole object (only its scalar parts are)");
    return fe_dummy(c, loc);
  }
  return finish_view(c, v, t, loc);
}

const FeView *fe_view_of(FeCtx *c, const IrExpr *e) {
  for (int i = c->nviews - 1; i >= 0; i--)
    if (c->views[i]->value == e) return c->views[i];
  return NULL;
}

/* The store `view = rhs` (rhs of the view's type) as a store into the
   carrier: cell = (cell & ~(mask << off)) | ((SU)bits(rhs) << off), or
   cell = bits(rhs) when the view is the whole carrier. */
void fe_view_store(FeCtx *c, const FeView *v, IrStmt *s) {
  IrLoc loc = s->loc;
  IrType *su = v->shift_type, *ct = v->cell->type;
  int width = v->type->bits;
  IrExpr *bits = s->rhs;
  if (v->type->kind == IR_TY_FLOAT) bits = fe_op(c, IR_BITCAST, unsigned_of_bits(c, width), bits, NULL, loc);
  else bits = fe_cast(c, unsigned_of_bits(c, width), bits, loc);
  bits = fe_cast(c, su, bits, loc);
  s->lhs = v->cell;
  if (width == ct->bits) { /* the whole carrier (a view of it starts at 0) */
    s->rhs = fe_cast(c, ct, bits, loc);
    return;
  }
  IrExpr *mask = fe_int_const(c, su, (int64_t)((UINT64_C(1) << width) - 1), loc);
  bool at0 = v->off->kind == IR_INT_CONST && v->off->ival == 0;
  if (!at0) {
    mask = fe_op(c, IR_SHL, su, mask, v->off, loc);
    bits = fe_op(c, IR_SHL, su, bits, v->off, loc);
  }
  IrExpr *kept = fe_op(c, IR_BAND, su, fe_cast(c, su, v->cell, loc), fe_op(c, IR_BITNOT, su, mask, NULL, loc), loc);
  s->rhs = fe_cast(c, ct, fe_op(c, IR_BOR, su, kept, bits, loc), loc);
}

/* base.name for base of a union type.  A representative union: its cell,
   read as the member's type when that is another integer type of its
   width.  A carrier union: the view of a scalar member (aggregate members
   are reached by fe_union_view through the whole access chain). */
IrExpr *fe_union_member(FeCtx *c, IrExpr *base, const char *name, IrLoc loc) {
  FeUnion *u = union_of_type(c, base->type);
  int k = 0;
  while (u && k < u->n && strcmp(u->names[k], name) != 0) k++;
  if (!u || k == u->n) {
    fe_unsupported(c, loc, "unsupported: member '%s'", name);
    return fe_dummy(c, loc);
  }
  IrExpr *cell = fe_union_cell(c, base, loc);
  IrType *rt = cell->type, *mt = u->types[k];
  if (u->carrier && k != u->rep) {
    fe_unsupported(c, loc, "unsupported: a member of a union used as a whole object (only its scalar parts are)");
    return fe_dummy(c, loc);
  }
  if (mt == rt) return cell;
  assert(fe_same_representation(rt, mt));
  IrExpr *addr = fe_op(c, IR_ADDR_OF, fe_type_ptr(c, rt), cell, NULL, loc);
  return fe_op(c, IR_DEREF, mt, fe_cast(c, fe_type_ptr(c, mt), addr, loc), NULL, loc);
}

bool fe_union_has_member(FeCtx *c, const IrType *t, const char *name) {
  FeUnion *u = union_of_type(c, t);
  for (int k = 0; u && k < u->n; k++)
    if (strcmp(u->names[k], name) == 0) return true;
  return false;
}

/* ---- initializers: they set the first member, or the one a designator names ---- */
int fe_union_member_index(FeCtx *c, const IrType *t, const char *name) {
  FeUnion *u = union_of_type(c, t);
  for (int k = 0; u && u->carrier && k < u->n; k++)
    if (strcmp(u->names[k], name) == 0) return k;
  return -1;
}

IrType *fe_union_member_type(FeCtx *c, const IrType *t, int k) {
  FeUnion *u = union_of_type(c, t);
  return u && u->carrier ? u->types[k] : t->fields[0].type;
}

static void refuse_aggregate_init(FeCtx *c, const FeUnion *u, int k, IrLoc loc) {
  fe_unsupported(c, loc, "unsupported: an initializer of the member '%s' of a union, an aggregate other than the "
                         "integer holding its bytes", u->names[k]);
}

IrExpr *fe_union_member_place(FeCtx *c, IrExpr *obj, int k, IrLoc loc) {
  FeUnion *u = union_of_type(c, obj->type);
  if (!u || !u->carrier || u->rep == k) return fe_union_cell(c, obj, loc);
  if (u->types[k]->kind == IR_TY_ARRAY || u->types[k]->kind == IR_TY_STRUCT) {
    refuse_aggregate_init(c, u, k, loc);
    return fe_union_cell(c, obj, loc);
  }
  FeView *v = fe_alloc(c->A, sizeof *v);
  v->cell = fe_union_cell(c, obj, loc);
  v->off = fe_int_const(c, fe_type_int_(c), 0, loc);
  return finish_view(c, v, u->types[k], loc);
}

/* The carrier's constant for `init`, the constant of member k (of
   fe_union_member_type): its bits, the rest of the union zero. */
IrInit *fe_union_carrier_init(FeCtx *c, const IrType *t, int k, IrInit *init, IrLoc loc) {
  FeUnion *u = union_of_type(c, t);
  if (!u || !u->carrier || u->rep == k || !init) return init;
  IrType *mt = u->types[k], *ct = t->fields[0].type;
  uint64_t bits;
  if (init->kind == IR_INIT_INT && mt->kind == IR_TY_INT) {
    bits = (uint64_t)init->ival;
  } else if (init->kind == IR_INIT_FLOAT && mt->kind == IR_TY_FLOAT) {
    const FpFormat *f = mt->bits == 32 ? &fp_binary32 : &fp_binary64;
    bits = fp_key_to_bits(f, fp_key_of_double(f, init->fval));
  } else {
    refuse_aggregate_init(c, u, k, loc);
    return init;
  }
  if (mt->bits < 64) bits &= (UINT64_C(1) << mt->bits) - 1;
  IrInit *in = fe_alloc(c->A, sizeof *in);
  in->kind = IR_INIT_INT;
  in->type = ct;
  in->ival = (int64_t)bits; /* the carrier is unsigned: its value is the pattern (64 bits: as int64) */
  return in;
}
