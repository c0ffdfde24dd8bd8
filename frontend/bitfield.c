/* bitfield.c - stores into bit-fields.
 *
 * A bit-field is a cell of its own whose type is what its value promotes to
 * (int below 32 bits: C's integer promotion; see IrField), so reads need
 * nothing.  What C adds is the conversion of every stored value to the
 * field's width, made explicit here on each assignment statement (fe_emit):
 *
 *   unsigned w bits:   v & (2^w - 1)
 *   signed w bits:     ((v & (2^w - 1)) ^ 2^(w-1)) - 2^(w-1)   (gcc's
 *                      implementation-defined conversion: the low w bits,
 *                      read in two's complement; no operation overflows)
 *   _Bool:             v != 0
 *   32 bits:           the cell's own type already is the declared one.
 *
 * The value arrives converted to the cell's type (fe_assign), which keeps
 * the low 32 bits of an integer: the same low w bits as a conversion to the
 * declared type.  (clang converts a float to the declared type first, as C
 * does; a float converted straight to the cell's type would have another
 * range, and is refused.)
 */
#include "fe.h"

const IrField *fe_bitfield_of(const IrExpr *lv) {
  if (!lv || lv->kind != IR_FIELD || lv->a[0]->type->kind != IR_TY_STRUCT) return NULL;
  const IrField *f = &lv->a[0]->type->fields[lv->field];
  return f->bit_width ? f : NULL;
}

static int64_t wrap_width(const IrField *f, int64_t v) {
  uint64_t low = (uint64_t)v & ((UINT64_C(1) << f->bit_width) - 1);
  if (!f->declared->is_signed || !(low >> (f->bit_width - 1))) return (int64_t)low;
  return (int64_t)low - (INT64_C(1) << f->bit_width);
}

IrExpr *fe_bitfield_store(FeCtx *c, const IrField *f, IrExpr *v, IrLoc loc) {
  IrType *t = f->type;
  if (v->kind == IR_CAST && v->a[0]->type->kind == IR_TY_FLOAT) {
    fe_unsupported(c, loc, "unsupported: a floating value stored into a bit-field");
    return v;
  }
  if (f->declared->kind == IR_TY_BOOL) {
    if (v->kind == IR_INT_CONST) return fe_int_const(c, t, v->ival != 0, loc);
    return fe_op(c, IR_NE, t, v, fe_int_const(c, t, 0, loc), loc);
  }
  if (f->bit_width >= 32) return v;
  if (v->kind == IR_INT_CONST) return fe_int_const(c, t, wrap_width(f, v->ival), loc);
  int64_t mask = (INT64_C(1) << f->bit_width) - 1, sign = INT64_C(1) << (f->bit_width - 1);
  IrExpr *low = fe_op(c, IR_BAND, t, v, fe_int_const(c, t, mask, loc), loc);
  if (!f->declared->is_signed) return low;
  IrExpr *flipped = fe_op(c, IR_BXOR, t, low, fe_int_const(c, t, sign, loc), loc);
  return fe_op(c, IR_SUB, t, flipped, fe_int_const(c, t, sign, loc), loc);
}

int64_t fe_bitfield_const(const IrField *f, int64_t v) {
  if (f->declared->kind == IR_TY_BOOL) return v != 0;
  return f->bit_width >= 32 ? v : wrap_width(f, v);
}
