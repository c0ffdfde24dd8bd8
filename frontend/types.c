/* types.c - clang types -> interned IrType (docs/design.md §3, "Types").
 *
 * Typedefs are looked through (canonical types), enums become their
 * underlying integer type, qualifiers are dropped (IrVar.is_const keeps the
 * one that matters).  Two IrType pointers are equal iff the types are equal:
 * integers are interned by their C spelling, pointers and arrays by their
 * parts, structs by their declaration.  Never guesses a size: integer and
 * struct layouts come from clang in the chosen data model.
 */
#include <stdlib.h>
#include <string.h>

#include "fe.h"

/* ---- declarators: "int *", "int [4]", "int (*p)[4]" ---------------------- */
static char *declarator(IrArena *A, const IrType *t, const char *inner) {
  switch (t->kind) {
  case IR_TY_ARRAY:
    if (t->variable) return declarator(A, t->base, fe_fmt(A, "%s[*]", inner));
    return declarator(A, t->base, fe_fmt(A, "%s[%lld]", inner, (long long)t->count));
  case IR_TY_PTR: {
    const char *s = fe_fmt(A, "*%s", inner);
    if (t->base->kind == IR_TY_ARRAY) s = fe_fmt(A, "(%s)", s);
    return declarator(A, t->base, s);
  }
  default:
    if (t->fnptr && *inner) { /* "int (*)(int)": the name goes after the innermost "(*" */
      const char *at = strstr(t->spelling, "(*)");
      if (at) return fe_fmt(A, "%.*s%s%s", (int)(at - t->spelling) + 2, t->spelling, inner, at + 2);
    }
    return *inner ? fe_fmt(A, "%s %s", t->spelling, inner) : fe_strdup(A, t->spelling);
  }
}

char *fe_declarator(IrArena *A, const IrType *t, const char *name) {
  return declarator(A, t, name ? name : "");
}

/* ---- interning ------------------------------------------------------------ */
static bool same(const IrType *a, const IrType *b) {
  if (a->kind != b->kind) return false;
  switch (a->kind) {
  case IR_TY_VOID:
  case IR_TY_BOOL: return true;
  case IR_TY_INT: return strcmp(a->spelling, b->spelling) == 0;
  case IR_TY_FLOAT: return a->bits == b->bits;
  case IR_TY_PTR: return a->base == b->base;
  case IR_TY_ARRAY: return a->base == b->base && a->count == b->count && a->variable == b->variable;
  case IR_TY_STRUCT: return a == b;
  }
  return false;
}

static IrType *intern(FeCtx *c, const IrType *proto) {
  for (int i = 0; i < c->ntypes; i++)
    if (same(c->types[i], proto)) return c->types[i];
  IrType *t = fe_alloc(c->A, sizeof *t);
  *t = *proto;
  if (t->kind == IR_TY_PTR || t->kind == IR_TY_ARRAY)
    t->spelling = fe_declarator(c->A, t, "");
  fe_push(c->A, (void ***)&c->types, &c->ntypes, t);
  return t;
}

static int ptr_size(FeCtx *c) { return c->prog->model == IR_ILP32 ? 4 : 8; }

IrType *fe_type_void(FeCtx *c) {
  return intern(c, &(IrType){.kind = IR_TY_VOID, .spelling = "void"});
}

IrType *fe_type_bool(FeCtx *c) {
  return intern(c, &(IrType){.kind = IR_TY_BOOL, .size = 1, .align = 1, .bits = 1, .spelling = "_Bool"});
}

IrType *fe_type_int(FeCtx *c, const char *spelling, int bits, bool is_signed) {
  IrType p = {.kind = IR_TY_INT, .size = bits / 8, .align = bits / 8, .bits = bits,
              .is_signed = is_signed, .spelling = spelling};
  if (bits == 64 && c->prog->model == IR_ILP32) p.align = 4;
  return intern(c, &p);
}

IrType *fe_type_float(FeCtx *c, int bits) {
  return intern(c, &(IrType){.kind = IR_TY_FLOAT, .size = bits / 8, .align = bits / 8, .bits = bits,
                              .spelling = bits == 32 ? "float" : "double"});
}

IrType *fe_type_ptr(FeCtx *c, IrType *base) {
  int n = ptr_size(c);
  return intern(c, &(IrType){.kind = IR_TY_PTR, .size = n, .align = n, .bits = n * 8, .base = base});
}

IrType *fe_type_array(FeCtx *c, IrType *base, int64_t count) {
  return intern(c, &(IrType){.kind = IR_TY_ARRAY, .size = base->size * count, .align = base->align,
                              .base = base, .count = count});
}

IrType *fe_type_int_(FeCtx *c) { return fe_type_int(c, "int", 32, true); }

IrType *fe_type_ptrdiff(FeCtx *c) {
  return c->prog->model == IR_ILP32 ? fe_type_int(c, "int", 32, true) : fe_type_int(c, "long", 64, true);
}

bool fe_is_integer(const IrType *t) { return t->kind == IR_TY_INT || t->kind == IR_TY_BOOL; }
bool fe_is_arith(const IrType *t) { return fe_is_integer(t) || t->kind == IR_TY_FLOAT; }
bool fe_is_scalar(const IrType *t) { return fe_is_arith(t) || t->kind == IR_TY_PTR; }

/* ---- structs ---------------------------------------------------------------- */
typedef struct FieldWalk {
  FeCtx *c;
  IrType *st;
  const char *why;
} FieldWalk;

/* A bit-field: its width, and the type of its cell (what its value promotes
   to: int below 32 bits, else the declared int or unsigned int); NULL with
   w->why when outside the subset. */
static IrType *bitfield(FieldWalk *w, CXCursor f, IrType *declared, int *width) {
  *width = clang_getFieldDeclBitWidth(f);
  if (!declared || !fe_is_integer(declared) || declared->bits > 32) {
    w->why = "a bit-field of a type wider than int";
    return NULL;
  }
  if (*width <= 0 || *width > declared->bits) {
    w->why = "a bit-field of width 0";
    return NULL;
  }
  return *width < 32 ? fe_type_int_(w->c) : declared;
}

static enum CXVisitorResult visit_field(CXCursor f, CXClientData data) {
  FieldWalk *w = data;
  char *name = fe_field_name(w->c, f); /* "": an anonymous struct or union, whose members are ours */
  if (!*name && clang_Cursor_isBitField(f)) {
    w->why = "an unnamed bit-field";
    return CXVisit_Break;
  }
  IrType *ft = fe_type(w->c, clang_getCursorType(f), &w->why), *declared = NULL;
  int width = 0;
  if (ft && clang_Cursor_isBitField(f)) {
    declared = ft;
    ft = bitfield(w, f, declared, &width);
  }
  if (!ft) return CXVisit_Break;
  if (ft->kind == IR_TY_VOID || (ft->kind == IR_TY_STRUCT && !ft->complete)) {
    w->why = "field of incomplete type";
    return CXVisit_Break;
  }
  IrField fld = {name, ft, clang_Cursor_getOffsetOfField(f) / 8, width, declared, false};
  IrField *nf = fe_alloc(w->c->A, sizeof(IrField) * (size_t)(w->st->nfields + 1));
  if (w->st->nfields) memcpy(nf, w->st->fields, sizeof(IrField) * (size_t)w->st->nfields);
  nf[w->st->nfields++] = fld;
  w->st->fields = nf;
  return CXVisit_Continue;
}

/* The fields, size and alignment of st from decl's definition (none:
   incomplete, usable behind pointers); NULL with *why when a field is
   outside the subset. */
static IrType *fill_struct(FeCtx *c, IrType *st, CXCursor decl, CXCursor key, const char **why) {
  bool is_union = st->is_union;
  CXCursor def = clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(def)) return st; /* incomplete: usable behind pointers */
  FieldWalk w = {c, st, NULL};
  if (is_union) fe_union_type(c, st, def, &w.why);
  else clang_Type_visitFields(clang_getCursorType(def), visit_field, &w);
  if (w.why) {
    /* keep the broken struct out of reach: later lookups fail the same way */
    fe_map_put(&c->struct_types, key, NULL);
    *why = w.why;
    return NULL;
  }
  st->size = clang_Type_getSizeOf(clang_getCursorType(def));
  st->align = clang_Type_getAlignOf(clang_getCursorType(def));
  st->complete = st->size >= 0;
  if (st->size < 0) st->size = st->align = 0;
  return st;
}

/* With several units, a struct's layout as text: each field's name,
   canonical type, bit offset and width (NULL: no definition). */
static enum CXVisitorResult layout_field(CXCursor f, CXClientData data) {
  CXString name = clang_getCursorSpelling(f);
  CXString type = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(f)));
  fe_buf_add(data, "%s|%s|%lld|%d;", clang_getCString(name), clang_getCString(type),
             clang_Cursor_getOffsetOfField(f), clang_Cursor_isBitField(f) ? clang_getFieldDeclBitWidth(f) : -1);
  clang_disposeString(name);
  clang_disposeString(type);
  return CXVisit_Continue;
}

static const char *layout(FeCtx *c, CXCursor decl) {
  CXCursor def = clang_getCursorDefinition(decl);
  if (clang_Cursor_isNull(def)) return NULL;
  FeBuf b = {0};
  fe_buf_add(&b, "%lld:", clang_Type_getSizeOf(clang_getCursorType(def)));
  clang_Type_visitFields(clang_getCursorType(def), layout_field, &b);
  const char *r = fe_strdup(c->A, b.s);
  free(b.s);
  return r;
}

/* The entry of the struct types built by USR (a struct of a shared header
   has one USR in every unit), or -1. */
static int usr_entry(const FeCtx *c, CXCursor decl) {
  CXString usr = clang_getCursorUSR(decl);
  const char *u = clang_getCString(usr);
  int found = -1;
  for (int i = 0; i < c->nusr && u && *u && found < 0; i++)
    if (strcmp(c->struct_usrs[i], u) == 0) found = i;
  clang_disposeString(usr);
  return found;
}

/* With several units: the struct type another unit built for the same
   declaration when its layout is this one's (field names, types and
   offsets), or one of them is only declared.  NULL: a type of its own (two
   files may give one tag different definitions). */
static IrType *shared_struct(FeCtx *c, CXCursor decl) {
  int i = usr_entry(c, decl);
  if (i < 0) return NULL;
  const char *mine = layout(c, decl);
  if (!mine) return c->usr_types[i];
  if (!c->usr_layouts[i]) c->usr_layouts[i] = mine; /* defined here first: fill_struct follows */
  return strcmp(c->usr_layouts[i], mine) == 0 ? c->usr_types[i] : NULL;
}

static IrType *struct_type(FeCtx *c, CXType t, const char **why) {
  CXCursor decl = clang_getTypeDeclaration(t);
  bool is_union = clang_getCursorKind(decl) == CXCursor_UnionDecl;
  CXCursor key = clang_getCanonicalCursor(decl);
  IrType *st = fe_map_get(&c->struct_types, key);
  if (st) return st;
  if (c->reuse_program) { /* fe_parse_expr: the program's own struct, by spelling */
    CXString sp = clang_getTypeSpelling(clang_getCursorType(decl));
    const char *s = clang_getCString(sp);
    for (int i = 0; i < c->ntypes && !st; i++)
      if (c->types[i]->kind == IR_TY_STRUCT && s && strcmp(c->types[i]->spelling, s) == 0) st = c->types[i];
    clang_disposeString(sp);
    if (st) {
      fe_map_put(&c->struct_types, key, st);
      return st;
    }
    *why = "struct type unknown to the program";
    return NULL;
  }
  if (!is_union && c->nunits > 1 && (st = shared_struct(c, decl))) { /* another unit's */
    fe_map_put(&c->struct_types, key, st);
    if (st->complete || clang_Cursor_isNull(clang_getCursorDefinition(decl))) return st;
    return fill_struct(c, st, decl, key, why); /* defined here, declared only there */
  }
  st = fe_alloc(c->A, sizeof *st);
  st->kind = IR_TY_STRUCT;
  st->is_union = is_union;
  char *tag = clang_Cursor_isAnonymous(decl) ? "" : fe_spelling(c, decl); /* clang 19 names anonymous ones */
  st->tag = *tag ? tag : NULL;
  CXString sp = clang_getTypeSpelling(clang_getCursorType(decl));
  const char *s = clang_getCString(sp);
  st->spelling = fe_strdup(c->A, s && *s ? s : "struct <anonymous>");
  clang_disposeString(sp);
  fe_map_put(&c->struct_types, key, st);
  fe_push(c->A, (void ***)&c->types, &c->ntypes, st);
  if (!is_union && c->nunits > 1) {
    CXString usr = clang_getCursorUSR(decl);
    int n = c->nusr, m = c->nusr;
    fe_push(c->A, (void ***)&c->struct_usrs, &n, fe_strdup(c->A, clang_getCString(usr)));
    fe_push(c->A, (void ***)&c->usr_layouts, &m, (void *)layout(c, decl));
    fe_push(c->A, (void ***)&c->usr_types, &c->nusr, st);
    clang_disposeString(usr);
  }
  return fill_struct(c, st, decl, key, why);
}

/* ---- function pointers --------------------------------------------------------
 * A pointer to a function with a prototype is an unsigned integer of pointer
 * width holding a function id (IrType.fnptr).  Such types are interned by
 * clang's spelling of the canonical function type ("int (int)"): two function
 * pointer types are one IrType iff the functions' canonical types are equal,
 * which is what a call through one dispatches on (calls.c).  The IrType's
 * spelling is the pointer's, as clang spells it ("int (*)(int)"). */
static char *type_spelling(FeCtx *c, CXType t) {
  CXString sp = clang_getTypeSpelling(t);
  const char *s = clang_getCString(sp);
  char *r = fe_strdup(c->A, s ? s : "");
  clang_disposeString(sp);
  return r;
}

static IrType *fnptr_lookup(FeCtx *c, const char *key) {
  for (int i = 0; i < c->nfnptr; i++)
    if (strcmp(c->fnptr_keys[i], key) == 0) return c->fnptr_types[i];
  return NULL;
}

/* The type of pointers to functions of type fn (canonical); ptr_spelling is
   the pointer type's spelling, NULL when only the function type is known. */
static IrType *fnptr_type(FeCtx *c, CXType fn, const char *ptr_spelling, const char **why) {
  if (fn.kind == CXType_FunctionNoProto) {
    *why = "a pointer to a function without a prototype";
    return NULL;
  }
  if (clang_isFunctionTypeVariadic(fn)) {
    *why = "a pointer to a variadic function";
    return NULL;
  }
  char *key = type_spelling(c, fn);
  IrType *found = fnptr_lookup(c, key);
  if (found) return found;
  /* every part must be in the subset, as for a function of the file */
  if (!fe_type(c, clang_getResultType(fn), why)) return NULL;
  int n = clang_getNumArgTypes(fn);
  for (int i = 0; i < n; i++)
    if (!fe_type(c, clang_getArgType(fn, (unsigned)i), why)) return NULL;
  if (!ptr_spelling) { /* "R (params)" -> "R (*)(params)" for a plain result type R */
    const char *open = strchr(key, '('), *decl = strpbrk(key, "[*");
    if (!open || open == key || open[-1] != ' ' || (decl && decl < open)) {
      *why = "the address of a function returning a pointer or an array";
      return NULL;
    }
    ptr_spelling = fe_fmt(c->A, "%.*s(*)%s", (int)(open - key), key, open);
  }
  int bits = ptr_size(c) * 8;
  IrType p = {.kind = IR_TY_INT, .size = bits / 8, .align = bits / 8, .bits = bits, .is_signed = false,
              .spelling = ptr_spelling, .fnptr = true};
  IrType *t = intern(c, &p);
  fe_push(c->A, (void ***)&c->fnptr_keys, &c->nfnptr, key);
  c->nfnptr--;
  fe_push(c->A, (void ***)&c->fnptr_types, &c->nfnptr, t);
  return t;
}

IrType *fe_type_fnptr_of(FeCtx *c, CXType fn, const char **why) {
  fn = clang_getCanonicalType(fn);
  if (fn.kind != CXType_FunctionProto && fn.kind != CXType_FunctionNoProto) {
    *why = "function type";
    return NULL;
  }
  return fnptr_type(c, fn, NULL, why);
}

/* ---- the conversion --------------------------------------------------------- */
static IrType *int_kind(FeCtx *c, CXType t, const char *spelling, bool is_signed) {
  long long size = clang_Type_getSizeOf(t);
  if (size <= 0 || size > 8) return NULL;
  return fe_type_int(c, spelling, (int)size * 8, is_signed);
}

IrType *fe_type(FeCtx *c, CXType t, const char **why) {
  t = clang_getCanonicalType(t);
  const char *dummy;
  if (!why) why = &dummy;
  switch (t.kind) {
  case CXType_Void: return fe_type_void(c);
  case CXType_Bool: return fe_type_bool(c);
  case CXType_Char_S: return int_kind(c, t, "char", true);
  case CXType_Char_U: return int_kind(c, t, "char", false);
  case CXType_SChar: return int_kind(c, t, "signed char", true);
  case CXType_UChar: return int_kind(c, t, "unsigned char", false);
  case CXType_Short: return int_kind(c, t, "short", true);
  case CXType_UShort: return int_kind(c, t, "unsigned short", false);
  case CXType_Int: return int_kind(c, t, "int", true);
  case CXType_UInt: return int_kind(c, t, "unsigned int", false);
  case CXType_Long: return int_kind(c, t, "long", true);
  case CXType_ULong: return int_kind(c, t, "unsigned long", false);
  case CXType_LongLong: return int_kind(c, t, "long long", true);
  case CXType_ULongLong: return int_kind(c, t, "unsigned long long", false);
  case CXType_WChar: return int_kind(c, t, "int", true);
  case CXType_Float: return fe_type_float(c, 32);
  case CXType_Double: return fe_type_float(c, 64);
  case CXType_Int128:
  case CXType_UInt128: *why = "__int128"; return NULL;
  case CXType_LongDouble: *why = "long double"; return NULL;
  case CXType_Complex: *why = "_Complex"; return NULL;
  case CXType_Enum: {
    CXType it = clang_getEnumDeclIntegerType(clang_getTypeDeclaration(t));
    if (it.kind == CXType_Enum || it.kind == CXType_Invalid) { *why = "enum"; return NULL; }
    return fe_type(c, it, why);
  }
  case CXType_Pointer: {
    CXType pt = clang_getCanonicalType(clang_getPointeeType(t));
    if (pt.kind == CXType_FunctionProto || pt.kind == CXType_FunctionNoProto)
      return fnptr_type(c, pt, type_spelling(c, t), why);
    IrType *base = fe_type(c, pt, why);
    if (base && base->kind == IR_TY_ARRAY && base->variable) {
      *why = "a pointer to a variable length array";
      return NULL;
    }
    return base ? fe_type_ptr(c, base) : NULL;
  }
  case CXType_ConstantArray: {
    long long n = clang_getArraySize(t);
    IrType *base = fe_type(c, clang_getArrayElementType(t), why);
    if (!base) return NULL;
    if (n <= 0) { *why = "zero-length array"; return NULL; }
    if (base->kind == IR_TY_VOID || (base->kind == IR_TY_STRUCT && !base->complete) ||
        (base->kind == IR_TY_ARRAY && base->variable)) {
      *why = "array of incomplete type";
      return NULL;
    }
    return fe_type_array(c, base, n);
  }
  case CXType_IncompleteArray: *why = "array of unknown size"; return NULL;
  case CXType_VariableArray: {
    IrType *base = fe_type(c, clang_getArrayElementType(t), why);
    if (!base) return NULL;
    if (base->kind == IR_TY_VOID || (base->kind == IR_TY_STRUCT && !base->complete) ||
        (base->kind == IR_TY_ARRAY && base->variable)) {
      *why = "a variable length array of variable length arrays or of an incomplete type";
      return NULL;
    }
    return intern(c, &(IrType){.kind = IR_TY_ARRAY, .align = base->align, .base = base, .variable = true});
  }
  case CXType_DependentSizedArray: *why = "variable length array"; return NULL;
  case CXType_Record: return struct_type(c, t, why);
  case CXType_FunctionProto:
  case CXType_FunctionNoProto: *why = "function type"; return NULL;
  case CXType_Atomic: *why = "_Atomic"; return NULL;
  case CXType_Vector:
  case CXType_ExtVector: *why = "vector type"; return NULL;
  default: {
    CXString s = clang_getTypeSpelling(t);
    *why = fe_fmt(c->A, "type '%s'", clang_getCString(s));
    clang_disposeString(s);
    return NULL;
  }
  }
}

/* A parameter declared as an array (`int a[n]`, `int a[4]`) is a pointer
   to its element (C11 6.7.6.3p7). */
IrType *fe_param_type(FeCtx *c, IrType *t) {
  return t->kind == IR_TY_ARRAY ? fe_type_ptr(c, t->base) : t;
}

IrType *fe_param_ctype(FeCtx *c, CXType t, const char **why) {
  CXType ct = clang_getCanonicalType(t);
  if (ct.kind == CXType_IncompleteArray) { /* `int a[]`: no array type of its own */
    IrType *base = fe_type(c, clang_getArrayElementType(ct), why);
    return base ? fe_type_ptr(c, base) : NULL;
  }
  IrType *ty = fe_type(c, t, why);
  return ty ? fe_param_type(c, ty) : NULL;
}

static enum CXChildVisitResult first_child(CXCursor child, CXCursor parent, CXClientData out) {
  (void)parent;
  *(CXCursor *)out = child;
  return CXChildVisit_Break;
}

/* The declaration cur names, through implicit conversions and parentheses
   (`a` in `a[i]`); a null cursor when it names none. */
static CXCursor named_decl(CXCursor cur) {
  for (int depth = 0; depth < 8; depth++) {
    enum CXCursorKind k = clang_getCursorKind(cur);
    if (k == CXCursor_DeclRefExpr) return clang_getCursorReferenced(cur);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr) break;
    CXCursor child = clang_getNullCursor();
    clang_visitChildren(cur, first_child, &child);
    if (clang_Cursor_isNull(child)) break;
    cur = child;
  }
  return clang_getNullCursor();
}

IrType *fe_type_of(FeCtx *c, CXCursor cur) {
  const char *why = "type";
  CXType ct = clang_getCursorType(cur);
  /* clang keeps a parameter's type as written (`int a[]`); C adjusts it */
  bool parm = clang_getCanonicalType(ct).kind == CXType_IncompleteArray &&
              (clang_getCursorKind(cur) == CXCursor_ParmDecl || clang_getCursorKind(named_decl(cur)) == CXCursor_ParmDecl);
  IrType *t = parm ? fe_param_ctype(c, ct, &why) : fe_type(c, ct, &why);
  if (t) return t;
  fe_unsupported(c, fe_loc(c, cur), "unsupported: %s", why);
  return fe_type_int_(c);
}
