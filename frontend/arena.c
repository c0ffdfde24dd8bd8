/* arena.c - the memory of one IrProgram: a chain of big blocks, freed at once.
 *
 * Every IR object (types, variables, expressions, statements, strings) is
 * carved from the program's arena; fe_program_free() releases the chain.
 * Also the small growable arrays and the malloc'd string builder that the
 * frontend uses.  Never frees single objects; never holds global state.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fe.h"

typedef struct Chunk {
  struct Chunk *next;
  size_t used, cap;
  max_align_t data[];
} Chunk;

struct IrArena {
  Chunk *head;
  void *saved; /* what fe_parse_expr needs of the parse (parse.c) */
};

enum { CHUNK_SIZE = 64 * 1024 };

IrArena *fe_arena_new(void) {
  IrArena *a = calloc(1, sizeof *a);
  if (!a) abort();
  return a;
}

void fe_arena_free(IrArena *a) {
  if (!a) return;
  for (Chunk *c = a->head, *next; c; c = next) {
    next = c->next;
    free(c);
  }
  free(a);
}

void fe_arena_set_saved(IrArena *a, void *p) { a->saved = p; }
void *fe_arena_saved(const IrArena *a) { return a->saved; }

void *fe_alloc(IrArena *a, size_t n) {
  n = (n + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
  if (n == 0) n = sizeof(max_align_t);
  Chunk *c = a->head;
  if (!c || c->cap - c->used < n) {
    size_t cap = n > CHUNK_SIZE ? n : CHUNK_SIZE;
    c = malloc(sizeof(Chunk) + cap);
    if (!c) abort(); /* out of memory: nothing sensible to do */
    c->used = 0;
    c->cap = cap;
    c->next = a->head;
    a->head = c;
  }
  void *p = (char *)c->data + c->used;
  c->used += n;
  memset(p, 0, n);
  return p;
}

char *fe_strdup(IrArena *a, const char *s) {
  if (!s) return NULL;
  size_t n = strlen(s) + 1;
  char *d = fe_alloc(a, n);
  memcpy(d, s, n);
  return d;
}

char *fe_vfmt(IrArena *a, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0) return fe_strdup(a, "");
  char *s = fe_alloc(a, (size_t)n + 1);
  vsnprintf(s, (size_t)n + 1, fmt, ap);
  return s;
}

char *fe_fmt(IrArena *a, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = fe_vfmt(a, fmt, ap);
  va_end(ap);
  return s;
}

/* Capacity is implicit: the next power of two >= n (at least 4). */
void fe_push(IrArena *a, void ***arr, int *n, void *p) {
  int cap = 4;
  while (cap < *n) cap *= 2;
  if (*n == 0 || *n == cap) {
    int ncap = *n == 0 ? 4 : cap * 2;
    void **na = fe_alloc(a, sizeof(void *) * (size_t)ncap);
    if (*n) memcpy(na, *arr, sizeof(void *) * (size_t)*n);
    *arr = na;
  }
  (*arr)[(*n)++] = p;
}

void fe_buf_add(FeBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  va_list ap2;
  va_copy(ap2, ap);
  int n = vsnprintf(NULL, 0, fmt, ap2);
  va_end(ap2);
  if (n < 0) n = 0;
  if (b->len + (size_t)n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + (size_t)n + 1) cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) abort();
    b->s = s;
    b->cap = cap;
  }
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  b->len += (size_t)n;
  va_end(ap);
}
