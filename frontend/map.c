/* map.c - open-addressing hash maps from libclang cursors to pointers.
 *
 * Keys are compared with clang_equalCursors; callers canonicalize
 * declarations first (clang_getCanonicalCursor) when redeclarations must
 * meet.  Memory is malloc'd (the map dies with the parse, the IR does not).
 */
#include <stdlib.h>

#include "fe.h"

static FeMapEntry *find(const FeMap *m, CXCursor key, unsigned h) {
  size_t mask = m->cap - 1;
  for (size_t i = h & mask;; i = (i + 1) & mask) {
    FeMapEntry *e = &m->slots[i];
    if (!e->used) return e;
    if (e->hash == h && clang_equalCursors(e->key, key)) return e;
  }
}

void *fe_map_get(const FeMap *m, CXCursor key) {
  if (!m->cap) return NULL;
  FeMapEntry *e = find(m, key, clang_hashCursor(key));
  return e->used ? e->value : NULL;
}

static void grow(FeMap *m) {
  FeMap n = {calloc(m->cap ? m->cap * 2 : 64, sizeof(FeMapEntry)), m->cap ? m->cap * 2 : 64, 0};
  if (!n.slots) abort();
  for (size_t i = 0; i < m->cap; i++)
    if (m->slots[i].used) {
      FeMapEntry *e = find(&n, m->slots[i].key, m->slots[i].hash);
      *e = m->slots[i];
      n.n++;
    }
  free(m->slots);
  *m = n;
}

void fe_map_put(FeMap *m, CXCursor key, void *value) {
  if ((m->n + 1) * 2 > m->cap) grow(m);
  unsigned h = clang_hashCursor(key);
  FeMapEntry *e = find(m, key, h);
  if (!e->used) m->n++;
  e->used = true;
  e->key = key;
  e->hash = h;
  e->value = value;
}

void fe_map_free(FeMap *m) {
  free(m->slots);
  m->slots = NULL;
  m->cap = m->n = 0;
}
