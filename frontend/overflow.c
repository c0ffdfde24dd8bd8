/* overflow.c - GCC's type-generic __builtin_add_overflow, _sub_ and _mul_.
 *
 * __builtin_add_overflow(a, b, &r) stores a + b wrapped into r and returns
 * whether the exact sum does not fit r's type.  The exact value is computed
 * in infinite precision from a's and b's own types, so the call goes to the
 * model of r's type T (libc.c: PREFIX add_overflow__int, ...) only when
 * that changes nothing: a and b have type T, or are integer constants that
 * T represents.  T is int, long, long long or one of their unsigned forms;
 * other operand types (mixed signedness, narrower results) are refused.
 */
#include <assert.h>
#include <string.h>

#include "fe.h"

bool fe_overflow_name(const char *name) {
  return strcmp(name, "__builtin_add_overflow") == 0 || strcmp(name, "__builtin_sub_overflow") == 0 ||
         strcmp(name, "__builtin_mul_overflow") == 0;
}

static const char *suffix_of(CXType t) {
  switch (clang_getCanonicalType(t).kind) {
  case CXType_Int: return "int";
  case CXType_UInt: return "uint";
  case CXType_Long: return "long";
  case CXType_ULong: return "ulong";
  case CXType_LongLong: return "llong";
  case CXType_ULongLong: return "ullong";
  default: return NULL;
  }
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

static bool is_unsigned_kind(enum CXTypeKind k) {
  return k == CXType_UInt || k == CXType_ULong || k == CXType_ULongLong || k == CXType_UShort || k == CXType_UChar ||
         k == CXType_Char_U || k == CXType_Bool;
}

static bool is_signed_kind(enum CXTypeKind k) {
  return k == CXType_Int || k == CXType_Long || k == CXType_LongLong || k == CXType_Short || k == CXType_SChar ||
         k == CXType_Char_S;
}

/* Does T hold every value of operand e (its type is T, or narrower and T
   holds its range), or is e a constant T holds?  Then converting e to T
   keeps its value, which is what gcc's exact arithmetic starts from. */
static bool operand_ok(FeCtx *c, CXCursor e, CXType t, const IrType *it) {
  CXCursor x = strip_implicit(c, e);
  CXType xt = clang_getCanonicalType(clang_getCursorType(x));
  const char *a = suffix_of(xt), *b = suffix_of(t);
  if (a && b && strcmp(a, b) == 0) return true;
  bool x_unsigned = is_unsigned_kind(xt.kind);
  long long xs = clang_Type_getSizeOf(xt), ts = clang_Type_getSizeOf(t);
  if ((x_unsigned || is_signed_kind(xt.kind)) && xs > 0 &&
      ((xs < ts && (x_unsigned || it->is_signed)) || (xs == ts && x_unsigned == !it->is_signed)))
    return true;
  int64_t v;
  if (!fe_eval_int(x, &v)) return false;
  if (x_unsigned && v < 0) return false;   /* above INT64_MAX */
  if (!it->is_signed && v < 0) return false;
  return fe_wrap(it, v) == v;
}

IrExpr *fe_overflow_call(FeCtx *c, CXCursor call, const char *name, bool want_value, IrBlock *out) {
  IrLoc loc = fe_loc(c, call);
  if (clang_Cursor_getNumArguments(call) != 3) {
    fe_unsupported(c, loc, "unsupported: %s with an unusual number of arguments", name);
    return NULL;
  }
  CXType rp = clang_getCanonicalType(clang_getCursorType(strip_implicit(c, clang_Cursor_getArgument(call, 2))));
  CXType t = rp.kind == CXType_Pointer ? clang_getPointeeType(rp) : rp;
  const char *suffix = rp.kind == CXType_Pointer ? suffix_of(t) : NULL;
  const char *why = "type";
  IrType *it = suffix ? fe_type(c, t, &why) : NULL;
  if (!it || !operand_ok(c, clang_Cursor_getArgument(call, 0), t, it) ||
      !operand_ok(c, clang_Cursor_getArgument(call, 1), t, it)) {
    fe_unsupported(c, loc,
                   "unsupported: %s unless both operands have the result's type (int, long, long long or unsigned), "
                   "or are constants it holds",
                   name);
    return NULL;
  }
  const char *op = name + strlen("__builtin_"); /* add_overflow ... */
  bool wide = strncmp(op, "mul", 3) == 0 && strcmp(suffix, "int") == 0;
  IrStmt *s = fe_model_call(c, fe_fmt(c->A, "%.*s_overflow__%s%s", 3, op, suffix, wide ? "_wide" : ""), 3, loc);
  for (int i = 0; i < 3; i++) {
    s->args[i] = fe_expr(c, clang_Cursor_getArgument(call, (unsigned)i), out);
    if (i < 2) s->args[i] = fe_cast(c, it, s->args[i], loc);
  }
  if (s->args[2]->type->kind != IR_TY_PTR || s->args[2]->type->base != it) {
    fe_unsupported(c, loc, "unsupported: %s storing into this object", name);
    return NULL;
  }
  return fe_emit_call(c, s, want_value, loc, out);
}
