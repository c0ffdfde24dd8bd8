/* memory.c - the memory of a concrete run: location numbers laid out
 * exactly as the translation lays them out (translate's memory: every
 * object is [header][cells][gap], the first header at location 16, objects
 * in allocation order), so that a pointer has the same value in both and a
 * comparison, a difference or a cast of pointers comes out the same.
 *
 * Each location has its value, a "written" bit and the index of the object
 * whose frame holds it, so a load, a store and an access check are one
 * array access each.  Must never let an access through a header or a gap,
 * a freed block or no object at all succeed.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cx_internal.h"

static bool reserve(CxMemory *m, int64_t need);

/* The locations below the first header exist from the start (NULL is 0):
   reading or checking them finds no object. */
void cx_mem_init(CxMemory *m) {
  memset(m, 0, sizeof *m);
  m->frontier = CX_FIRST_LOCATION;
  if (reserve(m, CX_FIRST_LOCATION + 1)) memset(m->def, 0, (size_t)m->cap);
}

void cx_mem_free(CxMemory *m) {
  free(m->val);
  free(m->def);
  free(m->obj);
  free(m->objs);
  memset(m, 0, sizeof *m);
}

/* Room for locations [0, need). */
static bool reserve(CxMemory *m, int64_t need) {
  if (need <= m->cap) return true;
  if (need > CX_MAX_LOCATIONS) return false;
  int64_t cap = m->cap ? m->cap : 1024;
  while (cap < need) cap *= 2;
  int64_t *val = realloc(m->val, sizeof *val * (size_t)cap);
  uint8_t *def = val ? realloc(m->def, (size_t)cap) : NULL;
  int32_t *obj = def ? realloc(m->obj, sizeof *obj * (size_t)cap) : NULL;
  if (val) m->val = val;
  if (def) m->def = def;
  if (!obj) return false;
  m->obj = obj;
  for (int64_t l = m->cap; l < cap; l++) m->obj[l] = -1;
  m->cap = cap;
  return true;
}

void cx_mem_truncate(CxMemory *m, int n) {
  assert(n <= m->nobjs);
  if (n == m->nobjs) return;
  int64_t frontier = n ? m->objs[n - 1].base + m->objs[n - 1].ncells + 1 : CX_FIRST_LOCATION;
  for (int64_t l = frontier; l < m->frontier; l++) m->obj[l] = -1;
  m->frontier = frontier;
  m->nobjs = n;
}

int cx_mem_new_object(CxMemory *m, CxObjKind kind, int64_t ncells, bool zeroed) {
  int64_t header = m->frontier, base = header + 1, end = base + ncells + 1;
  if (m->nobjs == m->capobjs) {
    int cap = m->capobjs ? 2 * m->capobjs : 64;
    CxObject *o = realloc(m->objs, sizeof *o * (size_t)cap);
    if (!o) return -1;
    m->objs = o;
    m->capobjs = cap;
  }
  if (!reserve(m, end)) return -1;
  int i = m->nobjs++;
  m->objs[i] = (CxObject){.base = base, .ncells = ncells, .kind = kind};
  for (int64_t l = header; l < end; l++) m->obj[l] = i;
  m->val[header] = 1; /* allocated */
  m->def[header] = 1;
  memset(m->def + base, zeroed, (size_t)ncells);
  if (zeroed) memset(m->val + base, 0, sizeof *m->val * (size_t)ncells);
  m->def[base + ncells] = 0; /* the gap */
  m->frontier = end;
  return i;
}

bool cx_mem_valid(const CxMemory *m, int64_t l, bool for_free) {
  const CxObject *o = cx_mem_object_at(m, l);
  /* malloc(0) gives a block of no cells that free takes */
  bool empty_block = for_free && o && o->kind == CX_OBJ_HEAP && o->ncells == 0 && l == o->base;
  if (!o || l < o->base || (l >= o->base + o->ncells && !empty_block)) return false;
  /* an input object is a heap block of the driver's (calloc): it may be freed */
  bool freeable = o->kind == CX_OBJ_HEAP || o->kind == CX_OBJ_INPUT;
  if (for_free && (!freeable || l != o->base)) return false;
  return !freeable || m->val[o->base - 1] == 1;
}

bool cx_mem_dangling(const CxMemory *m, int64_t l) {
  const CxObject *o = cx_mem_object_at(m, l);
  if (!o || l < o->base || l >= o->base + o->ncells) return false;
  return (o->kind == CX_OBJ_HEAP || o->kind == CX_OBJ_INPUT) && m->val[o->base - 1] != 1;
}

bool cx_mem_outside(const CxMemory *m, int64_t l, int64_t stride, int64_t k) {
  const CxObject *o = cx_mem_object_at(m, l);
  if (!o || l < o->base || l >= o->base + o->ncells) return true;
  __int128 start = (__int128)(l - o->base) + (__int128)stride * k;
  return start < 0 || start + stride > o->ncells;
}
