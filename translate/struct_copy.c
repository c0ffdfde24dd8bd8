/* struct_copy.c - struct values: a struct passed or returned by value is a
 * copy of its cells.
 *
 * C copies a struct argument into the callee's parameter and a returned
 * struct into the place the caller assigns it to.  The model has no struct
 * values, only cells (one per scalar, docs/decisions.md "Memory model"), so
 * a copy is one load (load_element) and one store (store_element) per cell,
 * in order.  A cell of the source nobody wrote is read like any other load:
 * the path that copies it is abandoned (its value is not controlled), never
 * refuted.
 */
#include <assert.h>

#include "tr_internal.h"

typedef struct Copy {
  Tr *t;
  TrMem *from;     /* the memory the cells are read in */
  TrMem *mem;      /* the memory being written */
  PropVar dst, src;
  int64_t at;      /* cells copied so far */
} Copy;

static bool copy_cells(Copy *c, const IrType *ty) {
  if (ty->kind == IR_TY_ARRAY) {
    for (int64_t i = 0; i < ty->count; i++)
      if (!copy_cells(c, ty->base)) return false;
    return true;
  }
  if (ty->kind == IR_TY_STRUCT) {
    for (int i = 0; i < ty->nfields; i++)
      if (!copy_cells(c, ty->fields[i].type)) return false;
    return true;
  }
  Tr *t = c->t;
  if ((c->at & 4095) == 4095 && (prop_out_of_memory(t->s) || tr_out_of_time(t))) return false;
  PropVar from = tr_shift_by(t, c->src, c->at), to = tr_shift_by(t, c->dst, c->at);
  PropVar v = tr_fresh_cell(t, ty); /* the cell's representation, copied as it is */
  if (from == TR_FAIL || to == TR_FAIL || !tr_load(t, c->from, from, v)) return false;
  c->mem = tr_store_element(t, c->mem, to, v);
  c->at++;
  return c->mem != NULL;
}

TrMem *tr_copy_struct(Tr *t, TrMem *mem, PropVar dst, PropVar src, const IrType *ty) {
  assert(ty->kind == IR_TY_STRUCT);
  Copy c = {.t = t, .from = mem, .mem = mem, .dst = dst, .src = src};
  if (!copy_cells(&c, ty)) return NULL;
  assert(c.at == tr_cells(ty));
  return c.mem;
}
