/* unions.c - unions, in the one form the cell model handles soundly.
 *
 * The memory holds one value per cell, of the cell's type, never bytes.  A
 * union whose accesses in the whole file all go through one member, or
 * through integer members of one width (int and unsigned int: reading one
 * as the other is the modular reinterpretation of the same bits), is a
 * struct of a single cell: its representative member (IrType.is_union).  An
 * access through the representative is that cell; one through another
 * integer member of its width is the cell read as that type, like the cast
 * between int32_t * and uint32_t * the translation already has
 * (`*(unsigned *)&w.i`).  Any other union (a tagged union of an int and a
 * float, bytes read through a char array) could read what another member
 * wrote: refused, exit 2.
 *
 * The accesses are known before any type is built (fe_scan_unions walks the
 * file once): the members named by `.`/`->`, and the first member for an
 * initializer list of the union.
 */
#include <string.h>

#include "fe.h"

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
  char *name = fe_spelling(c, f);
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

/* Is b an array of bytes exactly covering the integer a (unsigned char
   b[4] over an unsigned int)?  Its elements can then be read (only read)
   as the bytes of a's value, little endian (fe_union_byte_read). */
static bool byte_view(const IrType *a, const IrType *b) {
  return a->kind == IR_TY_INT && !a->fnptr && b->kind == IR_TY_ARRAY && !b->variable && b->base->kind == IR_TY_INT &&
         b->base->bits == 8 && b->count * 8 == a->bits;
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
  if (use && use->designated) {
    *why = "a designated initializer of a union";
    return false;
  }
  /* the representative: the first member used that is not a byte view
     (the first member when none is used) */
  int rep = -1, first = -1;
  for (int i = 0; use && i < use->n; i++) {
    int k = 0;
    while (k < u->n && !clang_equalCursors(u->decls[k], use->members[i])) k++;
    if (k == u->n) continue;
    if (first < 0) first = k;
    if (rep < 0 && u->types[k]->kind != IR_TY_ARRAY) rep = k;
  }
  if (rep < 0) rep = first >= 0 ? first : 0;
  for (int i = 0; use && i < use->n; i++) {
    int k = 0;
    while (k < u->n && !clang_equalCursors(u->decls[k], use->members[i])) k++;
    if (k == u->n || fe_same_representation(u->types[rep], u->types[k])) continue;
    if (byte_view(u->types[rep], u->types[k])) {
      u->bytes = true;
      continue;
    }
    *why = fe_fmt(c->A, "a union read through members of different types ('%s' and '%s'), which could read "
                        "what the other wrote",
                  u->names[rep], u->names[k]);
    return false;
  }
  /* an initializer sets the first member, also where braces are elided
     (which the scan does not see): it must be the representative's kind */
  if (!fe_same_representation(u->types[rep], u->types[0])) {
    *why = fe_fmt(c->A, "a union whose first member ('%s', the one an initializer sets) differs from '%s'",
                  u->names[0], u->names[rep]);
    return false;
  }
  u->rep = rep;
  st->fields = fe_alloc(c->A, sizeof(IrField));
  st->fields[0] = (IrField){u->names[u->rep], u->types[u->rep], 0, 0, NULL};
  st->nfields = 1;
  fe_push(c->A, (void ***)&c->unions, &c->nunions, u);
  return true;
}

/* base.name for base of a union type: the representative's cell, read as
   the member's type when that is another integer type of its width. */
IrExpr *fe_union_member(FeCtx *c, IrExpr *base, const char *name, IrLoc loc) {
  FeUnion *u = NULL;
  for (int i = 0; i < c->nunions && !u; i++)
    if (c->unions[i]->type == base->type) u = c->unions[i];
  int k = 0;
  while (u && k < u->n && strcmp(u->names[k], name) != 0) k++;
  if (!u || k == u->n) {
    fe_unsupported(c, loc, "unsupported: member '%s'", name);
    return fe_dummy(c, loc);
  }
  IrType *rt = u->types[u->rep], *mt = u->types[k];
  IrExpr *cell = fe_alloc(c->A, sizeof *cell);
  cell->kind = IR_FIELD;
  cell->type = rt;
  cell->loc = loc;
  cell->a[0] = base;
  cell->field = 0;
  if (mt == rt) return cell;
  if (!fe_same_representation(rt, mt)) { /* a byte view (the scan saw every access) */
    fe_unsupported(c, loc, "unsupported: the bytes of a union used other than by reading one (u.%s[k], k constant)", name);
    return fe_dummy(c, loc);
  }
  IrExpr *addr = fe_alloc(c->A, sizeof *addr);
  addr->kind = IR_ADDR_OF;
  addr->type = fe_type_ptr(c, rt);
  addr->loc = loc;
  addr->a[0] = cell;
  IrExpr *as = fe_alloc(c->A, sizeof *as);
  as->kind = IR_DEREF;
  as->type = mt;
  as->loc = loc;
  as->a[0] = fe_cast(c, fe_type_ptr(c, mt), addr, loc);
  return as;
}

/* ---- reading a byte of an integer ----------------------------------------------- */
static FeUnion *union_of_field(FeCtx *c, CXCursor field, int *member) {
  CXCursor key = clang_getCanonicalCursor(field);
  for (int i = 0; i < c->nunions; i++)
    for (int k = 0; k < c->unions[i]->n; k++)
      if (clang_equalCursors(c->unions[i]->decls[k], key)) {
        *member = k;
        return c->unions[i];
      }
  return NULL;
}

static CXCursor through_casts(FeCtx *c, CXCursor e) {
  for (;;) {
    e = fe_strip(e);
    if (clang_getCursorKind(e) != CXCursor_UnexposedExpr) return e;
    FeKids k = fe_kids(c, e);
    if (k.n != 1) return e;
    e = k.k[0];
  }
}

/* base[index] (the children of an ArraySubscriptExpr) when base names the
   byte view of a union (w.b, p->b): byte k of the representative's value,
   (T)((unsigned W)cell >> 8k) on little-endian x86-64.  Not an lvalue: a
   store into the bytes is refused.  NULL when base is no such member. */
IrExpr *fe_union_byte_read(FeCtx *c, CXCursor base, CXCursor index, IrLoc loc, IrBlock *out) {
  CXCursor m = through_casts(c, base);
  if (clang_getCursorKind(m) != CXCursor_MemberRefExpr) return NULL;
  CXCursor field = clang_getCursorReferenced(m);
  if (clang_getCursorKind(clang_getCursorSemanticParent(field)) != CXCursor_UnionDecl) return NULL;
  FeKids k = fe_kids(c, m);
  if (k.n < 1) return NULL;
  const char *why;
  if (!fe_type(c, clang_getCursorType(k.k[0]), &why)) return NULL; /* builds the union's type */
  int member = 0;
  FeUnion *u = union_of_field(c, field, &member);
  if (!u || !u->bytes || u->types[member]->kind != IR_TY_ARRAY) return NULL; /* nothing evaluated yet */
  IrExpr *obj = fe_expr(c, k.k[0], out);
  if (obj->type->kind == IR_TY_PTR) {
    IrExpr *d = fe_alloc(c->A, sizeof *d);
    d->kind = IR_DEREF;
    d->type = obj->type->base;
    d->loc = loc;
    d->a[0] = obj;
    obj = obj->kind == IR_ADDR_OF ? obj->a[0] : d;
  }
  if (obj->type != u->type) {
    fe_unsupported(c, loc, "unsupported: bytes of a union of an unexpected type");
    return fe_dummy(c, loc);
  }
  int64_t i;
  IrType *rt = u->types[u->rep], *et = u->types[member]->base;
  if (!fe_eval_int(index, &i) || i < 0 || i >= u->types[member]->count) {
    fe_unsupported(c, loc, "unsupported: a byte of a union at an index that is not a constant within it");
    return fe_dummy(c, loc);
  }
  IrExpr *cell = fe_alloc(c->A, sizeof *cell);
  cell->kind = IR_FIELD;
  cell->type = rt;
  cell->loc = loc;
  cell->a[0] = obj;
  static const char *const unsigned_of[] = {"unsigned char", "unsigned short", "unsigned int", "unsigned long long"};
  int w = rt->bits == 8 ? 0 : rt->bits == 16 ? 1 : rt->bits == 32 ? 2 : 3;
  IrType *ut = fe_type_int(c, unsigned_of[w], rt->bits, false);
  if (rt->bits == 64 && c->prog->model == IR_LP64) ut = fe_type_int(c, "unsigned long", 64, false);
  IrExpr *v = fe_cast(c, ut, cell, loc);
  if (i > 0) {
    IrExpr *sh = fe_alloc(c->A, sizeof *sh);
    sh->kind = IR_SHR;
    sh->type = ut;
    sh->loc = loc;
    sh->a[0] = v;
    sh->a[1] = fe_int_const(c, fe_type_int_(c), 8 * i, loc);
    v = sh;
  }
  return fe_cast(c, et, v, loc);
}
