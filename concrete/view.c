/* view.c - the memory a concrete run left behind (the output memory when
 * the objective happened, since the run stops there): objects in
 * allocation order, their cells and what a pointer designates, in the
 * terms the translation uses for its own output memory (element type and
 * count, heap blocks by allocation line, locations resolved to an object
 * and a cell).  Valid until the next cx_run on the same program.
 */
#include "cx_internal.h"

int cx_object_count(const CxProgram *c) { return c->mem.nobjs; }

CxObjectView cx_object_view(const CxProgram *c, int i) {
  const CxObject *o = &c->mem.objs[i];
  bool heap = o->kind == CX_OBJ_HEAP;
  bool live = (!heap && o->kind != CX_OBJ_INPUT) || c->mem.val[o->base - 1] == 1; /* (an input object may be freed) */
  return (CxObjectView){o->name, heap, live, o->kind == CX_OBJ_INPUT, o->type, o->count, o->ncells, o->line};
}

bool cx_final_cell(const CxProgram *c, int i, int64_t k, int64_t *value) {
  const CxObject *o = &c->mem.objs[i];
  if (k < 0 || k >= o->ncells || !c->mem.def[o->base + k]) return false;
  *value = c->mem.val[o->base + k];
  return true;
}

bool cx_locate(const CxProgram *c, int64_t loc, int *object, int64_t *cell) {
  const CxObject *o = loc ? cx_mem_object_at(&c->mem, loc) : NULL;
  if (!o) return false;
  *object = (int)(o - c->mem.objs);
  *cell = loc - o->base;
  return true;
}
