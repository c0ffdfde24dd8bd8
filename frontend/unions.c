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
  int rep = -1; /* the representative: the first member used (the first one when none is) */
  for (int i = 0; use && i < use->n; i++) {
    int k = 0;
    while (k < u->n && !clang_equalCursors(u->decls[k], use->members[i])) k++;
    if (k == u->n) continue;
    if (rep < 0) rep = k;
    else if (!fe_same_representation(u->types[rep], u->types[k])) {
      *why = fe_fmt(c->A, "a union read through members of different types ('%s' and '%s'), which could read "
                          "what the other wrote",
                    u->names[rep], u->names[k]);
      return false;
    }
  }
  u->rep = rep < 0 ? 0 : rep;
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
  if (!fe_same_representation(rt, mt)) { /* the scan saw every access: cannot happen */
    fe_unsupported(c, loc, "unsupported: a union read through members of different types");
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
