/* memory_internal.h - what the files of operators/memory/ share and nothing
 * else includes: the memory-state node, the cache of values a node handed
 * out, and the candidate machinery of loads and access checks.
 */
#ifndef INKA_MEMORY_INTERNAL_H
#define INKA_MEMORY_INTERNAL_H

#include "translate/tr_internal.h"

/* Who read a join's cell, as a boolean "the value read is used": a load
   through a pointer with several candidates uses it only if the pointer
   takes this one (and no later store hit the cell).  If the taken path never
   wrote the cell, every reader must be unused (1 for a direct read: the path
   is abandoned). */
typedef struct MemReader {
  PropVar need;
  struct MemReader *next;
} MemReader;

/* A value a STORE or JOIN node handed out for one location, and who reads
   it: each reader's "used" must reach the reads below (a cell nobody wrote
   abandons the path of every reader that uses it). */
typedef struct MemCached {
  int64_t loc;
  PropVar v;
  PropVar hit;           /* STORE: the boolean X == loc */
  MemReader *readers;    /* trailed */
  struct MemCached *next;
} MemCached;

typedef struct MemIndex MemIndex;
typedef struct MemCacheTable MemCacheTable;

struct TrMem {
  TrMemKind kind;
  TrMem *parent;
  int depth;          /* parent's + 1 (0 without parent): checkpoints of read_index.c */
  MemIndex *index;    /* read_index.c, at checkpoints (trailed) */
  PropVar x, v;       /* STORE: location, value */
  TrObject *obj;      /* ALLOC */
  bool zeroed;        /* ALLOC: calloc */
  PropVar allocated;  /* ALLOC: what the header reads (t->one; for an allocation
                         that may fail, the boolean "it succeeded") */
  TrObject *copy_from; /* ALLOC of a realloc: the old block, whose first elements
                          (in copy_mem, the state before) the new one holds */
  TrMem *copy_mem;
  TrMem *resolved;    /* JOIN: the memory where execution went (trailed) */
  MemCached *cache;   /* JOIN: one variable per location read; STORE: merges (trailed) */
  int ncache;         /* entries in cache (trailed) */
  MemCacheTable *table; /* cache by location, once it is long (memory.c; trailed) */
  const IrType **stored; /* JOIN with parent: the only cell types its branches
                            store to; other cells of objects below `frontier`
                            read the parent */
  int nstored;
  int64_t frontier;   /* JOIN: the frontier when the branches started */
};

TrMem *mem_node(Tr *t, TrMemKind kind, TrMem *parent);
MemCached *mem_cached(const TrMem *m, int64_t loc);
MemCached *mem_remember(Tr *t, TrMem *m, int64_t loc, PropVar v);
/* Records that `need` reads c; false if it was already recorded. */
bool mem_add_reader(Tr *t, MemCached *c, PropVar need);
/* The fresh variable standing for a cell's value (its type's range). */
PropVar mem_cell_var(Tr *t, int64_t loc);
/* new_s.c: the value at loc in an ALLOC node, if the node answers for loc. */
bool mem_alloc_read(Tr *t, const TrMem *m, int64_t loc, PropVar *v);
/* The same for a cell of a realloc's block (m->copy_from): its old value
   where the old block held that element, else a value nobody wrote. */
PropVar mem_copy_read(Tr *t, const TrMem *m, int64_t loc, PropVar need);
/* store_element.c: the value at loc below a store whose location may or may
   not be loc (the guarded candidate); TR_UNINIT / TR_FAIL as tr_mem_read. */
PropVar mem_store_read(Tr *t, TrMem *m, int64_t loc, PropVar need);

/* store_element.c: the value stored by m when m is a store through x itself
   (the same variable, or one known equal), else TR_UNINIT. */
PropVar mem_stored_through(Tr *t, const TrMem *m, PropVar x);

/* read_index.c: reads of long chains.  A walk that met MEM_INDEX_AFTER
   nodes and stands at a checkpoint (one node in MEM_INDEX_STRIDE by depth)
   that is no barrier (a store whose location is not fixed, an undecided
   join, the initial memory) asks the checkpoint's index instead of walking
   on. */
enum { MEM_INDEX_STRIDE = 16, MEM_INDEX_AFTER = 16, MEM_INDEX_MIN_RUN = 48 };
/* May m's index be asked: a checkpoint, no barrier? */
bool mem_index_here(const Tr *t, const TrMem *m);
/* The index of checkpoint m (mem_index_here), built or rebuilt as needed;
   NULL when out of memory (the walk goes on). */
MemIndex *mem_index_of(Tr *t, TrMem *m);
/* What the run of ix says of loc: true and *v, the value tr_mem_read would
   find; or false and *next, the node where the walk must go on (the run's
   barrier). */
bool mem_index_find(Tr *t, MemIndex *ix, int64_t loc, PropVar *v, TrMem **next);

/* Candidates of a pointer, shared by load_element and access_s. */
enum { MEM_MAX_TARGETS = 256 };
/* The possible locations of x, or -1 when there are too many or when x may
   still point past the frontier (nothing is known there yet). */
int mem_targets(Tr *t, PropVar x, int64_t *out);
/* The boolean "pointer x takes candidate l" (t->one when x is l); TR_FAIL. */
PropVar mem_candidate(Tr *t, PropVar x, int64_t l);
/* v = table[idx] where x = where[idx]: an element constraint; false on failure. */
bool mem_pick(Tr *t, PropVar x, const int64_t *where, const PropVar *table, int n, PropVar v);

#endif
