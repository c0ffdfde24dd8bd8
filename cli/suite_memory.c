/* suite_memory.c - the input memory of a suite's test: the objects the
 * solver gave the pointer inputs (LblObject.given, with their initial
 * cells), copied out of the solver's result and kept with the test
 * (suite_memory_text.c writes it).
 */
#include <stdlib.h>
#include <string.h>

#include "suite.h"

void suite_copy_memory(SuTest *t, const LblResult *r) {
  t->nobjects = r->nobjects;
  t->objects = calloc((size_t)r->nobjects + 1, sizeof *t->objects);
  for (int i = 0; i < r->nobjects; i++) {
    LblObject *o = &t->objects[i];
    *o = r->objects[i];
    o->cells = NULL; /* the output memory is not part of a test */
    o->initial = NULL;
    if (!r->objects[i].given || !r->objects[i].initial) continue;
    o->initial = malloc(sizeof *o->initial * (size_t)(o->ncells + 1));
    memcpy(o->initial, r->objects[i].initial, sizeof *o->initial * (size_t)o->ncells);
  }
}

void suite_free_memory(SuTest *t) {
  for (int i = 0; i < t->nobjects; i++) free(t->objects[i].initial);
  free(t->objects);
  t->objects = NULL;
  t->nobjects = 0;
}

bool suite_has_pointers(const SuTest *t) {
  for (int i = 0; i < t->ninputs; i++)
    if (t->inputs[i].type->kind == IR_TY_PTR || t->inputs[i].type->kind == IR_TY_STRUCT) return true;
  return false;
}

