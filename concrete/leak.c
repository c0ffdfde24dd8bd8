/* leak.c - is a heap block leaked when the run ends (--check leak)?
 *
 * A block leaks when it is still allocated and no root reaches it through
 * pointer cells: the roots are the globals, the input objects still
 * allocated (the caller's memory), the value the checked function returns,
 * and at exit() every variable of the calls still running (what
 * LeakSanitizer scans: the stack of a program that has not returned).  Only
 * cells of pointer type are followed, as the types of the objects lay them
 * out, so an integer that happens to equal a location keeps nothing alive:
 * the answer is exact, which a complete enumeration needs to be a proof.
 * The marking runs over a work list, not the C stack: a list of a million
 * cells is fine.
 */
#include <stdlib.h>

#include "cx_internal.h"

typedef struct Marking {
  const CxProgram *c;
  const CxMemory *m;
  uint8_t *reached;        /* per object */
  int *work;               /* objects reached, their cells not scanned yet */
  int nwork;
} Marking;

static bool allocated(const CxMemory *m, const CxObject *o) {
  bool dynamic = o->kind == CX_OBJ_HEAP || o->kind == CX_OBJ_INPUT;
  return !dynamic || m->val[o->base - 1] != 0;
}

/* Location v (a pointer's value) reaches its object, if a live heap block
   or input object (globals are roots; locals only through their frame). */
static void follow(Marking *k, int64_t v) {
  const CxObject *o = cx_mem_object_at(k->m, v);
  if (!o || v < o->base || v >= o->base + o->ncells) return; /* NULL, one past the end: LeakSanitizer's rule */
  if ((o->kind != CX_OBJ_HEAP && o->kind != CX_OBJ_INPUT) || !allocated(k->m, o)) return;
  int i = (int)(o - k->m->objs);
  if (k->reached[i]) return;
  k->reached[i] = 1;
  k->work[k->nwork++] = i;
}

static bool holds_pointers(const IrType *t) {
  if (t->kind == IR_TY_PTR) return true;
  if (t->kind == IR_TY_ARRAY) return holds_pointers(t->base);
  if (t->kind != IR_TY_STRUCT) return false;
  for (int i = 0; i < t->nfields; i++)
    if (holds_pointers(t->fields[i].type)) return true;
  return false;
}

/* The pointer cells of a value of type t at location at. */
static void scan_value(Marking *k, int64_t at, const IrType *t) {
  if (t->kind == IR_TY_PTR) {
    if (at < k->m->frontier && k->m->def[at]) follow(k, k->m->val[at]);
  } else if (t->kind == IR_TY_STRUCT && holds_pointers(t)) {
    for (int i = 0; i < t->nfields; i++) {
      scan_value(k, at, t->fields[i].type);
      at += cx_cells(t->fields[i].type);
    }
  } else if (t->kind == IR_TY_ARRAY && holds_pointers(t->base)) {
    int64_t each = cx_cells(t->base);
    for (int64_t e = 0; e < t->count; e++) scan_value(k, at + e * each, t->base);
  }
}

static void scan_object(Marking *k, const CxObject *o) {
  if (!o->type || !holds_pointers(o->type)) return;
  int64_t each = cx_cells(o->type);
  for (int64_t e = 0; each > 0 && e < o->ncells / each; e++) scan_value(k, o->base + e * each, o->type);
}

/* The variables of a running call: pointers, and objects of those in memory. */
static void scan_frame(Marking *k, const CxFrame *fr) {
  const IrFunction *fn = fr->f->ir;
  for (int s = 0; s < fr->f->nslots; s++) {
    const IrVar *v = s < fn->nparams ? fn->params[s] : fn->locals[s - fn->nparams];
    int64_t at = fr->fb + s;
    if (!k->c->stack_def[at]) continue;
    bool in_memory = v->address_taken || (s < fn->nparams && fr->f->param_in_memory[s]);
    if (!in_memory && v->type->kind == IR_TY_PTR) follow(k, k->c->stack[at]);
    const CxObject *o = in_memory ? cx_mem_object_at(k->m, k->c->stack[at]) : NULL;
    if (o && o->kind == CX_OBJ_LOCAL) scan_object(k, o);
  }
}

static void mark_roots(Marking *k, int64_t root, const CxFrame *frames) {
  const CxProgram *c = k->c;
  for (int g = 0; g < c->nglobals; g++) {
    const IrVar *v = c->prog->globals[g];
    if (!c->global_base[g] && v->type->kind == IR_TY_PTR && c->globals_def[g]) follow(k, c->globals[g]);
  }
  for (int i = 0; i < k->m->nobjs; i++) {
    const CxObject *o = &k->m->objs[i];
    if (o->kind == CX_OBJ_GLOBAL) scan_object(k, o);
    else if (o->kind == CX_OBJ_INPUT) follow(k, o->base);
  }
  follow(k, root);
  for (const CxFrame *fr = frames; fr; fr = fr->up) scan_frame(k, fr);
}

int cx_leaked(const CxProgram *c, int64_t root, int line, const CxFrame *frames) {
  const CxMemory *m = &c->mem;
  bool any = false;
  for (int i = 0; i < m->nobjs && !any; i++)
    any = m->objs[i].kind == CX_OBJ_HEAP && m->objs[i].line == line && allocated(m, &m->objs[i]);
  if (!any) return 0;
  Marking k = {.c = c, .m = m, .reached = calloc((size_t)m->nobjs, 1), .work = malloc(sizeof(int) * (size_t)m->nobjs)};
  if (!k.reached || !k.work) {
    free(k.reached);
    free(k.work);
    return -1;
  }
  mark_roots(&k, root, frames);
  while (k.nwork > 0) scan_object(&k, &m->objs[k.work[--k.nwork]]);
  bool leaked = false;
  for (int i = 0; i < m->nobjs && !leaked; i++) {
    const CxObject *o = &m->objs[i];
    leaked = o->kind == CX_OBJ_HEAP && o->line == line && allocated(m, o) && !k.reached[i];
  }
  free(k.reached);
  free(k.work);
  return leaked;
}
