/* memcells.c - memset, memcpy and memmove on objects whose cells are not
 * chars (int arrays, a long, ...).
 *
 * The abstract memory holds one value of its declared type per cell, so the
 * byte models of libc.c cannot serve them.  When both objects are made of
 * cells of one scalar type T (short .. unsigned long long, float, double)
 * and the byte count is a multiple of sizeof(T), the call goes to the cell
 * model of T (libc.c: PREFIX memcpy__int ...), which copies or sets
 * n / sizeof(T) whole cells; that is exactly what the bytes do.  "A
 * multiple" is decided at compile time: a constant multiple, or a product
 * with a constant factor that is a multiple (`n * sizeof(int)`; its
 * wrapped value stays a multiple, sizeof(T) being a power of two).  memset
 * stores the byte repeated over the cell: exact for integer cells, any
 * value; float cells take only a constant 0 (+0.0).
 *
 * Cells of other types (structs, pointers, enums, _Bool) are served when
 * the byte count is a constant multiple of the cell size, k cells with
 * k <= MAX_UNROLLED: memset with a 0 byte zeroes each cell (or row of a
 * 2-D array) (every scalar
 * of a struct: 0, 0.0 or NULL, all-zero bytes on x86-64), memcpy assigns
 * cell by cell (structs member-wise: their padding is no cell).
 *
 * memcpy between objects of different cell types (a struct read from a
 * byte buffer, a float's bits into a uint32_t, a struct written out as
 * bytes) with a constant byte count is unrolled byte by byte as x86-64
 * lays the objects out (little endian): every byte of the source is an
 * expression (a char cell, or bits of an integer or float cell), every
 * scalar of the destination covered by the count is composed of its bytes.
 * Padding of the source, a pointer or _Bool, a bit-field, or a scalar the
 * count cuts in two is refused.  memmove there, and counts not known to
 * be multiples, are refused.
 */
#include <assert.h>
#include <string.h>

#include "fe.h"

#define MAX_UNROLLED 4096

static const char *const names[] = {"memcpy", "memmove", "memset", NULL};

bool fe_mem_cells_name(const char *name) {
  if (strncmp(name, "__builtin_", 10) == 0) name += 10; /* __builtin_memcpy */
  for (int i = 0; names[i]; i++)
    if (strcmp(names[i], name) == 0) return true;
  return false;
}

/* The model suffix of cells of clang type t, NULL when there is no model. */
static const char *cell_suffix(CXType t, bool *is_float) {
  *is_float = false;
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Short: return "short";
  case CXType_UShort: return "ushort";
  case CXType_Int: return "int";
  case CXType_UInt: return "uint";
  case CXType_Long: return "long";
  case CXType_ULong: return "ulong";
  case CXType_LongLong: return "llong";
  case CXType_ULongLong: return "ullong";
  case CXType_Float: *is_float = true; return "float";
  case CXType_Double: *is_float = true; return "double";
  default: return NULL;
  }
}

/* The cell type of the object argument i points to (pointee or element). */
static CXType cell_type(FeCtx *c, CXCursor call, unsigned i) {
  CXType at = clang_getCanonicalType(clang_getCursorType(fe_libc_unconverted(c, clang_Cursor_getArgument(call, i))));
  if (at.kind == CXType_Pointer) return clang_getPointeeType(at);
  return clang_getArrayElementType(at);
}

static CXCursor strip_implicit(FeCtx *c, CXCursor e) {
  for (;;) {
    enum CXCursorKind k = clang_getCursorKind(e);
    if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr) return e;
    FeKids kids = fe_kids(c, e);
    if (kids.n != 1) return e;
    e = kids.k[0];
  }
}

/* Is the byte count e a multiple of size whatever its operands are? */
static bool multiple_of(FeCtx *c, CXCursor e, int64_t size) {
  int64_t v;
  e = strip_implicit(c, e);
  if (fe_eval_int(e, &v)) return v % size == 0;
  if (clang_getCursorKind(e) != CXCursor_BinaryOperator) return false;
  FeKids k = fe_kids(c, e);
  char buf[8];
  if (k.n != 2) return false;
  const char *op = fe_binop(e, buf, sizeof buf);
  if (!op || strcmp(op, "*") != 0) return false;
  return multiple_of(c, k.k[0], size) || multiple_of(c, k.k[1], size);
}

static IrExpr *strip_ptr_cast(IrExpr *e) {
  while (e->kind == IR_CAST && e->type->kind == IR_TY_PTR && e->a[0]->type->kind == IR_TY_PTR) e = e->a[0];
  return e;
}

/* p[i] as an lvalue: *(p + i) */
static IrExpr *cell_at(FeCtx *c, IrVar *p, int64_t i, IrLoc loc) {
  IrExpr *add = fe_alloc(c->A, sizeof *add), *d = fe_alloc(c->A, sizeof *d);
  add->kind = IR_PTR_ADD;
  add->type = p->type;
  add->loc = loc;
  add->a[0] = fe_var_expr(c, p, loc);
  add->a[1] = fe_int_const(c, fe_type_ptrdiff(c), i, loc);
  d->kind = IR_DEREF;
  d->type = p->type->base;
  d->loc = loc;
  d->a[0] = add;
  return d;
}

/* The pointer argument i, evaluated once into a temporary; NULL unless it
   points to cells of a complete type (rows of a 2-D array when rows). */
static IrVar *pointer_arg(FeCtx *c, CXCursor call, unsigned i, bool rows, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  IrExpr *e = strip_ptr_cast(fe_expr(c, clang_Cursor_getArgument(call, i), out));
  if (e->type->kind != IR_TY_PTR || e->type->base->kind == IR_TY_VOID ||
      (e->type->base->kind == IR_TY_ARRAY && (!rows || e->type->base->variable)) ||
      (e->type->base->kind == IR_TY_STRUCT && !e->type->base->complete))
    return NULL;
  IrVar *t = fe_temp(c, e->type, loc);
  IrStmt *a = fe_stmt_new(c, IR_ST_ASSIGN, loc);
  a->lhs = fe_var_expr(c, t, loc);
  a->rhs = e;
  fe_emit(c, out, a);
  return t;
}

/* ---- memcpy between different cell types, byte by byte ---------------------- */
typedef struct Bytes {
  FeCtx *c;
  IrLoc loc;
  int64_t n;         /* the byte count */
  IrExpr **byte;     /* [n]: byte k of the source as an unsigned char value, NULL for padding */
  IrType *uchar;
  IrBlock *out;      /* where the destination's assignments go */
  const char *why;   /* what was refused */
} Bytes;

static IrType *unsigned_of_size(FeCtx *c, int64_t size) {
  switch (size) {
  case 1: return fe_type_int(c, "unsigned char", 8, false);
  case 2: return fe_type_int(c, "unsigned short", 16, false);
  case 4: return fe_type_int(c, "unsigned int", 32, false);
  default: return fe_type_int(c, "unsigned long long", 64, false);
  }
}

/* Is t a scalar whose bytes are its value (an integer or a float)? */
static bool byte_scalar(const IrType *t) {
  return (t->kind == IR_TY_INT && !t->fnptr) || (t->kind == IR_TY_FLOAT && (t->bits == 32 || t->bits == 64));
}

typedef void (*LeafFn)(Bytes *b, IrExpr *leaf, int64_t off);

/* Calls f on every scalar of object lv (at byte off) that lies in
   [0, b->n); false with b->why on what cannot be copied as bytes. */
static bool leaves(Bytes *b, IrExpr *lv, int64_t off, LeafFn f) {
  FeCtx *c = b->c;
  const IrType *t = lv->type;
  if (off >= b->n) return true;
  if (byte_scalar(t)) {
    if (off + t->size > b->n) return b->why = "a byte count that cuts a scalar in two", false;
    f(b, lv, off);
    return true;
  }
  if (t->kind == IR_TY_ARRAY && !t->variable) {
    for (int64_t i = 0; i < t->count && off + i * t->base->size < b->n; i++)
      if (!leaves(b, fe_op(c, IR_INDEX, t->base, lv, fe_int_const(c, fe_type_ptrdiff(c), i, b->loc), b->loc),
                  off + i * t->base->size, f))
        return false;
    return true;
  }
  if (t->kind == IR_TY_STRUCT && t->complete && (!t->is_union || t->fields[0].type->size == t->size)) {
    for (int i = 0; i < t->nfields; i++) {
      if (off + t->fields[i].offset >= b->n) continue;
      if (t->fields[i].bit_width) return b->why = "a bit-field", false;
      IrExpr *fl = fe_op(c, IR_FIELD, t->fields[i].type, lv, NULL, b->loc);
      fl->field = i;
      if (!leaves(b, fl, off + t->fields[i].offset, f)) return false;
    }
    return true;
  }
  b->why = "a pointer, _Bool or union cell";
  return false;
}

/* The bits of scalar leaf as an unsigned integer of its size. */
static IrExpr *bits_of(Bytes *b, IrExpr *leaf) {
  IrType *u = unsigned_of_size(b->c, leaf->type->size);
  if (leaf->type->kind == IR_TY_FLOAT) return fe_op(b->c, IR_BITCAST, u, leaf, NULL, b->loc);
  return fe_cast(b->c, u, leaf, b->loc);
}

/* The source's bytes: ((U)leaf >> 8k) as unsigned char, k = 0, 1, ... */
static void read_leaf(Bytes *b, IrExpr *leaf, int64_t off) {
  FeCtx *c = b->c;
  IrExpr *bits = bits_of(b, leaf);
  IrType *shift = bits->type->bits < 32 ? fe_type_int(c, "unsigned int", 32, false) : bits->type;
  for (int64_t k = 0; k < leaf->type->size; k++) {
    IrExpr *v = fe_cast(c, shift, bits, b->loc);
    if (k) v = fe_op(c, IR_SHR, shift, v, fe_int_const(c, fe_type_int_(c), 8 * k, b->loc), b->loc);
    b->byte[off + k] = fe_cast(c, b->uchar, v, b->loc);
  }
}

/* A destination scalar = its bytes composed, little endian. */
static void write_leaf(Bytes *b, IrExpr *leaf, int64_t off) {
  FeCtx *c = b->c;
  IrType *u = unsigned_of_size(c, leaf->type->size);
  IrExpr *v = NULL;
  for (int64_t k = 0; k < leaf->type->size; k++) {
    if (!b->byte[off + k]) {
      b->why = "the padding of a struct";
      return;
    }
    IrExpr *part = fe_cast(c, u, b->byte[off + k], b->loc);
    if (k) part = fe_op(c, IR_SHL, u, part, fe_int_const(c, fe_type_int_(c), 8 * k, b->loc), b->loc);
    v = v ? fe_op(c, IR_BOR, u, v, part, b->loc) : part;
  }
  if (leaf->type->kind == IR_TY_FLOAT) v = fe_op(c, IR_BITCAST, leaf->type, v, NULL, b->loc);
  fe_assign(c, leaf, fe_cast(c, leaf->type, v, b->loc), b->loc, b->out);
}

/* memcpy(d, s, n) with n a constant, objects of different cell types:
   byte by byte (see the top). */
static bool byte_copy(FeCtx *c, IrVar *d, IrVar *s, int64_t n, IrLoc loc, IrBlock *out) {
  Bytes b = {c, loc, n, fe_alloc(c->A, sizeof(IrExpr *) * (size_t)(n + 1)), fe_type_int(c, "unsigned char", 8, false), out, NULL};
  IrExpr *src = fe_op(c, IR_DEREF, s->type->base, fe_var_expr(c, s, loc), NULL, loc);
  IrExpr *dst = fe_op(c, IR_DEREF, d->type->base, fe_var_expr(c, d, loc), NULL, loc);
  /* the pointers may point into arrays: a byte count past the pointee goes on in its array */
  int64_t ssize = s->type->base->size, dsize = d->type->base->size;
  for (int64_t k = 0; ssize > 0 && k * ssize < n && !b.why; k++)
    leaves(&b, k ? cell_at(c, s, k, loc) : src, k * ssize, read_leaf);
  for (int64_t k = 0; dsize > 0 && k * dsize < n && !b.why; k++)
    leaves(&b, k ? cell_at(c, d, k, loc) : dst, k * dsize, write_leaf);
  if (b.why) fe_unsupported(c, loc, "unsupported: memcpy between objects of different cell types through %s", b.why);
  return !b.why;
}

/* memset(p, 0, k * sizeof *p) and memcpy(d, s, k * sizeof *d) on cells of
   any type, k a constant: unrolled. */
static IrExpr *unrolled(FeCtx *c, CXCursor call, const char *name, CXType cell, bool want_value, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  bool is_set = strcmp(name, "memset") == 0;
  int64_t size = clang_Type_getSizeOf(cell), n, byte;
  if (strcmp(name, "memmove") == 0) {
    fe_unsupported(c, loc, "unsupported: memmove on cells that are not chars nor of one integer or float type");
    return NULL;
  }
  if (size <= 0 || !fe_eval_int(strip_implicit(c, clang_Cursor_getArgument(call, 2)), &n) || n < 0 || n % size != 0 ||
      n / size > MAX_UNROLLED) {
    fe_unsupported(c, loc,
                   "unsupported: %s on struct, pointer, enum or _Bool cells with a byte count other than a constant "
                   "multiple of the cell size (at most %d cells)",
                   name, MAX_UNROLLED);
    return NULL;
  }
  if (is_set && (!fe_eval_int(strip_implicit(c, clang_Cursor_getArgument(call, 1)), &byte) || (byte & 0xff) != 0)) {
    fe_unsupported(c, loc, "unsupported: memset of struct, pointer, enum or _Bool cells to a byte other than a constant 0");
    return NULL;
  }
  IrVar *d = pointer_arg(c, call, 0, is_set, out), *s = is_set ? NULL : pointer_arg(c, call, 1, false, out);
  if (!is_set && d && s && s->type->base != d->type->base && strcmp(name, "memcpy") == 0) {
    if (!byte_copy(c, d, s, n, loc, out)) return NULL;
    return want_value ? fe_cast(c, fe_type_ptr(c, fe_type_void(c)), fe_var_expr(c, d, loc), loc) : NULL;
  }
  if (!d || (!is_set && (!s || s->type->base != d->type->base)) || d->type->base->size != size) {
    fe_unsupported(c, loc, "unsupported: %s between objects of different cell types", name);
    return NULL;
  }
  for (int64_t i = 0; i < n / size && !fe_failed(c); i++) {
    if (is_set) fe_zero_fill(c, cell_at(c, d, i, loc), loc, out);
    else fe_assign(c, cell_at(c, d, i, loc), cell_at(c, s, i, loc), loc, out);
  }
  return want_value ? fe_cast(c, fe_type_ptr(c, fe_type_void(c)), fe_var_expr(c, d, loc), loc) : NULL;
}

IrExpr *fe_mem_cells_call(FeCtx *c, CXCursor call, const char *name, bool want_value, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  if (strncmp(name, "__builtin_", 10) == 0) name += 10; /* __builtin_memcpy */
  bool is_set = strcmp(name, "memset") == 0, is_float = false, src_float;
  if (clang_Cursor_getNumArguments(call) != 3) {
    fe_unsupported(c, loc, "unsupported: call to '%s' with an unusual number of arguments", name);
    return NULL;
  }
  CXType cell = cell_type(c, call, 0);
  const char *suffix = cell_suffix(cell, &is_float);
  if (!suffix) return unrolled(c, call, name, cell, want_value, out);
  if (!is_set) {
    const char *src = cell_suffix(cell_type(c, call, 1), &src_float);
    if ((!src || strcmp(src, suffix) != 0) && strcmp(name, "memcpy") == 0) return unrolled(c, call, name, cell, want_value, out);
    if (!src || strcmp(src, suffix) != 0) {
      fe_unsupported(c, loc, "unsupported: %s between objects of different cell types", name);
      return NULL;
    }
  }
  int64_t size = clang_Type_getSizeOf(cell), byte;
  if (size <= 0 || !multiple_of(c, clang_Cursor_getArgument(call, 2), size)) {
    fe_unsupported(c, loc, "unsupported: %s of a byte count not known to be a multiple of the cell size (%lld)", name,
                   (long long)size);
    return NULL;
  }
  if (is_set && is_float &&
      (!fe_eval_int(strip_implicit(c, clang_Cursor_getArgument(call, 1)), &byte) || (byte & 0xff) != 0)) {
    fe_unsupported(c, loc, "unsupported: memset of floating-point cells to a byte other than a constant 0");
    return NULL;
  }
  IrStmt *s = fe_model_call(c, fe_fmt(c->A, "%s__%s", name, suffix), 3, loc);
  for (int i = 0; i < 3; i++) s->args[i] = fe_expr(c, clang_Cursor_getArgument(call, (unsigned)i), out);
  IrExpr *d = s->args[0] = strip_ptr_cast(s->args[0]);
  if (!is_set) s->args[1] = strip_ptr_cast(s->args[1]);
  for (int i = 0; i < (is_set ? 1 : 2); i++)
    if (s->args[i]->type->kind != IR_TY_PTR || s->args[i]->type->base != s->callee->params[i]->type->base) {
      fe_unsupported(c, loc, "unsupported: %s on these objects", name);
      return NULL;
    }
  IrExpr *value = NULL;
  if (want_value) { /* memcpy returns d: evaluated once, into a temporary */
    IrVar *t = fe_temp(c, d->type, loc);
    IrStmt *a = fe_stmt_new(c, IR_ST_ASSIGN, loc);
    a->lhs = fe_var_expr(c, t, loc);
    a->rhs = d;
    fe_emit(c, out, a);
    s->args[0] = fe_var_expr(c, t, loc);
    value = fe_cast(c, fe_type_ptr(c, fe_type_void(c)), fe_var_expr(c, t, loc), loc);
  }
  fe_emit(c, out, s);
  return value;
}
