/* arena.c - the store's one arena (docs/design.md §4): a chunked bump
 * allocator.  Chunks never move, so pointers into the arena stay valid until
 * the choice point that was open when they were allocated is popped; popping
 * just moves the top back (trail.c).  Chunks above the top are kept for reuse.
 * Memory handed out is zeroed and 16-byte aligned.  Never frees single
 * objects.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

void prop_grow(void **buf, int *cap, int need, size_t elem) {
  if (need <= *cap) return;
  int ncap = *cap ? *cap : 16;
  while (ncap < need) ncap *= 2;
  void *nb = realloc(*buf, (size_t)ncap * elem);
  if (!nb) abort();
  *buf = nb;
  *cap = ncap;
}

static void chunk_make(PropChunk *c, size_t size, size_t before) {
  c->mem = aligned_alloc(PROP_ALIGN, size);
  if (!c->mem) abort();
  c->size = size;
  c->before = before;
}

/* A chunk joins or leaves the memory the budget counts. */
static void chunk_new(PropStore *s, PropChunk *c, size_t size, size_t before) {
  chunk_make(c, size, before);
  s->chunk_bytes += size;
  prop_memory_check(s);
}

static void chunk_drop(PropStore *s, PropChunk *c) {
  assert(s->chunk_bytes >= c->size);
  s->chunk_bytes -= c->size;
  free(c->mem);
}

void prop_arena_init(PropStore *s) {
  prop_grow((void **)&s->chunks, &s->capchunks, 1, sizeof *s->chunks);
  chunk_new(s, &s->chunks[0], PROP_CHUNK_BYTES, 0);
  s->nchunks = 1;
  s->chunk = 0;
  s->off = 0;
}

void prop_arena_free(PropStore *s) {
  for (int i = 0; i < s->nchunks; i++) chunk_drop(s, &s->chunks[i]);
  free(s->chunks);
  s->chunks = NULL;
  s->nchunks = s->capchunks = 0;
}

size_t prop_arena_used(const PropStore *s) {
  return s->chunks[s->chunk].before + s->off;
}

/* Moves the top to the next chunk, making sure it holds `bytes`.  A kept
   chunk that is too small is replaced: nothing above the top is alive. */
static void next_chunk(PropStore *s, size_t bytes) {
  int i = s->chunk + 1;
  size_t before = s->chunks[s->chunk].before + s->chunks[s->chunk].size;
  size_t size = bytes > PROP_CHUNK_BYTES ? bytes : PROP_CHUNK_BYTES;
  if (i == s->nchunks) {
    prop_grow((void **)&s->chunks, &s->capchunks, i + 1, sizeof *s->chunks);
    chunk_new(s, &s->chunks[i], size, before);
    s->nchunks++;
  } else if (s->chunks[i].size < bytes) {
    chunk_drop(s, &s->chunks[i]);
    chunk_new(s, &s->chunks[i], size, before);
  }
  /* sizes of the chunks above may have changed: keep `before` exact */
  for (int j = i; j < s->nchunks; j++)
    s->chunks[j].before = j == i ? before : s->chunks[j - 1].before + s->chunks[j - 1].size;
  s->chunk = i;
  s->off = 0;
}

void *prop_alloc(PropStore *s, size_t bytes) {
  bytes = (bytes + PROP_ALIGN - 1) & ~(size_t)(PROP_ALIGN - 1);
  if (bytes == 0) bytes = PROP_ALIGN;
  if (s->off + bytes > s->chunks[s->chunk].size) next_chunk(s, bytes);
  void *p = s->chunks[s->chunk].mem + s->off;
  s->off += bytes;
  memset(p, 0, bytes);
  size_t used = prop_arena_used(s);
  if (used > s->stats.peak_arena_bytes) s->stats.peak_arena_bytes = used;
  return p;
}
